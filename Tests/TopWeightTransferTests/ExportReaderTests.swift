import Foundation
import Testing
import TopWeightCore
@testable import TopWeightTransfer

/// What each fixture holds, worked out by hand from the file.
struct FixtureExpectation: Sendable, CustomTestStringConvertible {
    var file: String
    var unit: WeightUnit? = nil
    var format: ImportFormat
    /// Words the variant's description holds.
    var variant: String
    var rows: Int
    /// Per local day: (sets, kg volume, lb volume), volume as hundredths × reps.
    var days: [String: (Int, Int, Int)]
    var skipped: [SkipReason: Int] = [:]
    var malformed: [String] = []
    var records: Int
    /// Timed and distance sets (the rows with a time or a distance that is not zero).
    var timed = 0
    var distance = 0

    var testDescription: String { file }

    static let all: [FixtureExpectation] = [
        // Comma, no unit (Strong's comma export): notes with commas and a line break, float noise, a malformed row, blank lines at the end.
        // A treadmill and a plank; two squats alike but for their RPE (two records).
        FixtureExpectation(file: "strong-comma-no-unit.csv", unit: .lb, format: .strong, variant: "comma", rows: 9,
                           days: ["2021-07-07": (4, 0, 137_000), "2021-07-09": (4, 0, 185_000)],
                           skipped: [.malformed: 1], malformed: ["line 11"], records: 7, timed: 1, distance: 1),
        // The oldest: a `kg` column, 0-based set order, CRLF.
        FixtureExpectation(file: "strong-comma-oldest.csv", format: .strong, variant: "weights in kg", rows: 6,
                           days: ["2016-10-03": (6, 111_250, 0)], records: 5, timed: 1),
        // No notes columns, reps written `13.0`.
        // The same lift and set number on two days: two sets, never one.
        FixtureExpectation(file: "strong-comma-no-notes.csv", unit: .kg, format: .strong, variant: "comma", rows: 5,
                           days: ["2024-11-28": (3, 41_500, 0), "2024-11-29": (1, 32_000, 0), "2024-12-02": (1, 32_000, 0)], records: 5),
        // No Duration column, a Cyrillic workout name, cardio first.
        FixtureExpectation(file: "strong-comma-no-duration.csv", unit: .kg, format: .strong, variant: "comma", rows: 4,
                           days: ["2019-12-02": (4, 132_000, 0)], records: 3, distance: 1),
        // Semicolons and a Weight Unit column (kg and lb rows, empty for bodyweight), a note over two lines.
        FixtureExpectation(file: "strong-semicolon-unit-column.csv", format: .strong, variant: "semicolon, a Weight Unit column", rows: 7,
                           days: ["2024-01-14": (4, 195_000, 0), "2024-01-15": (2, 0, 112_500)],
                           skipped: [.noReps: 1], records: 6, timed: 1, distance: 1),
        // Strong's current export: everything quoted, Weight (kg), W/D/F, Rest Timer and Note rows, a workout at 23:59:59.
        FixtureExpectation(file: "strong-semicolon-current.csv", format: .strong, variant: "semicolon, weights in kg", rows: 11,
                           days: ["2025-02-17": (6, 99_200, 0), "2025-02-18": (3, 91_250, 0)],
                           skipped: [.restTimer: 1], records: 8, distance: 1),
        // Hevy in kg, newest first, every set type, a literal \n in a note, a timed and a 0-rep row.
        FixtureExpectation(file: "hevy-kg.csv", format: .hevy, variant: "weights in kg", rows: 8,
                           days: ["2025-09-15": (5, 216_000, 0), "2025-09-08": (2, 0, 0)],
                           skipped: [.noReps: 1], records: 6, timed: 1),
        FixtureExpectation(file: "hevy-lb.csv", format: .hevy, variant: "weights in lb", rows: 4,
                           days: ["2026-01-13": (4, 0, 184_500)], records: 3, distance: 1),
        // Weights in kg, distances in miles, real line breaks in a note; a farmer's walk with its load (40 kg × 1 in the sums).
        FixtureExpectation(file: "hevy-mixed.csv", format: .hevy, variant: "weights in kg", rows: 4,
                           days: ["2026-04-08": (3, 21_300, 0), "2025-10-24": (1, 0, 0)], records: 4, distance: 2),
        FixtureExpectation(file: "fitnotes-old.csv", format: .fitnotes, variant: "weights in lb", rows: 5,
                           days: ["2020-09-13": (4, 0, 288_000), "2020-09-14": (1, 0, 0)], records: 4, distance: 1),
        // A Weight Unit column of kgs and lbs; cardio rows of every shape.
        FixtureExpectation(file: "fitnotes-new.csv", format: .fitnotes, variant: "a Weight Unit column", rows: 8,
                           days: ["2026-08-04": (3, 87_000, 264_552), "2026-08-05": (1, 0, 0), "2026-08-13": (3, 0, 6_614)],
                           skipped: [.noReps: 1], records: 7, timed: 1, distance: 2),
        // A byte-order mark, column pairs, a set not done (0 reps).
        FixtureExpectation(file: "stronglifts-kg.csv", format: .stronglifts, variant: "weights in kg", rows: 3,
                           days: ["2026-08-11": (6, 176_000, 0)], skipped: [.noReps: 1], records: 4),
        // Two workouts starting the same minute of one day.
        FixtureExpectation(file: "stronglifts-lb.csv", format: .stronglifts, variant: "weights in lb", rows: 2,
                           days: ["2026-08-13": (3, 0, 67_500)], skipped: [.noReps: 1], records: 2),
    ]

