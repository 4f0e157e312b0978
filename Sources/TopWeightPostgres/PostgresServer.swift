import NIOCore
import PostgresNIO
import TopWeightCore

/// Creating and dropping whole databases on a server: what the tests (a
/// fresh database each) and set-up scripts need, outside any logbook.
public enum PostgresServer {
    /// Creates database `name` on the server `url` points at (its own database is only used to connect).
    public static func createDatabase(_ name: String, serverURL url: String) throws(LogbookError) {
        try run("CREATE DATABASE \(quoted(name))", serverURL: url)
    }

    /// Drops database `name`, closing other sessions on it first.
    public static func dropDatabase(_ name: String, serverURL url: String) throws(LogbookError) {
        try run("DROP DATABASE IF EXISTS \(quoted(name)) WITH (FORCE)", serverURL: url)
    }

    /// `url` with its database replaced by `name`.
    public static func url(_ url: String, database name: String) throws(LogbookError) -> String {
        let location = try PostgresLocation(url)
        guard let slash = url.range(of: "/\(location.database)", options: .backwards) else { return url }
        return url.replacingCharacters(in: slash, with: "/\(name)")
    }

    /// Runs one statement on the database `url` names, without migrating it (tests, set-up).
    public static func execute(_ sql: String, url: String) throws(LogbookError) {
        try run(sql, serverURL: url)
    }

    /// The first column of the first row of `sql`, a count (tests, set-up).
    public static func count(_ sql: String, url: String) throws(LogbookError) -> Int64 {
        let link = try PostgresLink(PostgresLocation(url), timeout: .seconds(30))
        defer { link.close() }
        guard let row = try link.query(PostgresQuery(unsafeSQL: sql), retry: false).first else { return 0 }
        return try PostgresLogbook.decode(row, as: Int64.self)
    }

    private static func run(_ sql: String, serverURL url: String) throws(LogbookError) {
        let link = try PostgresLink(PostgresLocation(url), timeout: .seconds(30))
        defer { link.close() }
        try link.query(PostgresQuery(unsafeSQL: sql), retry: false)
    }

    private static func quoted(_ identifier: String) -> String {
        "\"" + identifier.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
