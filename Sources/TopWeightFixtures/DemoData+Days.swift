import Foundation
import TopWeightCore

/// A demo session's note or routine: about one session in eight gets a
/// note, one in five a routine or program's name, so `search` has words
/// to find (accents among them) in the proportions a gym's log might hold.
struct DemoDay: Sendable {
    var userID: Int64
    var at: Date
    var note: String?
    var routine: String?

    static let notes = [
        "Felt strong today", "Zoë spotted me on the last set", "Left knee a bit sore, kept it light",
        "Leg press after squats (presse à cuisses, as Renée calls it)", "New belt: much better bracing",
        "Deload week", "Short on time, skipped the accessories", "Slept badly, the bar felt heavy",
        "Paused reps, two seconds at the bottom", "Grip gave out on the last set", "Trained with Renée and Zoë",
        "Cold gym, a longer warm-up", "Tried the café's pre-workout: never again", "**PR attempt** next week",
    ]
    static let routines = ["Push Day", "Pull Day", "Leg Day", "Upper Body", "Lower Body", "5/3/1", "Full Body A", "Full Body B"]

    /// The session's note and routine, drawn; `nil` when it has neither.
    static func draw(userID: Int64, at start: Date, random: inout SplitMix64) -> DemoDay? {
        let noted = Int.random(in: 0..<8, using: &random) == 0
        let routed = Int.random(in: 0..<5, using: &random) == 0
        guard noted || routed else { return nil }
        return DemoDay(userID: userID, at: start,
                       note: noted ? notes.randomElement(using: &random) : nil,
                       routine: routed ? routines.randomElement(using: &random) : nil)
    }
}

extension DemoData {
    /// The sessions' notes and routines, each kept as the logger keeps them.
    static func write(_ days: [DemoDay], into store: any StorageEngine, now: Date) throws(LogbookError) {
        let calendar = Calendar.current
        for day in days {
            let local = LocalDay(day.at, in: calendar)
            if let note = day.note { try store.appendNote(userID: day.userID, day: local, text: note, now: now) }
            if let routine = day.routine { try store.setRoutine(routine, userID: day.userID, day: local, now: now) }
        }
    }
}
