import Foundation
import TopWeightCore
import TopWeightText
import TopWeightUseCases

// MARK: - Personal records and stats (`:prs`, `:stats`, the line after a save)

extension Session {
    /// `:prs [EXERCISE]`: the member's bests, on every exercise or on one
    /// (a short name picks as Tab does, the member's own lift first).
    func showRecords(_ argument: String, of member: User) {
        do {
            var chosen: Exercise?
            if !argument.isEmpty {
                guard let name = exerciseName(argument) else { return }
                chosen = try workouts.loggedExercise(named: name)
            }
            let records = try progress.personalRecords(of: member, exercise: chosen)
            guard !records.isEmpty else {
                say("No personal records yet for \(member.name)\(chosen.map { " on \($0.name)" } ?? ""): they come with the second set of an exercise.")
                return
            }
            say("Personal records of \(member.name) (e1RM by Epley):")
            // Rendered terminal-safe: printed as is.
            ProgressText.records(records, grouping: grouping, now: settings.now()).forEach(console.say)
        } catch {
            warn(error.description)
        }
    }

    /// `:stats`: the member's streak, sessions, sets, volume and most trained exercises.
    func showStats(of member: User) {
        do {
            let now = settings.now()
            let stats = try progress.stats(of: member, now: now)
            ProgressText.stats(stats, member: member.name, grouping: grouping, now: now).forEach(console.say)
        } catch {
            warn(error.description)
        }
    }

    /// The exercise name `typed` stands for: itself, or the one known name it starts.
    private func exerciseName(_ typed: String) -> String? {
        loggedExerciseName(typed, command: ":prs")
    }

    /// The stored exercise a command that reads what was logged (`:prs`,
    /// `:chart`) means by `typed`: the best stored one of the one ranking, the
    /// member's own first (`squat` is Front Squat for a member who logs it).
    /// Text that names nothing logged comes back as typed.
    func loggedExerciseName(_ typed: String, command: String) -> String? {
        names.bestStored(typed, own: ownExercises()) ?? typed
    }
}
