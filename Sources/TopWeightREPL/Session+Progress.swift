import Foundation
import TopWeightCore
import TopWeightText
import TopWeightUseCases

// MARK: - Personal records and stats (`:prs`, `:stats`, the line after a save)

extension Session {
    /// After a save: the line naming the personal records the set beat, if any.
    func announce(_ records: [PersonalRecord], on exercise: Exercise) {
        if let line = ProgressText.recordLine(exercise: exercise.name, records) { say(line) }
    }

    /// `:prs [EXERCISE]`: the member's bests, on every exercise or on one
    /// (a unique start of its name will do, as in a one-line entry).
    func showRecords(_ argument: String) {
        guard let member = memberForLog(":prs") else { return }
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
    func showStats() {
        guard let member = memberForLog(":stats") else { return }
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

    /// The name a start of one names for a command that reads what was
    /// logged (`:prs`, `:chart`): a unique start, or a start that only one
    /// stored exercise has among the catalog's names (`b` is Bench Press when
    /// nobody ever logged Back Squat); else `nil` after naming the candidates.
    /// Text no name starts with comes back as typed.
    func loggedExerciseName(_ typed: String, command: String) -> String? {
        refreshNames(.exercise)
        switch exerciseNames.resolve(typed) {
        case .unique(let name):
            return name
        case .ambiguous(let names):
            // One look at the stored names, not one query a candidate.
            let storedKeys = Set(((try? store.names(of: .exercise, after: 0)) ?? []).map { NameRules.key($0.name) })
            let stored = names.filter { storedKeys.contains(NameRules.key($0)) }
            if stored.count == 1 { return stored[0] }
            let candidates = stored.isEmpty ? names : stored
            let shown = candidates.prefix(6).joined(separator: ", ")
            warn(InputError("\(typed) could be \(shown)\(candidates.count > 6 ? ", …" : ""); type more of the name",
                            example: "\(command) \(candidates[0])"))
            return nil
        case .none:
            return typed
        }
    }
}