    var expectedDays: [String: DaySums] {
        days.mapValues { DaySums(sets: $0.0, kg: $0.1, lb: $0.2) }
    }
}

@Suite("Reading other apps' exports")
struct ExportReaderTests {
    @Test("Each variant is told from its header and read to the file's sets, day by day", arguments: FixtureExpectation.all)
    func readsEveryVariant(_ expected: FixtureExpectation) throws {
        let history = try ExportReader.read(text: try Fixture.text(expected.file), format: .auto, unit: expected.unit)
        #expect(history.format == expected.format)
        #expect(history.variant.contains(expected.variant), "\(history.variant)")
        #expect(history.rows == expected.rows)
        var days: [String: DaySums] = [:]
        for workout in history.workouts {
            for set in workout.sets {
                days[String(workout.start.canonical.prefix(10)), default: DaySums()].add(set.values.weight, reps: set.values.reps, series: 1)
            }
        }
        #expect(days == expected.expectedDays)
        let sets = history.workouts.flatMap(\.sets)
        #expect(sets.filter { $0.values.measure == .time }.count == expected.timed)
        #expect(sets.filter { $0.values.measure == .distance }.count == expected.distance)
        #expect(history.skipped == expected.skipped)
        #expect(history.malformed.map(\.place) == expected.malformed)
    }

    @Test("Naming the app checks the header; a header of no app is refused in one line")
    func namedFormatIsChecked() throws {
        let text = try Fixture.text("hevy-kg.csv")
        #expect(throws: ImportError.self) { try ExportReader.read(text: text, format: .strong, unit: nil) }
        #expect(try ExportReader.read(text: text, format: .hevy, unit: nil).format == .hevy)
        do {
            _ = try ExportReader.read(text: "Name,Score\nAna,3\n", format: .auto, unit: nil)
            Issue.record("read a file of no app")
        } catch {
            #expect(error.message == "the header (Name, Score) is none of Strong's, Hevy's, FitNotes' or StrongLifts' exports")
        }
    }

    @Test("Strong's comma export needs --unit, and says why in one line")
    func commaStrongNeedsUnit() throws {
        let text = try Fixture.text("strong-comma-no-unit.csv")
        do {
            _ = try ExportReader.read(text: text, format: .auto, unit: nil)
            Issue.record("read weights without a unit")
        } catch {
            #expect(error.message.contains("--unit kg or --unit lb"))
            #expect(!error.message.contains("\n"))
        }
    }

