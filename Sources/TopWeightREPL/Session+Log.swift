import Foundation
import TopWeightCore
import TopWeightText
import TopWeightUseCases

// MARK: - A past day (`:date`)

extension Session {
    /// The local day saves go to: the `:date` chosen, else today.
    var currentDay: LocalDay {
        turn.day ?? log.day(of: settings.now())
    }

    /// `now` moved to the `:date` day at the same time of day (the last
    /// instant of that day when its clock never reaches it, across DST).
    func performedAt(_ now: Date) -> Date {
        guard let day = turn.day else { return now }
        let calendar = grouping.calendar
        let sinceMidnight = now.timeIntervalSince(log.day(of: now).start(in: calendar))
        let end = day.adding(days: 1).start(in: calendar).addingTimeInterval(-1)
        return min(day.start(in: calendar).addingTimeInterval(sinceMidnight), end)
    }

    /// `Fri 20 Nov`, `Yesterday`, as history labels days.
    func label(of day: LocalDay) -> String {
        grouping.label(for: day.start(in: grouping.calendar), now: settings.now())
    }

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
    /// Opens the note: lines until `.` alone or Ctrl-D are added to the
    /// day's note; Ctrl-C drops it (see `Flow.note`).
    func writeNote() -> Outcome {
        guard let member = memberForLog(":note") else { return .done }
        let day = currentDay
        let when = turn.day == nil ? "today" : label(of: day)
        say("Note for \(when) (markdown: **bold**, *italics*, - bullets). End with a line holding only . or Ctrl-D; Ctrl-C drops it.")
        return .then(.opened(.note(NoteDraft(member: member, day: day))))
    }

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
    /// `:repeat [last|YYYY-MM-DD]`: that session's sets, in order, as defaults.
    func repeatSession(_ argument: String) -> Outcome {
        guard let member = memberForLog(":repeat") else { return .done }
        let word = argument.lowercased()
        do {
            let found: TrainingSession?
            if word.isEmpty || word == "last" {
                found = try log.lastSession(of: member, before: currentDay)
                guard found != nil else {
                    warn("Nothing to repeat: \(member.name) has no session before \(label(of: currentDay).lowercased() == "today" ? "today" : currentDay.description).")
                    return .done
                }
            } else if let day = LocalDay(parsing: word) {
                found = try log.session(of: member, on: day)
                guard found != nil else {
                    warn("\(member.name) logged nothing on \(day); :calendar shows the training days.")
                    return .done
                }
            } else {
                warn(InputError("say which session: last or a date", example: ":repeat last or :repeat 2026-11-14"))
                return .done
            }
            guard let session = found else { return .done }
            if turn.user == nil { selectUser(member) }
            let steps = log.plan(repeating: session)
            let day = grouping.label(for: session.day.start(in: grouping.calendar), now: settings.now(), relative: false)
            let plan = Plan(title: "Repeat", summary: "repeat of \(day)", routine: session.routine, steps: steps)
            let exercises = session.exercises.count
            say("Repeating \(day): \(steps.count) \(steps.count == 1 ? "entry" : "entries"), \(exercises) \(exercises == 1 ? "exercise" : "exercises"). Enter keeps each number, skip skips, Ctrl-C cancels one entry.")
            return .then(.walk(plan))
        } catch {
            warn(error.description)
            return .done
        }
    }

    /// `:start [NAME]`: a routine's exercises, with the member's last numbers.
    func startRoutine(_ argument: String) -> Outcome {
        do {
            guard !argument.isEmpty else {
                let names = try log.routines().map { $0.routine.name }
                say(names.isEmpty ? "No routines yet: 'topweight routines import FILE.yaml' adds some." : "Routines: \(names.joined(separator: ", ")). :start NAME follows one.")
                return .done
            }
            guard let member = memberForLog(":start") else { return .done }
            let routine = try log.routine(named: argument)
            let steps = try log.plan(for: routine, member: member)
            if turn.user == nil { selectUser(member) }
            let plan = Plan(title: routine.name, summary: routine.name, routine: routine.name, steps: steps)
            say("\(routine.name): \(steps.map(\.exercise).joined(separator: ", ")). Enter keeps each number, skip skips, Ctrl-C cancels one entry.")
            return .then(.walk(plan))
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
