import TopWeightCore

// MARK: - Who is at the rack: a name, a card, a PIN

/// Where a member's turn starts: every way in (a name typed at the user
/// prompt or after `:user`, a card scanned, a PIN given or chosen) comes
/// through `arrive`, which starts the turn or asks for what the gym's
/// policy still wants (`Context.identity`).
extension Flow {
    /// A line at the user prompt (or after `:user`): a card's number, as a
    /// reader types it (digits and Enter), under every policy; else a name.
    /// A card's number was taken off the screen already (`answer`).
    static func who(_ text: String, _ context: Context) -> [Effect] {
        guard CardNumber.isWritten(text) else { return member(named: text) }
        // Fewer digits than any card's are no card, and no name either.
        guard text.unicodeScalars.count >= CardNumber.scanned else { return [.warn(Door.fewDigits(text))] }
        // An older card, shorter than the gym asks now: refused unread (nothing to guess, nothing counted).
        guard context.cards.looksLikeCard(text) else { return [.warn(Door.shortCard(context.cards.minDigits))] }
        return [.fetch(.card(text))]
    }

    /// A line read at any prompt of the entry that holds a card's number:
    /// taken off the screen (a reader's digits echo as it types them) in
    /// place, from the prompt it was typed at, so neither the next member
    /// nor the terminal's scrollback holds it. At the user prompt a scan
    /// shorter than the gym asks (an older card) goes too.
    static func hidingCard(_ raw: String, at step: Step, _ context: Context) -> [Effect] {
        let text = raw.trimmingWhitespace()
        let scan = step == .user && CardNumber.isWritten(text) && text.unicodeScalars.count >= CardNumber.scanned
        return context.interactive && (scan || context.cards.holdsCard(raw)) ? [.eraseTyped(raw)] : []
    }

    /// The screen rows a line takes, its prompt's width and what was
    /// typed after it at `columns`, Enter included (a line that fills the
    /// last column puts the cursor on the next row, as the line editor does).
    static func rows(prompt: String, typed: String, columns: Int) -> Int {
        // The prompt as the line editor prints it (made terminal-safe), what was typed as echoed.
        (TerminalText.width(TerminalText.safe(prompt)) + TerminalText.width(typed)) / max(columns, 1) + 1
    }

    /// `member` showed who they are `by` a name, card or PIN, with what they
    /// have to prove it (`nil`: not read yet). A card or a PIN starts their
    /// turn, identified; a name does where the gym takes names, and where it
    /// doesn't, the member's PIN (or enrolment code) is asked. The one rule
    /// (docs/KIOSK.md): a turn starts as a member only with something that
    /// member was given or chose, never by being the first to type a name,
    /// so a PIN is chosen here only by a member created in this very turn
    /// (under `pin`) or with the desk's code; anyone else without a PIN is
    /// sent to the desk. A coach who identified and names a member
    /// (`:user NAME`) logs for them.
    static func arrive(_ member: User, by proof: Proof, _ access: MemberAccess?, in turn: inout Turn, _ context: Context) -> [Effect] {
        // Cards handed out in sequence are guessed: the gym asks the member's PIN after theirs.
        if proof == .card, context.cards.withPin {
            guard access?.hasPin == true else { return [.warn(Door.cardWithoutPin)] }
            return open(.identify(MemberPin(member: member, stage: .asking)), in: &turn, context)
        }
        if proof == .name, context.guarded, context.identity == .card, context.cards.withPin, !(turn.identified && turn.isCoach) {
            return [.warn(Door.scanThenPin)]
        }
        if proof == .name || proof == .created, context.guarded {
            if turn.identified, turn.isCoach { return coach(takes: member, isPrivate: nil, in: &turn, context) }
            guard let access else { return [.fetch(.access(member))] }
            if access.hasPin || access.hasCode {
                let asking = MemberPin(member: member, stage: .asking, codeWaiting: access.hasCode, hasPin: access.hasPin)
                return open(.identify(asking), in: &turn, context)
            }
            guard proof == .created, context.identity == .pin else { return [.warn(Door.enrolAtDesk(member, access, context))] }
            return [.say("\(member.name) has no PIN yet: choose one, to type after your name from now on.")]
                + open(.identify(MemberPin(member: member, stage: .choosing)), in: &turn, context)
        }
        let effects = select(member, in: &turn, context)
        if proof == .card || proof == .pin {
            turn.identified = true
            turn.isCoach = access?.isCoach ?? false
        }
        return effects
    }

    /// A name nobody has, typed at the user prompt: the question, but where
    /// members scan cards, a new member comes with their card from the desk.
    static func newMember(_ name: String, similar: [String], in turn: inout Turn, _ context: Context) -> [Effect] {
        if context.guarded, context.identity == .card { return [.warn(Door.scanInstead)] }
        // Asked next; the names like it first, as it may be one of them.
        turn.question = .newMember(name)
        return similar.isEmpty ? [] : [.warn("Not a known member. Similar: \(similar.joined(separator: ", "))")]
    }

    /// What the PIN's action comes to.
    static func follow(_ action: MemberPin.Action, of pin: MemberPin, in turn: inout Turn, _ context: Context) -> [Effect] {
        turn.mode = .identify(pin)
        switch action {
        case .wait: return []
        case .again(let why): return [.warn(why)]
        case .check(let member, let typed):
            turn.mode = .entry
            return [.fetch(.memberPin(member, typed))]
        case .set(let member, let typed, let code):
            turn.mode = .entry
            return [.fetch(.newMemberPin(member, typed, code: code))]
        case .refuse(let why):
            turn.mode = .entry
            return refused(why, in: &turn, context) + unmade(pin)
        }
    }

