import Foundation
import TopWeightCore
import TopWeightStorage

/// A `postgres://user[:password]@host[:port]/db[?sslmode=…]` address, as
/// `--db` and `TOPWEIGHT_DB` take it (`postgresql://` too).
///
/// The password comes from the URL, else `PGPASSWORD`. `sslmode` follows
/// libpq's meaning: `disable`, `allow`/`prefer` (the default: TLS when the
/// server offers it), `require` (TLS, any certificate), `verify-ca` and
/// `verify-full` (TLS with the server's certificate checked). `host=/dir` in
/// the query names a Unix-socket directory instead of a TCP host.
public struct PostgresLocation: Sendable, Equatable {
    public enum TLSMode: String, Sendable, Equatable {
        case disable, allow, prefer, require
        case verifyCA = "verify-ca"
        case verifyFull = "verify-full"
    }

    public var user: String
    public var password: String?
    public var host: String
    public var port: Int
    public var database: String
    public var tls: TLSMode
    /// A directory holding the server's socket (`?host=/path`), instead of TCP.
    public var socketDirectory: String?

    /// True when `text` names a PostgreSQL database rather than a file.
    public static func isPostgresURL(_ text: String) -> Bool {
        PostgresURL.matches(text)
    }

    /// Parses `text`; the error says what is wrong, in one line, without the password.
    public init(_ text: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws(LogbookError) {
        guard Self.isPostgresURL(text), let components = URLComponents(string: text) else {
            throw LogbookError(.cannotOpen, "not a PostgreSQL URL; expected postgres://user@host:port/database")
        }
        guard let user = components.percentEncodedUser.flatMap({ $0.removingPercentEncoding }), !user.isEmpty else {
            throw LogbookError(.cannotOpen, "the PostgreSQL URL names no user; expected postgres://user@host:port/database")
        }
        let database = String(components.percentEncodedPath.drop(while: { $0 == "/" })).removingPercentEncoding ?? ""
        guard !database.isEmpty, !database.contains("/") else {
            throw LogbookError(.cannotOpen, "the PostgreSQL URL names no database; expected postgres://user@host:port/database")
        }
        self.user = user
        self.database = database
        password = components.percentEncodedPassword.flatMap { $0.removingPercentEncoding } ?? environment["PGPASSWORD"]
        host = components.host.flatMap { $0.removingPercentEncoding } ?? ""
        port = components.port ?? 5432
        guard (1...65_535).contains(port) else { throw LogbookError(.cannotOpen, "the PostgreSQL URL's port \(port) is out of range") }
        tls = .prefer
        for item in components.queryItems ?? [] {
            switch item.name {
            case "sslmode":
                guard let mode = item.value.flatMap(TLSMode.init(rawValue:)) else {
                    throw LogbookError(.cannotOpen, "sslmode must be one of disable, allow, prefer, require, verify-ca, verify-full")
                }
                tls = mode
            case "host":
                guard let value = item.value, value.hasPrefix("/") else {
                    throw LogbookError(.cannotOpen, "host= in the PostgreSQL URL must be a socket directory (an absolute path)")
                }
                socketDirectory = value
            default:
                throw LogbookError(.cannotOpen, "unknown PostgreSQL URL parameter \(item.name); Top Weight knows sslmode and host")
            }
        }
        if host.isEmpty, socketDirectory == nil { host = "localhost" }
    }

    /// The socket file inside `socketDirectory`, as libpq names it.
    var socketPath: String? {
        socketDirectory.map { "\($0)/.s.PGSQL.\(port)" }
    }

    /// The address without its password: what messages and `check` show.
    public var redacted: String {
        let place = socketDirectory.map { "?host=\($0)" } ?? ""
        return "postgres://\(user)@\(host.isEmpty ? "" : host):\(port)/\(database)\(place)"
    }
}
