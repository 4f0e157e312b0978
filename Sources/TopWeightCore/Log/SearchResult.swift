/// What a search through a member's log found: their days on which every
/// word matched, newest first, each with what matched, for the front ends
/// to show with the words marked.
public struct SearchResult: Sendable {
    /// One day that matched.
    public struct Day: Sendable {
        public var day: LocalDay
        /// The day's note, whole (the front ends show the lines that match).
        public var note: String?
        /// The routine or program the day followed.
        public var routine: String?
        /// The day's live sets of the exercises a word matched, in the order done.
        public var records: [WorkoutRecord]

        public init(day: LocalDay, note: String?, routine: String?, records: [WorkoutRecord]) {
            self.day = day
            self.note = note
            self.routine = routine
            self.records = records
        }
    }

    public var member: User
    /// The folded words searched for (`SearchWords.terms`).
    public var terms: [String]
    /// The same words as they were typed (`ZOË` for `zoe`), for headings.
    public var typed: [String]
    /// Keys (`NameRules.key`) of the exercises a word found by a catalog alias.
    public var aliased: Set<String>
    public var days: [Day]
    /// Whether older days matched too, past the limit.
    public var more: Bool

    public init(member: User, terms: [String], typed: [String]? = nil, aliased: Set<String>, days: [Day], more: Bool) {
        self.member = member
        self.terms = terms
        self.typed = typed ?? terms
        self.aliased = aliased
        self.days = days
        self.more = more
    }
}
