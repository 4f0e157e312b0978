import ArgumentParser
import Foundation
import TopWeightCore
import TopWeightText
import TopWeightUseCases
#if canImport(Glibc)
import Glibc
#endif

/// `topweight chart`: a member's progress on one exercise, or their body
/// weight, drawn in the terminal.
struct ChartCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "chart",
        abstract: "Draw a member's progress on an exercise (or their body weight) as a line chart in the terminal.",
        discussion: """
            One point a day: the best e1RM, the heaviest set, the volume (loads only: weight × reps × \
            series, in kg), the most reps in a set, the longest hold (seconds), the longest distance or the \
            fastest pace (seconds per km) of the exercise; warm-ups never count. Without --metric: e1rm for a \
            weight exercise, reps for bodyweight, duration for time, distance for distance. A point that \
            beats every earlier day (for pace: is faster than every earlier day) is a PR, marked ●. --metric bodyweight charts the member's body weight (the day's last measurement) \
            and needs no --exercise. Weights are shown in the unit of the newest set or measurement. The chart \
            fits $COLUMNS, else the terminal's width, else 80 columns; it is drawn with braille dots when \
            LC_ALL, LC_CTYPE or LANG (the first one set) names a UTF-8 locale, and with plain ASCII otherwise. \
            JSON: [{"date", "value", "unit", "pr"}], oldest first.
            """
    )

    @OptionGroup var global: GlobalOptions

    @Option(help: "The member (needed unless the database has only one).") var user: String?
    @Option(help: "The exercise (not for --metric bodyweight).") var exercise: String?
    @Option(help: ArgumentHelp("What to chart: e1rm, weight, volume, reps, duration, distance, pace or bodyweight (default: by the exercise's kind).",
                               valueName: "metric"),
            transform: ChartCommand.metric)
    var metric: ChartMetric?
    @Option(help: ArgumentHelp("How e1RM is estimated: epley or brzycki (up to 12 reps).", valueName: "formula"),
            transform: ChartCommand.formula)
    var formula: OneRepMaxFormula = .epley
    @Option(help: ArgumentHelp("Only days from this one on.", valueName: "YYYY-MM-DD")) var since: String?
    @Option(help: "Output: text or json.") var format: LogFormat = .text

    static func metric(_ text: String) throws -> ChartMetric {
        guard let metric = ChartMetric(rawValue: text.lowercased()) else {
            let names = ChartMetric.allCases.map(\.rawValue)
            throw ValidationError("--metric takes \(names.dropLast().joined(separator: ", ")) or \(names.last ?? "")")
        }
        return metric
    }

    static func formula(_ text: String) throws -> OneRepMaxFormula {
        guard let formula = OneRepMaxFormula(rawValue: text.lowercased()) else {
            throw ValidationError("--formula takes epley or brzycki")
        }
        return formula
    }

    func validate() throws {
        if metric == .bodyweight, exercise != nil {
            throw ValidationError("--metric bodyweight charts the member's body weight; leave out --exercise")
        }
        if metric != .bodyweight, exercise == nil {
            throw ValidationError("--exercise is needed (or --metric bodyweight)")
        }
    }

    func run() throws {
        try reportingFailures {
            let from = try since.map { try DateArgument.day($0, option: "--since") }
            let (workouts, log) = try global.openLog()
            let member = try SessionsCommand.member(named: user, in: workouts)
            let chosen = try exercise.map { try workouts.loggedExercise(named: AddCommand.valid($0, kind: .exercise), member: member) }
            let series: ProgressSeries
            let metric = self.metric ?? chosen.map { ChartMetric.defaultMetric(for: $0.kind) } ?? .bodyweight
            if let chosen {
                series = try log.chart(metric, exercise: chosen, of: member, since: from, formula: formula)
            } else {
                series = try log.bodyWeightChart(of: member, since: from)
            }
            let out = OutputBuffer()
            switch format {
            case .json:
                out.line(ChartText.json(series))
            case .text:
                if series.points.isEmpty {
                    out.line(try emptyReason(member: member, exercise: chosen, metric: metric, log: log, since: from))
                } else {
                    let glyphs = ChartGlyphs.detect(environment: ProcessEnvironment.current)
                    let title = ChartText.title(member: member.name, exercise: chosen?.name, metric: metric, formula: formula, glyphs: glyphs)
                    ChartText.render(series, title: title, width: Self.width, glyphs: glyphs).forEach(out.line)
                }
            }
            out.flush()
        }
    }

    /// Why there is nothing to draw, in one line.
    private func emptyReason(member: User, exercise: Exercise?, metric: ChartMetric, log: TrainingLog, since: LocalDay?) throws -> String {
        let name = TerminalText.safe(member.name)
        let from = since.map { " since \($0)" } ?? ""
        guard let exercise else { return "No body weight for \(name)\(from): 'topweight body add WEIGHT --user \(ShellWord.quoted(name))' keeps one." }
        if metric == .e1rm, formula == .brzycki,
           try !log.chart(.weight, exercise: exercise, of: member, since: since).points.isEmpty {
            return "No e1RM to draw: Brzycki is meant for 12 reps or fewer, and every set of \(TerminalText.safe(exercise.name))\(from) has more (Epley takes any)."
        }
        if try !log.chart(ChartMetric.defaultMetric(for: exercise.kind), exercise: exercise, of: member, since: since).points.isEmpty {
            return "No \(metric.rawValue) to draw for \(TerminalText.safe(exercise.name)) by \(name)\(from): its sets measure something else (try --metric \(ChartMetric.defaultMetric(for: exercise.kind).rawValue))."
        }
        return "No working sets of \(TerminalText.safe(exercise.name)) by \(name)\(from)."
    }

    /// `$COLUMNS` when it is a sensible number, else the terminal's width, else 80.
    static var width: Int {
        if let text = ProcessEnvironment.value("COLUMNS"), let columns = Int(text), (20...1_000).contains(columns) {
            return columns
        }
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col >= 20 { return Int(size.ws_col) }
        return 80
    }
}