    /// A PIN given up while being chosen by a member created in this turn
    /// (no enrolment code): their row is taken back, so nobody keeps a name
    /// for themselves by typing it and walking away from the PIN.
    static func unmade(_ pin: MemberPin) -> [Effect] {
        guard pin.code == nil, pin.stage != .asking else { return [] }
        return [.fetch(.unmade(pin.member))]
    }

    /// Nothing started, and why. A turn that was on when another name was
    /// given (`:user Cy` in Ana's) ends too: whoever is at the keys said
    /// they are someone else, so Ana's sets don't stay on screen for them.
    static func refused(_ why: String, in turn: inout Turn, _ context: Context) -> [Effect] {
        guard let current = turn.user else { return [.warn(why + " " + Door.startAgain)] }
        return reset(&turn, context) + [.warn("\(why) \(current.name)'s turn has ended. \(Door.startAgain)")]
    }

    /// The gym's rules read again before a command (`Session.readRules`), with
    /// what the member who identified (or the coach logging) still has
    /// (`nil`: not read, nobody identified): a turn they no longer allow ends.
    /// A turn started by a name alone ends once the gym asks for more (the
    /// one rule: the name proved nothing, and whoever typed it is not
    /// let on as that member); so does a coach's who no longer coaches, and
    /// a member's whose PIN and card were both taken away.
    static func lapsed(_ turn: inout Turn, access: MemberAccess?, _ context: Context) -> [Effect] {
        guard context.guarded, turn.user != nil else { return [] }
        guard turn.identified else { return refused(Door.nowIdentify, in: &turn, context) }
        guard let access, let holder = turn.coach ?? turn.user else { return [] }
        if turn.isCoach, !access.isCoach { return refused("\(holder.name) no longer coaches here.", in: &turn, context) }
        if !access.identifies(under: context.identity) {
            return refused("\(holder.name) no longer has a PIN or card here.", in: &turn, context)
        }
        return []
    }

    /// The member's enrolment code was right: they choose their PIN, which spends it.
    static func enrolling(_ member: User, code: String, in turn: inout Turn, _ context: Context) -> [Effect] {
        [.say("Enrolment code accepted: choose a PIN, to type after your name from now on.")]
            + open(.identify(MemberPin(member: member, stage: .choosing, code: code)), in: &turn, context)
    }

    /// Whether Tab at the prompts offers members' names: not where members
    /// scan cards (a name typed there starts nothing).
    static func offersMemberNames(_ context: Context) -> Bool {
        !(context.guarded && context.identity == .card)
    }

    /// Why `:history` of another member (or of everybody) is refused where
    /// members see only their own; `nil` when it may be shown.
    static func historyRefusal(_ name: String, in turn: Turn, _ context: Context) -> String? {
        guard context.guarded, !(turn.identified && turn.isCoach) else { return nil }
        guard let user = turn.user else { return Door.identifyFirst }
        if name.isEmpty || NameRules.key(name) == NameRules.key(user.name) { return nil }
        return Door.ownOnly
    }
}

extension Flow {
    /// The kiosk's lines about identifying.
    enum Door {
        static let scanInstead = "Scan your card to start: a typed name is not enough at this terminal (no card with you? the desk can give you a PIN to type after your name)."
        static let unknownCard = "That card is not known here; nothing started. The desk registers cards."
        /// A card read while this terminal waits, or the wait an unknown one started.
        static func stillWaiting(_ seconds: Int) -> String {
            "Not read: after unknown cards this terminal waits \(seconds) s more (for every card). Scan again then."
        }
        static func cardsWait(_ seconds: Int) -> String {
            "Too many unknown cards in a row: this terminal reads the next card in \(seconds) s."
        }
        static func fewDigits(_ typed: String) -> String {
            InputError("\(typed) is too short for a card, and a name can't be just a number: type your name, or scan your card",
                       example: "Ana").description
        }
        static func shortCard(_ digits: Int) -> String {
            "A card here has at least \(digits) digits: this one starts nothing. The desk gives out new cards."
        }
        /// A card's number typed where no card is read (it was taken off the screen).
        static let cardElsewhere = "That looked like a card's number: taken off the screen, not read; cards are scanned at the user prompt (e.g. :user, then the scan)."
        static let cardWithoutPin = "This card needs its member's PIN after it, and none is set: the desk gives PINs. Nothing started."
        static let scanThenPin = "Scan your card to start, then type your PIN: a typed name is not enough at this terminal."
        static let startAgain = "Type your name to start again."
        /// A turn started by a name alone, when the gym has come to ask for more.
        static let nowIdentify = "This terminal now asks for each member's PIN or card."

        /// A member without a PIN who was not created in this turn: enrolled at the desk, nothing starts.
        static func enrolAtDesk(_ member: User, _ access: MemberAccess, _ context: Context) -> String {
            if context.identity == .card { return scanInstead }
            let how = "the desk gives a PIN, or an enrolment code to choose one"
            return access.hasCard ? "\(member.name) has no PIN: scan your card to start (\(how)); nothing started."
                : "\(member.name) has no PIN yet: \(how); nothing started."
        }
        static let noMemberList = "No list of members at this terminal: each member starts their turn with their card."
        static let ownOnly = "At this terminal you see only your own sets: :history shows yours."
        /// `:group` where members identify by PIN or card.
        static let groupsNeedNames = "No groups at this terminal: each member starts their own turn with their card or PIN."
        static let identifyFirst = "At this terminal you see only your own sets: scan your card or give your name and PIN first."
    }
}
