import TopWeightCore

// MARK: - What a coach sees of a private member

/// Where members identify by PIN or card, a coach who identified sees any
/// member's training and logs for them (`:user NAME`); a member who keeps
/// their sets private is kept from coaches too, unless the gym lets coaches
/// see them (`Context.coachesSeePrivate`, `admin coaches-see-private`).
/// A coach can't log for a private member without seeing their training:
/// the prompts themselves offer the member's last exercise and numbers, so
/// `:user NAME` of a private member is refused whole, and the member starts
/// their own turn with their card or PIN.
extension Flow {
    /// A coach who identified names a member (`:user NAME`): they log for
    /// that member from now on, unless the member is private and the gym
    /// keeps private members from coaches (`isPrivate` is `nil` until read).
    /// Refused, the coach's turn goes on as it was.
    static func coach(takes member: User, isPrivate: Bool?, in turn: inout Turn, _ context: Context) -> [Effect] {
        guard turn.identified, turn.isCoach, let coach = turn.coach ?? turn.user else { return [] }
        if coach.id != member.id, !context.coachesSeePrivate {
            guard let isPrivate else { return [.fetch(.coaching(member))] }
            if isPrivate { return [.warn(Door.keptFromCoaches(member))] }
        }
        let effects = select(member, in: &turn, context)
        (turn.identified, turn.isCoach, turn.coach) = (true, true, coach.id == member.id ? nil : coach)
        return effects
    }
}

extension Turn {
    /// Whether the turn sees private members' sets too: a coach who
    /// identified, where members see only their own and the gym lets
    /// coaches see private members.
    func seesPrivate(_ context: Flow.Context) -> Bool {
        context.guarded && identified && isCoach && context.coachesSeePrivate
    }
}

extension Flow.Door {
    /// `:edit #ID` of a set not the member's, or of a number no set has, where members see only their own: one answer.
    static func notYours(_ id: Int64) -> String {
        "#\(id) is not one of your sets"
    }


    /// A coach's `:user NAME` of a private member, where the gym keeps them from coaches.
    static func keptFromCoaches(_ member: User) -> String {
        "\(member.name) keeps their sets private, from coaches too: \(member.name) starts their own turn with their card or PIN."
    }
}
