import TopWeightCore

/// History read a page at a time as the pager moves on, with an optional
/// filter on the exercise name: a million records never load at once. It
/// reads nothing itself: it says which page it wants (`wants`), and the
/// session's read of it is taken in (`take`).
struct HistoryFeed {
    /// Whose records (`nil`: everybody's).
    var member: Int64?
    /// At most this many records (`:history all 50`), else all.
    var limit: Int?
    /// Only exercises whose name holds this text (any case); empty for all.
    var filter: String?
    /// The members (name keys) whose sets are left out: private ones, at a kiosk.
    var hiding: Set<String>
    private(set) var records: [WorkoutRecord] = []
    /// The notes of the days read, by day: shown under a member's headings.
    private(set) var notes: [LocalDay: String] = [:]
    private(set) var lines: [String] = []
    private(set) var exhausted = false
    /// The oldest record read so far: where the next page starts.
    private(set) var lastScanned: WorkoutRecord?
    /// Records read since the screen asked for more (`startFill`).
    private var scanned = 0

    /// How many records one filtered search reads before it shows what it found.
    static let scanLimit = 50_000
    /// Records in one page read.
    static let pageSize = 500

    init(member: Int64?, limit: Int?, filter: String? = nil, hiding: Set<String> = []) {
        self.member = member
        self.limit = limit
        self.hiding = hiding
        self.filter = filter.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The screen asks for lines: one filtered search reads at most `scanLimit` records from here.
    mutating func startFill() {
        scanned = 0
    }

    /// Whether a page must be read for `count` lines: not yet rendered, more
    /// records exist, and this fill's search has not read its limit.
    func wants(lines count: Int) -> Bool {
        !exhausted && lines.count < count && scanned < Self.scanLimit
    }

    /// A page read (the records after `lastScanned`, and whether older ones
    /// exist), taken in: the hidden members' sets and those the filter
    /// leaves out go, the limit is kept, and the lines rendered again.
    mutating func take(_ found: [WorkoutRecord], more: Bool, notes pageNotes: [LocalDay: String],
                       render: ([WorkoutRecord], [LocalDay: String]) -> [String]) {
        let key = filter.map(NameRules.key)
        scanned += found.count
        lastScanned = found.last ?? lastScanned
        notes.merge(pageNotes) { _, new in new }
        let shown = hiding.isEmpty ? found : found.filter { !hiding.contains(NameRules.key($0.user)) }
        var kept = key.map { key in shown.filter { NameRules.key($0.exercise).contains(key) } } ?? shown
        if let limit, records.count + kept.count >= limit {
            kept = Array(kept.prefix(limit - records.count))
            exhausted = true
        }
        records += kept
        if !more { exhausted = true }
        lines = render(records, notes)
    }
}
