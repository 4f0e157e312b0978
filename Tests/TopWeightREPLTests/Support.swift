import Foundation
import TopWeightCatalog
import TopWeightCore
import TopWeightREPL
import TopWeightStore
import TopWeightTestSupport

/// A store on a fresh temporary file, removed when the fixture goes away.
final class Fixture {
    let directory: URL
    let store: WorkoutStore
    let catalog = ExerciseCatalog(entries: [
        .init(name: "Bench Press", category: "barbell"),
        .init(name: "Back Squat", category: "barbell"),
        .init(name: "Deadlift", category: "barbell"),
    ])
    /// 2026-11-21 18:00 UTC, a Saturday.
    static let now = Date(timeIntervalSince1970: 1_795_284_000)

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("topweight-repl-\(UUID().uuidString)")
        store = try WorkoutStore(path: directory.appendingPathComponent("test.sqlite").path)
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    /// Runs a session over `source` and returns what it printed.
    @discardableResult
    func run(_ source: ScriptedLineSource, kiosk: Bool = false, routines: RoutineCatalog = RoutineCatalog(routines: []),
             catalog: ExerciseCatalog? = nil, configure: (inout Session.Settings) -> Void = { _ in })
        -> (console: RecordingConsole, ending: Session.Ending) {
        let console = RecordingConsole()
        var settings = Session.Settings()
        settings.timeZone = TimeZone(identifier: "UTC") ?? .current
        settings.now = { Fixture.now }
        settings.kiosk = kiosk
        configure(&settings)
        let session = Session(store: store, source: source, console: console, catalog: catalog ?? self.catalog, routines: routines, settings: settings)
        let ending = session.run()
        return (console, ending)
    }

    func records() throws -> [WorkoutRecord] {
        try store.history(HistoryQuery())
    }

    /// A member with one earlier set, so defaults exist.
    @discardableResult
    func seed(user: String = "Ana", exercise: String = "Bench Press", values: SetValues) throws -> (User, Exercise) {
        let member = try store.createUser(named: user)
        let chosen = try store.createExercise(named: exercise)
        _ = try store.save(NewRecord(user: member, exercise: chosen, values: values, performedAt: Fixture.now.addingTimeInterval(-86_400)))
        return (member, chosen)
    }
}

extension SetValues {
    static func kg(_ weight: Double, _ reps: Int, _ series: Int) -> SetValues {
        SetValues(weight: Weight(value: weight, unit: .kg), reps: reps, series: series)
    }
}
