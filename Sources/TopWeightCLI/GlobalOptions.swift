import ArgumentParser
import Foundation
import TopWeightCatalog
import TopWeightCore
import TopWeightStorage
import TopWeightStore
import TopWeightUseCases
#if canImport(Glibc)
import Glibc
#endif

/// Options every subcommand takes.
struct GlobalOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Database file or postgres://user@host:port/db URL (default: $TOPWEIGHT_DB, else a file under $XDG_DATA_HOME/topweight/).", valueName: "path|url"))
    var db: String?

    @Flag(name: .long, help: "Make every save survive a power cut (synchronous = FULL; slower). Also $TOPWEIGHT_DURABLE=1.")
    var durable = false

    /// The database path after flags, environment and XDG defaults.
    var databasePath: String {
        DatabaseLocation.resolve(flag: db, environment: ProcessEnvironment.values(DatabaseLocation.variables))
    }

    /// Seconds a save waits for another terminal's write: `$TOPWEIGHT_BUSY_TIMEOUT`, else 10.
    var busyTimeout: Double {
        guard let text = ProcessEnvironment.value("TOPWEIGHT_BUSY_TIMEOUT"),
              let seconds = Double(text), seconds >= 0, seconds <= 3600 else { return 10 }
        return seconds
    }

    /// A PostgreSQL database is `topweight-postgres`'s: `topweight`, which
    /// links no PostgreSQL client, becomes that program here, once the
    /// command line is read and before the command does anything.
    mutating func validate() throws {
        try PostgresProgram.takeOverInValidation([databasePath])
    }

    var isDurable: Bool {
        durable || ["1", "true", "yes"].contains(ProcessEnvironment.value("TOPWEIGHT_DURABLE")?.lowercased() ?? "")
    }

    /// Opens the storage engine itself, for what works on the whole database
    /// (import, export, copy, demo, the board), or ends the program with exit
    /// code 2 and one line on stderr.
    ///
    /// `create` only for what writes a member's sets (and the logger): any
    /// other command given a path (`--db`, `TOPWEIGHT_DB`) with no file
    /// behind it (a typo, a backup folder that isn't there) refuses it instead
    /// of answering from a new, empty database left behind. The default file
    /// is made on first use by any command, as it always was: nobody typed it.
    ///
    func openStore(readOnly: Bool = false, create: Bool = false, concurrentReads: Bool = false) throws -> any StorageEngine {
        try openRoles(readOnly: readOnly, create: create, concurrentReads: concurrentReads).engine
    }

    /// Leaves the stores that end from now on open for the process's exit
    /// to close: for a command whose process ends with it (see `ConnectionsAtExit`).
    static func endingProcess() {
        ConnectionsAtExit.keepUntilExit()
    }

    /// Opens the database as the use cases play it, role by role (`LogbookRoles`),
    /// with the engine itself beside them; as `openStore` opens it.
    ///
    /// `offline` for what saves a member's sets (the logger, `add`): on a
    /// PostgreSQL server that can't be reached, it opens anyway, keeping sets
    /// in the terminal's outbox until the server is back.
    func openRoles(readOnly: Bool = false, create: Bool = false, offline: Bool = false, concurrentReads: Bool = false) throws
        -> (roles: LogbookRoles, engine: any StorageEngine) {
        try PostgresProgram.takeOver([databasePath])
        do {
            if create, isGiven { try Self.refuseMissingParent(databasePath) }
            return try Self.roles(databasePath, durable: isDurable, busyTimeout: busyTimeout, readOnly: readOnly,
                                  create: create || !isGiven, offline: offline, concurrentReads: concurrentReads)
        } catch {
            throw Failure.database(error)
        }
    }

    /// The sets that wait on this terminal for a PostgreSQL server, read from
    /// the terminal's own outbox without the server (nothing connects until
    /// a set is sent); `nil` for a file, which has no outbox.
    func openWaiting() throws -> (any WaitingSets)? {
        guard PostgresURL.matches(databasePath) else { return nil }
        try PostgresProgram.takeOver([databasePath])
        do {
            let server = try PostgresProgram.installed().server(url: databasePath, timeout: Self.postgresTimeout, readOnly: false,
                                                                holdOffWhileAway: false, connectLater: true, watchesAnswers: true)
            return OutboxLogbook(server: server, outboxPath: Outbox.defaultPath())
        } catch {
            throw Failure.database(error)
        }
    }

    /// True when the database was named (`--db` or `TOPWEIGHT_DB`), not the default.
    var isGiven: Bool {
        !(db ?? "").isEmpty || !(ProcessEnvironment.value("TOPWEIGHT_DB") ?? "").isEmpty
    }

    /// The database shown in messages: a path, or a URL without its password.
    var databaseShown: String {
        Self.shown(databasePath)
    }

    static func shown(_ location: String) -> String {
        guard PostgresURL.matches(location) else { return location }
        return PostgresProgram.engine?.redacted(location) ?? "postgres://…"
    }

    /// A file path opens the SQLite engine, a `postgres://` URL the PostgreSQL one.
    /// A file that does not exist is created only with `create`.
    static func open(_ location: String, durable: Bool = false, busyTimeout: Double = 10, readOnly: Bool = false,
                     create: Bool = false) throws(LogbookError) -> any StorageEngine {
        try roles(location, durable: durable, busyTimeout: busyTimeout, readOnly: readOnly, create: create).engine
    }

    /// The composition root: every role of the database and who plays it.
    /// One engine plays them all, but on a PostgreSQL server (written to) the
    /// terminal's outbox plays recording sets, the prompts' names, what
    /// waits and members' identities, in front of the server, which plays every other role itself.
    static func roles(_ location: String, durable: Bool = false, busyTimeout: Double = 10, readOnly: Bool = false,
                      create: Bool = false, offline: Bool = false,
                      concurrentReads: Bool = false) throws(LogbookError) -> (roles: LogbookRoles, engine: any StorageEngine) {
        if PostgresURL.matches(location) {
            // A terminal (the logger, `add`) refuses at once what needs a
            // server it found away, instead of each call waiting on it.
            let engine = try PostgresProgram.installed()
            func connect(later: Bool) throws(LogbookError) -> any ServerLogbook {
                // A board's server (reads for many viewers) sleeps on each answer: watching for it is for a member's save.
                try engine.server(url: location, timeout: postgresTimeout, readOnly: readOnly, holdOffWhileAway: offline,
                                  connectLater: later, watchesAnswers: !concurrentReads)
            }
            let server: any ServerLogbook
            var away: LogbookError?
            do {
                server = try connect(later: false)
            } catch where error.kind == .unreachable && offline && !readOnly {
                // Away at start: the terminal opens on its outbox and name
                // cache; the server connects (and checks the schema) at its first call.
                server = try connect(later: true)
                server.noteUnreachable(error)
                away = error
            }
            var roles = LogbookRoles(server)
            guard !readOnly else { return (roles, server) }
            // The terminal's outbox in front: sets saved while the server was
            // away are sent now, before anything reads (docs/SEVERAL-MACHINES.md).
            // A second connection, made when needed, takes the server's list of
            // names for the terminal's cache without holding up a save.
            let outbox = OutboxLogbook(server: server, outboxPath: Outbox.defaultPath()) { () throws(LogbookError) in
                try server.lookoutRoles()
            }
            if away == nil, ((try? outbox.waiting()) ?? 0) > 0 { _ = try? outbox.sendKept() }
            roles.recording = outbox
            roles.names = outbox
            roles.waiting = outbox
            // Cards and PINs the terminal learned identify members while the server is away.
            roles.identity = outbox
            return (roles, server)
        }
        if let scheme = location.range(of: "://").map({ location[..<$0.lowerBound] }),
           !scheme.isEmpty, scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }) {
            throw LogbookError(.cannotOpen, "\(scheme):// databases are not supported; --db and TOPWEIGHT_DB take a file path or a postgres:// URL")
        }
        if !create, isMissing(location) { throw missing(location) }
        let store = try WorkoutStore(path: location, options: .init(durable: durable, busyTimeout: busyTimeout, readOnly: readOnly,
                                                                    create: create, concurrentReads: concurrentReads,
                                                                    programVersion: TopWeightVersion.current))
        return (LogbookRoles(store), store)
    }

    /// Why a command that reads refuses a database path with nothing there.
    static func missing(_ location: String) -> LogbookError {
        LogbookError(.cannotOpen, "no database at \(location); check the path (a new database is made only by 'add', 'import', 'users add', 'admin set-pin' or the logger)")
    }

    /// Refuses a file path that would need more than its own folder made: a
    /// database named with a typo (`/nonexistent/dir/x.sqlite`) must not grow
    /// a tree of folders. The file's own folder is made when its parent is there.
    static func refuseMissingParent(_ location: String) throws(LogbookError) {
        guard !PostgresURL.matches(location) else { return }
        // A file that is there has its folders (the logger's every start: one stat, no URL).
        var info = stat()
        if stat(location, &info) == 0 { return }
        let folder = URL(fileURLWithPath: location).deletingLastPathComponent()
        guard !FileManager.default.fileExists(atPath: folder.path) else { return }
        let parent = folder.deletingLastPathComponent().path
        guard !FileManager.default.fileExists(atPath: parent) else { return }
        throw LogbookError(.cannotOpen, "no folder \(parent) for \(location); check the path (only the database's own folder is made)")
    }

    /// True when `location` is a file path with nothing there (a dangling
    /// link is left to the store, which names its target).
    static func isMissing(_ location: String) -> Bool {
        guard !PostgresURL.matches(location) else { return false }
        var info = stat()
        return lstat(location, &info) != 0 && errno == ENOENT
    }

    /// Seconds a PostgreSQL connect or call may take: `$TOPWEIGHT_PG_TIMEOUT`, else 5.
    static var postgresTimeout: Int {
        guard let text = ProcessEnvironment.value("TOPWEIGHT_PG_TIMEOUT"),
              let seconds = Int(text), (1...300).contains(seconds) else { return 5 }
        return seconds
    }
}

