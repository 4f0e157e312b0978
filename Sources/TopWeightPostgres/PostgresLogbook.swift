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

        /// Once a call has found the server away, refuses every call but a
        /// save at once (`.unreachable`) until one reaches it again (a save,
        /// which always tries within `saveBound`, or the `lookout`'s look):
        /// a terminal's reports, notes and settings don't each wait the
        /// timeout on a server that drops packets.
        public var holdOffWhileAway: Bool

        /// Watches a moment for each answer, and the connection's thread for
        /// the next call, instead of sleeping at once (`Handover.swift`): a
        /// member's save answers sooner; a board's server, reading for its
        /// viewers, spends no CPU on it.
        public var watchesAnswers: Bool

        public init(timeout: Int = 5, readOnly: Bool = false, saveBound: Int = 300, connectLater: Bool = false,
                    holdOffWhileAway: Bool = false, watchesAnswers: Bool = true) {
            self.timeout = timeout
            self.readOnly = readOnly
            self.saveBound = saveBound
            self.connectLater = connectLater
            self.holdOffWhileAway = holdOffWhileAway
            self.watchesAnswers = watchesAnswers
        }
    }

    let link: PostgresLink
    let options: Options
    /// How long a save may wait for the server, connect included (`Options.saveBound`).
    let saveBound: TimeAmount
    public var location: String { link.location.redacted }

    /// Advisory lock keys: creating or renaming names ("TWnames"), the PIN ("TWpin").
    static let namesLock: Int64 = 0x5457_6E61_6D65_73
    static let pinLock: Int64 = 0x5457_7069_6E

    /// Connects to `url` and brings its schema up to date (with
    /// `connectLater`, at the first call).
    public convenience init(url: String, options: Options = Options()) throws(LogbookError) {
        try self.init(try PostgresLocation(url), options: options, reach: Reachability(), marksAway: true)
    }

    private init(_ location: PostgresLocation, options: Options, reach: Reachability, marksAway: Bool) throws(LogbookError) {
        link = try PostgresLink(location, timeout: .seconds(Int64(max(1, options.timeout))), reach: reach, marksAway: marksAway,
                                watches: options.watchesAnswers)
        link.holdsOff = options.holdOffWhileAway
        self.options = options
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

    /// Why the server was last found away (by a call, or `noteUnreachable`);
    /// `nil` once a call reaches it.
    public var unreachable: LogbookError? { link.reach.away }

    /// Takes the server as away from now on (it was, at start), as if a call had found it so.
    public func noteUnreachable(_ error: LogbookError) {
        guard error.kind == .unreachable else { return }
        link.reach.found(error)
    }

    /// A second connection to the same server, read-only, made at its first
    /// call: what a terminal's background looks through, so a slow answer
    /// never holds up a save. When it reaches the server, this logbook
    /// knows the server is back; its failures don't count against it.
    public func lookout() throws(LogbookError) -> PostgresLogbook {
        var second = options
        second.readOnly = true
        second.connectLater = true
        second.holdOffWhileAway = false
        return try PostgresLogbook(link.location, options: second, reach: link.reach, marksAway: false)
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
