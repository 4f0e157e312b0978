import TopWeightCore
import TopWeightText

// MARK: - Changing a saved set (`:edit [#ID]`)

extension Flow {
    /// The set to change, found: exercise, weight, reps and series asked
    /// again, then changed in place (same id, `editedAt` stamped). In a kiosk
    /// a member edits only the sets saved in their turn (`Turn.mayChange`);
    /// another's, or one from before the turn, needs the admin PIN.
    static func editing(_ target: WorkoutRecord, in turn: inout Turn, _ context: Context) -> [Effect] {
        // Outside a kiosk too, `:edit` acts on the member at the keys only (in a group, on each member's own).
        if !context.kiosk, let user = turn.user, !turn.isOwn(target) {
            return [.warn("#\(target.id) is \(target.user)'s set: :edit changes only the sets of the member at the keys (\(user.name)).")]
        }
        // Where members see only their own, another's set is not even said to be kept here.
        if context.guarded, !turn.mayChange(target, kiosk: true) { return [.checkAdminPinSet(.edit(target))] }
        if target.isKept {
            // Its number is the terminal's until the server has it: said before any prompt.
            return [.warn("\(target.number) was kept on this terminal while the server was away: :undo it and save it again, or edit it by its number in :history once the server has it.")]
        }
        if !turn.mayChange(target, kiosk: context.kiosk) {
            return [.checkAdminPinSet(.edit(target))]
        }
        return open(.edit(SetEdit(target)), in: &turn, context)
    }

    /// The set `:edit #ID` names, or the newest of the member at hand: opened, or why there is none.
    static func editFound(_ found: WorkoutRecord?, id: Int64?, member: User?, in turn: inout Turn, _ context: Context) -> [Effect] {
        if let id {
            guard let found, found.deletedAt == nil else {
                // Where members see only their own, a number no set has is answered as another member's
                // set is: the numbers in use can't be told from those that aren't.
                if context.guarded { return [.checkAdminPinSet(.editMissing(id))] }
                return [.warn("No set #\(id)\(found?.deletedAt != nil ? " (it was deleted)" : ""); :history shows the numbers.")]
            }
            return editing(found, in: &turn, context)
        }
        guard let member else { return [.warn("Type your name first, or say which set: :edit #42")] }
        guard let found else { return [.warn("\(member.name) has no sets to edit yet.")] }
        return editing(found, in: &turn, context)
    }

    /// Whether the admin PIN can be asked: without one there is no admin to
    /// ask (a prompt would let any answer through), and a kiosk stays open.
    static func adminPinSet(_ isSet: Bool, for use: PinUse, in turn: inout Turn, _ context: Context) -> [Effect] {
        switch use {
        case .quit:
            // The admin's command is the admin's business: members are not shown it.
            guard isSet else { return [.warn("This is a shared terminal: it stays open. Ctrl-D ends your turn.")] }
            turn.question = .adminPin
            return []
        case .edit(let target):
            // The member's own set from before the turn, or another member's.
            // Where members see only their own, not even whose it is, nor whether it is one.
            let other = context.guarded ? Door.notYours(target.id) : "#\(target.id) is \(target.user)'s set"
            let whose = turn.isOwn(target) ? "#\(target.id) was saved before this turn" : other
            guard isSet else {
                let own = turn.isOwn(target) ? "only the sets saved since you typed your name" : "only your own"
                return [.warn("\(whose); at a shared terminal you can change \(own).")]
            }
            return open(.pin(AdminPin(use: use, asking: whose + ".")), in: &turn, context)
        case .editMissing(let id):
            guard isSet else { return [.warn("\(Door.notYours(id)); at a shared terminal you can change only your own.")] }
            return open(.pin(AdminPin(use: use, asking: Door.notYours(id) + ".")), in: &turn, context)
        case .publish(let member):
            guard isSet else { return [.warn("\(member.name) stays private: at a shared terminal only the admin puts a private member back on the board.")] }
            return open(.pin(AdminPin(use: use, asking: "Putting \(member.name) back on the board takes the admin.")), in: &turn, context)
        }
    }

    /// What stays as it was when the PIN is not given.
    static func unchanged(_ use: PinUse) -> String {
        switch use {
        case .quit: "This terminal stays open; Ctrl-D ends your turn."
        case .edit(let target): "#\(target.id) is as it was."
        case .editMissing(let id): "#\(id) is as it was."
        case .publish(let member): "\(member.name) stays private."
        }
    }

    /// The admin PIN checked: the terminal closes, or the set opens for its
    /// change; refused, what stays as it was is said after why.
    static func admitted(_ use: PinUse, refusal: String?, in turn: inout Turn, _ context: Context) -> [Effect] {
        if let reason = refusal { return [.warn(Flow.refusal(reason, otherwise: unchanged(use)))] }
        switch use {
        case .quit: return [.end(.quit)]
        case .edit(let target): return open(.edit(SetEdit(target)), in: &turn, context)
        case .editMissing(let id): return [.warn("No set #\(id); :history shows the numbers.")]
        case .publish(let member): return [.fetch(.privacy(member, false))]
        }
    }

    /// A refused PIN, said to a member: the command line's "wrong admin PIN;
    /// …" as "Wrong PIN. …", then what stays as it was.
    static func refusal(_ reason: String, otherwise: String) -> String {
        func sentence(_ text: some StringProtocol) -> String { text.prefix(1).uppercased() + text.dropFirst() + "." }
        var told = sentence(reason)
        if reason.hasPrefix("wrong admin PIN") {
            let wait = reason.dropFirst("wrong admin PIN".count).drop { $0 == ";" || $0 == " " }
            told = "Wrong PIN." + (wait.isEmpty ? "" : " " + sentence(wait))
        }
        return told + " " + otherwise
    }

    /// The set changed: said; the turn's copy and the numbers it knew are
    /// replaced, and the entry's defaults read again.
    static func edited(_ before: WorkoutRecord, _ after: WorkoutRecord, in turn: inout Turn) -> [Effect] {
        turn.knownValues = [:]
        if let index = turn.saved.firstIndex(where: { $0.id == after.id }) { turn.saved[index] = after }
        let reload = turn.exercise != nil && turn.plan == nil ? defaults(then: nil, in: &turn) : []
        return [.say(Lines.edited(before, after))] + reload
    }
}
