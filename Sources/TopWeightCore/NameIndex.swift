/// Names found by the start of any of their words, for Tab and for one-line
/// entries: `squ` finds Back Squat and Front Squat, `bench` finds Bench Press
/// and Incline Bench Press, `ana` finds Ana and Maria Ana.
///
/// Built once from every name (a few milliseconds for 20 000), then each
/// lookup is a binary search over the sorted word keys, so a Tab answers in
/// microseconds whatever the number of names.
public struct NameIndex: Sendable {
    /// Every name once, by its `NameRules.key`.
    public private(set) var names: [String] = []
    private var keys: [String] = []
    private var positionByKey: [String: Int] = [:]
    /// (the key of one word and everything after it, the name's position), sorted.
    private var words: [(suffix: String, position: Int)] = []
    /// Each name's place in key order, so matches sort by comparing integers.
    private var rank: [Int] = []
    /// Each name's priority, lower first (`Int.max` unless set): matches sort
    /// by it, then by key. What it means is the caller's (`ExerciseRanking`).
    private var priority: [Int] = []
    private var sorted = true

    public init(_ names: some Sequence<String> = []) {
        for name in names { insert(name) }
        sortIfNeeded()
    }

    public var count: Int { names.count }

    public func contains(_ name: String) -> Bool {
        positionByKey[NameRules.key(name)] != nil
    }

    /// Adds a name (a second spelling of a known key is ignored).
    public mutating func insert(_ name: String) {
        let key = NameRules.key(name)
        guard positionByKey[key] == nil else { return }
        let position = names.count
        names.append(name)
        keys.append(key)
        priority.append(.max)
        positionByKey[key] = position
        for start in Self.wordStarts(of: key) {
            words.append((String(key[start...]), position))
        }
        sorted = false
    }

    /// Sets the priority of a name already in the index (lower comes first).
    public mutating func setPriority(_ value: Int, of name: String) {
        guard let position = positionByKey[NameRules.key(name)] else { return }
        priority[position] = value
    }

    /// The stored spelling of the name with this key, if any.
    public func name(forKey key: String) -> String? {
        positionByKey[key].map { names[$0] }
    }

    /// True when a word of the key `key` starts with `typedKey` (both keys).
    public static func hasWord(startingWith typedKey: String, in key: String) -> Bool {
        guard !typedKey.isEmpty else { return true }
        return wordStarts(of: key).contains { key[$0...].hasPrefix(typedKey) }
    }

    /// Orders positions by priority, then by key.
    private func precedes(_ left: Int, _ right: Int) -> Bool {
        priority[left] != priority[right] ? priority[left] < priority[right] : rank[left] < rank[right]
    }

    private mutating func sortIfNeeded() {
        guard !sorted else { return }
        words.sort { $0.suffix < $1.suffix }
        rank = [Int](repeating: 0, count: keys.count)
        for (place, position) in keys.indices.sorted(by: { keys[$0] < keys[$1] }).enumerated() {
            rank[position] = place
        }
        sorted = true
    }

    /// Names with a word starting with `typed` (as many words as were typed:
    /// `bench pr` finds Bench Press and Incline Bench Press), by priority
    /// then in key order. Empty input gives every name.
    public mutating func matching(_ typed: String, limit: Int = 200) -> [String] {
        sortIfNeeded()
        let key = NameRules.collapsedKey(typed)
        if key.isEmpty {
            return keys.indices.sorted(by: precedes).prefix(limit).map { names[$0] }
        }
        var low = 0
        var high = words.count
        while low < high {
            let middle = (low + high) / 2
            if words[middle].suffix < key { low = middle + 1 } else { high = middle }
        }
        var found = Set<Int>()
        var index = low
        while index < words.count, words[index].suffix.hasPrefix(key) {
            found.insert(words[index].position)
            index += 1
        }
        return found.sorted(by: precedes).prefix(limit).map { names[$0] }
    }

    /// What a short form in a one-line entry stands for: the only name that
    /// starts with it, else the only one with a word that does.
    public mutating func resolve(_ typed: String) -> Resolution {
        let key = NameRules.key(typed)
        if let exact = positionByKey[key] { return .unique(names[exact]) }
        let candidates = matching(typed, limit: 50)
        let starting = candidates.filter { NameRules.key($0).hasPrefix(key) }
        if starting.count == 1 { return .unique(starting[0]) }
        if starting.isEmpty, candidates.count == 1 { return .unique(candidates[0]) }
        if candidates.isEmpty { return .none }
        return .ambiguous(starting.isEmpty ? candidates : starting)
    }

    public enum Resolution: Sendable, Equatable {
        case unique(String)
        case ambiguous([String])
        case none
    }

    /// Where each word of a key starts: after a space, a hyphen or a slash.
    static func wordStarts(of key: String) -> [String.Index] {
        var starts: [String.Index] = []
        var atStart = true
        for index in key.indices {
            let character = key[index]
            if character == " " || character == "-" || character == "/" || character == "(" {
                atStart = true
            } else if atStart {
                starts.append(index)
                atStart = false
            }
        }
        return starts
    }
}
