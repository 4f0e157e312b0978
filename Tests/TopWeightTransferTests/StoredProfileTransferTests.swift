import Foundation
import Testing
import TopWeightCore
@testable import TopWeightTransfer
import TopWeightTestSupport

/// What is known of a member or an exercise goes through our own JSON and
/// CSV as one value: written as it is read back, on either engine.
@Suite("Members and exercises through our own exports")
struct StoredProfileTransferTests {
    @Test("A member and an exercise as the JSON export writes them read back as the same values")
    func jsonShape() throws {
        let members = [StoredMember(name: "Ana", isPrivate: true), StoredMember(name: "Bo")]
        let exercises = [StoredExercise(name: "Plank Hold", category: "core work", kind: .time),
                         StoredExercise(name: "Zercher Squat", category: nil, kind: .weight)]
        let text = "{\"format\":\"topweight\",\"version\":2,\"members\":[" + members.map(\.jsonObject).joined(separator: ",")
            + "],\"exercises\":[" + exercises.map(\.jsonObject).joined(separator: ",") + "]}"

        let document = try JSONDecoder().decode(HistoryDocument.self, from: Data(text.utf8))

        #expect(document.members == members)
        #expect(document.exercises == exercises)
        #expect(members[0].jsonObject == "{\"name\":\"Ana\",\"private\":true}")
    }

    @Test("A member in a file written before privacy was carried is public; an exercise before kinds measures weight")
    func olderFiles() throws {
        let text = """
            {"format":"topweight","version":1,"members":[{"name":"Ana"}],"exercises":[{"name":"Squat","category":"barbell"}]}
            """
        let document = try JSONDecoder().decode(HistoryDocument.self, from: Data(text.utf8))

        #expect(document.members == [StoredMember(name: "Ana", isPrivate: false)])
        #expect(document.exercises == [StoredExercise(name: "Squat", category: "barbell", kind: .weight)])
    }

    @Test("JSON and CSV exports imported into an empty store keep the private member private and the gym's categories",
          arguments: TestEngine.kinds, ["json", "csv"])
    func throughTheStore(engine: TestEngine, format: String) throws {
        try engine.withStores { store, fresh in
            try KindsTransferTests.fillEveryKind(store)
            let ana = try #require(try store.user(named: "Ana"))
            try store.setPrivate(ana, true)
            let bo = try store.createUser(named: "Bo")
            let keg = try store.createExercise(named: "Keg Carry", category: "strongman", kind: .distance)
            _ = try store.save(NewRecord(user: bo, exercise: keg, values: .covered(Distance(value: 40, unit: .m), in: SetDuration(seconds: 30)),
                                         performedAt: Date(timeIntervalSince1970: 1_770_000_000)))
            let data = try KindsTransferTests.export(format, store)
            let target = try fresh()

            _ = try HistoryImporter(engine: target, catalog: .bundled(), timeZone: testZone)
                .run(data, format: .auto, member: nil, unit: nil, dryRun: false, now: Date(timeIntervalSince1970: 1_780_000_000))

            #expect(try target.isPrivate(#require(try target.user(named: "Ana"))))
            #expect(try !target.isPrivate(#require(try target.user(named: "Bo"))))
            let carried = try #require(try target.exercise(named: "Keg Carry"))
            #expect((carried.category, carried.kind) == ("strongman", .distance))
        }
    }
}
