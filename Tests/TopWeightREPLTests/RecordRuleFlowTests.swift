import Foundation
import PropertyBased
import Testing
import TopWeightCatalog
import TopWeightCore
import TopWeightREPL
import TopWeightStore
import TopWeightTestSupport
import TopWeightUseCases

/// One set typed at the rack: which lift, the weight in hundredths (kg or
/// lb), reps and series.
private struct Typed: Sendable, CustomStringConvertible {
    var lift: Int
    var hundredths: Int
    var pounds: Bool
    var reps: Int
    var series: Int

    static let lifts = ["Bench Press", "Back Squat", "Deadlift"]

    var line: String {
        "\(Self.lifts[lift]) \(Decimal2.format(hundredths))\(pounds ? "lb" : "")x\(reps)x\(series)"
    }

    var description: String { line }
}

/// Few weights and reps, so ties, equal sets and beaten bests come often.
private let typed = zip(Gen.int(in: 0...2), Gen.int(in: 0...8), Gen.int(in: 0...5), Gen.int(in: 1...8), Gen.int(in: 1...3))
    .map { lift, step, unit, reps, series in
        Typed(lift: lift, hundredths: 4_000 + step * 250, pounds: unit == 0, reps: reps, series: series)
    }

/// Five training days, the last of them today (`Fixture.now`, Saturday of week 47).
private let history = typed.array(of: 0...6).array(of: 5...5)

/// The rule everywhere: what the rack says after each save is what the
/// report counts, what the board shows of today, and what `prs` lists as
/// standing.
@Suite("The one PR rule, through the rack, the report, the board and prs")
struct RecordRuleFlowTests {
    /// Thursday and Friday of week 46, Monday, Wednesday and Saturday of week 47, 18:00 UTC.
    static let days = [-9, -8, -5, -3, 0].map { Fixture.now.addingTimeInterval(Double($0) * 86_400) }

    /// The kinds a record line names: `New PR on X: heaviest … · e1RM … · 8 reps at …`.
    static func kinds(_ line: String) -> [RecordKind] {
        guard let colon = line.firstIndex(of: ":") else { return [] }
        return line[line.index(after: colon)...].split(separator: "·").map { part in
            let part = part.trimmingCharacters(in: .whitespaces)
            return part.hasPrefix("heaviest") ? .heaviest : part.hasPrefix("e1RM") ? .e1rm : .reps
        }
    }

    @Test("the report's PRs are the sets the rack announced; the board's are today's heaviest and e1RM ones; prs' bests were announced or firsts")
    func agree() async {
        await propertyCheck(count: 25, input: history) { days in
            let fixture = try Fixture()
            _ = try fixture.store.createUser(named: "Ana")
            var announced: [Int64: [RecordKind]] = [:]
            var typedIDs: [(id: Int64, day: Int, lift: Int)] = []
            for (index, sets) in days.enumerated() {
                let at = Self.days[index]
                let (console, _) = fixture.run(ScriptedLineSource(lines: ["Ana"] + sets.map(\.line))) { $0.now = { at } }
                let said = console.said
                for (position, line) in said.enumerated() where line.hasPrefix("Saved #") {
                    let number = line.dropFirst("Saved #".count).prefix { $0.isNumber }
                    guard let id = Int64(number) else { continue }
                    typedIDs.append((id, index, 0))
                    if position + 1 < said.count, said[position + 1].hasPrefix("New PR on ") {
                        announced[id] = Self.kinds(said[position + 1])
                    }
                }
            }
            let records = try fixture.records()
            let all = days.flatMap { $0 }
            #expect(typedIDs.count == all.count, "every set typed was saved: \(days)")
            let byID = Dictionary(uniqueKeysWithValues: records.map { ($0.id, $0) })
            // A member's first set of each lift, in the order typed.
            var firstIDs = Set<Int64>()
            var seen = Set<String>()
            for set in typedIDs.compactMap({ byID[$0.id] }) where seen.insert(set.exercise).inserted { firstIDs.insert(set.id) }

            let workouts = Workouts(logbook: fixture.store, catalog: .bundled())
            let utc = TimeZone(identifier: "UTC") ?? .current
            let week = try #require(ReportPeriod(week: "2026-W47"))
            let report = try CoachReport(workouts, timeZone: utc).report(week, now: Fixture.now)
            let inWeek = Set(typedIDs.filter { $0.day >= 2 }.map(\.id))
            let announcedInWeek = Set(announced.keys).intersection(inWeek)
            let member = report.members.first
            #expect(report.totals.records == announcedInWeek.count, "\(days)")
            #expect(Set(member?.records.map(\.record.id) ?? []) == announcedInWeek, "\(days)")
            for record in member?.records ?? [] {
                #expect(record.beaten.map(\.kind) == announced[record.record.id], "#\(record.record.id) \(days)")
            }
            #expect(Set(member?.firsts.map(\.id) ?? []) == firstIDs.intersection(inWeek), "\(days)")

            // The board: today's sets the rack announced with a heaviest or an e1RM record, newest first.
            let board = try GymBoard(logbook: fixture.store, timeZone: utc).figures(at: Fixture.now)
            let today = typedIDs.filter { $0.day == 4 }.map(\.id)
            let expected = today.reversed().compactMap { id -> [RecordKind]? in
                let kinds = (announced[id] ?? []).filter { $0 == .heaviest || $0 == .e1rm }
                return kinds.isEmpty ? nil : kinds
            }.prefix(BoardFigures.rows)
            #expect(board.records.map(\.kinds) == Array(expected), "\(days)")

            // prs: each standing heaviest and e1RM was announced as such when it was set, or was a first;
            // the most reps standing was announced (as whichever it beat) or was a first.
            let ana = try workouts.member(named: "Ana")
            for exercise in try TrainingProgress(logbook: fixture.store, timeZone: utc).personalRecords(of: ana) {
                for best in exercise.bests where best.kind != .volume {
                    let id = best.record.id
                    let kinds = announced[id] ?? []
                    let fits = firstIDs.contains(id) || (best.kind == .reps ? !kinds.isEmpty : kinds.contains(best.kind))
                    #expect(fits, "\(exercise.exercise) \(best.kind) #\(id) \(days)")
                }
            }
        }
    }
}
