import TopWeightCore

// MARK: - A member's turn begins and ends

extension Flow {
    /// Starts `member`'s turn; another member's ends first, with everything in
    /// it. In a kiosk, what was typed at the empty user prompt (by whoever it
    /// was) is forgotten too. A member arriving is told what today is on
    /// their program (`Query.headline`).
    static func select(_ member: User, in turn: inout Turn, _ context: Context) -> [Effect] {
        if let grouped = grouped(member, in: &turn, context) { return grouped }
        let arriving = turn.user?.id != member.id
        var effects: [Effect] = []
        if let current = turn.user, current.id != member.id {
            effects = reset(&turn, context)
        } else if turn.user == nil, context.kiosk {
            effects = [.forget]
        }
        turn.user = member
        turn.step = .exercise
        return effects + (arriving ? [.fetch(.headline(member))] : [])
    }

    /// Ctrl-D, `<` at the exercise prompt or `:user`: the member is done; the
    /// next one starts at the user prompt.
    /// In a group, Ctrl-D and `<` end only the turn of the member at the
    /// keys (`leave`); `:user` alone (`everyone`) ends the group's.
    static func endTurn(in turn: inout Turn, everyone: Bool = false, _ context: Context) -> [Effect] {
        if turn.group.isActive, !everyone { return leave(in: &turn, context) }
        let names = ([turn.user] + turn.group.waiting.map(\.user)).compactMap { $0?.name }
        let bye: [Effect] = names.isEmpty ? [] : [.warn("Bye, \(names.dropLast().joined(separator: ", "))\(names.count > 1 ? " and " : "")\(names.last ?? "").")]
        return bye + reset(&turn, context)
    }

    /// The one way a turn ends, whatever ended it (Ctrl-D, `:user`, another
    /// member, the idle timeout at any prompt or question): the entry, the
    /// member, their `:unit`, their undo list, the line editor's history and
    /// kill buffer all go, and a kiosk clears its screen.
    static func reset(_ turn: inout Turn, _ context: Context) -> [Effect] {
        turn = Turn(unit: context.unit)
        return context.kiosk ? [.forget, .clearScreen] : [.forget]
    }
}
