import Foundation
import Testing
import TopWeightCore
import TopWeightTestSupport

/// `Logbook.choiceFacts`, the one read of an Enter: it must say what the
/// separate reads it stands for say, on every engine.
@Suite("What choosing an exercise reads in one step")
struct ChoiceFactsTests {
    @Test("The one read says what the separate ones say: new exercises, the member's own in ranking order, the numbers of the set done last, the nudge's weeks",
          arguments: TestEngine.allCases)
    func agreesWithTheSeparateReads(engine: TestEngine) throws {
        try engine.withStore { store in
            let ana = try store.createUser(named: "Ana")
            let bo = try store.createUser(named: "Bo")
            let bench = try store.createExercise(named: "Bench Press")
            let squat = try store.createExercise(named: "Back Squat")
            let plank = try store.createExercise(named: "Plank", kind: .time)
            let row = try store.createExercise(named: "Rowing Machine", kind: .distance)

            try store.save(ana, bench, SetValues(60, .kg, 8, 3), at: instant(0))
            try store.save(ana, squat, SetValues(100, .kg, 5, 5), at: instant(20))
            try store.save(ana, bench, SetValues(62.5, .kg, 8, 3), at: instant(30))
            // Done days before, logged now: not what she benches now.
            try store.save(ana, bench, SetValues(40, .kg, 5, 5), at: instant(1))
            try store.save(ana, plank, .timed(SetDuration(seconds: 90), series: 3), at: instant(40))
            // A deleted set is no set: her rowing is none.
            let deleted = try store.save(ana, row, .covered(Distance(value: 2000, unit: .m), in: SetDuration(seconds: 465)), at: instant(50))
            #expect(try store.deleteRecord(id: deleted, now: instant(60)))
            try store.save(bo, squat, SetValues(135, .lb, 5, 5), at: instant(70))

            let facts = try store.choiceFacts(of: ana, exercisesAfter: 0)
            #expect(facts.exercises == [bench, squat, plank, row])
            #expect(facts.recent == (try store.recentExercises(of: ana, limit: ChoiceFacts.window)))
            #expect(facts.recent.map(\.name) == ["Bench Press", "Plank", "Back Squat"])
            for exercise in [bench, squat, plank, row] {
                #expect(facts.lastValues[exercise.id] == (try store.lastValues(of: ana, for: exercise)), "\(exercise.name)")
            }
            #expect(facts.lastValues[bench.id] == SetValues(62.5, .kg, 8, 3))
            #expect(facts.lastValues[plank.id] == .timed(SetDuration(seconds: 90), series: 3))
            #expect(facts.lastValues[row.id] == nil)
            #expect(facts.coversAll)
            #expect(facts.readNudgeWeeks && facts.nudgeWeeks == nil)

            // Only what came after the last look; without a member, the names and the setting only.
            try store.setGymSetting(.nudgeWeeks, to: "3")
            let later = try store.choiceFacts(of: nil, exercisesAfter: squat.id)
            #expect(later == ChoiceFacts(exercises: [plank, row], nudgeWeeks: "3"))
            #expect(try store.choiceFacts(of: bo, exercisesAfter: row.id) == ChoiceFacts(exercises: [], recent: [squat],
                                                                                        lastValues: [squat.id: SetValues(135, .lb, 5, 5)], nudgeWeeks: "3"))
        }
    }

    @Test("A member with more sets than the read takes in: an exercise outside them is not taken for one they never did",
          arguments: TestEngine.kinds)
    func aFullWindowCoversNotAll(engine: TestEngine) throws {
        try engine.withStore { store in
            let ana = try store.createUser(named: "Ana")
            let deadlift = try store.createExercise(named: "Deadlift")
            let bench = try store.createExercise(named: "Bench Press")
            try store.save(ana, deadlift, SetValues(140, .kg, 5, 1), at: instant(0))
            for set in 1...ChoiceFacts.window {
                try store.save(ana, bench, SetValues(60, .kg, 8, 3), at: instant(set))
            }
            let facts = try store.choiceFacts(of: ana, exercisesAfter: 0)
            #expect(facts.recent == [bench])
            #expect(facts.lastValues[deadlift.id] == nil)
            #expect(!facts.coversAll, "the deadlift's numbers are asked for on their own")
        }
    }
}
