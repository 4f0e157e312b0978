import ArgumentParser
import Foundation
import TopWeightCatalog
import TopWeightCore
import TopWeightStorage
import TopWeightStore
import TopWeightTransfer

extension ImportFormat: ExpressibleByArgument {}

/// `topweight import FILE`: history from Strong, Hevy, FitNotes, StrongLifts
/// or our own JSON export, idempotently.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import a member's history from Strong, Hevy, FitNotes or StrongLifts, or a Top Weight JSON or CSV export.",
        discussion: """
            The app is told from the file's header (--format names it instead). Every set is \
            imported: weight × reps, timed sets (a plank's seconds) and distance sets (a row's metres, \
            with their time), with their RPE, warm-ups, drops and failures marked as such; notes go \
            to the day's note, body-weight exports to body weight. Skipped and counted: rows without \
            reps or time or distance (a set planned, not done), Strong's rest timers, StrongLifts' \
            cardio rows that have a time and no sets, and FitNotes' body measurements other than \
            body weight; a row that can't be read is named by its line and skipped. Times are taken \
            as local times. \
            Each set's id comes from its row, so importing the same file again, or a later export \
            that repeats it, adds nothing. --user is needed unless the database has one member; our \
            JSON and CSV exports name their own members (--user then imports only that member's part). \
            Exercise names are put on the catalog's where they mean the same lift. A row dated after now \
            is named and skipped too (a few minutes ahead are clock skew, and taken).
            Examples: topweight import strong.csv --user Ana --unit kg
                      topweight import workouts.csv --user Ana --dry-run
            """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The export to read.", valueName: "file"))
    var file: String

    @Option(help: "Whose history it is (created when new).") var user: String?
    @Option(help: "kg or lb, for a file that doesn't say (Strong's comma export); refused when the file names another unit.") var unit: WeightUnit?
    @Option(help: "auto, strong, hevy, fitnotes, stronglifts, json, or csv (our own CSV export).") var format: ImportFormat = .auto
    @Flag(help: "Tell what would be imported; write nothing.") var dryRun = false
    @Flag(help: "List every name mapped, shortened or made (the summary names the first few).") var verbose = false

    /// Bytes read at most: far above the longest real export (1.4 MB).
    static let sizeLimit = 256 << 20
    /// Malformed rows named one by one on standard error; the rest counted.
    static let namedRows = 20

    func run() throws {
        try reportingFailures {
            let data = try Self.read(file)
            // A dry run before the database exists (what an owner tries first) counts against an empty one, made nowhere.
            let path = global.databasePath
            let notYet = dryRun && !PostgresURL.matches(path) && !FileManager.default.fileExists(atPath: path)
            let store: any StorageEngine
            if notYet {
                do throws(LogbookError) { store = try WorkoutStore.inMemory() } catch { throw Failure.database(error) }
            } else {
                store = try global.openStore(create: !dryRun)
            }
            let importer = HistoryImporter(engine: store, catalog: .bundled(), timeZone: .current)
            let bar = ProgressBar(enabled: isatty(STDERR_FILENO) == 1, noun: "records")
            let summary: ImportSummary
            do {
                summary = try importer.run(data, format: format, member: user, unit: unit, dryRun: dryRun, now: Date()) { done, total in
                    if total >= 1_000 { bar.show(done, of: total) }
                }
            } catch let error as TransferError {
                bar.finish()
                switch error {
                case .input(let message): throw Failure.input("\(file): \(message)")
                case .storage(let stored): throw Failure.database(stored)
                }
            }
            bar.finish()
            let named = summary.malformed + summary.afterNow
            for row in named.prefix(Self.namedRows) {
                FileHandle.standardError.write(Data("topweight: \(TerminalText.safe(row.description))\n".utf8))
            }
            if named.count > Self.namedRows {
                let more = named.count - Self.namedRows
                FileHandle.standardError.write(Data("topweight: … and \(more) more skipped \(more == 1 ? "row" : "rows")\n".utf8))
            }
            let out = OutputBuffer()
            Self.lines(summary, file: file, verbose: verbose).forEach { out.line(TerminalText.safe($0)) }
            if notYet {
                out.line(TerminalText.safe("\(global.databaseShown) doesn't exist yet: counted against an empty database; the import itself makes it."))
            }
            out.flush()
        }
    }

    /// The file's bytes, or a one-line reason.
    static func read(_ path: String) throws -> Data {
        // A directory opens for reading on Linux and reads as nothing: say what it is.
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            throw Failure.input("\(path) is a directory; give the export file inside it")
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
            throw Failure.input(exists ? (isDirectory.boolValue ? "\(path) is a directory" : "\(path) can't be read")
                                       : "\(path): no such file")
        }
        defer { try? handle.close() }
        let data = (try? handle.read(upToCount: sizeLimit + 1)) ?? Data()
        guard data.count <= sizeLimit else { throw Failure.input("\(path) is larger than \(sizeLimit >> 20) MB: not an export") }
        return data
    }

    /// `12: A → B; C → D; E → F and 9 more (--verbose lists them)`: a count
    /// and the first few (`shown`), so a real export's summary fits a screen;
    /// all of them with `verbose`.
    static func listed(_ items: [String], shown: Int, separator: String, verbose: Bool) -> String {
        guard !verbose, items.count > shown else { return "\(items.count): " + items.joined(separator: separator) }
        return "\(items.count): " + items.prefix(shown).joined(separator: separator)
            + " and \(items.count - shown) more (--verbose lists them)"
    }

    /// The summary, a line a subject.
    static func lines(_ s: ImportSummary, file: String, verbose: Bool = false) -> [String] {
        var lines: [String] = []
        let would = s.dryRun ? "would be " : ""
        lines.append("\(file): \(s.format.title) export (\(s.variant)), \(count(s.rows, s.format == .json ? "record" : "row")).")
        if s.dryRun { lines.append("Dry run: nothing was written.") }
        if let member = s.member { lines.append("Member: \(member)\(s.memberCreated ? " (new)" : "").") }
        if !s.membersCreated.isEmpty { lines.append("New members: \(s.membersCreated.joined(separator: ", ")).") }
        if s.records > 0 || s.bodyWeights == 0 {
            var line = "Sets: \(s.sets) on \(count(s.days, "day")) as \(count(s.records, "record")); "
            line += "\(count(s.setsAdded, "set")) in \(count(s.recordsAdded, "record")) \(would)added"
            line += s.recordsPresent > 0 ? ", \(count(s.setsPresent, "set")) in \(count(s.recordsPresent, "record")) already there." : "."
            lines.append(line)
        }
        if let line = kindsLine(s) { lines.append(line) }
        if s.notesAdded + s.notesPresent > 0 {
            var line = "Notes: \(count(s.notesAdded, "note")) \(would)added to \(count(s.noteDays, "day"))"
            if s.notesPresent > 0 { line += ", \(s.notesPresent) already there" }
            if s.notesShortened > 0 { line += " (\(s.notesShortened) cut at 10000 characters)" }
            lines.append(line + ".")
        }
        if s.sessionsAdded + s.sessionsPresent > 0 {
            lines.append("Days' notes and routines: \(s.sessionsAdded) \(would)added\(s.sessionsPresent > 0 ? ", \(s.sessionsPresent) already kept (left as they were)" : "").")
        }
        if s.routinesAdded + s.routinesPresent > 0 {
            lines.append("Gym routines: \(s.routinesAdded) \(would)added\(s.routinesPresent > 0 ? ", \(s.routinesPresent) already there by name (left as they were)" : "").")
        }
        if !s.access.isEmpty || s.coachedSets > 0 || s.policy != nil {
            var line = "Credentials: " + CopyCommand.credentials(s.access, coachedSets: s.coachedSets)
            if let policy = s.policy { line += "; the kiosk policy '\(policy.rawValue)'" }
            lines.append(line + CopyCommand.refusedCredentials(s.access, destination: "this database") + ".")
        }
        if s.bodyWeights > 0 {
            lines.append("Body weight: \(count(s.bodyWeightsAdded, "measurement")) \(would)added\(s.bodyWeightsPresent > 0 ? ", \(s.bodyWeightsPresent) already there" : "").")
        }
        if s.skippedCount > 0 {
            // The rows named by line or record, the first few after their count.
            let reasons = SkipReason.allCases.compactMap { reason in
                s.skipped[reason].map { count in
                    let named = reason == .malformed ? s.malformed : reason == .afterNow ? s.afterNow : []
                    guard !named.isEmpty else { return reason.counted(count) }
                    return reason.counted(count) + " (" + named.prefix(5).map(\.place).joined(separator: ", ") + (named.count > 5 ? ", …" : "") + ")"
                }
            }
            lines.append("Skipped: " + reasons.joined(separator: ", ") + ".")
        }
        if s.rounded > 0 { lines.append("Rounded to the hundredth: \(count(s.rounded, "weight")).") }
        if !s.mapped.isEmpty {
            lines.append("Put on the catalog's exercises, " + listed(s.mapped.map { "\($0.from) → \($0.to)" }, shown: 3, separator: "; ", verbose: verbose) + ".")
        }
        if !s.shortened.isEmpty {
            lines.append("Names too long, shortened, " + listed(s.shortened.map { "\($0.from) → \($0.to)" }, shown: 3, separator: "; ", verbose: verbose) + ".")
        }
        if !s.exercisesCreated.isEmpty {
            lines.append("New exercises\(s.dryRun ? " (would be made)" : ""), " + listed(s.exercisesCreated, shown: 5, separator: ", ", verbose: verbose) + ".")
        }
        return lines
    }

    /// `Kinds: 441 timed, 10 bodyweight, 128 distance (3 of them without a time); 6 916 with an RPE (2 RPEs not 6–10 by halves left off).`:
    /// the sets that are not weight × reps, and the RPEs; `nil` when there are none.
    static func kindsLine(_ s: ImportSummary) -> String? {
        var kinds: [String] = []
        if let n = s.measured[.bodyweight], n > 0 { kinds.append("\(n) bodyweight") }
        if let n = s.measured[.time], n > 0 { kinds.append("\(n) timed") }
        if let n = s.measured[.distance], n > 0 {
            kinds.append("\(n) distance" + (s.distanceWithoutTime > 0 ? " (\(s.distanceWithoutTime) of them without a time)" : ""))
        }
        var parts: [String] = []
        if !kinds.isEmpty { parts.append(kinds.joined(separator: ", ")) }
        if s.rated > 0 { parts.append("\(count(s.rated, "set")) with an RPE") }
        if s.rpeLeftOff > 0 { parts.append("\(count(s.rpeLeftOff, "RPE")) not 6–10 by halves left off (the sets kept)") }
        guard !parts.isEmpty else { return nil }
        return "Kinds: " + parts.joined(separator: "; ") + "."
    }

    static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}
