import Foundation
import PropertyBased
import Testing
import TopWeightCatalog
import TopWeightCore
import TopWeightTestSupport
import TopWeightUseCases

/// One generated set: whose, which lift, how many days before now and at
/// what hour, its numbers, and what becomes of it after every set is saved.
private struct Generated: Sendable, CustomStringConvertible {
    var member: Int
    var lift: Int
    var daysBack: Int
    var step: Int
    var pounds: Bool
    var warmup: Bool
    var reps: Int
    var series: Int
    /// 0: deleted afterwards; 1: edited afterwards (to `editStep` × `editReps`); else kept.
    var fate: Int
    var editStep: Int
    var editReps: Int

    static let members = ["Ana", "Bo", "Cy"]
    static let lifts = ["Back Squat", "Bench Press", "Deadlift", "Pull-up", "Plank"]
    static let kinds: [String: ExerciseKind] = ["Pull-up": .bodyweight, "Plank": .time]

    /// Kilograms on a 2.5 kg grid, pounds on a 5 lb one, over the same range:
    /// the two interleave without two weights equal to the hundredth of a kilogram.
    static func values(lift: Int, step: Int, pounds: Bool, reps: Int, series: Int) -> SetValues {
        switch lift {
        case 3: return SetValues.bodyweight(load: step * 250, unit: .kg, reps: reps, series: series)
        case 4: return SetValues.timed(SetDuration(seconds: 20 + step * 10), series: series)
        default:
            let weight = pounds ? Weight(value: Double(90 + step * 5), unit: .lb) : Weight(value: 40 + Double(step) * 2.5, unit: .kg)
            return SetValues(weight: weight, reps: reps, series: series)
        }
    }

    var values: SetValues { Self.values(lift: lift, step: step, pounds: pounds, reps: reps, series: series) }
    var edited: SetValues { Self.values(lift: lift, step: editStep, pounds: pounds, reps: editReps, series: series) }

    var description: String {
        "\(Self.members[member]) \(Self.lifts[lift]) -\(daysBack)d \(values)\(warmup ? " warm-up" : "")"
            + (fate == 0 ? " deleted" : fate == 1 ? " edited to \(edited)" : "")
    }
}

/// Few weights and reps, so that ties, equal sets and beaten bests come often;
/// days over the ten weeks before now, saved in the order generated (so many
/// are back-dated against the sets saved before them).
private let generated = zip(
    zip(Gen.int(in: 0...2), Gen.int(in: 0...4), Gen.int(in: 0...75), Gen.int(in: 0...8), Gen.int(in: 0...4)),
    zip(Gen.int(in: 1...8), Gen.int(in: 1...3), Gen.int(in: 0...12), Gen.int(in: 0...8), Gen.int(in: 1...8))
).map { first, second in
    Generated(member: first.0, lift: first.1, daysBack: first.2, step: first.3, pounds: first.4 == 0, warmup: first.4 == 1,
              reps: second.0, series: second.1, fate: second.2, editStep: second.3, editReps: second.4)
}

private let histories = generated.array(of: 0...60)

