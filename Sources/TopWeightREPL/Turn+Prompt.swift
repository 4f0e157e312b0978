import Foundation
import TopWeightCore

extension Turn {
    /// The prompt of the step, its default in brackets (`weight kg [62.5]: `);
    /// the member's name, a past day and a plan's progress lead every prompt
    /// of the member's turn (`[Bo · Yesterday] exercise [Back Squat]: `): on a
    /// shared terminal the screen says whose turn it is. A rest counting down
    /// leads the line (`rest 1:45 [Bo] exercise …`).
    func prompt(_ context: Flow.Context) -> String {
        let shown: String = switch step {
        case .user: Self.labelled("user", shownUser?.name)
        case .exercise: Self.labelled("exercise", shownExercise?.name)
        default: draft.prompt(step)
        }
        var tags: [String] = []
        if step != .user, let user { tags.append(Self.tag(user)) }
        if step != .user, let coach { tags.append("by " + Self.tag(coach)) }
        if step != .user, let day { tags.append(context.label(of: day)) }
        if step != .user, let plan { tags.append(plan.progress) }
        // The rest leads the line, where it is seen first (and a prompt's own words stay as they were).
        let resting = step != .user && context.countsRest ? rest.map { $0.left(at: context.now) } ?? 0 : 0
        let lead = resting > 0 ? Rest.label(resting) + " " : ""
        return lead + (tags.isEmpty ? shown : "[\(tags.joined(separator: " · "))] " + shown)
    }

    /// How the session reads next: as the mode says, an edit's and a note's
    /// prompt led by the member's name too (`[Bo · Edit #12] reps [5]: `).
    var read: Read {
        let how = mode.read
        guard let user, case .line(let prompt, let completes) = how else { return how }
        switch mode {
        case .edit, .note:
            let name = Self.tag(user)
            return .line(prompt.hasPrefix("[") ? "[\(name) · " + prompt.dropFirst() : "[\(name)] " + prompt, completes: completes)
        case .entry, .pin, .identify, .pager, .calendar:
            return how
        }
    }

    /// The member as the prompts name them: a long name cut to 16 characters.
    static func tag(_ user: User) -> String {
        let name = TerminalText.safe(user.name)
        return name.count > 16 ? name.prefix(15) + "…" : name
    }

    /// `name [value]: `, or `name: ` with nothing to offer.
    static func labelled(_ name: String, _ value: String?) -> String {
        value.map { "\(name) [\($0)]: " } ?? "\(name): "
    }

    /// `now` moved to the `:date` day at the same time of day (the last
    /// instant of that day when its clock never reaches it, across DST); on
    /// a day that begins within the clock skew (`LatestTime`), its start.
    func performedAt(_ now: Date, in calendar: Calendar) -> Date {
        guard let day else { return now }
        let start = day.start(in: calendar)
        guard start <= now else { return start }
        let sinceMidnight = now.timeIntervalSince(LocalDay(now, in: calendar).start(in: calendar))
        let end = day.adding(days: 1).start(in: calendar).addingTimeInterval(-1)
        return min(start.addingTimeInterval(sinceMidnight), end)
    }
}
