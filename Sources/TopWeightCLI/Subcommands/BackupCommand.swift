import ArgumentParser
import Foundation
import TopWeightCore
import TopWeightStorage
import TopWeightStore
#if canImport(Glibc)
import Glibc
#endif

/// `topweight backup [--to DIR] [--keep N]`: a checked copy of the database,
/// made while terminals save; `--restore FILE` puts one back.
struct BackupCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Copy the database while terminals save, check the copy, keep the last N; or --restore one.",
        discussion: """
            Each backup is a file of its own, named by the time it began (UTC), \
            topweight-2026-12-02T031500Z.sqlite, in --to DIR (default: backups/ beside \
            the database). It holds every set saved before it began, and counts only \
            once integrity_check and the counts agree; then the oldest beyond --keep go. \
            --restore FILE puts a backup back after the same check, while no logger \
            has the database open (stop the kiosk first); the database as it was is \
            backed up first. A PostgreSQL database is backed up with pg_dump.
            """
    )

    @OptionGroup var global: GlobalOptions

    @Option(name: .customLong("to"), help: ArgumentHelp("Folder for the backups (made when missing).", valueName: "dir"))
    var folder: String?

    @Option(help: ArgumentHelp("How many backups to keep in that folder, the newest (default 7).", valueName: "n"))
    var keep: String?

    @Option(help: ArgumentHelp("Put this backup back in place of the database.", valueName: "file"))
    var restore: String?

    func run() throws {
        try reportingFailures {
            let path = global.databasePath
            if PostgresURL.matches(path) { throw Self.postgres(GlobalOptions.shown(path)) }
            let kept = try Failure.count(keep, "--keep", in: 1...10_000, example: "--keep 7") ?? 7
            let folder = self.folder ?? URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("backups").path
            if let restore {
                try Self.restore(restore, into: path, before: folder, busyTimeout: global.busyTimeout)
                return
            }
            let (file, counts) = try Self.backUp(path, into: folder, busyTimeout: global.busyTimeout)
            let removed = try BackupFolder.prune(folder, keeping: kept)
            let gone = removed.isEmpty ? "" : ", \(removed.count) older removed"
            print("Backed up \(TerminalText.safe(path)) to \(TerminalText.safe(file)): \(Self.described(counts)); the newest \(kept) kept\(gone)")
        }
    }

    /// A new backup in `folder`, by the date: its path and what it holds.
    static func backUp(_ path: String, into folder: String, busyTimeout: Double) throws -> (String, BackupCounts) {
        if GlobalOptions.isMissing(path) { throw Failure.database(GlobalOptions.missing(path)) }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            throw Failure.input("cannot make the backup folder \(folder) (\(error.localizedDescription)); give another with --to")
        }
        let name = BackupFolder.newName(in: folder, at: Date())
        let partial = (folder as NSString).appendingPathComponent(".\(name).partial")
        let final = (folder as NSString).appendingPathComponent(name)
        do {
            let counts = try DatabaseBackup.copy(path, to: partial, busyTimeout: busyTimeout, programVersion: TopWeightVersion.current)
            guard rename(partial, final) == 0 else {
                let reason = String(cString: strerror(errno)).lowercased()
                unlink(partial)
                throw Failure.input("cannot name the backup \(final) (\(reason)); nothing was kept")
            }
            return (final, counts)
        } catch let error as LogbookError {
            throw Failure.database(error)
        }
    }

    static func restore(_ file: String, into path: String, before folder: String, busyTimeout: Double) throws {
        do {
            _ = try DatabaseBackup.check(file)
        } catch {
            throw Failure.database(error)
        }
        // The database as it was, first: a restore of the wrong file can be undone.
        var safety: String?
        if !GlobalOptions.isMissing(path), (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0 > 0 {
            safety = try backUp(path, into: folder, busyTimeout: busyTimeout).0
        }
        let counts: BackupCounts
        do {
            counts = try DatabaseBackup.restore(file, into: path, busyTimeout: busyTimeout)
        } catch {
            if let safety { unlink(safety) }
            throw Failure.database(error)
        }
        let before = safety.map { "; the database as it was is in \(TerminalText.safe($0))" } ?? ""
        print("Restored \(TerminalText.safe(path)) from \(TerminalText.safe(file)): \(described(counts))\(before)")
    }

    /// `integrity ok, 3 users, 120 exercises, 4021 sets (2 deleted)`.
    static func described(_ counts: BackupCounts) -> String {
        func many(_ count: Int, _ word: String) -> String { "\(count) \(word)\(count == 1 ? "" : "s")" }
        return "integrity ok, \(many(counts.users, "user")), \(many(counts.exercises, "exercise")), \(many(counts.records, "set")) (\(counts.tombstones) deleted)"
    }

    /// What to use on PostgreSQL, and whether it is installed here.
    static func postgres(_ shown: String) -> Failure {
        let advice = "a PostgreSQL database is backed up by the server's own tool: pg_dump --format=custom --file=topweight.dump '\(shown)'"
        guard let found = ExternalTool.find("pg_dump") else {
            return .unavailable("\(advice); pg_dump is not installed here (Debian: apt install postgresql-client); nothing was written")
        }
        return .unavailable("\(advice) (pg_dump is \(found)); nothing was written")
    }
}

