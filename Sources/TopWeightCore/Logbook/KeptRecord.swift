/// A set a terminal kept in its own outbox while the database server was
/// away: it has no number on the server yet, so it goes by its place in the
/// outbox, as a negative id (`-3` is the outbox's third set), shown `#k3`.
///
/// The `Logbook` port carries it like any record: `:undo` of a kept set
/// deletes id `-3`, which takes it out of the outbox before it is sent.
public enum KeptRecord {
    /// The id a kept set goes by: minus its place in the outbox.
    public static func id(place: Int64) -> Int64 { -place }

    /// The outbox place of a kept set's id, `nil` for a record on the server.
    public static func place(of id: Int64) -> Int64? { id < 0 ? -id : nil }

    /// `#12` for a record on the server, `#k3` for a kept one.
    public static func number(_ id: Int64) -> String {
        place(of: id).map { "#k\($0)" } ?? "#\(id)"
    }
}

extension WorkoutRecord {
    /// True for a set kept on this terminal, not on the server yet.
    public var isKept: Bool { KeptRecord.place(of: id) != nil }

    /// `#12`, or `#k3` for a set kept on this terminal.
    public var number: String { KeptRecord.number(id) }
}
