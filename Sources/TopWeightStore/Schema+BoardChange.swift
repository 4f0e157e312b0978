import GRDB

extension Schema {
    /// v24: a count moved by every change a live board must hear of but an
    /// added set (`BoardMark`): a set changed or removed, a member or an
    /// exercise renamed, hidden or removed. A save adds a row and moves
    /// nothing; changing a superset's letter moves nothing either.
    static func registerBoardChange(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v24") { db in
            try db.execute(sql: "CREATE TABLE boardChange (changes INTEGER NOT NULL)")
            try db.execute(sql: "INSERT INTO boardChange (changes) VALUES (0)")
            for (name, event) in boardChangeEvents {
                try db.execute(sql: "CREATE TRIGGER \(name) AFTER \(event) BEGIN UPDATE boardChange SET changes = changes + 1; END")
            }
        }
    }

    /// Each trigger's name and what it follows.
    static let boardChangeEvents = [
        ("record_board_update", "UPDATE OF userId, exerciseId, weight, unit, reps, series, performedAt, deletedAt, kind, measure, assisted ON record"),
        ("record_board_delete", "DELETE ON record"),
        ("user_board_update", "UPDATE OF name, nameKey, isPrivate ON user"),
        ("user_board_delete", "DELETE ON user"),
        ("exercise_board_update", "UPDATE OF name, nameKey ON exercise"),
        ("exercise_board_delete", "DELETE ON exercise"),
    ]
}
