import Foundation
import Testing
import TopWeightCore
import TopWeightPostgres
import TopWeightStore
import TopWeightUseCases
import TopWeightTestSupport

/// `topweight copy` between the engines, for what lives beside the records:
/// sessions' notes and routines, and the gym's routines.
@Suite("Copying the training log between a file and PostgreSQL")
struct LogbookCopyTests {
    static let day1 = LocalDay(checked: "2026-11-03")
    static let day2 = LocalDay(checked: "2026-11-04")
    static let day3 = LocalDay(checked: "2026-11-05")
    static let note = "Heavy day.\n\n- **squat** 100 × 5\n- *knee* fine"

    static let upper = Routine(name: "Upper", exercises: [
        RoutineStep(exercise: "Bench Press", values: SetValues(62.5, .kg, 8, 3)),
        RoutineStep(exercise: "Face Pull", values: nil),
    ])
    static let lower = Routine(name: "Lower", exercises: [RoutineStep(exercise: "Deadlift", values: SetValues(315, .lb, 3, 1))])

    /// Every member's kept days, by member name key.
    static func kept(_ store: any StorageEngine) throws -> [String: [SessionInfo]] {
        var kept: [String: [SessionInfo]] = [:]
        for summary in try store.users() {
            let infos = try store.sessionInfos(userID: summary.user.id, from: LocalDay(checked: "0001-01-01"), through: LocalDay(checked: "9999-12-31"))
            if !infos.isEmpty { kept[NameRules.key(summary.user.name)] = infos }
        }
        return kept
    }

    @Test("Notes, session routines and the gym's routines go from a file to PostgreSQL and back; again adds nothing, a day kept there stays")
    func notesAndRoutinesBothWays() throws {
        try withTemporaryDatabase { database in
            let file = try database.open()
            let ana = try file.createUser(named: "Ana")
            let bo = try file.createUser(named: "Bo")
            try file.save(ana, try file.createExercise(named: "Back Squat"), SetValues(100, .kg, 5, 5), at: instant(0))
            try file.appendNote(userID: ana.id, day: Self.day1, text: Self.note, now: instant(10))
            try file.setRoutine("Lower", userID: ana.id, day: Self.day1, now: instant(20))
            try file.appendNote(userID: ana.id, day: Self.day2, text: "Rest", now: instant(30))
            try file.setRoutine("Upper", programDay: "week 3 day 1", userID: bo.id, day: Self.day1, now: instant(40))
            _ = try file.saveRoutine(Self.upper, now: instant(50))
            _ = try file.saveRoutine(Self.lower, now: instant(60))

            _ = try withPostgresDatabase { url in
                let server = try PostgresLogbook(url: url)
                defer { server.close() }

                // Pages of two: the three kept days take two.
                let first = try LogbookCopy.run(from: file, to: server, now: instant(100), pageSize: 2)

                #expect((first.sessions, first.sessionsAlreadyThere) == (3, 0))
                #expect((first.routines, first.routinesAlreadyThere) == (2, 0))
                #expect(try Self.kept(server) == Self.kept(file))
                #expect(try Self.kept(server)["ana"] == [
                    SessionInfo(day: Self.day1, note: Self.note, routine: "Lower"),
                    SessionInfo(day: Self.day2, note: "Rest", routine: nil),
                ])
                #expect(try Set(server.storedSessions()) == Set(file.storedSessions()), "editedAt too")
                #expect(try server.routines() == [Self.lower, Self.upper])

                let again = try LogbookCopy.run(from: file, to: server, now: instant(200), pageSize: 2)
                #expect((again.sessions, again.sessionsAlreadyThere) == (0, 3))
                #expect((again.routines, again.routinesAlreadyThere) == (0, 2))
                #expect(try Self.kept(server) == Self.kept(file), "no note doubled")

                // Back, into a file that already keeps Ana's first day and an Upper of its own.
                let cy = try server.createUser(named: "Cy")
                try server.appendNote(userID: cy.id, day: Self.day3, text: "Cy's first", now: instant(300))
                try withTemporaryDatabase { other in
                    let back = try other.open()
                    let own = Routine(name: "UPPER", exercises: [RoutineStep(exercise: "Dip", values: nil)])
                    let anaBack = try back.createUser(named: "ANA")
                    try back.appendNote(userID: anaBack.id, day: Self.day1, text: "Kept here", now: instant(400))
                    _ = try back.saveRoutine(own, now: instant(400))

                    let returned = try LogbookCopy.run(from: server, to: back, now: instant(500), pageSize: 3)

                    #expect((returned.sessions, returned.sessionsAlreadyThere) == (3, 1))
                    #expect((returned.routines, returned.routinesAlreadyThere) == (1, 1))
                    #expect(try Self.kept(back) == [
                        "ana": [SessionInfo(day: Self.day1, note: "Kept here", routine: nil),
                                SessionInfo(day: Self.day2, note: "Rest", routine: nil)],
                        "bo": [SessionInfo(day: Self.day1, note: nil, routine: "Upper", programDay: "week 3 day 1")],
                        "cy": [SessionInfo(day: Self.day3, note: "Cy's first", routine: nil)],
                    ])
                    #expect(try back.routines() == [Self.lower, own])

                    let returnedAgain = try LogbookCopy.run(from: server, to: back, now: instant(600))
                    #expect((returnedAgain.sessions, returnedAgain.sessionsAlreadyThere) == (0, 4))
                    #expect((returnedAgain.routines, returnedAgain.routinesAlreadyThere) == (0, 2))
                    #expect(try Self.kept(back)["ana"]?.first?.note == "Kept here")
                }
            }
        }
    }

    @Test("A copy between two stores of the same engine carries notes and routines too", arguments: TestEngine.kinds)
    func sameEngine(engine: TestEngine) throws {
        func run(_ source: any StorageEngine, _ destination: any StorageEngine) throws {
            let ana = try source.createUser(named: "Ana")
            try source.appendNote(userID: ana.id, day: Self.day1, text: Self.note, now: instant(0))
            _ = try source.saveRoutine(Self.upper, now: instant(0))

            let summary = try LogbookCopy.run(from: source, to: destination, now: instant(10))

            #expect(summary.members == 1 && summary.sessions == 1 && summary.routines == 1)
            #expect(try Self.kept(destination) == ["ana": [SessionInfo(day: Self.day1, note: Self.note, routine: nil)]])
            #expect(try destination.routines() == [Self.upper])
        }
        try engine.withStores { source, fresh in try run(source, try fresh()) }
    }
}
