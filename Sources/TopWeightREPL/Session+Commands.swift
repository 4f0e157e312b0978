import Foundation
import TopWeightCore
import TopWeightText
import TopWeightUseCases

// MARK: - `:` commands

extension Session {
    /// A command about a member's own training (see `Flow.member`).
    func run(_ command: Command, _ argument: String, for member: User) -> Outcome {
        switch command {
        case .repeat: return repeatSession(argument, of: member)
        case .start: return startRoutine(argument, for: member)
        case .prs: showRecords(argument, of: member)
        case .stats: showStats(of: member)
        default: break
        }
        return .done
    }

    /// Whether `pin` is the admin's; says why not otherwise, then `otherwise`
    /// (what stays as it was: the terminal at `:quit`, the set at `:edit`).
    func admitted(_ pin: String, otherwise: String) -> Bool {
        do {
            return try workouts.admit(pin: pin, now: settings.now())
        } catch {
            warn(Flow.refusal(error.description, otherwise: otherwise))
            return false
        }
    }

    func listUsers() {
        guard let summaries = attempt({ () throws(WorkoutsError) in try workouts.members() }) else { return }
        guard !summaries.isEmpty else {
            say("No members yet. Type a name at the user prompt to add one.")
            return
        }
        Lines.members(summaries, grouping: grouping, now: settings.now()).forEach(console.say)
    }

    func listExercises() {
        do {
            let rows = try workouts.exerciseRows(includeCatalog: false)
            Lines.exercises(rows).forEach(console.say)
            let more = try workouts.exerciseRows(includeCatalog: true).count - rows.count
            say("\(rows.isEmpty ? "No exercises used yet; " : "")\(more) more in the catalog: Tab at the exercise prompt shows them.")
        } catch {
            warn(error.description)
        }
    }
}
