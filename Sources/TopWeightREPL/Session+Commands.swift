import Foundation
import TopWeightCore
import TopWeightText
import TopWeightUseCases

// MARK: - What `:` commands read

extension Session {
    /// A command's read, by its one use-case call; the flow says what it found (`Flow.answered`).
    func fetch(_ query: Flow.Query) -> Outcome {
        fetched { () throws(WorkoutsError) -> Flow.Event? in
            switch query {
            case .members: return .fetched(.members(try workouts.members()))
            case .exercises:
                let rows = try workouts.exerciseRows(includeCatalog: false)
                return .fetched(.exercises(rows, more: try workouts.exerciseRows(includeCatalog: true).count - rows.count))
            case .routines: return .fetched(.routines(try log.routines().map(\.routine.name)))
            case .plates(let target, let bar):
                let (answer, plates, usedBar) = try workouts.plates(for: target, bar: bar)
                return .fetched(.plates(answer, target: target, plates: plates, bar: usedBar))
            case .records(let member, let typed):
                let chosen = try typed.isEmpty ? nil : workouts.loggedExercise(named: loggedExerciseName(typed))
                return .fetched(.records(try progress.personalRecords(of: member, exercise: chosen), of: member, exercise: chosen?.name))
            case .stats(let member): return .fetched(.stats(try progress.stats(of: member, now: settings.now()), of: member))
            case .today(let member):
                let today = try workouts.today(of: member)?.workout
                return .fetched(.today(today.map { ProgramText.lines($0, member: member.name) }, walkable: !(today?.exercises.isEmpty ?? true),
                                       of: member))
            case .programDay(let member):
                let now = settings.now()
                guard let day = try workouts.dayToWalk(of: member, since: dayStart, now: now) else { return .fetched(.today(nil, of: member)) }
                return .going(day, for: member)
            case .chart(let member, nil, _):
                return .fetched(.chart(try log.bodyWeightChart(of: member, since: nil), of: member, exercise: nil, .bodyweight))
            case .chart(let member, let typed?, let metric):
                // Without a name, the exercise at hand (or the member's last one).
                guard let chosen = try typed.isEmpty ? defaultExercise() : workouts.loggedExercise(named: loggedExerciseName(typed)) else {
                    return .fetched(.noExerciseToChart)
                }
                let metric = metric ?? ChartMetric.defaultMetric(for: chosen.kind)
                return .fetched(.chart(try log.chart(metric, exercise: chosen, of: member, since: nil), of: member, exercise: chosen.name, metric))
            case .weigh(let member, let weight):
                let now = settings.now()
                return .fetched(.weighed(try log.weigh(weight, member: member, at: performedAt(now), now: now)))
            case .session(let member, let day, let before):
                let found: TrainingSession?
                if let day { found = try log.session(of: member, on: day) } else { found = try log.lastSession(of: member, before: before) }
                guard let found else { return .fetched(.noSession(member, on: day, before: before)) }
                return .repeating(found, steps: log.plan(repeating: found), for: member)
            case .whoseHistory(let name, let limit):
                // "" the one at hand, `all` (`nil`) everybody.
                let whose = try name.lowercased() == "all" ? nil : name.isEmpty ? turn.user ?? defaultUser() : workouts.member(named: name)
                guard settings.kiosk else { return .historyOf(whose, limit: limit) }
                // At a kiosk a private member's sets show to that member's turn only.
                guard let whose else { return .historyOf(nil, limit: limit, hiding: try privateMembers()) }
                if whose.id != turn.user?.id, try workouts.isPrivate(whose) { return .failed("\(whose.name) keeps their sets private.") }
                return .historyOf(whose, limit: limit)
            case .setToEdit(let id?): return .editFound(try workouts.record(id: id), id: id, member: nil)
            case .setToEdit(nil):
                // This turn's last save (read again), else the newest set of the member at hand.
                if let last = turn.saved.last { return .editTarget((attempt({ () throws(WorkoutsError) in try workouts.record(id: last.id) }) ?? nil) ?? last) }
                guard let member = turn.user ?? defaultUser() else { return .editFound(nil, id: nil, member: nil) }
                return .editFound(try prompts.newestSet(of: member), id: nil, member: member)
            case .history(let member, let limit, let hiding):
                var query = HistoryQuery()
                query.userID = member?.id
                let page = try workouts.historyPage(query, limit: limit)
                let shown = page.records.filter { !hiding.contains(NameRules.key($0.user)) }
                return .fetched(.history(shown.isEmpty ? [] : render(shown, member: member?.id), more: page.more, of: member, limit: limit))
            case .privacy(let member, let chosen):
                guard let chosen else { return .fetched(.privacy(member, try workouts.isPrivate(member))) }
                try workouts.setPrivate(member, chosen)
                return .fetched(.privacy(member, chosen))
            case .publishing(let member):
                guard try workouts.isPrivate(member) else { return .fetched(.privacy(member, false)) }
                return .adminPinSet(try workouts.admin.isPinSet(), for: .publish(member))
            case .routine(let name, let member):
                let routine = try log.routine(named: name)
                return .following(routine, steps: try log.plan(for: routine, member: member), for: member)
            }
        }
    }

    /// The name keys of the private members, but the one whose turn it is:
    /// whose sets `:history all` leaves out at a kiosk.
    func privateMembers() throws(WorkoutsError) -> Set<String> {
        var keys: Set<String> = []
        for member in try workouts.members().map(\.user) where member.id != turn.user?.id {
            if try workouts.isPrivate(member) { keys.insert(NameRules.key(member.name)) }
        }
        return keys
    }

    /// What a request came to: its event for the flow, nothing once it said
    /// why there is none, or its one-line problem (`Event.failed`, unless told otherwise).
    func fetched(failing: (String) -> Flow.Event = Flow.Event.failed, _ body: () throws(WorkoutsError) -> Flow.Event?) -> Outcome {
        do {
            return try body().map(Outcome.then) ?? .done
        } catch {
            return .then(failing(error.description))
        }
    }

    /// Whether `pin` is the admin's: what it is for goes on, or why not (`Event.admitted`).
    func admit(_ pin: String, for use: Flow.PinUse) -> Outcome {
        do {
            _ = try workouts.admit(pin: pin, now: settings.now())
            return .then(.admitted(use, refusal: nil))
        } catch {
            return .then(.admitted(use, refusal: error.description))
        }
    }
}
