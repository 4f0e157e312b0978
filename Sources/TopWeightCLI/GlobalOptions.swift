import ArgumentParser
import Foundation
import TopWeightCatalog
import TopWeightStore
import TopWeightUseCases

/// Options every subcommand takes.
struct GlobalOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Database file (default: $TOPWEIGHT_DB, else under $XDG_DATA_HOME/topweight/).", valueName: "path"))
    var db: String?

    @Flag(name: .long, help: "Make every save survive a power cut (synchronous = FULL; slower). Also $TOPWEIGHT_DURABLE=1.")
    var durable = false

    /// The database path after flags, environment and XDG defaults.
    var databasePath: String {
        DatabaseLocation.resolve(flag: db, environment: ProcessInfo.processInfo.environment)
    }

    /// Seconds a save waits for another terminal's write: `$TOPWEIGHT_BUSY_TIMEOUT`, else 10.
    var busyTimeout: Double {
        guard let text = ProcessInfo.processInfo.environment["TOPWEIGHT_BUSY_TIMEOUT"],
              let seconds = Double(text), seconds >= 0, seconds <= 3600 else { return 10 }
        return seconds
    }

    var isDurable: Bool {
        durable || ["1", "true", "yes"].contains(ProcessInfo.processInfo.environment["TOPWEIGHT_DURABLE"]?.lowercased() ?? "")
    }

    /// Opens the store, or ends the program with exit code 2 and one line on stderr.
    func openStore(readOnly: Bool = false) throws -> WorkoutStore {
        let path = databasePath
        if let scheme = path.range(of: "://").map({ path[..<$0.lowerBound] }),
           !scheme.isEmpty, scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }) {
            throw Failure.input("database URLs (\(scheme)://…) are not supported yet; --db and TOPWEIGHT_DB take a file path")
        }
        do {
            return try WorkoutStore(path: databasePath, options: .init(durable: isDurable, busyTimeout: busyTimeout, readOnly: readOnly))
        } catch {
            throw Failure.database(error)
        }
    }
}

extension GlobalOptions {
    /// The use cases over the store and the bundled catalog.
    func openWorkouts() throws -> Workouts {
        Workouts(logbook: try openStore(), catalog: .bundled())
    }
}

/// Output formats for commands that print data.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text
    case json
    case csv
}