extension UseCases {
    /// The use cases over one opened database, with the bundled catalog and
    /// routines and the local time zone: all a subcommand calls. Only the
    /// commands that hand the whole engine to a tool of their own (import,
    /// export, copy, demo, the board) hold the engine itself.
    init(roles: LogbookRoles) {
        self.init(roles, catalog: .bundled(), routines: .bundled(), zone: { .current })
    }

    /// On a PostgreSQL terminal, writes the members and exercises this
    /// command's calls heard of into the terminal's name cache, as the
    /// logger does as it quits: a later `add` started while the server is
    /// away finds them. Quiet when it can't (the cache is a help, not a duty).
    func keepNames() {
        waiting.keepNames()
    }
}

extension GlobalOptions {
    /// The use cases over the database, opened as `openStore` opens it.
    func open(create: Bool = false, offline: Bool = false) throws -> UseCases {
        UseCases(roles: try openRoles(create: create, offline: offline).roles)
    }

    /// The use cases over the store and the bundled catalog.
    func openWorkouts(create: Bool = false) throws -> Workouts {
        try open(create: create).workouts
    }

    /// The use cases and the training log over one opened store.
    func openLog(create: Bool = false) throws -> (workouts: Workouts, log: TrainingLog) {
        let opened = try open(create: create)
        return (opened.workouts, opened.log)
    }
}

/// Output formats for commands that print data.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text
    case json
    case csv
}

/// Output formats for listings that are not rows of records (sessions, a
/// month, routines): text or JSON, no CSV.
enum LogFormat: String, ExpressibleByArgument, CaseIterable {
    case text
    case json
}
