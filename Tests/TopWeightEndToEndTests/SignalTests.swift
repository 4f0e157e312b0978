import Foundation
import Testing
import TopWeightCore
import TopWeightStore
#if canImport(Glibc)
import Glibc
import TopWeightTestSupport
#endif

/// SIGTERM and SIGHUP in the middle of an entry, on a real pseudo-terminal.
///
/// How the terminal's modes are read: the test opens the pseudo-terminal's slave
/// side itself (`/dev/pts/N`, N from the master, `O_NOCTTY` so it does not become
/// the test's controlling terminal) and calls `tcgetattr` on it. On Linux the slave
/// keeps one `termios` for every descriptor open on it, so this sees exactly
/// what `topweight` set on its standard input. (`tcgetattr` on the master also
/// reports the slave's settings on Linux, but that is a Linux quirk; the slave
/// is the portable place.) Holding the slave open also keeps the terminal alive
/// after `topweight` exits, so its settings are read as the program left them,
/// not as a last close might reset them.
///
/// "Before" is read on the same terminal before `topweight` starts: the
/// terminal first runs `/bin/sh`, which waits for one line and then `exec`s
/// `topweight` in the same process, so nothing races the first reading.
@Suite("Signals in the middle of an entry", .serialized)
struct SignalTests {
    /// How far the member got before the signal.
    enum Moment: String, CaseIterable, CustomTestStringConvertible {
        /// A known member, the exercise accepted, a weight entered, reps half typed.
        case typingReps
        /// A new member's name typed, the one-key "Create? [y/n]" question showing.
        case confirmingNewMember

        var testDescription: String {
            switch self {
            case .typingReps: "while typing the reps"
            case .confirmingNewMember: "at the create-member question"
            }
        }
    }

    /// A terminal running `topweight` started as described above, with the slave
    /// open for reading its settings, and those settings from before the start.
    struct Started {
        let terminal: PseudoTerminal
        let slave: Int32
        let before: termios
    }

    static func start(db: String) throws -> Started {
        let terminal = try PseudoTerminal(
            executable: "/bin/sh", arguments: ["-c", "read go && exec \"$0\"", Binary.url.path],
            environment: PseudoTerminal.environment(db: db)
        )
        // Glibc's module exports neither ptsname nor ptsname_r, nor the TIOCGPTN
        // macro they are built on: _IOR('T', 0x30, unsigned int), the number of
        // the slave under /dev/pts, is 0x80045430 on x86_64 and arm64.
        let tiocgptn: UInt = 0x8004_5430
        var number: UInt32 = 0
        try #require(ioctl(terminal.master, tiocgptn, &number) == 0, "TIOCGPTN: \(String(cString: strerror(errno)))")
        let name = "/dev/pts/\(number)"
        let slave = open(name, O_RDWR | O_NOCTTY | O_CLOEXEC)
        try #require(slave >= 0, "cannot open \(name): \(String(cString: strerror(errno)))")
        var before = termios()
        try #require(tcgetattr(slave, &before) == 0)
        terminal.type("go\n")
        return Started(terminal: terminal, slave: slave, before: before)
    }

    /// The one-key question is written just before the switch to raw mode, so
    /// the switch is waited for (up to 10 s) rather than expected at once.
    static func becomesRaw(_ fd: Int32) throws -> Bool {
        let deadline = ContinuousClock.now + .seconds(10)
        while ContinuousClock.now < deadline {
            if try settings(fd).c_lflag & tcflag_t(ICANON) == 0 { return true }
            usleep(1_000)
        }
        return false
    }

    static func settings(_ fd: Int32) throws -> termios {
        var current = termios()
        try #require(tcgetattr(fd, &current) == 0, "tcgetattr: \(String(cString: strerror(errno)))")
        return current
    }

    /// Goes to `moment`; returns the output mark from which the ending is read.
    static func reach(_ moment: Moment, on terminal: PseudoTerminal) throws -> Int {
        try terminal.waitFor("user [Zoë]: ")
        let mark = terminal.mark
        switch moment {
        case .typingReps:
            terminal.type("\r")
            try terminal.waitFor("exercise [Bench Press]: ", after: mark)
            terminal.type("\r")
            try terminal.waitFor("weight kg [60]: ", after: mark)
            terminal.type("70\r")
            try terminal.waitFor("reps [8]: ", after: mark)
            terminal.type("9")
            try terminal.waitFor("reps [8]: 9", after: mark)
        case .confirmingNewMember:
            terminal.type("Quentin\r")
            try terminal.waitFor("New member \"Quentin\". Create? [y/n] ", after: mark)
        }
        return mark
    }

    static let crashMarkers = ["Fatal error", "Segmentation fault", "Stack dump", "Illegal instruction", "Trace/breakpoint", "Aborted", "Current stack trace"]

