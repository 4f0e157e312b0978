/// The one order in which exercise names answer a typed short form, shared by
/// Tab, the one-line entry and the exercise prompt, so that `squat⇥` and
/// `squat 100x5x5` always land on the same lift:
///
/// 1. the name typed whole (`Front Squat`, `deadlift`);
/// 2. the member's own exercises with a word starting with it, in the order
///    given (the most used of their recent sets first): a member who logs
///    Front Squat means Front Squat by `squat`;
/// 3. the lift an alias typed whole names (`squat` Back Squat, `ohp`
///    Overhead Press, `rdl` Romanian Deadlift);
/// 4. the gym's exercises (stored in this database by anyone) with such a
///    word, the catalog's more popular first;
/// 5. the catalog's other lifts with such a word, by popularity (`rank`);
///
/// ties in key order. An alias is what a word means to somebody with no
/// history of their own; a member's own history of the word comes first.
public struct ExerciseRanking: Sendable {
    /// What the ranking needs of a catalog entry.
    public struct CatalogName: Sendable, Hashable {
        public var name: String
        /// 1 the most logged lift; `nil` after every ranked one.
        public var rank: Int?
        public var aliases: [String]

        public init(name: String, rank: Int?, aliases: [String] = []) {
            self.name = name
            self.rank = rank
            self.aliases = aliases
        }
    }

    private var index: NameIndex
    /// The key of a catalog alias → the catalog name it stands for.
    private var aliasTargets: [String: String] = [:]
    /// The key of a catalog name → its rank.
    private var catalogRanks: [String: Int] = [:]
    /// The keys of the names stored in this database.
    private var storedKeys: Set<String> = []

    /// Priorities in the index: a stored name before a catalog-only one,
    /// each tier by rank (an unranked name after the ranked ones).
    private static let unranked = 100_000
    private static let catalogTier = 1_000_000

    public init(catalog: [CatalogName], stored: some Sequence<String> = [String]()) {
        index = NameIndex(catalog.map(\.name))
        for entry in catalog {
            let key = NameRules.key(entry.name)
            if let rank = entry.rank { catalogRanks[key] = rank }
            index.setPriority(Self.catalogTier + (entry.rank ?? Self.unranked), of: entry.name)
            for alias in entry.aliases {
                let aliasKey = Self.typedKey(alias)
                if aliasTargets[aliasKey] == nil { aliasTargets[aliasKey] = entry.name }
            }
        }
        for name in stored { addStored(name) }
    }

    /// Every name the ranking knows (stored and catalog), once each.
    public var count: Int { index.count }

    /// A name stored in this database (by any member): it joins the gym's tier.
    public mutating func addStored(_ name: String) {
        storedKeys.insert(NameRules.key(name))
        index.insert(name)
        index.setPriority(catalogRanks[NameRules.key(name)] ?? Self.unranked, of: name)
    }

    /// Candidates for `typed`, best first, at most `limit`; `own` is the
    /// member's exercises, most used recently first.
    public mutating func ranked(_ typed: String, own: [String] = [], limit: Int = 200) -> [String] {
        let key = Self.typedKey(typed)
        var chosen: [String] = []
        var chosenKeys: Set<String> = []
        func take(_ name: String) {
            if chosenKeys.insert(NameRules.key(name)).inserted { chosen.append(name) }
        }
        if !key.isEmpty, let exact = index.name(forKey: key) { take(exact) }
        for name in own where NameIndex.hasWord(startingWith: key, in: NameRules.key(name)) { take(name) }
        if let target = aliasTargets[key] { take(index.name(forKey: NameRules.key(target)) ?? target) }
        let (wanted, overflow) = limit.addingReportingOverflow(chosen.count)
        for name in index.matching(typed, limit: overflow ? .max : wanted) { take(name) }
        return Array(chosen.prefix(limit))
    }

    /// The best stored name for `typed`, in the same order: what a command
    /// that reads what was logged (`prs`, `chart`, `history`) means by it.
    public mutating func bestStored(_ typed: String, own: [String] = []) -> String? {
        ranked(typed, own: own, limit: .max).first { storedKeys.contains(NameRules.key($0)) }
    }

    /// The name `typed` stands for, or `nil` when it matches nothing known.
    public mutating func best(_ typed: String, own: [String] = []) -> String? {
        ranked(typed, own: own, limit: 1).first
    }

    /// A typed name's key, its inner spaces collapsed.
    static func typedKey(_ typed: String) -> String {
        NameRules.collapsedKey(typed)
    }
}
