import Foundation
import TopWeightCore

/// The apps whose exports `topweight import` reads, and our own JSON.
public enum ImportFormat: String, Sendable, CaseIterable {
    case auto
    case strong
    case hevy
    case fitnotes
    case stronglifts
    case json
    /// Our own CSV export (`export --format csv`): records with their ids.
    case csv

    /// The app's name as people write it.
    public var title: String {
        switch self {
        case .auto: "auto"
        case .strong: "Strong"
        case .hevy: "Hevy"
        case .fitnotes: "FitNotes"
        case .stronglifts: "StrongLifts"
        case .json: "Top Weight JSON"
        case .csv: "Top Weight CSV"
        }
    }
}

/// Why a row of an export brought no set.
public enum SkipReason: String, Sendable, Hashable, CaseIterable, Comparable {
    /// A distance or a time where the format has no set for it (StrongLifts' workout time).
    case cardioOrTimed
    /// No reps, or 0 (a set planned but not done).
    case noReps
    /// Strong's rest-timer rows.
    case restTimer
    /// A body-tracker measurement other than body weight (FitNotes: body fat, waist…).
    case otherMeasurement
    /// A row that could not be read; named by line.
    case malformed
    /// A row dated after now (`LatestTime`); named by line.
    case afterNow

    /// `3 cardio or timed`, `1 rest timer`, `2 malformed`.
    public func counted(_ count: Int) -> String {
        switch self {
        case .cardioOrTimed: "\(count) cardio or timed"
        case .noReps: "\(count) without reps"
        case .restTimer: "\(count) rest timer\(count == 1 ? "" : "s")"
        case .otherMeasurement: "\(count) other measurement\(count == 1 ? "" : "s")"
        case .malformed: "\(count) malformed"
        case .afterNow: "\(count) dated after now"
        }
    }

    public static func < (lhs: SkipReason, rhs: SkipReason) -> Bool {
        allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
    }
}

/// A row that could not be read, and why (one line).
public struct MalformedRow: Sendable, Hashable {
    /// `line 12`, `lines 12–14`, or `record 3` in a JSON file.
    public var place: String
    public var reason: String

    public var description: String { "\(place): \(reason); skipped" }
}

/// One set as the export gives it: weight × reps, or a time, or a distance
/// (with its time when the row has one), and its RPE when the row had one.
struct SourceSet: Sendable, Hashable {
    /// The exercise as the app named it (trimmed).
    var exercise: String
    /// The set's numbers, `series` 1; `measure` is weight, time or distance
    /// (a bodyweight lift is told later, from the exercise it lands on).
    var values: SetValues
    var kind: SetKind?
    /// The app's set number or letter (`1`, `W`).
    var label: String
    /// A row the importer took before it read times, distances and RPEs (a
    /// weight × reps row): its records' ids are worked out as they were then too.
    var legacy: Bool
    /// The app's id of the superset it was in (Hevy's `superset_id`), if any.
    var superset: String?
    /// What identifies this set in the file, whatever else changes:
    /// the workout's start, the exercise, the app's set label and how
    /// many times that label came before in the workout.
    var identity: String
}

/// One workout: its sets in order and its notes.
struct SourceWorkout: Sendable {
    /// What the format groups a workout's rows by (its start, or a date and
    /// a workout number): the first part of every set's identity.
    var key: String
    var start: WallTime
    /// The workout's name in the app (Strong's `Workout Name`, Hevy's `title`), if it has one.
    var name: String?
    /// Its length in seconds (Strong's `Duration`), or its end (Hevy's `end_time`), if the app wrote one.
    var seconds: Int?
    var end: WallTime?
    var sets: [SourceSet] = []
    /// The workout's own notes, each once, in order.
    var notes: [String] = []
    /// Notes on an exercise (or one of its sets), each once, in order.
    var exerciseNotes: [(exercise: String, note: String)] = []
    /// How many sets each (exercise, label) had so far: the next occurrence number.
    var occurrences: [String: Int] = [:]

    init(key: String, start: WallTime) {
        self.key = key
        self.start = start
    }

    /// Adds a set labelled `label` (the app's set number or letter).
    mutating func add(exercise: String, label: String, values: SetValues, kind: SetKind?, legacy: Bool, superset: String? = nil) {
        let slot = NameRules.key(exercise) + "\u{1F}" + label
        let occurrence = occurrences[slot, default: 0]
        occurrences[slot] = occurrence + 1
        let identity = [key, slot, String(occurrence)].joined(separator: "\u{1F}")
        sets.append(SourceSet(exercise: exercise, values: values, kind: kind, label: label, legacy: legacy, superset: superset, identity: identity))
    }

