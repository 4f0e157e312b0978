import Foundation
import GRDB
import Testing
import TopWeightCore
import TopWeightStore
#if canImport(Glibc)
import Glibc
#endif

/// What a hostile member tried at `topweight --kiosk` on a real terminal, each
/// as a test: a way to a shell, acting as somebody else, or seeing what the
/// previous member left behind.
@Suite("Kiosk escape attempts", .serialized)
struct KioskEscapeTests {

    static func kiosk(db: String, _ arguments: [String] = [], environment extra: [String: String] = [:]) throws -> PseudoTerminal {
        let terminal = try PseudoTerminal(
            executable: Binary.url.path, arguments: ["--kiosk"] + arguments, environment: PseudoTerminal.environment(db: db, extra)
        )
        try terminal.waitFor("user: ")
        return terminal
    }

    /// A member who exists, with one earlier set so the prompts have defaults.
    static func seed(_ db: String, user: String = "Ana") throws {
        #expect(try Binary.run(["add", user, "Bench Press", "60", "8", "3"], db: db).status == 0)
    }

    /// A kiosk on a fresh database where Ana, who has one earlier set, is at
    /// the exercise prompt. Keep the scratch directory alive with the terminal.
    static func kioskWithAna(_ arguments: [String] = []) throws -> (Scratch, PseudoTerminal) {
        let scratch = try Scratch()
        try seed(scratch.db)
        let terminal = try kiosk(db: scratch.db, arguments)
        let mark = terminal.mark
        terminal.type("Ana\r")
        try terminal.waitFor("exercise [Bench Press]: ", after: mark)
        return (scratch, terminal)
    }

    static func recordCount(_ db: String) throws -> Int {
        try DatabaseQueue(path: db).read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM record") ?? -1 }
    }

    // MARK: - No way to an editor, a shell or libedit's command mode

    struct Attack: Sendable, CustomTestStringConvertible {
        var testDescription: String
        var keys: [UInt8]
        var locale = "C.UTF-8"
    }

    static let escape: UInt8 = 0x1B
    static func keys(_ text: String) -> [UInt8] { Array(text.utf8) }

    static let attacks: [Attack] = [
        Attack(testDescription: "Esc-x, bind ^G vi-histedit, Ctrl-G",
               keys: [escape] + keys("xbind ^G vi-histedit\r") + [0x07]),
        Attack(testDescription: "Esc-X, bind ^G vi-histedit, Ctrl-G",
               keys: [escape] + keys("Xbind ^G vi-histedit\r") + [0x07]),
        Attack(testDescription: "Esc-x, bind -v, Esc v",
               keys: [escape] + keys("xbind -v\r") + [escape] + keys("v")),
        Attack(testDescription: "Esc-x, echotc so (standout stays for the next member)",
               keys: [escape] + keys("xechotc so\r")),
        Attack(testDescription: "8-bit meta x (0xF8), bind ^G vi-histedit, Ctrl-G",
               keys: [0xF8] + keys("bind ^G vi-histedit\r") + [0x07]),
        Attack(testDescription: "ø in the C locale (meta-x in libedit's map), bind ^G vi-histedit, Ctrl-G",
               keys: keys("ø") + keys("bind ^G vi-histedit\r") + [0x07], locale: "C"),
        Attack(testDescription: "Esc Esc x, Ctrl-X Esc x, Ctrl-V Esc x",
               keys: [escape, escape] + keys("xbind ^G vi-histedit\r") + [0x07, 0x18, escape] + keys("xbind -v\r")
                   + [0x16, escape] + keys("xbind -v\r") + [escape] + keys("v")),
    ]

