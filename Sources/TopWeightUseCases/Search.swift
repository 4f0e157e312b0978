import Foundation
import TopWeightCatalog
import TopWeightCore

/// `search` and `:search`: a member's days whose notes, routine or program,
/// or exercises (by name or catalog alias) hold every word typed, in any
/// order, each word a prefix, accents folded; through the engine's own
/// full-text index (`LogSearch`), never a scan of the log: one call to it a search.
public struct Search: Sendable {
    let search: any LogSearch
    /// Coaches' notes, searched beside the index (a member has a handful).
    let coachNotes: any CoachNotes
    /// Each catalog alias's folded words and the key of its lift's name, made at the first search.
    private let aliases: Deferred<[(words: [String], key: String)]>
    private let made: Deferred<Calendar>
    public var calendar: Calendar { made.value }

    /// The catalog is read at the first search, not before (the logger's start needs none of it).
    public init(_ roles: LogbookRoles, catalog: @autoclosure @escaping @Sendable () -> ExerciseCatalog,
                zone timeZone: @escaping @Sendable () -> TimeZone) {
        search = roles.search
        coachNotes = roles.coachNotes
        aliases = Deferred {
            catalog().entries.flatMap { entry in
                entry.aliases.map { alias in
                    (SearchWords.words(in: alias).map { SearchWords.fold(String(alias[$0])) }, NameRules.key(entry.name))
                }
            }
        }
        made = Deferred {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = timeZone()
            return calendar
        }
    }

    /// The member's newest `limit` days (`nil`: all) that match every word of `text`.
    public func find(_ text: String, of member: User, limit: Int?, now: Date) throws(WorkoutsError) -> SearchResult {
        let typed = SearchWords.typed(in: text)
        let words = typed.map(SearchWords.fold)
        guard !words.isEmpty else {
            throw .invalid("say what to look for: a word of a note, an exercise, a routine or a program (e.g. squat)")
        }
        let terms = words.map { word in
            SearchTerm(word: word, aliasedKeys: Set(aliases.value.filter { $0.words.contains { $0.hasPrefix(word) } }.map(\.key)).sorted())
        }
        let zone = ZoneOffsets(calendar.timeZone, from: now.addingTimeInterval(-50 * 365.25 * 86_400), through: now.addingTimeInterval(2 * 86_400))
        let wanted = limit.map { $0 + 1 } ?? Int.max
        var days = try attempt { () throws(LogbookError) in try search.searchDays(userID: member.id, terms: terms, zone: zone, limit: wanted) }
        days = try withCoachNotes(days, of: member, words: words, limit: wanted)
        let more = days.count == wanted && limit != nil
        if more { days.removeLast() }
        return SearchResult(member: member, terms: words, typed: typed, aliased: Set(terms.flatMap(\.aliasedKeys)), days: days, more: more)
    }
}

extension Search {
    /// The newest `limit` days (`nil`: all) of any of `members` that match
    /// every word of `text`, as `find` finds each member's: one result a
    /// member with a day found, the member whose newest day is newest
    /// first (by name between equals), each with their days newest first;
    /// whether older days matched too.
    public func find(_ text: String, among members: [User], limit: Int?, now: Date)
        throws(WorkoutsError) -> (results: [SearchResult], more: Bool) {
        var found: [SearchResult] = []
        for member in members {
            let result = try find(text, of: member, limit: limit, now: now)
            if !result.days.isEmpty { found.append(result) }
        }
        // The newest `limit` days of all, kept in each member's result.
        var days = found.indices.flatMap { index in found[index].days.map { (index, $0.day) } }
        days.sort { ($0.1, NameRules.key(found[$1.0].member.name)) > ($1.1, NameRules.key(found[$0.0].member.name)) }
        var more = found.contains(where: \.more)
        if let limit, days.count > limit {
            more = true
            days = Array(days.prefix(limit))
        }
        var kept: [Int: Set<LocalDay>] = [:]
        for (index, day) in days { kept[index, default: []].insert(day) }
        var results: [SearchResult] = []
        for (index, _) in days where !results.contains(where: { $0.member.id == found[index].member.id }) {
            var result = found[index]
            result.days = result.days.filter { kept[index]?.contains($0.day) ?? false }
            result.more = false
            results.append(result)
        }
        return (results, more)
    }
}

extension Search {
    /// `days` (newest first) with the coaches' notes of each after its
    /// note, and the days whose coach notes hold every word (each a prefix
    /// of one of their words, folded as the index folds) added; newest
    /// first, at most `limit`.
    func withCoachNotes(_ days: [SearchResult.Day], of member: User, words: [String], limit: Int) throws(WorkoutsError) -> [SearchResult.Day] {
        let notes = try attempt { () throws(LogbookError) in try coachNotes.coachNotes(userID: member.id) }
        guard !notes.isEmpty else { return days }
        let lines = Dictionary(grouping: notes, by: \.day).mapValues { $0.map(\.markdownLine) }
        var found = days.map { day in
            var day = day
            if let more = lines[day.day] { day.note = ([day.note].compactMap { $0 } + more).joined(separator: "\n\n") }
            return day
        }
        let known = Set(days.map(\.day))
        for (day, texts) in lines where !known.contains(day) {
            let held = Set(texts.flatMap { text in SearchWords.words(in: text).map { SearchWords.fold(String(text[$0])) } })
            guard words.allSatisfy({ word in held.contains { $0.hasPrefix(word) } }) else { continue }
            found.append(SearchResult.Day(day: day, note: texts.joined(separator: "\n\n"), routine: nil, records: []))
        }
        return Array(found.sorted { $0.day > $1.day }.prefix(limit))
    }
}
