import Foundation
import Testing
import TopWeightCatalog
import TopWeightCore
import TopWeightTestSupport
import TopWeightUseCases

/// The use cases the command line's changes call: adding, renaming, merging
/// and removing exercises and members, deleting and restoring records, the
/// admin PIN. Each checks before it changes, so a refusal leaves the logbook as it was.
@Suite("Changes to members, exercises, records and the PIN, through the use cases")
struct ChangeUseCaseTests {
    let catalog = ExerciseCatalog(entries: [
        .init(name: "Bench Press", category: "barbell", equipment: "barbell", muscle: "chest", aliases: ["Bench Press (Barbell)"]),
        .init(name: "Back Squat", category: "barbell", equipment: "barbell", muscle: "quads", aliases: ["Squat (Barbell)"]),
    ])
    let now = Date(timeIntervalSince1970: 1_795_284_000)
    let values = SetValues(weight: Weight(hundredths: 6_000, unit: .kg), reps: 5, series: 3)

    private func workouts() throws -> Workouts {
        Workouts(logbook: try InMemoryLogbook.make(), catalog: catalog)
    }

    private func message(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch {
            return (error as? WorkoutsError)?.description ?? "\(error)"
        }
    }

    @Test("another name of a catalog lift adds the lift under its catalog name, once")
    func addByCatalogAlias() throws {
        let workouts = try workouts()
        let (added, catalogName) = try workouts.addExercise(named: "Squat (Barbell)", category: nil, now: now)
        #expect(added.name == "Back Squat" && added.category == "barbell" && catalogName)
        #expect(message { _ = try workouts.addExercise(named: "Squat (Barbell)", category: nil, now: now) }
            == "Squat (Barbell) is the catalog's Back Squat, and Back Squat already exists")
        #expect(message { _ = try workouts.addExercise(named: "back squat", category: nil, now: now) } == "Back Squat already exists")
        let own = try workouts.addExercise(named: "Zercher Carry", category: "strongman", now: now)
        #expect(own.exercise.category == "strongman" && !own.catalogName)
    }

    @Test("a rename onto another exercise's name is refused with the merge to run; the catalog's own name brings its category")
    func renameChecks() throws {
        let workouts = try workouts()
        _ = try workouts.addExercise(named: "Rear flye", category: nil, now: now)
        _ = try workouts.addExercise(named: "Rear Delt Fly", category: nil, now: now)
        #expect(message { _ = try workouts.exerciseRename("Rear flye", to: "rear delt fly") }
            == "Rear Delt Fly already exists; 'topweight exercises merge \"Rear flye\" \"Rear Delt Fly\"' puts Rear flye's records on it")
        #expect(message { _ = try workouts.exerciseRename("Nothing Here", to: "Else") }?.hasPrefix("no exercise named Nothing Here") == true)

        let rename = try workouts.exerciseRename("Rear flye", to: "Bench Press")
        #expect(rename.exercise.name == "Rear flye" && rename.catalogCategory == "barbell")
        let renamed = try workouts.rename(rename)
        #expect(renamed.name == "Bench Press" && renamed.category == "barbell")
        // An alias of a catalog lift is a name like any other: no category comes with it.
        #expect(try workouts.exerciseRename("Rear Delt Fly", to: "Squat (Barbell)").catalogCategory == nil)
    }

    @Test("a merge needs two different stored exercises, and then moves the records")
    func mergeChecks() throws {
        let workouts = try workouts()
        let member = try workouts.addMember(named: "Ana", now: now)
        let from = try workouts.addExercise(named: "Rear flye", category: nil, now: now).exercise
        _ = try workouts.roles.recording.save(NewRecord(user: member, exercise: from, values: values, performedAt: now), now: now)
        #expect(message { _ = try workouts.exerciseMerge("Rear flye", into: "Rear Delt Fly") }
            == "no exercise named Rear Delt Fly; 'topweight exercises rename \"Rear flye\" \"Rear Delt Fly\"' renames it instead")
        #expect(message { _ = try workouts.exerciseMerge("Rear flye", into: "rear FLYE") } == "Rear flye and Rear flye are the same exercise")

        _ = try workouts.addExercise(named: "Rear Delt Fly", category: nil, now: now)
        let (source, target) = try workouts.exerciseMerge("Rear flye", into: "Rear Delt Fly")
        let merge = try workouts.merge(source, into: target, now: now)
        #expect(merge.records == 1 && merge.members == ["Ana"])
        #expect(try workouts.storedExercises().map(\.exercise.name) == ["Rear Delt Fly"])
    }

    @Test("a member's belongings count live sets, deleted sets, kept days and body weights; removal takes the deleted ones along")
    func memberBelongings() throws {
        let workouts = try workouts()
        let ana = try workouts.findOrCreateMember(named: "Ana", now: now)
        #expect(try workouts.findOrCreateMember(named: "ana", now: now) == ana)
        #expect(message { _ = try workouts.addMember(named: "ANA", now: now) } == "a member named Ana already exists")
        let bench = try workouts.findOrCreateExercise(named: "Bench Press", now: now)
        let first = try workouts.roles.recording.save(NewRecord(user: ana, exercise: bench, values: values, performedAt: now), now: now)
        _ = try workouts.roles.recording.save(NewRecord(user: ana, exercise: bench, values: values, performedAt: now), now: now)
        try workouts.roles.diary.appendNote(userID: ana.id, day: LocalDay(now, in: Calendar.current), text: "Felt strong", now: now)
        _ = try workouts.roles.diary.saveBodyWeight(userID: ana.id, weight: Weight(hundredths: 7_000, unit: .kg), at: now, uid: "w1", now: now)
        try workouts.deleteRecord(id: first, now: now)

        let belongings = try workouts.belongings(of: ana)
        #expect(belongings.liveSets == 1 && belongings.deletedSets == 1 && belongings.days == 1 && belongings.bodyWeights == 1)

        let all = try workouts.history(HistoryQuery(userID: ana.id))
        #expect(all.count == 1)
        try workouts.deleteRecord(id: all[0].id, now: now)
        try workouts.remove(ana)
        #expect(try workouts.members().isEmpty)
    }

    @Test("delete finds a live record and restore a deleted one, each saying what would work instead")
    func deleteAndRestore() throws {
        let workouts = try workouts()
        let ana = try workouts.findOrCreateMember(named: "Ana", now: now)
        let bench = try workouts.findOrCreateExercise(named: "Bench Press", now: now)
        let id = try workouts.roles.recording.save(NewRecord(user: ana, exercise: bench, values: values, performedAt: now), now: now)

        #expect(message { _ = try workouts.recordToRestore(id: id) } == "#\(id) is not deleted; 'topweight history' shows it")
        #expect(try workouts.recordToDelete(id: id).id == id)
        #expect(try workouts.deleteRecord(id: id, now: now))
        #expect(message { _ = try workouts.recordToDelete(id: id) } == "#\(id) is already deleted; 'topweight restore \(id)' brings it back")
        #expect(try workouts.recordToRestore(id: id).deletedAt != nil)
        #expect(try workouts.restoreRecord(id: id))
        #expect(try workouts.record(id: id)?.deletedAt == nil)
        #expect(message { _ = try workouts.recordToDelete(id: id + 1) } == "no record #\(id + 1); 'topweight history' shows them")
        #expect(message { _ = try workouts.recordToRestore(id: id + 1) } == "no deleted record #\(id + 1); 'topweight history --deleted' lists them")
    }

    @Test("the admin PIN: a bad one is refused before anything is stored; set, a wrong try refused, the right one admitted, cleared")
    func adminPin() throws {
        let admin = try workouts().admin
        #expect(try !admin.isPinSet())
        #expect(message { try admin.setPin("12") } == "the PIN must have 4 to 64 characters")
        #expect(message { try admin.setPin("12\u{7}34") } == "the PIN can't contain control characters")
        #expect(try !admin.isPinSet())

        try admin.setPin("2468")
        #expect(try admin.isPinSet())
        #expect(message { try admin.admit(pin: "1357", now: now) } == "wrong admin PIN")
        #expect(message { try admin.admit(pin: "2468", now: now) } == nil)
        try admin.clearPin()
        #expect(try !admin.isPinSet())
    }
}