    /// Also without `--kiosk`: there `$EDITOR` is left as it is, so the marker
    /// file proves the editor unreachable by the keys alone (a kiosk replaces
    /// the variable as well).
    @Test("no key sequence reaches libedit's command mode or runs $EDITOR", arguments: attacks, [true, false])
    func noEditor(attack: Attack, kiosk: Bool) throws {
        let scratch = try Scratch()
        let marker = scratch.directory.appendingPathComponent("editor-ran").path
        let editor = scratch.directory.appendingPathComponent("fake-editor").path
        try "#!/bin/sh\necho ran > '\(marker)'\n".write(toFile: editor, atomically: true, encoding: .utf8)
        chmod(editor, 0o755)
        let environment = PseudoTerminal.environment(
            db: scratch.db, ["EDITOR": editor, "VISUAL": editor, "LANG": attack.locale, "LC_ALL": attack.locale]
        )
        let terminal = try PseudoTerminal(executable: Binary.url.path, arguments: kiosk ? ["--kiosk"] : [], environment: environment)
        try terminal.waitFor("user: ")
        let start = terminal.mark
        terminal.type(bytes: attack.keys)
        terminal.settle(0.5)
        // Whatever the keys did, the kiosk still takes a name at a plain user prompt.
        terminal.type("\u{03}")
        terminal.settle(0.3)
        let mark = terminal.mark
        terminal.type("Zed\r")
        try terminal.waitFor("New member \"Zed\"", after: mark)
        terminal.type("n")
        terminal.settle(0.3)
        #expect(!FileManager.default.fileExists(atPath: marker), "the editor ran")
        #expect(!terminal.text(after: start).contains("\u{1B}[7m"), "a terminal capability was sent")
        #expect(!terminal.text(after: start).contains("\n: "), "libedit's command prompt appeared")
    }

    // MARK: - Acting as somebody else

    @Test(":undo at the empty user prompt removes nobody's sets")
    func undoAtEmptyPrompt() throws {
        let (scratch, terminal) = try Self.kioskWithAna()
        var mark = terminal.mark
        terminal.type("bench press 60x5x3\r")
        try terminal.waitFor("Saved #2", after: mark)
        terminal.type("bench press 60x5x3\r")
        try terminal.waitFor("Saved #3", after: mark)
        terminal.type("\u{04}")
        try terminal.waitFor("Bye, Ana.", after: mark)
        try terminal.waitFor("user: ", after: mark)
        mark = terminal.mark
        terminal.type(":undo\r")
        try terminal.waitFor("Nothing to undo", after: mark)
        mark = terminal.mark
        terminal.type(":undo\r")
        try terminal.waitFor("Nothing to undo", after: mark)
        #expect(try Self.recordCount(scratch.db) == 3)
    }

    @Test(":undo by the next member never reaches the previous member's sets")
    func undoByNextMember() throws {
        let scratch = try Scratch()
        try Self.seed(scratch.db)
        try Self.seed(scratch.db, user: "Bob")
        let terminal = try Self.kiosk(db: scratch.db)
        var mark = terminal.mark
        terminal.type("Ana\r")
        try terminal.waitFor("exercise [Bench Press]: ", after: mark)
        terminal.type("bench press 60x5x3\r")
        try terminal.waitFor("Saved #3", after: mark)
        mark = terminal.mark
        terminal.type(":user Bob\r")
        try terminal.waitFor("exercise [Bench Press]: ", after: mark)
        mark = terminal.mark
        terminal.type(":undo\r")
        try terminal.waitFor("Nothing to undo", after: mark)
        #expect(try Self.recordCount(scratch.db) == 3)
    }

    @Test(":edit of another member's set with no admin PIN set is refused with the reason, no PIN asked")
    func editOthersWithoutPin() throws {
        let scratch = try Scratch()
        try Self.seed(scratch.db, user: "Zoë")
        try Self.seed(scratch.db, user: "Ana")
        let terminal = try Self.kiosk(db: scratch.db)
        var mark = terminal.mark
        terminal.type("Ana\r")
        try terminal.waitFor("exercise [Bench Press]: ", after: mark)
        mark = terminal.mark
        terminal.type(":edit #1\r")
        try terminal.waitFor("only your own", after: mark)
        try terminal.waitFor("exercise [Bench Press]: ", after: mark)
        // What a PIN prompt would have taken lands at the exercise prompt instead.
        terminal.type("0000\r")
        terminal.settle(0.5)
        #expect(!terminal.text(after: mark).contains("Admin PIN"), "\(terminal.text(after: mark))")
        #expect(!terminal.text(after: mark).contains("Edit #1]"), "the edit opened")
        #expect(!terminal.text(after: mark).contains("admin set-pin"), "members are shown the admin's command")
    }

