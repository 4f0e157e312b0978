import TopWeightCore
import TopWeightUseCases

/// History read a page at a time as the pager moves on, with an optional
/// filter on the exercise name: a million records never load at once.
struct HistoryFeed {
    var query: HistoryQuery
    /// At most this many records (`:history all 50`), else all.
    var limit: Int?
    /// Only exercises whose name holds this text (any case); empty for all.
    var filter: String?
    /// The members (name keys) whose sets are left out: private ones, at a kiosk.
    var hiding: Set<String>
    private(set) var records: [WorkoutRecord] = []
    private(set) var lines: [String] = []
    private(set) var exhausted = false
    /// The oldest record read so far: where the next page starts.
    private var lastScanned: WorkoutRecord?

    /// How many records one filtered search reads before it shows what it found.
    static let scanLimit = 50_000

    init(query: HistoryQuery, limit: Int?, filter: String? = nil, hiding: Set<String> = []) {
        self.query = query
        self.limit = limit
        self.hiding = hiding
        self.filter = filter.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Reads on until `count` lines are rendered or nothing is left.
    mutating func fill(lines count: Int, workouts: Workouts, render: ([WorkoutRecord], Int64?) -> [String]) throws(WorkoutsError) {
        let key = filter.map(NameRules.key)
        var scannedNow = 0
        while !exhausted, lines.count < count, scannedNow < Self.scanLimit {
            var page = query
            if let last = lastScanned { page.before = (last.performedAt, last.id) }
            let size = 500
            let (found, more) = try workouts.historyPage(page, limit: size)
            scannedNow += found.count
            lastScanned = found.last ?? lastScanned
            let shown = hiding.isEmpty ? found : found.filter { !hiding.contains(NameRules.key($0.user)) }
            var kept = key.map { key in shown.filter { NameRules.key($0.exercise).contains(key) } } ?? shown
            if let limit, records.count + kept.count >= limit {
                kept = Array(kept.prefix(limit - records.count))
                exhausted = true
            }
            records += kept
            if !more { exhausted = true }
            lines = render(records, query.userID)
        }
    }

}
