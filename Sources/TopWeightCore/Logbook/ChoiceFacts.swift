import Foundation

/// What choosing the exercise of a member's set needs from the logbook,
/// read in one step (`Logbook.choiceFacts`): the exercises other terminals
/// added since the last look, the member's own exercises (what a short name
/// means to them), the numbers each was last done with (where an entry
/// starts), and the gym's nudge setting (asked after the save).
public struct ChoiceFacts: Sendable, Equatable {
    /// How many of the member's newest live sets `recent` and `lastValues` are read from.
    public static let window = 500

    /// Exercises with an id above the one asked for, by id.
    public var exercises: [Exercise]
    /// Each exercise of the member's newest `window` live sets once: the
    /// most used among them first, then the most recently done.
    public var recent: [Exercise]
    /// The numbers of the member's set done last (by when it was done) of each of `recent`, by exercise id.
    public var lastValues: [Int64: SetValues]
    /// Whether those newest sets are all the member's live sets: an
    /// exercise not in `recent` has none then.
    public var coversAll: Bool
    /// The gym's nudge weeks as stored (`nil` when never set); `nil` too
    /// when `readNudgeWeeks` is false (a terminal whose server is away).
    public var nudgeWeeks: String?
    public var readNudgeWeeks: Bool

    public init(exercises: [Exercise], recent: [Exercise] = [], lastValues: [Int64: SetValues] = [:], coversAll: Bool = true,
                nudgeWeeks: String? = nil, readNudgeWeeks: Bool = true) {
        self.exercises = exercises
        self.recent = recent
        self.lastValues = lastValues
        self.coversAll = coversAll
        self.nudgeWeeks = nudgeWeeks
        self.readNudgeWeeks = readNudgeWeeks
    }
}