    @Test("a wrong PIN at :edit says the set is as it was, not the :quit wording")
    func editWrongPinWording() throws {
        let scratch = try Scratch()
        try Self.seed(scratch.db, user: "Zoë")
        try Self.seed(scratch.db, user: "Ana")
        #expect(try Binary.run(["admin", "set-pin"], db: scratch.db, input: "2468\n").status == 0)
        let terminal = try Self.kiosk(db: scratch.db)
        var mark = terminal.mark
        terminal.type("Ana\r")
        try terminal.waitFor("exercise [Bench Press]: ", after: mark)
        mark = terminal.mark
        terminal.type(":edit #1\r")
        try terminal.waitFor("Admin PIN: ", after: mark)
        terminal.type("1111\r")
        try terminal.waitFor("Wrong PIN.", after: mark)
        try terminal.waitFor("exercise [Bench Press]: ", after: mark)
        let told = terminal.text(after: mark)
        #expect(told.contains("#1 is as it was"), "\(told)")
        #expect(!told.contains("stays open"), "\(told)")
        #expect(!told.contains("Edit #1]"), "the edit opened")
    }

    enum Question: String, CaseIterable, CustomTestStringConvertible {
        case newMember, newExercise, adminPin
        var testDescription: String {
            switch self {
            case .newMember: "at the new-member question"
            case .newExercise: "at the new-exercise question"
            case .adminPin: "at Admin PIN:"
            }
        }
    }

    @Test("the idle timeout at a question returns to an empty user prompt", arguments: Question.allCases)
    func idleAtQuestion(question: Question) throws {
        let scratch = try Scratch()
        try Self.seed(scratch.db)
        #expect(try Binary.run(["admin", "set-pin"], db: scratch.db, input: "2468\n").status == 0)
        let terminal = try Self.kiosk(db: scratch.db, ["--idle-timeout", "2"])
        var mark = terminal.mark
        terminal.type("Ana\r")
        try terminal.waitFor("exercise [Bench Press]: ", after: mark)
        mark = terminal.mark
        switch question {
        case .newMember:
            terminal.type(":user Zed\r")
            try terminal.waitFor("Create? [y/n] ", after: mark)
        case .newExercise:
            // A name the bundled catalog doesn't know (Zottman Curl became one of its lifts).
            terminal.type("Zottman Carry\r")
            try terminal.waitFor("Create? [y/n] ", after: mark)
        case .adminPin:
            terminal.type(":quit\r")
            try terminal.waitFor("Admin PIN: ", after: mark)
        }
        // One idle period (2 s) passes at the question, not two: the next person
        // types while a prompt that took the timeout for "no" would still wait.
        terminal.settle(3)
        mark = terminal.mark
        terminal.type("\r")
        try terminal.waitFor("type your name", after: mark, timeout: 5)
        terminal.type("bench press 70x5x5\r")
        terminal.settle(0.5)
        #expect(!terminal.text(after: mark).contains("Saved"))
        #expect(try Self.recordCount(scratch.db) == 1)
    }

    // MARK: - Nothing left for the next member

    enum Reset: String, CaseIterable, CustomTestStringConvertible {
        case endOfTurn, idle, userCommand
        var testDescription: String {
            switch self {
            case .endOfTurn: "after Ctrl-D"
            case .idle: "after an idle reset"
            case .userCommand: "after :user"
            }
        }
    }

    /// Ends the member's turn the way `reset` says and waits for the empty user prompt.
    static func end(_ reset: Reset, on terminal: PseudoTerminal) throws {
        let mark = terminal.mark
        switch reset {
        case .endOfTurn: terminal.type("\u{04}")
        case .idle: break
        case .userCommand: terminal.type(":user\r")
        }
        try terminal.waitFor("user: ", after: mark, timeout: 10)
    }

