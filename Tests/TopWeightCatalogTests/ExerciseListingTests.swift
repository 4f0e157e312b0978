import Foundation
import Testing
import TopWeightCatalog
import TopWeightCore
import TopWeightTestSupport
import TopWeightUseCases

/// The exercise listing over the catalog: equipment and muscle for stored
/// exercises, filters, and what a typed alias becomes.
@Suite("Listing exercises by category, equipment and muscle")
struct ExerciseListingTests {
    let catalog = ExerciseCatalog(entries: [
        .init(name: "Bench Press", category: "barbell", equipment: "barbell", muscle: "chest", aliases: ["Bench Press (Barbell)"]),
        .init(name: "Back Squat", category: "barbell", equipment: "barbell", muscle: "quads", aliases: ["Squat (Barbell)", "Squat"]),
        .init(name: "Leg Press", category: "machine", equipment: "machine", muscle: "quads"),
        .init(name: "Smith Machine Squat", category: "machine", equipment: "smith machine", muscle: "quads"),
        .init(name: "Pull-Up", category: "bodyweight", equipment: "pull-up bar", muscle: "back"),
    ])
    let now = Date(timeIntervalSince1970: 1_795_284_000)

    private func workouts() throws -> Workouts {
        Workouts(logbook: try InMemoryLogbook.make(), catalog: catalog)
    }

    @Test("a stored exercise takes its equipment and muscle group from its catalog entry; one of its own has none")
    func storedTakeCatalogFields() throws {
        let workouts = try workouts()
        _ = try workouts.findOrCreateExercise(named: "Bench Press", now: now)
        _ = try workouts.findOrCreateExercise(named: "Zercher Carry", category: "barbell", now: now)
        let rows = try workouts.exerciseRows(includeCatalog: false)
        let bench = try #require(rows.first { $0.name == "Bench Press" })
        #expect(bench.id != nil && bench.equipment == "barbell" && bench.muscle == "chest")
        let own = try #require(rows.first { $0.name == "Zercher Carry" })
        #expect(own.category == "barbell" && own.equipment == nil && own.muscle == nil)
    }

    @Test("filters keep what has every value asked for, case aside, stored and catalog alike", arguments: [
        (ExerciseFilter(category: "machine"), ["Leg Press", "Smith Machine Squat"]),
        (ExerciseFilter(equipment: "Smith  Machine"), ["Smith Machine Squat"]),
        (ExerciseFilter(muscle: "QUADS"), ["Back Squat", "Leg Press", "Smith Machine Squat"]),
        (ExerciseFilter(category: "barbell", muscle: "quads"), ["Back Squat"]),
        (ExerciseFilter(category: "barbell"), ["Back Squat", "Bench Press", "Zercher Carry"]),
        (ExerciseFilter(equipment: "barbell", muscle: "back"), []),
    ])
    func filters(filter: ExerciseFilter, names: [String]) throws {
        let workouts = try workouts()
        _ = try workouts.findOrCreateExercise(named: "Leg Press", now: now)
        _ = try workouts.findOrCreateExercise(named: "Zercher Carry", category: "Barbell", now: now)
        let rows = try workouts.exerciseRows(includeCatalog: true, filter: filter)
        #expect(rows.map(\.name) == names)
    }

    @Test("a value no exercise can have is refused in one line listing the known ones", arguments: [
        (ExerciseFilter(category: "cardio"), "no exercise has category 'cardio'; known: barbell, bodyweight, machine, sled"),
        (ExerciseFilter(equipment: "rings"), "no exercise has equipment 'rings'; known: barbell, machine, pull-up bar, smith machine"),
        (ExerciseFilter(equipment: "rings", muscle: "chest"), "no exercise has equipment 'rings'; known: barbell, machine, pull-up bar, smith machine"),
        (ExerciseFilter(muscle: "lats"), "no exercise has muscle 'lats'; known: back, chest, quads"),
    ])
    func unknownValues(filter: ExerciseFilter, message: String) throws {
        let workouts = try workouts()
        // A category only a stored exercise has is a known one.
        _ = try workouts.findOrCreateExercise(named: "Sled Push", category: "sled", now: now)
        #expect(throws: WorkoutsError.self) { try workouts.exerciseRows(includeCatalog: false, filter: filter) }
        do {
            _ = try workouts.exerciseRows(includeCatalog: true, filter: filter)
        } catch {
            #expect(error.description == message)
            guard case .invalid = error else { Issue.record("not bad input: \(error)"); return }
        }
        #expect(try workouts.exerciseRows(includeCatalog: false, filter: ExerciseFilter(category: "SLED")).map(\.name) == ["Sled Push"])
    }

    @Test("a typed alias records the catalog's lift under its catalog name, once")
    func aliasBecomesCatalogName() throws {
        let workouts = try workouts()
        let first = try workouts.findOrCreateExercise(named: "squat (barbell)", now: now)
        #expect(first.name == "Back Squat" && first.category == "barbell")
        let again = try workouts.findOrCreateExercise(named: "Squat", now: now)
        #expect(again.id == first.id)
        #expect(try workouts.exerciseRows(includeCatalog: false).map(\.name) == ["Back Squat"])
    }
}