/// The backups in a folder, by the names `backup` gives them.
enum BackupFolder {
    /// `topweight-2026-12-02T031500Z.sqlite`; a second in the same second
    /// `topweight-2026-12-02T031500Z-2.sqlite`.
    static func newName(in folder: String, at date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func two(_ value: Int?) -> String { String(format: "%02d", value ?? 0) }
        let stamp = String(format: "%04d", parts.year ?? 0) + "-\(two(parts.month))-\(two(parts.day))T\(two(parts.hour))\(two(parts.minute))\(two(parts.second))Z"
        var name = "topweight-\(stamp).sqlite"
        var counter = 1
        while FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent(name)) {
            counter += 1
            name = "topweight-\(stamp)-\(counter).sqlite"
        }
        return name
    }

    /// `(stamp, counter)` of a name `newName` gives, else `nil`: only those are ever removed.
    static func order(of name: String) -> (String, Int)? {
        guard name.hasPrefix("topweight-"), name.hasSuffix(".sqlite") else { return nil }
        let middle = name.dropFirst("topweight-".count).dropLast(".sqlite".count)
        let stamp = middle.prefix(18)
        let shape = Array("0000-00-00T000000Z")
        guard stamp.count == 18, zip(stamp, shape).allSatisfy({ $1 == "0" ? $0.isASCII && $0.isNumber : $0 == $1 }) else { return nil }
        let rest = middle.dropFirst(18)
        if rest.isEmpty { return (String(stamp), 1) }
        guard rest.hasPrefix("-"), let counter = Int(rest.dropFirst()), counter > 1 else { return nil }
        return (String(stamp), counter)
    }

    /// Removes all but the newest `keeping` backups; returns the removed names.
    static func prune(_ folder: String, keeping: Int) throws -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        var ours: [(name: String, stamp: String, counter: Int)] = []
        for name in names {
            if let (stamp, counter) = order(of: name) { ours.append((name, stamp, counter)) }
        }
        ours.sort { left, right in left.stamp != right.stamp ? left.stamp < right.stamp : left.counter < right.counter }
        let old: [String] = ours.dropLast(keeping).map { $0.name }
        for name in old { unlink((folder as NSString).appendingPathComponent(name)) }
        return old
    }
}

/// A program on PATH.
enum ExternalTool {
    static func find(_ name: String) -> String? {
        let path = ProcessEnvironment.value("PATH") ?? "/usr/local/bin:/usr/bin:/bin"
        for folder in path.split(separator: ":") where !folder.isEmpty {
            let candidate = "\(folder)/\(name)"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }
}
