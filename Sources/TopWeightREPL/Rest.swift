import Foundation
import TopWeightCore

/// The rest after a member's set, counted down in their prompt (`rest
/// 1:45`) until it is over, when the terminal's bell rings. It belongs to
/// the member's turn, so in a group each member's runs on while the others
/// lift, and the prompt shows the one whose turn it is.
struct Rest: Equatable {
    /// When the rest is over.
    var until: Date
    /// The set that started it: its `:undo` ends the rest too.
    var after: Int64?
    /// The seconds left the prompt showed last: a tick redraws it only when they change.
    var shown: Int?

    /// Whole seconds left at `now`, rounded up; 0 once over.
    func left(at now: Date) -> Int {
        max(0, Int(until.timeIntervalSince(now).rounded(.up)))
    }

    /// `rest 1:45`, as the prompt shows it.
    static func label(_ seconds: Int) -> String {
        "rest \(SetDuration(seconds: seconds).description)"
    }

    /// The rest after a set when neither the plan's step nor the member
    /// says one: two minutes after a weight set (most lifts of a gym floor
    /// want 2–3, accessories less), a minute and a half after a bodyweight
    /// set, a minute after a hold, none after a distance (a run or a row is
    /// the whole effort), and a minute after any warm-up.
    static func standard(for kind: ExerciseKind, warmup: Bool) -> Int {
        if warmup { return 60 }
        switch kind {
        case .weight: return 120
        case .bodyweight: return 90
        case .time: return 60
        case .distance: return 0
        }
    }

    /// What the standard rest is called, for `:rest`.
    static func kindName(_ kind: ExerciseKind) -> String {
        switch kind {
        case .weight: "weight sets"
        case .bodyweight: "bodyweight sets"
        case .time: "holds"
        case .distance: "distances"
        }
    }
}
