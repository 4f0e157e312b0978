import TopWeightCore
import TopWeightUseCases

// MARK: - The gym's rules, read again before a command

/// The desk may change the gym's rules while a turn runs (`admin identity`,
/// `admin coaches-see-private`, `users coach --remove`, a card or PIN taken
/// away): the kiosk reads them at each user prompt, and again before each
/// command of a turn, so a command never runs under rules the gym no longer has.
extension Session {
    /// The gym's policy and coach-privacy setting, read now: at the user
    /// prompt (`line` nil), and before a command typed in a member's turn
    /// (one small query, and one more for a member who identified), where a
    /// turn the rules no longer allow ends before the command runs. A policy
    /// that can't be read (the server away) is taken as the strictest last
    /// known, and never as `name`: a kiosk that can't tell fails closed.
    func readRules(before line: LineEvent? = nil, read how: Read = .entry) {
        guard settings.kiosk else {
            // What a card needs, for taking one off the screen: read at the user prompt.
            if line == nil, let rules = try? uses.identification.cardRules() { settings.cards = rules }
            return
        }
        if let line {
            guard how == .entry, turn.question == nil, case .line(let text) = line else { return }
            let typed = text.trimmingWhitespace()
            // A command in a turn, or a name or card at a user prompt drawn before the desk changed the rules.
            guard turn.user == nil ? turn.step == .user && !typed.isEmpty : typed.hasPrefix(":") else { return }
        }
        do throws(WorkoutsError) {
            settings.identity = try uses.identification.policy()
        } catch {
            if settings.identity == .name { settings.identity = .pin }
        }
        // Whether coaches see private members: only where members identify (no read under `name`).
        settings.coachesSeePrivate = settings.identity != .name && (try? uses.identification.coachesSeePrivate()) == true
        if let rules = try? uses.identification.cardRules() { settings.cards = rules }
        guard line != nil else { return }
        let context = context
        guard context.guarded, turn.identified, let holder = turn.coach ?? turn.user else {
            Flow.lapsed(&turn, access: nil, context).forEach { _ = perform($0) }
            return
        }
        // Unreadable, it proves nothing: the turn ends.
        let access = (try? uses.identification.access(of: holder)) ?? MemberAccess()
        Flow.lapsed(&turn, access: access, context).forEach { _ = perform($0) }
    }
}
