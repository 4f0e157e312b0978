import Foundation
import NIOCore
import PostgresNIO
import TopWeightCore
import TopWeightStorage

/// The logbook on a PostgreSQL server: the same contract as the SQLite
/// file, for terminals on several machines.
///
/// Every call is one statement or one transaction on one connection (see
/// `PostgresLink`). Creating names and checking the PIN take an advisory lock
/// inside their transaction, so two terminals can't both create look-alike
/// names or both miscount a wrong PIN; it also makes new names commit in id
/// order, which the completion index's `names(of:after:)` relies on.
public final class PostgresLogbook: StorageEngine {
    public struct Options: Sendable {
        /// The longest a connect or a call waits for the server, in seconds.
        public var timeout: Int
        /// Opens without migrating (for `check` on a database from a newer version).
        public var readOnly: Bool
        /// The longest a save waits for the server, connecting included, in
        /// milliseconds: past it the save fails as `.unreachable` (and a
        /// terminal keeps the set in its outbox), so a save never waits on
        /// the network longer than a member notices.
        public var saveBound: Int

        /// Connects and checks the schema at the first call, not at once: a
        /// terminal that starts while its server is away.
        public var connectLater: Bool

        public init(timeout: Int = 5, readOnly: Bool = false, saveBound: Int = 300, connectLater: Bool = false) {
            self.timeout = timeout
            self.readOnly = readOnly
            self.saveBound = saveBound
            self.connectLater = connectLater
        }
    }

    let link: PostgresLink
    /// How long a save may wait for the server, connect included (`Options.saveBound`).
    let saveBound: TimeAmount
    public var location: String { link.location.redacted }

    /// Advisory lock keys: creating or renaming names ("TWnames"), the PIN ("TWpin").
    static let namesLock: Int64 = 0x5457_6E61_6D65_73
    static let pinLock: Int64 = 0x5457_7069_6E

    /// Connects to `url` and brings its schema up to date (with
    /// `connectLater`, at the first call).
    public init(url: String, options: Options = Options()) throws(LogbookError) {
        let location = try PostgresLocation(url)
        link = try PostgresLink(location, timeout: .seconds(Int64(max(1, options.timeout))))
        saveBound = .milliseconds(Int64(max(50, options.saveBound)))
        let readOnly = options.readOnly
        if options.connectLater {
            link.whenFirstReached { link, deadline, bound throws(LogbookError) in
                try PostgresSchema.migrate(link, readOnly: readOnly, until: deadline, bound: bound)
            }
        } else {
            try PostgresSchema.migrate(link, readOnly: readOnly)
        }
    }

    /// Closes the connection now (it also closes when the logbook goes away).
    public func close() {
        link.close()
    }

    static func milliseconds(_ date: Date) -> Int64 { StoredRange.milliseconds(date) }

    /// The first column of a row.
    static func decode<Column: PostgresDecodable>(_ row: PostgresRow, as type: Column.Type) throws(LogbookError) -> Column {
        do {
            return try row.decode(Column.self)
        } catch {
            throw LogbookError(.other, "the database holds a value Top Weight can't read (\(String(describing: error).prefix(120)))")
        }
    }

    /// Decodes a row, or throws one line naming the query's table when the
    /// schema was changed by hand under us.
    static func decode<each Column: PostgresDecodable>(_ row: PostgresRow, as types: (repeat each Column).Type) throws(LogbookError) -> (repeat each Column) {
        do {
            return try row.decode(types)
        } catch {
            throw LogbookError(.other, "the database holds a value Top Weight can't read (\(String(describing: error).prefix(120)))")
        }
    }
}

// MARK: - Binding one value

extension PostgresLogbook {
    static func binds(_ value: some PostgresDynamicTypeEncodable) -> PostgresBindings {
        var binds = PostgresBindings()
        binds.append(value)
        return binds
    }
}
