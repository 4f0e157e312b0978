import Foundation
import PostgresNIO
import TopWeightCore
import TopWeightStorage

extension PostgresSchema {
    /// v24: a count moved by every statement that changes what a live board
    /// read of the days before today, but an added set (SQLite's v24): a set
    /// changed or removed, a member or an exercise renamed, hidden or removed.
    static let boardChangeMigration: (identifier: String, statements: [String]) = ("v24", [
        "CREATE TABLE boardchange (changes bigint NOT NULL)",
        "INSERT INTO boardchange (changes) VALUES (0)",
        """
        CREATE FUNCTION topweight_board_past_changed() RETURNS trigger LANGUAGE plpgsql AS $body$
        BEGIN
            UPDATE boardchange SET changes = changes + 1;
            RETURN NULL;
        END
        $body$
        """,
    ] + [
        ("record_board_past_update", "UPDATE OF userid, exerciseid, weight, unit, reps, series, performedat, deletedat, kind, measure, assisted ON record"),
        ("record_board_past_delete", "DELETE ON record"),
        ("user_board_past_update", "UPDATE OF name, namekey, isprivate ON \"user\""),
        ("user_board_past_delete", "DELETE ON \"user\""),
        ("exercise_board_past_update", "UPDATE OF name, namekey ON exercise"),
        ("exercise_board_past_delete", "DELETE ON exercise"),
    ].map { name, event in
        "CREATE TRIGGER \(name) AFTER \(event) FOR EACH STATEMENT EXECUTE FUNCTION topweight_board_past_changed()"
    })
}

extension PostgresLogbook {
    public func boardMark(after id: Int64) throws(LogbookError) -> BoardMark {
        let rows = try link.query("""
            SELECT (SELECT changes FROM boardchange), (SELECT COALESCE(MAX(id), 0) FROM record)::bigint,
                   (SELECT MIN(performedat) FROM record WHERE id > \(id))
            """)
        guard let row = rows.first else { return BoardMark(changes: 0, newest: 0, earliestAdded: nil) }
        let (changes, newest, earliest) = try Self.decode(row, as: (Int64, Int64, Int64?).self)
        return BoardMark(changes: changes, newest: newest, earliestAdded: earliest.flatMap(StoredRange.date(milliseconds:)))
    }
}