/// The coach's report reads the period's sets and the bests as they stood
/// when it began (`TrainingTotals.standingBests`), not each member's whole
/// history: held here to the whole history's reading, the reference, on
/// generated gyms, on every engine.
@Suite("The report from the bests as they stood, against the whole history")
struct StandingBestsReportTests {
    static var utc: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        return calendar
    }

    /// Wednesday 2 December 2026, noon UTC: week 49 and December under way.
    static let now = Date(timeIntervalSince1970: 1_796_212_800)

    /// The report as it was made before: every trained member's whole history up to the period's end.
    static func wholeHistoryReport(_ store: any StorageEngine, _ period: ReportPeriod, member: User?) throws -> GymReport {
        let calendar = utc
        let today = LocalDay(now, in: calendar)
        let quietDays = GymReport.defaultInactiveDays
        let through = min(today, period.last)
        let end = through.adding(days: 1).start(in: calendar)
        var query = HistoryQuery(userID: member?.id,
                                 since: GymReport.firstDayRead(for: period, through: through, inactiveAfterDays: quietDays).start(in: calendar))
        query.until = end
        let recent = try store.history(query)
        let everybody = try store.users()
        let start = period.first.start(in: calendar)
        let trained = Set(recent.filter { $0.performedAt >= start }.map { NameRules.key($0.user) })
        var sources = GymReport.Sources(members: everybody, recent: recent)
        for summary in everybody where trained.contains(NameRules.key(summary.user.name)) {
            let key = NameRules.key(summary.user.name)
            var history = HistoryQuery(userID: summary.user.id)
            history.until = end
            let whole = try store.history(history)
            sources.histories[key] = whole
            if whole.contains(where: { $0.performedAt < start }) { sources.earlier.insert(key) }
            sources.bodyWeights[key] = try store.bodyWeights(userID: summary.user.id, since: nil, limit: nil)
        }
        return GymReport.make(period, today: today, inactiveAfterDays: quietDays, from: sources, calendar: calendar,
                              member: member.map { NameRules.key($0.name) })
    }

    /// Saves `sets` in order, then deletes and edits those whose fate it is.
    fileprivate static func fill(_ store: any StorageEngine, with sets: [Generated]) throws -> [String: User] {
        var members: [String: User] = [:]
        for name in Generated.members { members[name] = try store.createUser(named: name) }
        var exercises: [Exercise] = []
        for lift in Generated.lifts { exercises.append(try store.createExercise(named: lift, kind: Generated.kinds[lift] ?? .weight)) }
        var saved: [(Int64, Generated)] = []
        for (index, set) in sets.enumerated() {
            let hour = Double(6 + (set.step * 3 + set.reps + index) % 15)
            let at = now.addingTimeInterval(Double(-set.daysBack) * 86_400 + (hour - 12) * 3600 + Double(index))
            let member = try #require(members[Generated.members[set.member]])
            let id = try store.save(NewRecord(user: member, exercise: exercises[set.lift], values: set.values, performedAt: at,
                                              uid: RecordUID.make(at: at), kind: set.warmup ? .warmup : nil),
                                    now: now.addingTimeInterval(Double(index - sets.count)))
            saved.append((id, set))
            // Some members weigh themselves now and then, in either unit: the report reads them all at once.
            if index % 5 == set.member % 3 {
                let unit: WeightUnit = set.member % 2 == 0 ? .kg : .lb
                _ = try store.saveBodyWeight(userID: member.id, weight: Weight(hundredths: 6_000 + set.step * 50 + index, unit: unit),
                                             at: at, uid: "bw-\(index)", now: now)
            }
        }
        for (id, set) in saved {
            if set.fate == 0 {
                _ = try store.deleteRecord(id: id, now: now)
            } else if set.fate == 1 {
                _ = try store.editRecord(id: id, exercise: exercises[set.lift], values: set.edited, now: now)
            }
        }
        return members
    }

    @Test("weeks and months, over and so far, the gym's and a member's: the same report as the whole history's",
          arguments: TestEngine.allCases)
    func sameAsWholeHistory(engine: TestEngine) async {
        await propertyCheck(count: 30, input: histories) { sets in
            try engine.withStore { store in
                let members = try Self.fill(store, with: sets)
                let coach = CoachReport(Workouts(logbook: store, catalog: .bundled()), timeZone: Self.utc.timeZone)
                let today = LocalDay(Self.now, in: Self.utc)
                let periods = [
                    ReportPeriod.lastFullWeek(before: today), ReportPeriod.week(of: today),
                    ReportPeriod.week(of: today.adding(days: -30)),
                    try #require(ReportPeriod(month: "2026-12")), try #require(ReportPeriod(month: "2026-11")),
                    try #require(ReportPeriod(month: "2026-10")),
                ]
                for period in periods {
                    for member in [nil, members["Ana"]] {
                        let fast = try coach.report(period, member: member, now: Self.now)
                        let slow = try Self.wholeHistoryReport(store, period, member: member)
                        #expect(fast == slow, "\(period) \(member?.name ?? "gym")")
                    }
                }
            }
        }
    }
}
