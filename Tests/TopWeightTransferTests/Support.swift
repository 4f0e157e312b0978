import Foundation
import Testing
import TopWeightCatalog
import TopWeightCore
import TopWeightPostgres
import TopWeightStore
@testable import TopWeightTransfer

/// The fixtures: small files of our own, each imitating one variant of an app's export.
enum Fixture {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func data(_ name: String) throws -> Data {
        try Data(contentsOf: directory.appendingPathComponent(name))
    }

    static func text(_ name: String) throws -> String {
        guard let text = ExportText.decode(try data(name)) else { throw Unreadable(name: name) }
        return text
    }

    struct Unreadable: Error { var name: String }
}

/// Where the tests place local times: a zone with summer time.
let testZone = TimeZone(identifier: "Europe/Madrid") ?? .current

var testCalendar: Calendar {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = testZone
    return calendar
}

/// A catalog of our own, so the mapping the tests expect stays whatever the bundled one grows into.
let testCatalog: ExerciseCatalog = {
    let yaml = """
        exercises:
          - { name: Bench Press, category: barbell }
          - { name: Incline Bench Press, category: barbell }
          - { name: Dumbbell Bench Press, category: dumbbell }
          - { name: Overhead Press, category: barbell }
          - { name: Back Squat, category: barbell }
          - { name: Front Squat, category: barbell }
          - { name: Deadlift, category: barbell }
          - { name: Pull-Up, category: bodyweight }
          - { name: Chin-Up, category: bodyweight }
          - { name: Lat Pulldown, category: cable }
          - { name: Chest Press Machine, category: machine }
          - { name: Leg Curl, category: machine }
        """
    return (try? ExerciseCatalog(yaml: yaml)) ?? ExerciseCatalog(entries: [])
}()

/// Sets and volume of one day: volume as hundredths × reps, by unit.
struct DaySums: Equatable, CustomStringConvertible {
    var sets = 0
    var kg = 0
    var lb = 0

    var description: String { "\(sets) sets, \(kg) kg·c, \(lb) lb·c" }

    mutating func add(_ weight: Weight, reps: Int, series: Int) {
        sets += series
        if weight.unit == .kg { kg += weight.hundredths * reps * series } else { lb += weight.hundredths * reps * series }
    }
}

/// `member`'s live records, summed by local day.
func daySums(in engine: any StorageEngine, member: String) throws -> [String: DaySums] {
    guard let user = try engine.user(named: member) else { return [:] }
    var sums: [String: DaySums] = [:]
    for record in try engine.history(HistoryQuery(userID: user.id)) {
        sums[LocalDay(record.performedAt, in: testCalendar).description, default: DaySums()]
            .add(record.values.weight, reps: record.values.reps, series: record.values.series)
    }
    return sums
}

/// An importer over `store` with the test catalog and zone.
func importer(_ store: any StorageEngine) -> HistoryImporter {
    HistoryImporter(engine: store, catalog: testCatalog, timeZone: testZone)
}

/// A fixed instant for `now`.
let importTime = Date(timeIntervalSince1970: 1_790_000_000)
