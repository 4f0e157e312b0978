import TopWeightCore

/// Members taking turns at one rack (`:group Ana Bo Cy`, `Ana+Bo` at the
/// user prompt): the turns of the members waiting, the next first, each
/// kept whole while another member lifts (their undo list, their numbers,
/// their plan, their rest), so the turn that comes back to a member is the
/// one they left. Held in the turn of the member at the keys; empty when
/// one member trains alone. It ends with the turn (`Flow.reset`): `:user`,
/// the idle timeout.
struct Group {
    /// The other members' turns, in the order the turn passes to them.
    var waiting: [Turn] = []
    /// `:group`'s names still to look up: each member found starts their turn
    /// the way a member alone does (`Flow.select`), then waits in `waiting`.
    var toFind: [String] = []
    /// Whether `:group` is looking its names up.
    var finding = false
    /// The members this `:group` found, in the order named: they follow
    /// the members already in the group.
    var joined: [Int64] = []
    /// The member at the keys when `:group` was typed: still theirs after it.
    var back: Int64?

    /// The most members one rack's group takes: more wait too long between sets.
    static let most = 8

    /// Whether more than one member takes turns.
    var isActive: Bool { !waiting.isEmpty }

    /// Whether `member` is one of the members waiting.
    func isWaiting(_ member: User) -> Bool {
        waiting.contains { $0.user?.id == member.id }
    }

    /// The names `:group` (or the user prompt) was given: joined by `+` or
    /// commas when there are any (`Ana+Bo`, `+Dee`, `Ana Maria, Bo`), else
    /// one name a word (`Ana Bo Cy`); the same name once.
    static func names(in text: String) -> [String] {
        let separators: Set<Character> = ["+", ","]
        let parts = text.contains(where: separators.contains)
            ? text.split(whereSeparator: separators.contains)
            : text.split(whereSeparator: \.isWhitespace)
        var seen: Set<String> = []
        return parts.map { $0.trimmingWhitespace() }.filter { !$0.isEmpty && seen.insert(NameRules.key($0)).inserted }
    }
}
