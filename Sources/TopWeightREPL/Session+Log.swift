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

    /// `:date yesterday|YYYY-MM-DD|-N|today`
    func changeDay(_ argument: String) {
        let today = log.day(of: settings.now())
        let word = argument.lowercased()
        let example = ":date yesterday, :date 2026-11-19 or :date -2"
        guard !word.isEmpty else {
            say(turn.day.map { "Saving to \(label(of: $0)); :date today goes back." } ?? "Saving to today. \(example) logs a past day.")
            return
        }
        var chosen: LocalDay?
        if word == "today" {
            chosen = today
        } else if word == "yesterday" {
            chosen = today.adding(days: -1)
        } else if word.hasPrefix("-"), let days = Int(word.dropFirst()), word.dropFirst().allSatisfy(\.isNumber) {
            guard (0...3650).contains(days) else {
                warn(InputError("a past day is at most 3650 days back", example: example))
                return
            }
            chosen = today.adding(days: -days)
        } else {
            chosen = LocalDay(parsing: word)
        }
        guard let day = chosen else {
            warn(InputError("\(argument) is not a day", example: example))
            return
        }
        guard day <= today else {
            warn(InputError("\(day) is in the future; sets are logged on the day they happen", example: example))
            return
        }
        guard today.adding(days: -3650) <= day else {
            warn(InputError("a past day is at most 3650 days back", example: example))
            return
        }
        turn.day = day == today ? nil : day
        say(turn.day.map { "Saving to \(label(of: $0)) until :date today or your turn ends." } ?? "Saving to today.")
    }

    /// `Fri 20 Nov`, `Yesterday`, as history labels days.
    func label(of day: LocalDay) -> String {
        grouping.label(for: day.start(in: grouping.calendar), now: settings.now())
    }

    /// The member at the terminal, or (outside a kiosk) the one shown; `nil`
    /// after saying how to choose one.
    func memberForLog(_ what: String) -> User? {
        if let user { return user }
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
    func repeatSession(_ argument: String) {
        guard let member = memberForLog(":repeat") else { return }
        let word = argument.lowercased()
        do {
            let found: TrainingSession?
            if word.isEmpty || word == "last" {
                found = try log.lastSession(of: member, before: currentDay)
                guard found != nil else {
                    warn("Nothing to repeat: \(member.name) has no session before \(label(of: currentDay).lowercased() == "today" ? "today" : currentDay.description).")
                    return
                }
            } else if let day = LocalDay(parsing: word) {
                found = try log.session(of: member, on: day)
                guard found != nil else {
                    warn("\(member.name) logged nothing on \(day); :calendar shows the training days.")
                    return
                }
            } else {
                warn(InputError("say which session: last or a date", example: ":repeat last or :repeat 2026-11-14"))
                return
            }
            guard let session = found else { return }
            if user == nil { selectUser(member) }
            let steps = log.plan(repeating: session)
            let day = grouping.label(for: session.day.start(in: grouping.calendar), now: settings.now(), relative: false)
            turn.plan = Plan(title: "Repeat", summary: "repeat of \(day)", routine: session.routine, steps: steps)
            let exercises = session.exercises.count
            say("Repeating \(day): \(steps.count) \(steps.count == 1 ? "entry" : "entries"), \(exercises) \(exercises == 1 ? "exercise" : "exercises"). Enter keeps each number, skip skips, Ctrl-C cancels one entry.")
            beginPlanStep()
        } catch {
            warn(error.description)
        }
    }

    /// `:start [NAME]`: a routine's exercises, with the member's last numbers.
    func startRoutine(_ argument: String) {
        do {
            guard !argument.isEmpty else {
                let names = try log.routines().map { $0.routine.name }
                say(names.isEmpty ? "No routines yet: 'topweight routines import FILE.yaml' adds some." : "Routines: \(names.joined(separator: ", ")). :start NAME follows one.")
                return
            }
            guard let member = memberForLog(":start") else { return }
            let routine = try log.routine(named: argument)
            let steps = try log.plan(for: routine, member: member)
            if user == nil { selectUser(member) }
            turn.plan = Plan(title: routine.name, summary: routine.name, routine: routine.name, steps: steps)
            say("\(routine.name): \(steps.map(\.exercise).joined(separator: ", ")). Enter keeps each number, skip skips, Ctrl-C cancels one entry.")
            beginPlanStep()
        } catch {
            warn(error.description)
        }
    }

    /// Takes up the plan's current exercise at the weight prompt, or ends the plan.
    func beginPlanStep() {
        guard var plan = turn.plan else { return }
        while let planned = plan.current {
            do {
                // Chosen, not stored: a skipped step leaves no empty exercise behind.
                let chosen: Exercise
                if let known = try workouts.chosenExercise(named: planned.exercise) {
                    chosen = known
                } else {
                    try workouts.checkNewExerciseName(planned.exercise)
                    chosen = .unsaved(named: planned.exercise, category: nil)
                }
                turn.plan = plan
                exercise = chosen
                loadDefaults()
                step = .weight
                let numbers = planned.values.map { " \($0.description)" } ?? " (type the numbers)"
                say("\(plan.progress): \(chosen.name)\(numbers)")
                return
            } catch {
                warn("\(planned.exercise): \(error.description); skipped.")
                plan.skipped.append(planned.exercise)
                plan.index += 1
            }
        }
        turn.plan = plan
        finishPlan()
    }

    /// After a save: the plan moves on when it was its exercise.
    func planSaved(_ chosen: Exercise, member: User, now: Date) {
        guard var plan = turn.plan else { return }
        if let routine = plan.routine, !plan.routineNoted {
            do {
                try log.markRoutine(routine, for: member, on: currentDay, now: now)
                plan.routineNoted = true
            } catch {
                warn(error.description)
            }
        }
        if plan.isCurrent(chosen.name) {
            plan.saved += 1
            plan.index += 1
        }
        turn.plan = plan
        beginPlanStep()
    }

    /// `skip`: on to the plan's next exercise, nothing saved for this one.
    func skipPlanned() {
        guard var plan = turn.plan, let current = plan.current else { return }
        plan.skipped.append(current.exercise)
        plan.index += 1
        turn.plan = plan
        beginPlanStep()
    }

    /// The summary, once every exercise was saved or skipped.
    private func finishPlan() {
        guard let plan = turn.plan else { return }
        turn.plan = nil
        exercise = nil
        step = .exercise
        var line = "Done: \(plan.summary), \(plan.saved) saved"
        if !plan.skipped.isEmpty { line += ", \(plan.skipped.count) skipped (\(plan.skipped.joined(separator: ", ")))" }
        say(line + ".")
    }
}
