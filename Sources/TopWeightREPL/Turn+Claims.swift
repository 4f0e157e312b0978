import TopWeightCore

// MARK: - What a name typed at a kiosk may change

/// At a kiosk a member gives a name, and anyone can type one: a turn there
/// changes only what it made itself, and what reaches further back (a set
/// saved before the turn, the admin's decision to keep a member off the
/// board) needs the admin PIN, until the member is `identified`.
extension Turn {
    /// Whether the turn may change `record` (`:edit`) without the admin:
    /// anywhere but a kiosk, any set; at a kiosk, a set this turn saved, as
    /// for `:undo`, and a member who identified their own older ones.
    func mayChange(_ record: WorkoutRecord, kiosk: Bool) -> Bool {
        !kiosk || saved.contains(where: record.isSame) || (identified && isOwn(record))
    }

    /// Whether the turn may put a private member back on the gym's board
    /// (`:private off`) without the admin; keeping off it is always allowed.
    /// A coach logging for a member does not decide it for them.
    func mayPublish(kiosk: Bool) -> Bool {
        !kiosk || (identified && coach == nil)
    }

    /// Whether `record` is the set of the member whose turn it is.
    func isOwn(_ record: WorkoutRecord) -> Bool {
        user.map { NameRules.key($0.name) == NameRules.key(record.user) } ?? false
    }
}

// MARK: - Whose training a member may see

extension Turn {
    /// Whether the turn may see `member`'s sets (`nil`: everybody's): all of
    /// them but where members see only their own (`Context.guarded`); there,
    /// the member's own, and a coach's who identified, anybody's.
    func mayView(_ member: User?, _ context: Flow.Context) -> Bool {
        guard context.guarded, !(identified && isCoach) else { return true }
        guard let member, let user else { return false }
        return member.id == user.id
    }
}