    @Test("--unit that contradicts the file's own unit is refused")
    func contradictingUnit() throws {
        #expect(throws: ImportError.self) { try ExportReader.read(text: try Fixture.text("hevy-lb.csv"), format: .auto, unit: .kg) }
        #expect(throws: ImportError.self) { try ExportReader.read(text: try Fixture.text("strong-semicolon-current.csv"), format: .auto, unit: .lb) }
        #expect(try ExportReader.read(text: try Fixture.text("hevy-lb.csv"), format: .auto, unit: .lb).rows == 4)
    }

    @Test("--unit that contradicts a unit the file names row by row is refused as one named in a column's name is", arguments: [
        ("strong-semicolon-unit-column.csv", WeightUnit.lb), ("strong-semicolon-unit-column.csv", .kg),
        ("fitnotes-new.csv", .kg), ("fitnotes-new.csv", .lb), ("fitnotes-body.csv", .kg),
    ])
    func contradictingRowUnit(file: String, unit: WeightUnit) throws {
        let text = try Fixture.text(file)
        do {
            _ = try ExportReader.read(text: text, format: .auto, unit: unit)
            Issue.record("--unit \(unit.rawValue) was ignored for \(file)")
        } catch {
            #expect(error.message.contains("--unit \(unit.rawValue) would misread them"), "\(error.message)")
            #expect(!error.message.contains("\n"))
        }
        // Without --unit, or with the unit its rows name, the same file reads.
        #expect(try ExportReader.read(text: text, format: .auto, unit: nil).rows > 0)
    }

    @Test("--unit that agrees with a unit the file names row by row is taken")
    func agreeingRowUnit() throws {
        #expect(try ExportReader.read(text: try Fixture.text("fitnotes-body.csv"), format: .auto, unit: .lb).bodyWeights.count == 2)
    }

    @Test("Warm-ups, drops and failures keep their kind; Strong's Note row is a note, not a set")
    func kindsAndNoteRows() throws {
        let history = try ExportReader.read(text: try Fixture.text("strong-semicolon-current.csv"), format: .auto, unit: nil)
        let first = try #require(history.workouts.first)
        #expect(first.sets.map(\.kind) == [.warmup, nil, nil, .failure, .drop, nil])
        #expect(first.notes == ["First, with PT"])
        #expect(first.exerciseNotes.map(\.note) == ["Bench at 30°"])
        let hevy = try ExportReader.read(text: try Fixture.text("hevy-kg.csv"), format: .auto, unit: nil)
        #expect(hevy.workouts.flatMap(\.sets).map(\.kind) == [.warmup, nil, .failure, .drop, nil, nil, nil])
    }

    @Test("Notes keep their commas and line breaks; Hevy's literal \\n is a line break")
    func notes() throws {
        let strong = try ExportReader.read(text: try Fixture.text("strong-comma-no-unit.csv"), format: .auto, unit: .lb)
        #expect(strong.workouts[0].notes == ["Felt good, slept 8h"])
        #expect(strong.workouts[0].exerciseNotes.map(\.note) == ["7/7/7, full rom", "easy\npace"])
        let semicolon = try ExportReader.read(text: try Fixture.text("strong-semicolon-unit-column.csv"), format: .auto, unit: nil)
        #expect(semicolon.workouts[0].exerciseNotes.map(\.note) == ["Last sets slow; isometrics\nHybrid halting (1.5 rep)"])
        let hevy = try ExportReader.read(text: try Fixture.text("hevy-kg.csv"), format: .auto, unit: nil)
        #expect(hevy.workouts[0].notes == ["All sets 175 next time\nLegs: 170"])
        let mixed = try ExportReader.read(text: try Fixture.text("hevy-mixed.csv"), format: .auto, unit: nil)
        #expect(mixed.workouts[0].exerciseNotes.map(\.note) == ["Missed 97 twice\nelbows didn't move"])
    }

