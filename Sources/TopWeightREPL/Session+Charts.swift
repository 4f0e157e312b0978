import Foundation
import TopWeightCore
import TopWeightText
import TopWeightUseCases

// MARK: - Progress, plates and body weight (`:chart`, `:plates`, `:weigh`)

extension Session {
    /// `:chart [EXERCISE] [e1rm|weight|volume]`, `:chart body`: the member's
    /// progress drawn to the screen's width. Without a name, the exercise at
    /// hand (or the member's last one).
    func showChart(_ exercise: String?, _ metric: ChartMetric, of member: User) {
        let series: ProgressSeries
        var exerciseName: String?
        do {
            if let exercise {
                guard let chosen = try chartExercise(exercise) else { return }
                exerciseName = chosen.name
                series = try log.chart(metric, exercise: chosen, of: member, since: nil)
            } else {
                series = try log.bodyWeightChart(of: member, since: nil)
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
    func weigh(_ weight: Weight, member: User) {
        let now = settings.now()
        do {
            let kept = try log.weigh(weight, member: member, at: performedAt(now), now: now)
            say(BodyText.saved(kept, grouping: grouping, now: now))
        } catch {
            warn(error.description)
        }
    }
}