    /// Takes the first name and length the workout's rows give.
    mutating func describe(name text: String?, seconds: Int?, end: WallTime? = nil) {
        if name == nil, let text {
            let line = text.split(whereSeparator: \.isNewline).joined(separator: " ").trimmingCharacters(in: .whitespaces)
            if !line.isEmpty { name = line }
        }
        if self.seconds == nil { self.seconds = seconds }
        if self.end == nil { self.end = end }
    }

    mutating func addNote(_ text: String) {
        let note = NoteText.clean(text)
        if !note.isEmpty, !notes.contains(note) { notes.append(note) }
    }

    mutating func addNote(_ text: String, exercise: String) {
        let note = NoteText.clean(text)
        if !note.isEmpty, !exerciseNotes.contains(where: { $0.exercise == exercise && $0.note == note }) {
            exerciseNotes.append((exercise, note))
        }
    }
}

/// One body-weight measurement from an export.
struct SourceBodyWeight: Sendable, Hashable {
    var measuredAt: WallTime
    var weight: Weight
    var identity: String
}

/// Everything read from one export, before it is mapped onto a member and the catalog.
struct SourceHistory: Sendable {
    var format: ImportFormat
    /// The variant seen, for the summary: `semicolon, Weight Unit column`.
    var variant: String
    /// Data rows read (blank lines not counted).
    var rows = 0
    /// Rows that are a note and no set (Strong's `Note` rows): kept as notes.
    var noteRows = 0
    /// Workouts in the order their first row came.
    var workouts: [SourceWorkout] = []
    var bodyWeights: [SourceBodyWeight] = []
    var skipped: [SkipReason: Int] = [:]
    var malformed: [MalformedRow] = []
    /// Rows dated after now, named.
    var afterNow: [MalformedRow] = []
    /// Weights finer than a hundredth, rounded to one.
    var rounded = 0
    /// RPEs outside 6–10 by halves: the set kept, the RPE left off.
    var rpeLeftOff = 0
    /// Exercise names too long to keep, shortened.
    var shortened: [(from: String, to: String)] = []

    init(format: ImportFormat, variant: String) {
        self.format = format
        self.variant = variant
    }

    mutating func skip(_ reason: SkipReason) {
        skipped[reason, default: 0] += 1
    }

    mutating func reject(_ row: CSVTable.Row, _ reason: String) {
        skip(.malformed)
        malformed.append(MalformedRow(place: row.lines, reason: reason))
    }

    mutating func skipAfterNow(_ row: CSVTable.Row, _ reason: String) {
        skip(.afterNow)
        afterNow.append(MalformedRow(place: row.lines, reason: reason))
    }
}

/// Collects rows into workouts by the key the format groups them by.
struct WorkoutCollector {
    private(set) var workouts: [SourceWorkout] = []
    private var index: [String: Int] = [:]

    /// The workout for `key`, started at `start` when it is new; `body`
    /// changes it. Returns its position in `workouts`.
    @discardableResult
    mutating func with(key: String, start: WallTime, _ body: (inout SourceWorkout) -> Void) -> Int {
        if let position = index[key] {
            body(&workouts[position])
            return position
        }
        index[key] = workouts.count
        var workout = SourceWorkout(key: key, start: start)
        body(&workout)
        workouts.append(workout)
        return workouts.count - 1
    }

    /// Adds a set to the workout for `key`; notes where its zero weight's unit is still unknown.
    mutating func add(_ set: (exercise: String, label: String, values: SetValues, kind: SetKind?, legacy: Bool), unitKnown: Bool,
                      key: String, start: WallTime, superset: String? = nil) {
        var position = 0
        let workout = with(key: key, start: start) { workout in
            position = workout.sets.count
            workout.add(exercise: set.exercise, label: set.label, values: set.values, kind: set.kind, legacy: set.legacy, superset: superset)
        }
        if !unitKnown { unknownUnits.append((workout, position)) }
    }

    /// Sets whose zero weight came without a unit: (workout, set).
    private(set) var unknownUnits: [(workout: Int, set: Int)] = []
}

/// Notes made safe to keep: line ends as `\n`, what a note may not hold
/// (`NameRules.isForbiddenInNote`: controls but tabs, escapes) dropped, trimmed.
enum NoteText {
    static func clean(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        var previousCR = false
        for scalar in text.unicodeScalars {
            defer { previousCR = scalar == "\r" }
            switch scalar {
            case "\r": out.append("\n")
            case "\n": if !previousCR { out.append("\n") }
            default:
                if NameRules.isForbiddenInNote(scalar) { continue }
                out.append(scalar)
            }
        }
        return String(out).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