    @Test("Ctrl-Y gives the next member nothing of the previous member's text", arguments: Reset.allCases)
    func killBufferCleared(reset: Reset) throws {
        let (_, terminal) = try Self.kioskWithAna(["--idle-timeout", "2"])
        var mark = terminal.mark
        terminal.type("Secretword")
        try terminal.waitFor("Secretword", after: mark)
        terminal.type("\u{15}")  // Ctrl-U: into the kill buffer
        try Self.end(reset, on: terminal)
        mark = terminal.mark
        terminal.type("\u{19}\r")  // Ctrl-Y, Enter
        try terminal.waitFor("type your name", after: mark)
        #expect(!terminal.text(after: mark).contains("Secretword"))
    }

    @Test("Down, Up and Ctrl-Y give the next member nothing: not the line libedit parked when Up was pressed", arguments: Reset.allCases)
    func parkedLineCleared(reset: Reset) throws {
        let (_, terminal) = try Self.kioskWithAna(["--idle-timeout", "2"])
        var mark = terminal.mark
        terminal.type("Secretword")
        try terminal.waitFor("Secretword", after: mark)
        terminal.type("\u{1B}[A\u{15}")  // Up parks the line, Ctrl-U empties the one showing
        terminal.settle(0.2)
        try Self.end(reset, on: terminal)
        terminal.settle(0.2)
        mark = terminal.mark
        terminal.type("\u{1B}[B\u{1B}[A\u{19}\r")  // Down, Up, Ctrl-Y, Enter
        try terminal.waitFor("type your name", after: mark)
        #expect(!terminal.text(after: mark).contains("Secretword"))
    }

    @Test("< back to the user prompt ends the member's turn: Enter there picks nobody, :undo removes nothing")
    func backToUserPrompt() throws {
        let (scratch, terminal) = try Self.kioskWithAna()
        var mark = terminal.mark
        terminal.type("bench press 61x5x5\r")
        try terminal.waitFor("Saved #2", after: mark)
        mark = terminal.mark
        terminal.type("<\r")
        try terminal.waitFor("user: ", after: mark)
        #expect(!terminal.text(after: mark).contains("user [Ana]"))
        mark = terminal.mark
        terminal.type("\r")
        try terminal.waitFor("type your name", after: mark)
        terminal.type(":undo\r")
        try terminal.waitFor("Nothing to undo", after: mark)
        #expect(try Self.recordCount(scratch.db) == 2)
    }

    @Test("what one person typed at the empty user prompt is gone once a member is chosen")
    func userPromptTextForgotten() throws {
        let scratch = try Scratch()
        try Self.seed(scratch.db)
        let terminal = try Self.kiosk(db: scratch.db)
        var mark = terminal.mark
        terminal.type("Mallory Secret\r")
        try terminal.waitFor("Create? [y/n] ", after: mark)
        terminal.type("n")
        try terminal.waitFor("Not created", after: mark)
        mark = terminal.mark
        terminal.type("Ana\r")
        try terminal.waitFor("exercise [Bench Press]: ", after: mark)
        terminal.settle(0.2)
        mark = terminal.mark
        terminal.type("\u{1B}[A\u{1B}[A\u{19}")
        terminal.settle(0.5)
        #expect(!terminal.text(after: mark).contains("Mallory"))
    }

    @Test("the screen is cleared when the member changes or the kiosk idles", arguments: Reset.allCases)
    func screenCleared(reset: Reset) throws {
        let (_, terminal) = try Self.kioskWithAna(["--idle-timeout", "2"])
        let mark = terminal.mark
        try Self.end(reset, on: terminal)
        // xterm's clear capability: cursor home, erase the display; then the scrollback.
        #expect(terminal.text(after: mark).contains("\u{1B}[H\u{1B}[2J\u{1B}[3J"))
    }