    @Test("SIGTERM or SIGHUP mid-entry exits 0, saves nothing of the entry, and gives the terminal back as it was",
          arguments: [SIGTERM, SIGHUP], Moment.allCases)
    func signalMidEntry(signal: Int32, moment: Moment) throws {
        let scratch = try Scratch()
        let seeded = try Binary.run(["add", "Zoë", "Bench Press", "60", "8", "3"], db: scratch.db)
        try #require(seeded.status == 0, "\(seeded.stderr)")

        let started = try Self.start(db: scratch.db)
        defer { close(started.slave) }
        let terminal = started.terminal
        // A fresh terminal is cooked: lines, echo, Ctrl-D as end-of-file.
        #expect(started.before.c_lflag & tcflag_t(ICANON) != 0)
        #expect(started.before.c_lflag & tcflag_t(ECHO) != 0)

        let mark = try Self.reach(moment, on: terminal)
        // While it waits for a key the terminal is raw: the probe sees the program's changes.
        #expect(try Self.becomesRaw(started.slave), "topweight should be reading keys one by one")

        kill(terminal.pid, signal)
        let status = terminal.waitForExit()
        let ending = terminal.text(after: mark)
        #expect(status == 0, "exit status \(status); output: \(ending)")
        for marker in Self.crashMarkers {
            #expect(!ending.contains(marker), "crash output: \(ending)")
        }
        #expect(!ending.contains("Saved"))

        let after = try Self.settings(started.slave)
        #expect(after.c_lflag & tcflag_t(ICANON) != 0, "left without line editing (ICANON)")
        #expect(after.c_lflag & tcflag_t(ECHO) != 0, "left without echo")
        #expect(after.c_lflag == started.before.c_lflag)
        #expect(after.c_iflag == started.before.c_iflag)
        #expect(after.c_oflag == started.before.c_oflag)
        #expect(after.c_cflag == started.before.c_cflag)
        #expect(Self.controlCharacters(after) == Self.controlCharacters(started.before), "VEOF, VINTR… differ")

        // Nothing of the interrupted entry is in the file: not the set, not the member.
        let store = try TestEngine.open(scratch.db)
        let records = try store.history(HistoryQuery())
        #expect(records.count == 1)
        #expect(records.first?.values == SetValues(weight: Weight(hundredths: 6000, unit: .kg), reps: 8, series: 3))
        #expect(try store.users().map(\.user.name) == ["Zoë"])
    }

    @Test("leaving with :quit also gives the terminal back exactly as it was, Ctrl-D as end-of-file included")
    func quitRestoresTheTerminal() throws {
        let scratch = try Scratch()
        let seeded = try Binary.run(["add", "Zoë", "Bench Press", "60", "8", "3"], db: scratch.db)
        try #require(seeded.status == 0, "\(seeded.stderr)")
        let started = try Self.start(db: scratch.db)
        defer { close(started.slave) }
        try started.terminal.waitFor("user [Zoë]: ")
        #expect(try Self.becomesRaw(started.slave))
        started.terminal.type(":quit\r")
        #expect(started.terminal.waitForExit() == 0)
        let after = try Self.settings(started.slave)
        #expect(after.c_lflag == started.before.c_lflag)
        #expect(after.c_iflag == started.before.c_iflag)
        #expect(after.c_oflag == started.before.c_oflag)
        #expect(Self.controlCharacters(after) == Self.controlCharacters(started.before), "VEOF, VINTR… differ")
    }

    /// The control: the check above can fail. kill -9 gives the program no
    /// chance to restore anything, and the probe sees the terminal left raw.
    @Test("kill -9 mid-entry leaves the terminal raw, which the terminal check does see")
    func killNineLeavesTheTerminalRaw() throws {
        let scratch = try Scratch()
        let seeded = try Binary.run(["add", "Zoë", "Bench Press", "60", "8", "3"], db: scratch.db)
        try #require(seeded.status == 0, "\(seeded.stderr)")
        let started = try Self.start(db: scratch.db)
        defer { close(started.slave) }
        _ = try Self.reach(.typingReps, on: started.terminal)
        // Killed only once the terminal is seen raw: a kill between two prompts
        // would find it cooked and prove nothing.
        try #require(try Self.becomesRaw(started.slave))

        kill(started.terminal.pid, SIGKILL)
        #expect(started.terminal.waitForExit() == -1, "killed, not exited")
        let after = try Self.settings(started.slave)
        #expect(after.c_lflag & tcflag_t(ICANON) == 0)
        #expect(after.c_lflag != started.before.c_lflag)
    }

    static func controlCharacters(_ settings: termios) -> [UInt8] {
        withUnsafeBytes(of: settings.c_cc) { Array($0) }
    }
}
