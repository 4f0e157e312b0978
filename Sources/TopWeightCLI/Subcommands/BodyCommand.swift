import ArgumentParser
import Foundation
import TopWeightCore
import TopWeightText
import TopWeightUseCases

/// `topweight body`: a member's body weight over time.
struct BodyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "body",
        abstract: "Keep and list a member's body weight ('topweight chart --metric bodyweight' draws it).",
        subcommands: [List.self, Add.self],
        defaultSubcommand: List.self
    )
}

extension BodyCommand {
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List a member's body weights, newest first, each with the change from the one before.",
            discussion: """
                --user can be left out when the database has only one member. JSON: [{"date", "weight", \
                "unit", "measuredAt"}], newest first, date the local day.
                """
        )

        @OptionGroup var global: GlobalOptions
        @Option(help: "The member (needed unless the database has only one).") var user: String?
        @Option(help: ArgumentHelp("Only measurements from this day on.", valueName: "YYYY-MM-DD")) var since: String?
        @Option(parsing: .unconditional, help: ArgumentHelp("At most N measurements (0 = all). Default: 30 for text, all for json.", valueName: "limit"))
        var limit: String?
        @Option(help: "Output: text or json.") var format: LogFormat = .text

        func run() throws {
            try reportingFailures {
                // Bounded: one past the limit is read to tell whether there are more.
                let limit = try Failure.count(self.limit, "--limit", in: 0...1_000_000, example: "--limit 30, or 0 for all")
                let from = try since.map { try DateArgument.day($0, option: "--since") }
                let (workouts, log) = try global.openLog()
                let member = try SessionsCommand.member(named: user, in: workouts)
                let requested = limit ?? (format == .text ? 30 : 0)
                var measurements = try log.bodyWeights(of: member, since: from, limit: requested == 0 ? nil : requested + 1)
                let more = requested > 0 && measurements.count > requested
                let out = OutputBuffer()
                switch format {
                case .text:
                    if measurements.isEmpty {
                        out.line("No body weights for \(TerminalText.safe(member.name)) yet: 'topweight body add WEIGHT' keeps one.")
                    } else {
                        // The one past the limit only gives the oldest shown its change.
                        let lines = BodyText.render(measurements, grouping: HistoryGrouping(timeZone: .current), now: Date())
                        lines.prefix(more ? requested : lines.count).forEach(out.line)
                    }
                    if more { out.line("… more: --limit \(requested * 2) or --limit 0 for all") }
                case .json:
                    if more { measurements.removeLast() }
                    out.line(BodyText.json(measurements, timeZone: .current))
                }
                out.flush()
            }
        }
    }

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Keep a member's body weight (now, or --at a time).",
            discussion: "Example: topweight body add 82.5 --user Ana   (or 182lb)"
        )

        @OptionGroup var global: GlobalOptions
        @Argument(help: "The body weight, e.g. 82.5, 82,5 or 182lb.") var weight: String
        @Option(help: "The member (needed unless the database has only one).") var user: String?
        @Option(help: "The unit when the weight names none: kg or lb.") var unit: WeightUnit?
        @Option(help: ArgumentHelp("When it was measured (ISO 8601, e.g. 2026-11-20T07:30:00+01:00); default now.", valueName: "time"))
        var at: String?

        func run() throws {
            try reportingFailures {
                let now = Date()
                // Held to a body weight's range by `weigh`, not to a barbell's.
                let measured: Weight
                switch TypedWeight.read(weight, unit: unit ?? .kg) {
                case .success(let read): measured = read
                case .failure(let error): throw Failure.input(error)
                }
                let measuredAt = try at.map { try DateArgument.time($0, option: "--at", now: now) } ?? now
                let (workouts, log) = try global.openLog()
                let member = try SessionsCommand.member(named: user, in: workouts)
                let kept = try log.weigh(measured, member: member, at: measuredAt, now: now)
                print(BodyText.saved(kept, grouping: HistoryGrouping(timeZone: .current), now: now))
            }
        }
    }
}