    @Test(":unit lb does not carry over to the next member")
    func unitDoesNotLeak() throws {
        let scratch = try Scratch()
        try Self.seed(scratch.db)
        try Self.seed(scratch.db, user: "Bob")
        let terminal = try Self.kiosk(db: scratch.db)
        var mark = terminal.mark
        terminal.type("Ana\r")
        try terminal.waitFor("exercise [Bench Press]: ", after: mark)
        terminal.type(":unit lb\r")
        try terminal.waitFor("Weights in lb", after: mark)
        terminal.type("\u{04}")
        try terminal.waitFor("user: ", after: mark)
        mark = terminal.mark
        terminal.type("Bob\r")
        try terminal.waitFor("exercise [Bench Press]: ", after: mark)
        terminal.type("Deadlift\r")
        try terminal.waitFor("weight kg: ", after: mark)
    }

    // MARK: - The terminal itself

    @Test("Ctrl-S neither freezes the screen nor blocks SIGTERM")
    func flowControlInert() throws {
        let scratch = try Scratch()
        let terminal = try Self.kiosk(db: scratch.db)
        #expect(terminal.settings.c_iflag & tcflag_t(IXON) == 0, "IXON is off")
        #expect(terminal.settings.c_iflag & tcflag_t(IXOFF) == 0, "IXOFF is off")
        let mark = terminal.mark
        terminal.type("\u{13}")  // Ctrl-S
        terminal.type("Visible")
        try terminal.waitFor("Visible", after: mark, timeout: 5)
        kill(terminal.pid, SIGTERM)
        #expect(terminal.waitForExit(timeout: 5) == 0)
    }

    @Test("a terminal whose output is stopped (the Hold key) neither holds up SIGTERM nor outlasts the next prompt")
    func stoppedOutput() throws {
        let scratch = try Scratch()
        try Self.seed(scratch.db)
        let terminal = try Self.kiosk(db: scratch.db)
        let slave = terminal.openSlave()
        #expect(slave >= 0)
        defer { close(slave) }
        // Hold: the terminal stops taking output, so every write of the program blocks.
        #expect(tcflow(slave, TCOOFF) == 0)
        terminal.type("Ana\r:history all 10000\r")
        terminal.settle(0.5)
        kill(terminal.pid, SIGTERM)
        let status = terminal.waitForExit(timeout: 5)
        #expect(status == 0, "still running: \(terminal.processState)")
    }

    // MARK: - The admin PIN

    @Test("after 5 wrong PINs every terminal and process waits, even with the right PIN")
    func pinLockoutAcrossProcesses() throws {
        let scratch = try Scratch()
        try Self.seed(scratch.db)
        #expect(try Binary.run(["admin", "set-pin"], db: scratch.db, input: "2468\n").status == 0)
        for attempt in 1...10 {
            let result = try Binary.run(["delete", "1"], db: scratch.db, input: "000\(attempt % 10)\n")
            #expect(result.status == 77)
            if attempt <= 5 {
                #expect(result.stderr.contains("wrong admin PIN"), "attempt \(attempt): \(result.stderr)")
            } else {
                #expect(result.stderr.contains("try again in"), "attempt \(attempt): \(result.stderr)")
            }
            #expect(result.stderr.split(separator: "\n").count == 1)
        }
        let right = try Binary.run(["delete", "1"], db: scratch.db, input: "2468\n")
        #expect(right.status == 77, "locked: even the right PIN waits")
        #expect(right.stderr.contains("try again in"))
        #expect(try Self.recordCount(scratch.db) == 1)
        // The account that owns the file ends the wait; then the right PIN works.
        #expect(try Binary.run(["admin", "unlock"], db: scratch.db).status == 0)
        #expect(try Binary.run(["delete", "1"], db: scratch.db, input: "2468\n").status == 0)
    }

    @Test("the kiosk's :quit counts wrong PINs in the same place as the command line")
    func kioskPinLockout() throws {
        let scratch = try Scratch()
        #expect(try Binary.run(["admin", "set-pin"], db: scratch.db, input: "2468\n").status == 0)
        for _ in 1...5 {
            #expect(try Binary.run(["admin", "clear-pin"], db: scratch.db, input: "1111\n").status == 77)
        }
        let terminal = try Self.kiosk(db: scratch.db)
        let mark = terminal.mark
        terminal.type(":quit\r")
        try terminal.waitFor("Admin PIN: ", after: mark)
        terminal.type("2468\r")
        try terminal.waitFor("try again in", after: mark)
        #expect(terminal.waitForExit(timeout: 1) == -1, "still running")
    }

