import Foundation

/// The words of a search through a member's log, and where they are found
/// in text: the same rule the engines' full-text indexes apply (SQLite's
/// `unicode61 remove_diacritics 2`, PostgreSQL's `unaccent`), so the front
/// ends mark what the index matched. A word is a run of letters and digits;
/// words compare folded (lower case, accents off: `Zoë` is `zoe`); a typed
/// word matches every word it begins (`squ` finds `Squat`).
public enum SearchWords {
    /// The folded words of a typed search, each once, in the order typed.
    public static func terms(in text: String) -> [String] {
        typed(in: text).map(fold)
    }

    /// The words of `text` as typed, one for each of `terms(in:)`.
    public static func typed(in text: String) -> [String] {
        var seen = Set<String>()
        return words(in: text).map { String(text[$0]) }.filter { seen.insert(fold($0)).inserted }
    }

    /// `word` lower-cased with its accents off.
    public static func fold(_ word: String) -> String {
        word.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    }

    /// Where the words of `text` are.
    public static func words(in text: String) -> [Range<String.Index>] {
        var ranges: [Range<String.Index>] = []
        var start: String.Index?
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character.isLetter || character.isNumber {
                if start == nil { start = index }
            } else if let first = start {
                ranges.append(first..<index)
                start = nil
            }
            index = text.index(after: index)
        }
        if let first = start { ranges.append(first..<text.endIndex) }
        return ranges
    }

    /// The words of `text` that one of `terms` (folded) begins, in order.
    public static func matches(in text: String, terms: [String]) -> [Range<String.Index>] {
        guard !terms.isEmpty else { return [] }
        return words(in: text).filter { range in
            let folded = fold(String(text[range]))
            return terms.contains { folded.hasPrefix($0) }
        }
    }

    /// Whether one of the words of `text` begins with `term` (folded).
    public static func contains(_ term: String, in text: String) -> Bool {
        !matches(in: text, terms: [term]).isEmpty
    }
}

/// One word of a search as the engines take it: the folded word (a prefix of
/// the words it finds) and the names of the exercises whose catalog aliases
/// it begins (`ohp` → Overhead Press), by `NameRules.key`: the catalog is
/// compiled into the program, not kept in the database.
public struct SearchTerm: Sendable, Hashable {
    public var word: String
    public var aliasedKeys: [String]

    public init(word: String, aliasedKeys: [String] = []) {
        self.word = word
        self.aliasedKeys = aliasedKeys
    }
}
