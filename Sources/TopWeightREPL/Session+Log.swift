import Foundation
import TopWeightCore
import TopWeightText
import TopWeightUseCases

// MARK: - The day and the member a command is about

extension Session {
    /// The local day saves go to: the `:date` chosen, else today.
    var currentDay: LocalDay { turn.day ?? context.today }

    /// `now` moved to the `:date` day (see `Turn.performedAt`).
    func performedAt(_ now: Date) -> Date { turn.performedAt(now, in: grouping.calendar) }

    func label(of day: LocalDay) -> String { context.label(of: day) }

    /// The member at the terminal, or (outside a kiosk) the one shown; `nil`
    /// after saying how to choose one.
    func memberForLog(_ what: String) -> User? {
        if let user = turn.user { return user }
        if !settings.kiosk, let shown = defaultUser() { return shown }
        warn("Type your name first: \(what) is about your own training.")
        return nil
    }
}

// MARK: - Notes (`:note`)

extension Session {
    func addNote(_ text: String, for member: User, on day: LocalDay) {
        do {
            try log.addNote(text, for: member, on: day, now: settings.now())
            say("Note added to \(member.name)'s \(label(of: day).lowercased() == "today" ? "session today" : "session of \(day)").")
        } catch {
            warn(error.description)
        }
    }
}

// MARK: - Repeating a session and following a routine

extension Session {
    /// `:repeat [last|YYYY-MM-DD]`: that session (`Event.repeating`), or why there is none.
    func repeatSession(_ argument: String, of member: User) -> Outcome {
        let word = argument.lowercased()
        do {
            if word.isEmpty || word == "last" {
                guard let found = try log.lastSession(of: member, before: currentDay) else {
                    warn("Nothing to repeat: \(member.name) has no session before \(label(of: currentDay).lowercased() == "today" ? "today" : currentDay.description).")
                    return .done
                }
                return .then(.repeating(found, steps: log.plan(repeating: found), for: member))
            }
            guard let day = LocalDay(parsing: word) else {
                warn(InputError("say which session: last or a date", example: ":repeat last or :repeat 2026-11-14"))
                return .done
            }
            guard let found = try log.session(of: member, on: day) else {
                warn("\(member.name) logged nothing on \(day); :calendar shows the training days.")
                return .done
            }
            return .then(.repeating(found, steps: log.plan(repeating: found), for: member))
        } catch {
            warn(error.description)
            return .done
        }
    }

    /// `:start [NAME]`: the routine with the member's last numbers
    /// (`Event.following`); without a name, the routines there are.
    func startRoutine(_ argument: String, for member: User? = nil) -> Outcome {
        do {
            guard !argument.isEmpty else {
                let names = try log.routines().map { $0.routine.name }
                say(names.isEmpty ? "No routines yet: 'topweight routines import FILE.yaml' adds some." : "Routines: \(names.joined(separator: ", ")). :start NAME follows one.")
                return .done
            }
            guard let member else { return .done }
            let routine = try log.routine(named: argument)
            return .then(.following(routine, steps: try log.plan(for: routine, member: member), for: member))
        } catch {
            warn(error.description)
            return .done
        }
    }

    /// The exercise the plan is at: stored, the catalog's, or a new name;
    /// chosen, not stored, so a skipped step leaves no empty exercise behind.
    func plannedExercise() -> Outcome {
        guard let planned = turn.plan?.current else { return .done }
        do {
            if let known = try workouts.chosenExercise(named: planned.exercise) { return .then(.plannedExercise(known)) }
            try workouts.checkNewExerciseName(planned.exercise)
            return .then(.plannedExercise(.unsaved(named: planned.exercise, category: nil)))
        } catch {
            return .then(.plannedFailed(error.description))
        }
    }

    /// The day's routine, noted with the plan's first save.
    func noteRoutine(_ routine: String, at now: Date) -> Outcome {
        guard let member = turn.user else { return .done }
        do {
            try log.markRoutine(routine, for: member, on: currentDay, now: now)
            return .done
        } catch {
            warn(error.description)
            return .then(.routineNotNoted)
        }
    }
}