    @Test("Ctrl-C at the command line's Admin PIN prompt leaves echo on")
    func ctrlCAtPinRestoresEcho() throws {
        let scratch = try Scratch()
        #expect(try Binary.run(["admin", "set-pin"], db: scratch.db, input: "2468\n").status == 0)
        let terminal = try PseudoTerminal(
            executable: Binary.url.path, arguments: ["admin", "clear-pin"], environment: PseudoTerminal.environment(db: scratch.db)
        )
        try terminal.waitFor("Admin PIN: ")
        terminal.type("12\u{03}")
        #expect(terminal.waitForExit() != 0)
        #expect(terminal.settings.c_lflag & tcflag_t(ECHO) != 0, "echo is back on")
    }

    // MARK: - Files

    @Test("new database files and their directory are closed to other accounts", arguments: [0o022, 0o000, 0o002])
    func fileModes(umask mask: Int) throws {
        let scratch = try Scratch()
        // The database's own folder, made with it (a named database's folder's parent must be there).
        let directory = scratch.directory.appendingPathComponent("topweight")
        let db = directory.appendingPathComponent("topweight.sqlite").path
        let terminal = try PseudoTerminal(
            executable: "/bin/sh", arguments: ["-c", "umask \(String(mask, radix: 8)); exec \"$0\" --kiosk", Binary.url.path],
            environment: PseudoTerminal.environment(db: db)
        )
        try terminal.waitFor("user: ")
        let mark = terminal.mark
        terminal.type("Ana\r")
        try terminal.waitFor("Create? [y/n] ", after: mark)
        terminal.type("y")
        try terminal.waitFor("exercise: ", after: mark)
        for path in [directory.path, db, db + "-wal", db + "-shm"] {
            var info = stat()
            #expect(stat(path, &info) == 0, "\(path) exists")
            #expect(info.st_mode & 0o007 == 0, "\(path) has mode \(String(info.st_mode & 0o777, radix: 8))")
        }
    }

    @Test("a --db through a dangling symbolic link is refused, and its target is not created")
    func danglingSymlink() throws {
        let scratch = try Scratch()
        let link = scratch.directory.appendingPathComponent("link.sqlite").path
        let target = scratch.directory.appendingPathComponent("elsewhere/target.sqlite").path
        #expect(symlink(target, link) == 0)
        let result = try Binary.run(["users"], db: link)
        #expect(result.status == 2)
        #expect(result.stderr.contains("symbolic link"))
        #expect(!FileManager.default.fileExists(atPath: target))
        #expect(!FileManager.default.fileExists(atPath: scratch.directory.appendingPathComponent("elsewhere").path))
    }

    @Test("an unreachable PostgreSQL URL or an unknown scheme fails with one line, shows no password and creates nothing",
          arguments: ["postgres://gym:s3cret@127.0.0.1:1/topweight", "postgresql://x:s3cret@127.0.0.1:1/z", "mysql://a:s3cret@b/c"])
    func databaseURL(url: String) throws {
        let scratch = try Scratch()
        let result = try Binary.run(["users"], db: url, directory: scratch.directory)
        #expect(result.status == 2)
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(result.stderr.contains(url.hasPrefix("mysql") ? "not supported" : "unreachable"))
        #expect(!result.stderr.contains("s3cret"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.directory.path).isEmpty, "nothing was created")
    }

    // MARK: - What is shown and exported

