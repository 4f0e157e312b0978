import Foundation
import GRDB

/// Which Top Weight last brought a file's schema up to date, kept in the
/// file's header (`PRAGMA user_version`, which nothing else uses: SQLite
/// keeps it for the application): major × 1 000 000 + minor × 1 000 + patch,
/// written only when a program applied migrations. A terminal whose program
/// is older than the file's schema then names the version to install.
enum ProgramStamp {
    /// `0.10.2` as 10002; `nil` for what is not `N.N.N` (with any suffix after it).
    static func number(_ version: String) -> Int? {
        let core = version.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
        let parts = core.split(separator: ".", omittingEmptySubsequences: false).compactMap { Int($0) }
        guard parts.count == 3, parts.allSatisfy({ (0..<1_000).contains($0) }), parts[0] < 2_000 else { return nil }
        let number = parts[0] * 1_000_000 + parts[1] * 1_000 + parts[2]
        return number > 0 ? number : nil
    }

    /// 10002 as `0.10.2`; `nil` for none.
    static func version(_ number: Int) -> String? {
        guard number > 0, number < 2_000_000_000 else { return nil }
        return "\(number / 1_000_000).\(number / 1_000 % 1_000).\(number % 1_000)"
    }

    /// After migrations this program applied: the file says it needs this program's version.
    static func write(_ version: String?, on writer: any DatabaseWriter) throws {
        guard let number = version.flatMap(number) else { return }
        try writer.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA user_version = \(number)") }
    }

    /// The version a file at `path` needs, read on a read-only connection of
    /// its own; `nil` when it says none, or none newer than `current`.
    static func needed(at path: String, newerThan current: String?) -> String? {
        guard let needed = needed(at: path) else { return nil }
        guard let mine = current.flatMap(number) else { return needed }
        return (number(needed) ?? 0) > mine ? needed : nil
    }

    static func needed(at path: String) -> String? {
        var config = Configuration()
        config.readonly = true
        guard let queue = try? DatabaseQueue(path: path, configuration: config) else { return nil }
        defer { try? queue.close() }
        return (try? queue.read { db in try Int.fetchOne(db, sql: "PRAGMA user_version") }).flatMap { $0 }.flatMap(version)
    }
}
