import NIOCore
import PostgresNIO
import TopWeightCore

/// What the server or the network said, as one line for the member, and
/// whether the connection is gone with it.
enum PostgresErrors {
    /// No answer in time: within the link's timeout, or (`byCaller`) within
    /// a bounded call's own wait, past which its answer may still come.
    struct TimedOut: Error {
        var byCaller = false
        /// The wait that ran out, when it was not the caller's `timeout`.
        var after: TimeAmount?
    }

    static func translate(_ error: any Error, location: PostgresLocation, timeout: TimeAmount)
        -> (error: LogbookError, connectionLost: Bool) {
        if let error = error as? LogbookError { return (error, false) }
        let place = location.redacted
        if let timedOut = error as? TimedOut {
            let timeout = timedOut.after ?? timeout
            let waited = timeout.nanoseconds >= 1_000_000_000 ? "\(timeout.nanoseconds / 1_000_000_000) s" : "\(timeout.nanoseconds / 1_000_000) ms"
            return (LogbookError(.unreachable, "database \(place) is unreachable (no answer in \(waited))"), true)
        }
        // A prepared statement's call (`PreparedQuery`) reports the server's errors in the older type.
        switch error as? PostgresError {
        case .server(let notice):
            let state = notice.fields[.sqlState] ?? ""
            return server(state: state, message: notice.fields[.message] ?? "error \(state)", place: place)
        case .connectionClosed:
            return (LogbookError(.unreachable, "database \(place) is unreachable (the server closed the connection)"), true)
        case .protocol, nil:
            break
        }
        guard let error = error as? PSQLError else {
            return (LogbookError(.unreachable, "database \(place) is unreachable (\(error))"), true)
        }
        switch error.code {
        case .server:
            let state = error.serverInfo?[.sqlState] ?? ""
            return server(state: state, message: error.serverInfo?[.message] ?? "error \(state)", place: place)
        case .authMechanismRequiresPassword:
            return (LogbookError(.cannotOpen, "database \(place) needs a password: put it in the URL or in PGPASSWORD"), true)
        case .unsupportedAuthMechanism, .saslError:
            return (LogbookError(.cannotOpen, "cannot log in to \(place): \(error.code)"), true)
        case .sslUnsupported:
            return (LogbookError(.cannotOpen, "database \(place) does not offer TLS, which sslmode asks for"), true)
        default:
            return (LogbookError(.unreachable, "database \(place) is unreachable (\(cause(of: error)))"), true)
        }
    }

    /// An error the server sent, by its SQLSTATE.
    private static func server(state: String, message: String, place: String) -> (error: LogbookError, connectionLost: Bool) {
        switch state {
        case "40001", "40P01":
            return (LogbookError(.busy, "database \(place) was busy with another terminal's change; nothing was saved, try again"), false)
        case "23505":
            return (LogbookError(.conflict, "database \(place): \(message)"), false)
        case "25006":
            return (LogbookError(.readOnly, "database \(place) is read-only (\(message))"), false)
        case "53100":
            return (LogbookError(.diskFull, "database \(place) is full (no space left on the server); nothing was saved"), false)
        case "28P01", "28000":
            return (LogbookError(.cannotOpen, "cannot log in to \(place): \(message); check the user and the password (URL or PGPASSWORD)"), true)
        case "3D000":
            return (LogbookError(.cannotOpen, "cannot open \(place): \(message); create it first (README, Several machines)"), true)
        case "42501":
            return (LogbookError(.cannotOpen, "database \(place): \(message); grant the role access (README, Several machines)"), false)
        case let state where state.hasPrefix("08") || state.hasPrefix("57P"):
            return (LogbookError(.unreachable, "database \(place) is unreachable (\(message))"), true)
        default:
            return (LogbookError(.other, "database \(place): \(message)"), false)
        }
    }

    /// A few words for why the connection failed, instead of NIO's nested descriptions.
    private static func cause(of error: PSQLError) -> String {
        let detail = error.underlying.map { String(describing: $0).lowercased() } ?? ""
        if detail.contains("refused") { return "connection refused; is the server running?" }
        if detail.contains("unreachable") || detail.contains("no route") { return "network unreachable" }
        if detail.contains("resolve") || detail.contains("name or service") || detail.contains("nodename") { return "host not found" }
        if detail.contains("timed out") || detail.contains("timeout") { return "no answer" }
        if error.code == .serverClosedConnection || error.code == .uncleanShutdown { return "the server closed the connection" }
        return "cannot connect"
    }
}