    @Test("A zero weight with no unit takes the unit most of the file's weights have")
    func zeroWeightUnit() throws {
        let history = try ExportReader.read(text: try Fixture.text("strong-semicolon-unit-column.csv"), format: .auto, unit: nil)
        let chinUp = try #require(history.workouts[0].sets.first { $0.exercise == "Chin Up" })
        #expect(chinUp.values.weight == Weight(hundredths: 0, unit: .kg))
    }

    @Test("Body-weight exports: Strong's (float noise) and FitNotes' body tracker (other measurements counted)")
    func bodyWeights() throws {
        let strong = try ExportReader.read(text: try Fixture.text("strong-body-weight.csv"), format: .auto, unit: nil)
        #expect(strong.bodyWeights.map(\.weight) == [Weight(hundredths: 7680, unit: .kg), Weight(hundredths: 7590, unit: .kg),
                                                      Weight(hundredths: 9000, unit: .kg)])
        #expect(strong.rounded == 0, "float32 noise is not a finer weight")
        let fitNotes = try ExportReader.read(text: try Fixture.text("fitnotes-body.csv"), format: .auto, unit: nil)
        #expect(fitNotes.bodyWeights.map(\.weight) == [Weight(hundredths: 16700, unit: .lb), Weight(hundredths: 16750, unit: .lb)])
        #expect(fitNotes.bodyWeights.map(\.measuredAt.canonical) == ["2018-07-30 12:18:42", "2018-08-06 12:03:13"])
        #expect(fitNotes.skipped == [.otherMeasurement: 1])
    }

    @Test("Malformed rows are named by line and skipped, never misread", arguments: [
        ("Date,Workout Name,Exercise Name,Set Order,kg,Reps,km,Seconds,Notes\n2016-10-03 19:30:55,W,Squat,0,70.0,5,0.0,0,\n"
            + "2016-10-03 19:30:55,W,Squat,1,seventy,5,0.0,0,\n2016-10-03 19:30:55,W,Squat,2,70.0,5.5,0.0,0,\n"
            + "2016-10-03,W,Squat,3,70.0,5,0.0,0,\n2016-10-03 19:30:55,W,Squat,X,70.0,5,0.0,0,\n"
            + "2016-10-03 19:30:55,W,Squat,4,1,000,5,0.0,0,\n2016-10-03 19:30:55,W,Squat,5,-20,5,0.0,0,\n"
            + "2016-10-03 19:30:55,W,Squat,6,1200,5,0.0,0,\n", ["line 3", "line 4", "line 5", "line 6", "line 7", "line 8", "line 9"]),
    ])
    func malformedRows(_ text: String, _ lines: [String]) throws {
        let history = try ExportReader.read(text: text, format: .auto, unit: nil)
        #expect(history.malformed.map(\.place) == lines)
        #expect(history.workouts.flatMap(\.sets).count == 1)
        #expect(history.malformed.allSatisfy { !$0.description.contains("\n") })
    }

    @Test("A weight finer than a hundredth is rounded to one and counted, never dropped")
    func roundedWeights() throws {
        let text = "\"title\",\"start_time\",\"exercise_title\",\"set_index\",\"set_type\",\"weight_kg\",\"reps\"\n"
            + "\"A\",\"8 Apr 2026, 16:50\",\"Curl\",0,\"normal\",22.6796,10\n"
        let history = try ExportReader.read(text: text, format: .auto, unit: nil)
        #expect(history.rounded == 1)
        #expect(history.workouts.first?.sets.first?.values.weight == Weight(hundredths: 2268, unit: .kg))
    }

    @Test("A local time that summer time skips still falls on its own day")
    func summerTimeGap() throws {
        let clock = LocalClock(calendar: testCalendar)
        let gap = try #require(SourceTimes.parse("2025-03-30 02:30:00"))
        #expect(LocalDay(clock.date(gap), in: testCalendar).description == "2025-03-30")
        let late = try #require(SourceTimes.parse("2025-10-26 23:59:59"))
        #expect(LocalDay(clock.date(late).addingTimeInterval(0.999), in: testCalendar).description == "2025-10-26")
    }
}
