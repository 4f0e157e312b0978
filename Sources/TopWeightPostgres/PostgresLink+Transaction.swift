import Foundation
import NIOCore
import PostgresNIO
import TopWeightCore

// MARK: - Transactions

extension PostgresLink {
    /// How long a statement of a bulk transaction (`copy`, `demo`, a large
    /// import) may take before the server is taken as gone: building an
    /// index over a chain's ten million sets, or inserting into one whose
    /// indexes no longer fit in the server's memory, takes far longer than
    /// the link's timeout, and the server is working all the while. A server
    /// that stops, or closes the connection, is still heard of at once.
    static let bulkWait: TimeAmount = .hours(1)

    /// Runs `body` inside BEGIN … COMMIT, rolled back on any error; tried
    /// again (up to five times) when the server reports a serialization
    /// failure or a deadlock, which two terminals writing at once can cause.
    /// `bulk`: each statement, the commit included, waits up to `bulkWait`.
    func transaction<T>(retry: Bool = true, bulk: Bool = false, _ body: (Transaction) throws -> T) throws(LogbookError) -> T {
        try prepared(until: nil, bound: nil)
        let waiting = bulk ? Self.bulkWait : nil
        var attempt = 0
        while true {
            attempt += 1
            do {
                return try call(retry: retry) { connection throws in
                    try self.run("BEGIN", on: connection)
                    do {
                        let result = try body(Transaction(link: self, connection: connection, waiting: waiting))
                        try self.run("COMMIT", on: connection, waiting: waiting)
                        return result
                    } catch {
                        if !connection.isClosed { _ = try? self.run("ROLLBACK", on: connection) }
                        throw error
                    }
                }
            } catch where error.kind == .busy && attempt < 5 {
                // Serialization failure or deadlock: the transaction was rolled back whole.
                usleep(UInt32.random(in: 2_000...20_000) * UInt32(attempt))
            }
        }
    }

    /// The statements of one transaction.
    struct Transaction {
        let link: PostgresLink
        let connection: PostgresConnection
        /// A bulk transaction's wait for each statement (nil: the link's timeout).
        var waiting: TimeAmount?

        @discardableResult
        func query(_ query: PostgresQuery) throws -> PostgresQueryResult {
            try link.run(query, on: connection, waiting: waiting)
        }
    }
}
