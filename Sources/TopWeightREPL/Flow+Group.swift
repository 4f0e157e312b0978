import TopWeightCore

// MARK: - A group at one rack: turns that pass from member to member

extension Flow {
    /// `:group Ana Bo Cy`, `:group +Dee`, `Ana+Bo` at the user prompt: the
    /// names looked up one after another (`Query.member`), each member found
    /// starting their turn as a member alone does (`select`), then waiting
    /// theirs; the member at the keys keeps the turn. `:group` alone says who
    /// is in it.
    static func group(_ argument: String, in turn: inout Turn, _ context: Context) -> [Effect] {
        guard !argument.isEmpty else { return [.say(groupLine(turn))] }
        // Where members prove who they are, a member joining by a typed name
        // would skip the proof: each starts their own turn there, for now.
        guard !context.guarded else { return [.warn(Door.groupsNeedNames)] }
        let names = Group.names(in: argument)
        for name in names {
            if case .failure(let error) = NameRules.validate(name, kind: .user) { return [.warn(error.description)] }
        }
        guard !names.isEmpty else {
            return [.warn(InputError("name the members who share the rack", example: ":group Ana Bo Cy").description)]
        }
        // The member at the keys naming only themselves: said, as for any member named again.
        if let user = turn.user, names.allSatisfy({ NameRules.key($0) == NameRules.key(user.name) }) {
            guard turn.group.isActive else {
                return [.warn(InputError("\(user.name) has the keys already: name who shares the rack with you", example: ":group +Bo").description)]
            }
            return [.say("\(user.name) is in the group already.")]
        }
        // Names already in the group count once; a rack is shared by a few.
        let there = ([turn.user] + turn.group.waiting.map(\.user)).compactMap { $0.map { NameRules.key($0.name) } }
        let count = Set(there + names.map { NameRules.key($0) }).count
        guard count <= Group.most else {
            return [.warn(InputError("a group at one rack is at most \(Group.most) members (this would be \(count))", example: ":group Ana Bo Cy").description)]
        }
        turn.group.toFind = names
        turn.group.finding = true
        turn.group.joined = []
        turn.group.back = turn.user?.id
        return findNext(in: &turn, context)
    }

    /// Who takes turns, the member at the keys first.
    static func groupLine(_ turn: Turn) -> String {
        guard turn.group.isActive, let user = turn.user else {
            return "No group: :group Ana Bo Cy (or Ana+Bo at the user prompt) shares the rack, turn by turn."
        }
        let names = [user.name + " (now)"] + turn.group.waiting.compactMap { $0.user?.name }
        return "Group: \(names.joined(separator: ", ")); the turn passes on after each save (:leave, :group +NAME)."
    }

    /// A member found while `:group` looks its names up (`join`), or one
    /// waiting their turn (`:user Bo`): not a member alone's start.
    static func grouped(_ member: User, in turn: inout Turn, _ context: Context) -> [Effect]? {
        if turn.group.finding { return join(member, in: &turn, context) }
        if turn.group.isWaiting(member) { return passTurn(to: member, in: &turn, context) }
        return nil
    }

    /// A member found while `:group` looks its names up: at an empty user
    /// prompt they take the keys, else their turn starts apart (the same
    /// `select` as a member alone) and waits; then the next name.
    static func join(_ member: User, in turn: inout Turn, _ context: Context) -> [Effect] {
        var effects: [Effect] = []
        if turn.user == nil {
            // Taking the keys as a member alone does; the group comes back after.
            let group = turn.group
            turn.group = Group()
            effects = select(member, in: &turn, context)
            turn.group = group
            turn.group.joined.append(member.id)
        } else if turn.user?.id == member.id || turn.group.isWaiting(member) {
            if turn.user?.id != member.id || turn.group.back != member.id {
                effects = [.say("\(member.name) is in the group already.")]
            }
        } else {
            var theirs = Turn(unit: context.unit)
            effects = select(member, in: &theirs, context)
            turn.group.waiting.append(theirs)
            turn.group.joined.append(member.id)
        }
        return effects + findNext(in: &turn, context)
    }

    /// The next of `:group`'s names looked up, or, all found, the order the
    /// turn goes round in: the members already there as they were, the
    /// member at the keys first, then the new ones as named.
    static func findNext(in turn: inout Turn, _ context: Context) -> [Effect] {
        if !turn.group.toFind.isEmpty {
            let name = turn.group.toFind.removeFirst()
            return [.fetch(.member(named: name))]
        }
        var group = turn.group
        turn.group = Group()
        let joined = group.joined
        var all = [turn] + group.waiting
        let first = all.firstIndex { $0.user?.id == group.back } ?? 0
        all = Array(all[first...] + all[..<first])
        let staying = all.filter { $0.user.map { !joined.contains($0.id) } ?? false }
        let arriving = joined.compactMap { id in all.first { $0.user?.id == id } }
        let order = staying + arriving
        guard let head = order.first else { return [] }
        group = Group(waiting: Array(order.dropFirst()))
        group.finding = false
        turn = head
        turn.group = group
        guard group.isActive else {
            return [.warn(InputError("a group takes two members or more", example: ":group Ana Bo").description)]
        }
        return [.say(groupLine(turn))]
    }

    /// `:group`'s looking up stopped by a line typed (a name it could not
    /// take): the group is made of the members found.
    static func groupFound(in turn: inout Turn, _ context: Context) -> [Effect] {
        turn.group.toFind = []
        return findNext(in: &turn, context)
    }

    /// After a save, and when a member leaves: the turn passes to the next
    /// member waiting, the one who lifted waits theirs at the end; the next
    /// member's own entry is offered (their program's next set on `:go`).
    static func passTurn(in turn: inout Turn, leaving: Bool = false, _ context: Context) -> [Effect] {
        guard turn.group.isActive else { return [] }
        var group = turn.group
        turn.group = Group()
        var next = group.waiting.removeFirst()
        turn.question = nil
        turn.mode = .entry
        if !leaving { group.waiting.append(turn) }
        next.group = group
        // A rest over while the others lifted is no news at their turn: no bell for it.
        if let rest = next.rest, rest.left(at: context.now) == 0 { next.rest = nil }
        turn = next
        // Their walk takes up where they left it: the plan's exercise found again.
        return turn.plan != nil ? walk(in: &turn, context) : []
    }

    /// `:leave`, or Ctrl-D in a group: the member at the keys is done, the
    /// others go on; the last one left trains alone.
    static func leave(in turn: inout Turn, _ context: Context) -> [Effect] {
        guard turn.group.isActive, let member = turn.user else {
            return [.warn("You are in no group: :group Ana Bo Cy starts one; Ctrl-D ends your turn.")]
        }
        let bye: Effect = .warn("Bye, \(member.name).")
        let rest = passTurn(in: &turn, leaving: true, context)
        let alone: [Effect] = turn.group.isActive ? [] : [.say("\(turn.user?.name ?? "") goes on alone.")]
        return [bye, .forget] + alone + rest
    }

    /// `:user NAME` of a member waiting: the turn goes round to them.
    static func passTurn(to member: User, in turn: inout Turn, _ context: Context) -> [Effect] {
        var effects: [Effect] = []
        while turn.user?.id != member.id, turn.group.isWaiting(member) {
            effects = passTurn(in: &turn, context)
        }
        return effects
    }
}

extension Flow.Event {
    /// Whether the event is something read (a line, a key), not a request's answer.
    var isInput: Bool {
        if case .input = self { true } else { false }
    }
}
