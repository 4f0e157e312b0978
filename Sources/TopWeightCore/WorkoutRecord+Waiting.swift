/// A set saved on this terminal while its database server was away waits
/// here until the server takes it (`WaitingSets`). It has no number on the
/// server yet, so it goes by a negative id, minus its place among the
/// waiting sets (`-3`, shown `#k3`); otherwise it is a saved set like any
/// other: history shows it, and `:undo` of it (id `-3`) takes it back
/// before it is sent.
extension WorkoutRecord {
    /// True for a set that waits on this terminal, not on the server yet.
    public var isKept: Bool { id < 0 }

    /// `#12`, or `#k3` for a set that waits on this terminal.
    public var number: String { isKept ? "#k\(-id)" : "#\(id)" }
}