    @Test("CSV cells that a spreadsheet would run as formulas start with a quote")
    func csvFormulas() throws {
        let scratch = try Scratch()
        try Self.seed(scratch.db)
        #expect(try Binary.run(["add", "=HYPERLINK(\"http://x\")", "@SUM(A1)", "60", "5", "3"], db: scratch.db).status == 0)
        // Names the rules refuse, as a tampered file could still hold them.
        try DatabaseQueue(path: scratch.db).write { db in
            try db.execute(sql: "INSERT INTO user (name, nameKey, createdAt) VALUES ('+1+2', '+1+2', 0), ('-3', '-3', 0), (?, ?, 0), (?, ?, 0)",
                           arguments: ["\tTab", "\ttab", "\rCR", "\rcr"])
        }
        let history = try Binary.run(["history", "--format", "csv"], db: scratch.db)
        #expect(history.status == 0)
        #expect(history.stdout.contains("'=HYPERLINK(\"\"http://x\"\")"))
        #expect(history.stdout.contains(",'@SUM(A1),"))
        let users = try Binary.run(["users", "--format", "csv"], db: scratch.db)
        for cell in ["'+1+2", "'-3", "'\tTab", "\"'\rCR\""] {
            #expect(users.stdout.contains(cell), "\(cell.debugDescription) in \(users.stdout.debugDescription)")
        }
        let json = try Binary.run(["history", "--format", "json"], db: scratch.db)
        #expect(json.stdout.contains("\"user\":\"=HYPERLINK(\\\"http://x\\\")\""), "JSON unchanged")
    }

    @Test("names in the Tab list and exercise categories are shown inert")
    func tamperedNamesShownInert() throws {
        let scratch = try Scratch()
        try Self.seed(scratch.db)
        try DatabaseQueue(path: scratch.db).write { db in
            try db.execute(sql: "INSERT INTO exercise (name, nameKey, category, createdAt) VALUES (?, ?, ?, 0), (?, ?, NULL, 0)",
                           arguments: ["Zz\u{1B}[31mRed", "zz\u{1B}[31mred", "\u{1B}[41mbad", "Zz\u{1B}[32mGreen", "zz\u{1B}[32mgreen"])
        }
        let terminal = try Self.kiosk(db: scratch.db)
        let mark = terminal.mark
        terminal.type("Ana\r")
        try terminal.waitFor("exercise [Bench Press]: ", after: mark)
        terminal.type("Zz\t\t")
        try terminal.waitFor("Green", after: mark)
        terminal.type("\u{15}:exercises\r")
        try terminal.waitFor("more in the catalog", after: mark)
        let screen = terminal.text(after: mark)
        #expect(!screen.contains("\u{1B}[31m") && !screen.contains("\u{1B}[32m") && !screen.contains("\u{1B}[41m"))
        #expect(screen.contains("^[[41mbad"))
    }

    @Test("invisible format characters and look-alikes of a name are refused", arguments: [
        "Ana\u{200B}", "A\u{200D}na", "\u{2060}Ana", "An\u{00AD}a", "\u{0410}na", "An\u{0430}", "\u{FF21}na",
        // What a hostile member got through before: default-ignorables, blanks, other scripts, stacked marks.
        "Ana\u{034F}", "Ana\u{FE00}", "Ana\u{3164}", "Ana\u{17B4}", "Ana\u{2800}", "\u{13AA}na", "\u{A4EE}na",
        "\u{3164}", "\u{2800}", "\u{034F}\u{034F}", "Ana" + String(repeating: "\u{0301}", count: 30),
        "\u{0531}na", "An\u{0251}",
    ])
    func invisibleAndLookalikeNames(name: String) throws {
        let scratch = try Scratch()
        try Self.seed(scratch.db)
        let added = try Binary.run(["users", "add", name], db: scratch.db)
        #expect(added.status == 64, "\(added.stderr)")
        let logged = try Binary.run(["add", name, "Bench Press", "60", "5", "3"], db: scratch.db)
        #expect(logged.status == 64)
        let piped = try Binary.run([], db: scratch.db, input: "\(name)\ny\n")
        #expect(!piped.stderr.contains("Welcome"))
        let users = try Binary.run(["users", "--format", "csv"], db: scratch.db)
        #expect(users.stdout.split(separator: "\n").count == 2, "only Ana: \(users.stdout)")
    }

