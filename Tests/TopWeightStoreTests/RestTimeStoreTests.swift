import Foundation
import Testing
import TopWeightCore
import TopWeightStore
import TopWeightTestSupport

/// A member's own rest per exercise (`:rest`), schema v13, on every engine.
@Suite("Members' own rests, on a file, in memory and on PostgreSQL")
struct RestTimeStoreTests {
    @Test("a rest is kept per member and exercise, replaced, put back to the default, and 0 s (off) is kept too", arguments: TestEngine.allCases)
    func keeps(engine: TestEngine) throws {
        try engine.withStore { store in
            let ana = try store.createUser(named: "Ana")
            let bo = try store.createUser(named: "Bo")
            let bench = try store.createExercise(named: "Bench Press")
            let squat = try store.createExercise(named: "Back Squat")
            #expect(try store.restTimes(userID: ana.id).isEmpty)
            try store.setRestTime(150, userID: ana.id, exerciseID: bench.id)
            try store.setRestTime(0, userID: ana.id, exerciseID: squat.id)
            try store.setRestTime(90, userID: bo.id, exerciseID: bench.id)
            try store.setRestTime(180, userID: ana.id, exerciseID: bench.id)
            #expect(try store.restTimes(userID: ana.id) == [bench.id: 180, squat.id: 0])
            #expect(try store.restTimes(userID: bo.id) == [bench.id: 90])
            try store.setRestTime(nil, userID: ana.id, exerciseID: bench.id)
            #expect(try store.restTimes(userID: ana.id) == [squat.id: 0])
        }
    }

    @Test("a member removed takes their rests along", arguments: TestEngine.allCases)
    func goesWithTheMember(engine: TestEngine) throws {
        try engine.withStore { store in
            let ana = try store.createUser(named: "Ana")
            let bench = try store.createExercise(named: "Bench Press")
            try store.setRestTime(150, userID: ana.id, exerciseID: bench.id)
            try store.removeUser(ana)
            let again = try store.createUser(named: "Ana")
            #expect(try store.restTimes(userID: again.id).isEmpty)
        }
    }
}
