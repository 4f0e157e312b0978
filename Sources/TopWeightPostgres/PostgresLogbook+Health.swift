import Foundation
import PostgresNIO
import TopWeightCore
import TopWeightStorage

// MARK: - Health

extension PostgresLogbook {
    /// Counts and the schema, for `topweight check`. The server keeps its own
    /// pages consistent (there is no `integrity_check`); what can be checked
    /// here is that every record points at a member and an exercise and holds
    /// numbers Top Weight writes.
    public func health() throws(LogbookError) -> StoreHealth {
        let applied = try PostgresSchema.applied(link)
        let counts = try link.query("""
            SELECT (SELECT COUNT(*) FROM "user"), (SELECT COUNT(*) FROM exercise),
                   (SELECT COUNT(*) FROM record WHERE deletedat IS NULL), (SELECT COUNT(*) FROM record WHERE deletedat IS NOT NULL),
                   current_setting('server_version')
            """)
        guard let row = counts.first else { throw LogbookError(.other, "the server returned no counts") }
        let (users, exercises, records, tombstones, version) = try Self.decode(row, as: (Int64, Int64, Int64, Int64, String).self)
        let outOfRange = try link.query(PostgresQuery(unsafeSQL: "SELECT id FROM record WHERE NOT (\(StoredRange.conditionSQL)) ORDER BY id"))
        var ids: [Int64] = []
        for row in outOfRange { ids.append(try Self.decode(row, as: Int64.self)) }
        let known = PostgresSchema.knownMigrations
        return StoreHealth(
            integrity: "ok", schemaVersion: known.last(where: applied.contains) ?? applied.last ?? "none",
            knownMigrations: known.count, appliedMigrations: applied.count,
            users: Int(users), exercises: Int(exercises), records: Int(records), tombstones: Int(tombstones),
            recordsOutOfRange: ids, journalMode: "PostgreSQL \(version) (server)"
        )
    }
}
