import ArgumentParser
import Foundation
import TopWeightCore
import TopWeightText
import TopWeightUseCases

/// `topweight users`: everybody known to the database.
struct UsersCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "users",
        abstract: "List and manage members.",
        subcommands: [List.self, Add.self, Rename.self, Remove.self, Private.self, Public.self, Pin.self, Card.self, Coach.self],
        defaultSubcommand: List.self
    )
}

extension UsersCommand {
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List members with their record counts, when they last trained, and who keeps off the board.",
            discussion: """
                By name. JSON: [{"id", "name", "records", "lastPerformedAt", "private", "identity"}] (identity: how the member
                can identify at a kiosk, "card", "pin" or "name"; never the card or PIN); CSV the same columns.
                """
        )

        @OptionGroup var global: GlobalOptions
        @Option(help: "Output: text, json or csv.") var format: OutputFormat = .text
        @Option(parsing: .unconditional, help: ArgumentHelp("At most N members, by name (0 = all, the default).", valueName: "limit"))
        var limit: String?

        func run() throws {
            try reportingFailures {
                let limit = try Failure.count(self.limit, "--limit", in: 0...10_000_000, example: "--limit 50, or 0 for all") ?? 0
                let opened = try global.open()
                let everyone = try opened.workouts.members()
                let access = format == .text ? [:] : try opened.identification.accessByMember()
                let identity = { (member: User) in (access[member.id] ?? MemberAccess()).identity.rawValue }
                let summaries = limit == 0 ? everyone : Array(everyone.prefix(limit))
                let out = OutputBuffer()
                switch format {
                case .text:
                    Lines.members(summaries, grouping: HistoryGrouping(timeZone: .current), now: Date(), privacy: true).forEach(out.line)
                    if summaries.isEmpty { out.line("No members yet.") }
                    if summaries.count < everyone.count { out.line("… more members: --limit \(limit * 2) or --limit 0 for all") }
                case .json:
                    let objects = summaries.map { summary in
                        DataFormats.jsonObject([
                            ("id", String(summary.user.id)),
                            ("name", DataFormats.json(summary.user.name)),
                            ("records", String(summary.records)),
                            ("lastPerformedAt", summary.lastPerformedAt.map { DataFormats.json(DataFormats.timestamp($0, timeZone: .current)) } ?? "null"),
                            ("private", summary.isPrivate ? "true" : "false"),
                            ("identity", DataFormats.json(identity(summary.user))),
                        ])
                    }
                    out.line("[" + objects.joined(separator: ",\n ") + "]")
                case .csv:
                    out.line("id,name,records,lastPerformedAt,private,identity")
                    for summary in summaries {
                        let last = summary.lastPerformedAt.map { DataFormats.timestamp($0, timeZone: .current) } ?? ""
                        out.line("\(summary.user.id),\(DataFormats.csv(summary.user.name)),\(summary.records),\(last),\(summary.isPrivate),\(identity(summary.user))")
                    }
                }
                out.flush()
            }
        }
    }
}

extension UsersCommand {
    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Add a member before their first set (the logger also adds one on first use).",
            discussion: "Example: topweight users add \"Zoë\""
        )

        @OptionGroup var global: GlobalOptions
        @Argument(help: "Their name, as it should show.") var name: String

        func run() throws {
            try reportingFailures {
                let valid = try AddCommand.valid(name, kind: .user)
                let created = try global.openWorkouts(create: true).addMember(named: valid, now: Date())
                print("Added \(TerminalText.safe(created.name)) (#\(created.id))")
            }
        }
    }
}
