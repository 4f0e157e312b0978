import TopWeightCore

// MARK: - A member's turn begins and ends

extension Flow {
    /// Starts `member`'s turn; another member's ends first, with everything in
    /// it. In a kiosk, what was typed at the empty user prompt (by whoever it
    /// was) is forgotten too. A member arriving is told what today is on
    /// their program (`Query.headline`).
    static func select(_ member: User, in turn: inout Turn, _ context: Context) -> [Effect] {
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
    static func endTurn(in turn: inout Turn, _ context: Context) -> [Effect] {
        let bye: [Effect] = turn.user.map { [.warn("Bye, \($0.name).")] } ?? []
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
