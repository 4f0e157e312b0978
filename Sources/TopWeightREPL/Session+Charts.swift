import Foundation
import TopWeightCore
import TopWeightText
import TopWeightUseCases

// MARK: - Progress, plates and body weight (`:chart`, `:plates`, `:weigh`)

extension Session {
    /// `:chart [EXERCISE] [e1rm|weight|volume]`, `:chart body`: the member's
    /// progress drawn to the screen's width. Without a name, the exercise at
    /// hand (or the member's last one).
    func showChart(_ argument: String) {
        guard let member = memberForLog(":chart") else { return }
        var words = argument.split(whereSeparator: \.isWhitespace).map(String.init)
        var metric = ChartMetric.e1rm
        if let last = words.last?.lowercased(), let named = ChartMetric(rawValue: last) ?? (last == "body" ? .bodyweight : nil) {
            metric = named
            words.removeLast()
        }
        let series: ProgressSeries
        var exerciseName: String?
        do {
            if metric == .bodyweight {
                guard words.isEmpty else {
                    warn(InputError(":chart body draws your body weight alone", example: ":chart body"))
                    return
                }
                series = try log.bodyWeightChart(of: member, since: nil)
            } else {
                guard let chosen = try chartExercise(words.joined(separator: " ")) else { return }
                exerciseName = chosen.name
                series = try log.chart(metric, exercise: chosen, of: member, since: nil)
            }
        } catch {
            warn(error.description)
            return
        }
        guard !series.points.isEmpty else {
            if let exerciseName {
                say("No working sets of \(exerciseName) by \(member.name) yet: nothing to draw.")
            } else {
                say("No body weight for \(member.name) yet: :weigh 82.5 keeps one.")
            }
            return
        }
        let width = settings.columns ?? source.screenColumns ?? 80
        let title = ChartText.title(member: member.name, exercise: exerciseName, metric: metric, formula: .epley, glyphs: settings.chartGlyphs)
        // Names are made terminal-safe in the title; the rest is our own characters.
        ChartText.render(series, title: title, width: width, glyphs: settings.chartGlyphs).forEach(console.say)
    }

    /// The stored exercise `text` names (a short name picks as Tab does); without
    /// text, the one at hand. `nil` after saying why there is none.
    private func chartExercise(_ text: String) throws(WorkoutsError) -> Exercise? {
        guard !text.isEmpty else {
            if let chosen = defaultExercise() { return chosen }
            warn(InputError("name the exercise to chart", example: ":chart Back Squat"))
            return nil
        }
        guard let name = loggedExerciseName(text, command: ":chart") else { return nil }
        return try workouts.loggedExercise(named: name)
    }

    /// The plates a side for `target` on `bar` (the usual one when `nil`), from the gym's set.
    func showPlates(_ target: Weight, bar: Weight?) {
        do {
            let (answer, plates, usedBar) = try workouts.plates(for: target, bar: bar)
            if answer == .lighterThanBar {
                warn("\(target.description) is lighter than the \(usedBar.description) bar.")
                return
            }
            PlatesText.render(answer, target: target, bar: usedBar, plates: plates).forEach(say)
        } catch {
            warn(error.description)
        }
    }

    /// `:weigh W`: keeps the member's body weight, taken now (on the `:date` day when one is set).
    func weigh(_ argument: String) {
        guard let member = memberForLog(":weigh") else { return }
        let example = turn.draft.unit == .kg ? ":weigh 82.5 or :weigh 182lb" : ":weigh 182 or :weigh 82.5kg"
        guard !argument.isEmpty else {
            warn(InputError("give your body weight", example: example))
            return
        }
        let weight: Weight
        // Held to a body weight's range by `weigh`, not to a barbell's.
        switch TypedWeight.read(argument, unit: turn.draft.unit) {
        case .success(let parsed): weight = parsed
        case .failure(let error):
            warn(InputError(error.reason, example: example))
            return
        }
        let now = settings.now()
        do {
            let kept = try log.weigh(weight, member: member, at: performedAt(now), now: now)
            say(BodyText.saved(kept, grouping: grouping, now: now))
        } catch {
            warn(error.description)
        }
    }
}
