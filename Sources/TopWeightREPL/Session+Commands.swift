import Foundation
import TopWeightCore
import TopWeightUseCases

// MARK: - What the flow asks the logbook

extension Session {
    /// A read (or a one-row write) for the flow, by its use-case call; the
    /// flow says what it found (`Flow.answered`) and decides what follows.
    func fetch(_ query: Flow.Query) -> Outcome {
        // A problem reading them never stands in the way of the sets.
        let notes = { (records: [WorkoutRecord], member: Int64?) in
            member.flatMap { try? self.prompts.notes(beside: records, of: $0, calendar: self.uses.log.calendar) } ?? [:]
        }
        // Who logged a set for its member, said beside it; a problem reading it costs only that.
        let coached = { (records: [WorkoutRecord]) in (try? self.uses.identification.coaches(of: records)) ?? [:] }
        return fetched(failing: Flow.failure(of: query)) { () throws(WorkoutsError) -> Flow.Event? in
            switch query {
            case .member(let name):
                if let known = try prompts.member(named: name) { return .memberFound(known) }
                if let other = lookalike(of: name, kind: .user) { return .lookalike(name, kind: .user, of: other) }
                // As for exercises, from the names Tab knows (topped up with other terminals').
                return .newMember(name, similar: SimilarNames.to(name, among: names.allMembers()))
            case .plannedExercise(let name):
                if let known = try uses.workouts.chosenExercise(named: name) { return .plannedExercise(known) }
                try uses.workouts.checkNewExerciseName(name)
                return .plannedExercise(.unsaved(named: name, category: nil))
            case .members: return .fetched(.members(try uses.workouts.members()))
            case .exercises:
                let rows = try uses.workouts.exerciseRows(includeCatalog: false)
                return .fetched(.exercises(rows, more: try uses.workouts.exerciseRows(includeCatalog: true).count - rows.count))
            case .routines: return .fetched(.routines(try uses.log.routines().map(\.routine.name)))
            case .plates(let target, let bar):
                let (answer, plates, usedBar) = try uses.workouts.plates(for: target, bar: bar)
                return .fetched(.plates(answer, target: target, plates: plates, bar: usedBar))
            case .records(let member, let typed):
                let chosen = try typed.isEmpty ? nil : uses.workouts.loggedExercise(named: loggedExerciseName(typed))
                return .fetched(.records(try uses.progress.personalRecords(of: member, exercise: chosen), of: member, exercise: chosen?.name))
            case .stats(let member): return .fetched(.stats(try uses.progress.stats(of: member, now: settings.now()), of: member))
            case .search(let member, let words, let limit):
                return .fetched(.search(try uses.search.find(words, of: member, limit: limit, now: settings.now())))
            case .today(let member): return .fetched(.today(try uses.workouts.today(of: member)?.workout, of: member))
            case .headline(let member):
                // A database problem here never stands in the way of logging.
                let today = (try? uses.workouts.today(of: member))?.workout
                // Shown once to the member themselves; a coach logging for them only reads them.
                let toMember = turn.coach == nil || turn.coach?.id == member.id
                let notes = (try? uses.workouts.coachNotesWaiting(for: member, marking: toMember, now: settings.now())) ?? []
                guard !notes.isEmpty else { return today.map { .fetched(.headline($0, of: member)) } }
                return .fetched(.coachNotes(notes, of: member, toMember: toMember, then: today))
            case .programDay(let member, let since):
                guard let day = try uses.workouts.dayToWalk(of: member, since: since, now: settings.now()) else { return .fetched(.today(nil, of: member)) }
                return .going(day, for: member)
            case .chart(let member, nil, _):
                return .fetched(.chart(try uses.log.bodyWeightChart(of: member, since: nil), of: member, exercise: nil, .bodyweight))
            case .chart(let member, let typed?, let metric):
                // Without a name, the exercise at hand (or the member's last one).
                guard let chosen = try typed.isEmpty ? defaultExercise() : uses.workouts.loggedExercise(named: loggedExerciseName(typed)) else {
                    return .fetched(.noExerciseToChart)
                }
                let metric = metric ?? ChartMetric.defaultMetric(for: chosen.kind)
                return .fetched(.chart(try uses.log.chart(metric, exercise: chosen, of: member, since: nil), of: member, exercise: chosen.name, metric))
            case .weigh(let member, let weight):
                let now = settings.now()
                return .fetched(.weighed(try uses.log.weigh(weight, member: member, at: performedAt(now), now: now)))
            case .session(let member, let day, let before):
                let found: TrainingSession?
                if let day { found = try uses.log.session(of: member, on: day) } else { found = try uses.log.lastSession(of: member, before: before) }
                guard let found else { return .fetched(.noSession(member, on: day, before: before)) }
                return .repeating(found, steps: uses.log.plan(repeating: found), for: member)
            case .whoseHistory(let name, let limit):
                // "" the one at hand, `all` (`nil`) everybody.
                return .historyOf(try name.lowercased() == "all" ? nil : name.isEmpty ? turn.user ?? defaultUser() : uses.workouts.member(named: name),
                                  limit: limit)
            case .privateMembers(let except, let limit):
                var keys: Set<String> = []
                for member in try uses.workouts.members().map(\.user) where member.id != except {
                    if try uses.workouts.isPrivate(member) { keys.insert(NameRules.key(member.name)) }
                }
                return .historyOf(nil, limit: limit, hiding: keys)
            case .privateHistory(let member, let limit):
                return try uses.workouts.isPrivate(member) ? .historyKeptPrivate(member) : .historyOf(member, limit: limit, hiding: [])
            case .setToEdit(let id?): return .editFound(try uses.workouts.record(id: id), id: id, member: nil)
            case .setToEdit(nil):
                // This turn's last save (read again), else the newest set of the member at hand.
                if let last = turn.saved.last {
                    guard let current = attempt({ () throws(WorkoutsError) in try uses.workouts.record(id: last.id) }) else { return .editTarget(last) }
                    // Gone, or its number another's now: not that set.
                    guard let found = current, last.isSame(found) else { return .editFound(nil, id: last.id, member: nil) }
                    return .editTarget(found)
                }
                guard let member = turn.user ?? defaultUser() else { return .editFound(nil, id: nil, member: nil) }
                return .editFound(try prompts.newestSet(of: member), id: nil, member: member)
            case .history(let member, let limit, let hiding):
                let page = try uses.workouts.historyPage(HistoryQuery(userID: member?.id), limit: limit)
                let shown = page.records.filter { !hiding.contains(NameRules.key($0.user)) }
                return .fetched(.history(shown, notes: notes(shown, member?.id), keptOnly: prompts.unreachable != nil,
                                         more: page.more, of: member, limit: limit, coaches: coached(shown)))
            case .historyPage(let member, let after):
                var query = HistoryQuery(userID: member)
                if let after { query.before = (after.performedAt, after.id) }
                let (found, more) = try uses.workouts.historyPage(query, limit: HistoryFeed.pageSize)
                return .historyRead(found, more: more, notes: notes(found, member), keptOnly: prompts.unreachable != nil, coaches: coached(found))
            case .access(let member): return .arrived(member, by: .name, try uses.identification.access(of: member))
            case .coaching(let member): return .coached(member, isPrivate: try uses.workouts.isPrivate(member))
            case .card(let number):
                // This terminal's wait after unknown scans: no card is looked up meanwhile.
                let now = settings.now()
                if let left = scans.remaining(at: now) { return .cardWait(left) }
                guard let holder = try uses.identification.member(byCard: number, rules: settings.cards) else {
                    return .unknownCard(wait: scans.unknown(at: now))
                }
                // The count goes on: a card in hand between guesses buys none free.
                return .arrived(holder, by: .card, try uses.identification.access(of: holder))
            case .memberPin(let member, let typed):
                // Never a PIN (digits only), a code is the desk's enrolment code.
                let code = MemberPinRule.problem(with: typed) == nil ? nil : EnrolmentCode.normalized(typed)
                do throws(WorkoutsError) {
                    if let code { try uses.identification.admitCode(code, of: member, now: settings.now()) }
                    else { try uses.identification.admit(member, pin: typed, now: settings.now()) }
                } catch {
                    guard case .refused(let why) = error else { throw error }
                    return .pinRefused(why)
                }
                if let code { return .enrolling(member, code: code) }
                return .arrived(member, by: .pin, try uses.identification.access(of: member))
            case .newMemberPin(let member, let pin, let code):
                do throws(WorkoutsError) {
                    try uses.identification.choosePin(pin, of: member, code: code, now: settings.now())
                } catch {
                    guard case .refused(let why) = error else { throw error }
                    return .pinRefused(why)
                }
                return .arrived(member, by: .pin, try uses.identification.access(of: member))
            case .unmade(let member):
                // Nothing given meanwhile (a PIN, a card, a code from the desk) and no set: the row goes.
                let kept = try uses.workouts.belongings(of: member)
                guard try uses.identification.access(of: member) == MemberAccess(),
                      kept.liveSets + kept.deletedSets + kept.days + kept.bodyWeights == 0 else { return nil }
                try uses.workouts.remove(member)
                return nil
            case .privacy(let member, let chosen):
                guard let chosen else { return .fetched(.privacy(member, try uses.workouts.isPrivate(member))) }
                try uses.workouts.setPrivate(member, chosen)
                return .fetched(.privacy(member, chosen))
            case .publishing(let member):
                guard try uses.workouts.isPrivate(member) else { return .fetched(.privacy(member, false)) }
                return .adminPinSet(try uses.workouts.admin.isPinSet(), for: .publish(member))
            case .restTimes(let member): return .fetched(.restTimes(member, try uses.log.restTimes(of: member)))
            case .keepRest(let member, let chosen, let seconds):
                try uses.log.setRest(seconds, for: member, exercise: chosen)
                return .fetched(.restKept(member, chosen, seconds))
            case .routine(let name, let member):
                let routine = try uses.log.routine(named: name)
                return .following(routine, steps: try uses.log.plan(for: routine, member: member), for: member)
            }
        }
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
}