    @Test("a look-alike of a catalog exercise is refused, and the real one stays usable")
    func catalogLookalike() throws {
        let scratch = try Scratch()
        let fake = try Binary.run(["add", "Ana", "B\u{0435}nch Pr\u{0435}ss", "60", "5", "5"], db: scratch.db)
        #expect(fake.status == 64, "\(fake.stderr)")
        let allCyrillic = try Binary.run(["add", "Ana", "\u{0412}\u{0435}\u{0441}\u{0441}", "60", "5", "5"], db: scratch.db)
        #expect(allCyrillic.status == 0, "a word of one other alphabet that looks like no name is fine: \(allCyrillic.stderr)")
        #expect(try Binary.run(["add", "Ana", "Bench Press", "60", "5", "5"], db: scratch.db).status == 0)
        let piped = try Binary.run([], db: scratch.db, input: "Ana\n\u{0412}ench Press\ny\n")
        #expect(piped.stderr.contains("alphabets") || piped.stderr.contains("looks like"))
    }

    @Test("out-of-range values in a tampered file neither crash history nor a stepper")
    func tamperedValues() throws {
        let scratch = try Scratch()
        try Self.seed(scratch.db)
        try DatabaseQueue(path: scratch.db).write { db in
            try db.execute(sql: "INSERT INTO record (userId, exerciseId, weight, unit, reps, series, performedAt, createdAt) VALUES (1, 1, 1e300, 'kg', 9223372036854775807, 9223372036854775807, 1795284000000, 1795284000000)")
        }
        let history = try Binary.run(["history"], db: scratch.db)
        #expect(history.status == 0, "\(history.stderr)")
        for format in ["json", "csv"] {
            #expect(try Binary.run(["history", "--format", format], db: scratch.db).status == 0)
        }
        let stepped = try Binary.run([], db: scratch.db, input: "Ana\n\n+\n+\n+\n")
        #expect(stepped.status == 0, "\(stepped.stderr)")
        #expect(try Binary.run(["check"], db: scratch.db).stdout.contains("out of range"))
    }

    @Test("odd types a tampered file can hold (a minimal timestamp, text for a date, a blob for a category) crash nothing")
    func tamperedTypes() throws {
        let scratch = try Scratch()
        try Self.seed(scratch.db)
        try DatabaseQueue(path: scratch.db).write { db in
            try db.execute(sql: "INSERT INTO record (userId, exerciseId, weight, unit, reps, series, performedAt, createdAt) VALUES (1, 1, 60, 'kg', 5, 5, -9223372036854775808, 0)")
            try db.execute(sql: "INSERT INTO record (userId, exerciseId, weight, unit, reps, series, performedAt, createdAt) VALUES (1, 1, 60, 'kg', 5, 5, 'soon', 0)")
            try db.execute(sql: "UPDATE exercise SET category = X'FF'")
        }
        for arguments in [["history"], ["users"], ["exercises"], ["check"], ["history", "--format", "json"]] {
            let result = try Binary.run(arguments, db: scratch.db)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
        }
        let piped = try Binary.run([], db: scratch.db, input: "Ana\n:history\n:users\n:exercises\n\n\n\n\n")
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(try Binary.run(["check"], db: scratch.db).stdout.contains("out of range  2 record(s)"))
    }

    // MARK: - Options

    @Test("an idle timeout under a second is refused instead of spinning", arguments: ["0.0001", "0.5", "0", "-1", "nan"])
    func tinyIdleTimeout(value: String) throws {
        let scratch = try Scratch()
        let result = try Binary.run(["--kiosk", "--idle-timeout", value], db: scratch.db, input: "")
        #expect(result.status == 64)
        #expect(!result.stderr.contains("Idle"))
    }

    @Test("topweight users add creates a member once and refuses bad names")
    func usersAdd() throws {
        let scratch = try Scratch()
        let added = try Binary.run(["users", "add", "Zoë"], db: scratch.db)
        #expect(added.status == 0)
        #expect(added.stdout.contains("Zoë"))
        let again = try Binary.run(["users", "add", "zoë"], db: scratch.db)
        #expect(again.status == 64)
        #expect(again.stderr.contains("already"))
        #expect(try Binary.run(["users", "add", "\u{1B}[31mred"], db: scratch.db).status == 64)
        let list = try Binary.run(["users", "--format", "csv"], db: scratch.db)
        #expect(list.stdout.contains(",Zoë,0,"))
    }
}
