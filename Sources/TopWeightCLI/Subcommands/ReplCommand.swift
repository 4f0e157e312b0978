import ArgumentParser
import Foundation
import LineEditor
import TopWeightCatalog
import TopWeightCore
import TopWeightREPL
import TopWeightStore
import TopWeightUseCases
import TopWeightText

/// The interactive logger (the default when no subcommand is given).
struct ReplCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "repl",
        abstract: "Log sets interactively: user, exercise, weight, reps, series (the default)."
    )

    @OptionGroup var global: GlobalOptions

    @Option(help: "Weight unit for new exercises: kg or lb.")
    var unit: WeightUnit = Self.defaultUnit

    @Flag(help: "Shared-terminal mode: no default member, idle reset, no way out from the keyboard.")
    var kiosk = false

    @Option(name: .customLong("idle-timeout"), help: ArgumentHelp("Seconds of no typing before a kiosk returns to an empty user prompt.", valueName: "seconds"))
    var idleTimeout: Double = Self.defaultIdleTimeout

    /// The defaults, which `LoggerCommandLine` sets too when it builds the command itself.
    static let defaultUnit = WeightUnit.kg
    static let defaultIdleTimeout: Double = 120

    func validate() throws {
        // At least a second: a shorter timeout would reset faster than anybody types.
        guard idleTimeout >= 1, idleTimeout <= 86_400 else {
            throw ValidationError("--idle-timeout must be from 1 to 86400 seconds")
        }
    }

    func run() throws {
        try reportingFailures {
            let clock = try LoggerClock.given(ProcessEnvironment.value(LoggerClock.variable))
            // The logger is where a gym starts: it may create the file, and says so
            // (a mistyped --db shows here instead of as an empty member list), once it is made.
            let isNew = GlobalOptions.isMissing(global.databasePath)
            // A shared lock on the file for as long as the logger runs: 'backup
            // --restore' refuses while one is held (taken before the file opens;
            // a new file's right after it is made).
            if !isNew { LoggerLock.hold(global.databasePath) }
            let roles = try global.openRoles(create: true, offline: true).roles
            if isNew { LoggerLock.hold(global.databasePath) }
            if isNew {
                FileHandle.standardError.write(Data("topweight: new database \(TerminalText.safe(global.databasePath))\n".utf8))
            }
            // Sets kept while the server was away go out while the terminal waits for input.
            roles.waiting.startSending(every: 2)
            if kiosk {
                // Nothing in a kiosk can start an editor (see Keymap); should a
                // path ever be found, it starts a program that does nothing.
                setenv("EDITOR", "/bin/false", 1)
                setenv("VISUAL", "/bin/false", 1)
            }
            let terminal = TerminalLineSource()
            if terminal == nil, let problem = TerminalLineSource.setupProblem {
                // A terminal, but libedit would run with bindings we did not set: refuse.
                throw Failure.input(problem)
            }
            let source: any LineSource = terminal ?? PipedLineSource()
            Signals.install(catchInterrupt: terminal != nil, kiosk: kiosk)
            var settings = Session.Settings()
            settings.unit = unit
            settings.kiosk = kiosk
            settings.idleTimeout = kiosk ? idleTimeout : nil
            let environment = ProcessEnvironment.current
            settings.textStyle = TextStyle.detect(environment: environment, isTerminal: terminal != nil)
            settings.firstWeekday = { CalendarGrid.firstWeekday(for: CalendarGrid.locale(environment: environment) ?? .current) }
            settings.chartGlyphs = ChartGlyphs.detect(environment: environment)
            if let clock { settings.now = clock }
            settings.columns = environment["COLUMNS"].flatMap(Int.init).flatMap { (20...1_000).contains($0) ? $0 : nil }
            let console = StandardConsole()
            if terminal != nil {
                console.say("Top Weight: Enter accepts [defaults], Tab completes, :help lists commands.")
            }
            if let away = roles.recording.unreachable {
                // Said once: members this terminal knows save into its outbox meanwhile.
                console.warn(TerminalText.safe("\(away.message): sets are kept on this terminal and sent when it is back; a new member or exercise needs it"))
            }
            if let fault = roles.recording.savingFault {
                // Said once: the logger reads on, and each save keeps its entry until the cause is gone.
                console.warn(TerminalText.safe(fault.message))
            }
            if kiosk, !(try AdminAccess(logbook: roles.gym).isPinSet()) {
                console.warn("Kiosk mode without an admin PIN: only a signal stops it ('topweight admin set-pin').")
            }
            let session = Session(roles: roles, source: source, console: console, catalog: .bundled(), settings: settings)
            _ = session.run()
            // What the terminal heard of since the background's last write, for its next start.
            roles.waiting.keepNames()
            if let waiting = try? roles.waiting.waitingCount(), waiting > 0 {
                let sets = waiting == 1 ? "1 set waits" : "\(waiting) sets wait"
                console.warn("\(sets) on this terminal for the server; sent when it is back, at the next start or by 'topweight check' ('topweight outbox' lists them).")
            }
            // The process ends with the session: its exit closes the store's files.
            GlobalOptions.endingProcess()
        }
    }
}

extension WeightUnit: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(parsing: Substring(argument))
    }
}
