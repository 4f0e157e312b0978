import Foundation

/// Where an imported set came from, as that app had it: which app, the
/// exercise by the app's own name, and the workout it was in (its name,
/// start and length), so that an export back to the app gives back what
/// the app wrote. Kept beside the set (never on a save at the rack); a set
/// logged here has none.
public struct RecordSource: Sendable, Hashable {
    /// The app's format name: `strong`, `hevy`, `fitnotes`, `stronglifts`.
    public var app: String
    /// The exercise as the app named it (`Squat (Barbell)`).
    public var exercise: String
    /// The workout's name in the app (`Push Day`), if it had one.
    public var workout: String?
    /// When the workout began, if the app said.
    public var workoutStart: Date?
    /// How long the workout lasted, in seconds, if the app said.
    public var workoutSeconds: Int?
    /// The set was edited here since it came (`recordSources` says so; never
    /// stored): it may be on another lift now, so `exercise` no longer names it.
    public var edited = false

    public init(app: String, exercise: String, workout: String? = nil, workoutStart: Date? = nil, workoutSeconds: Int? = nil) {
        self.app = app
        self.exercise = exercise
        self.workout = workout
        self.workoutStart = workoutStart
        self.workoutSeconds = workoutSeconds
    }

    /// The longest name or workout name kept (an app's own; a longer one is cut).
    public static let textLength = 200
    /// The longest workout kept: a week.
    public static let secondsLimit = 7 * 86_400

    /// The same source with its texts cut to `textLength` and made one
    /// line, its length within 0…`secondsLimit`; `nil` when the app or the
    /// exercise is empty.
    public var checked: RecordSource? {
        func line(_ text: String) -> String {
            String(String(text.unicodeScalars.filter { !NameRules.isForbiddenInNote($0) && $0 != "\n" && $0 != "\t" })
                .trimmingCharacters(in: .whitespaces).prefix(Self.textLength))
        }
        let app = line(app).lowercased()
        let exercise = line(exercise)
        guard !app.isEmpty, !exercise.isEmpty else { return nil }
        let workout = workout.map(line).flatMap { $0.isEmpty ? nil : $0 }
        return RecordSource(app: app, exercise: exercise, workout: workout, workoutStart: workoutStart,
                            workoutSeconds: workoutSeconds.map { max(0, min(Self.secondsLimit, $0)) })
    }
}
