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
        subcommands: [List.self, Add.self, Rename.self, Remove.self, Private.self, Public.self, Pin.self, Card.self, Coach.self, Team.self],
        defaultSubcommand: List.self
    )
}

extension UsersCommand {
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List members with their record counts, when they last trained, and who keeps off the board.",
            discussion: """
                By name, each coach, each member's teams and each member who can't identify under the gym's policy yet
                said so; --team TEAM lists that team's members. JSON: [{"id", "name", "records", "lastPerformedAt",
                "private", "identity", "coach", "identifies", "enrolmentCode", "teams"}]
                (identity: how the member can identify at a kiosk, "card", "pin" or "name"; identifies: whether they can
                start a turn under the gym's policy now; enrolmentCode: whether a code from 'users pin NAME --code' waits
                for them; never the card, PIN or code); CSV the same columns.
                """
        )

        @OptionGroup var global: GlobalOptions
        @Option(help: "Output: text, json or csv.") var format: OutputFormat = .text
        @Option(parsing: .unconditional, help: ArgumentHelp("At most N members, by name (0 = all, the default).", valueName: "limit"))
        var limit: String?
        @Option(help: "Only the members of this team.") var team: String?

        func run() throws {
            try reportingFailures {
                let limit = try Failure.count(self.limit, "--limit", in: 0...10_000_000, example: "--limit 50, or 0 for all") ?? 0
                let opened = try global.open()
                let inTeam = try UsersCommand.members(in: team, of: opened.workouts)
                let everyone = try opened.workouts.members().filter { inTeam?.contains($0.user.id) ?? true }
                let teams = try opened.workouts.teamsByMember()
                let access = try opened.identification.accessByMember()
                let policy = try opened.identification.policy()
                let known = { (member: User) in access[member.id] ?? MemberAccess() }
                let identity = { (member: User) in known(member).identity.rawValue }
                let summaries = limit == 0 ? everyone : Array(everyone.prefix(limit))
                let out = OutputBuffer()
                switch format {
                case .text:
                    let lines = Lines.members(summaries, grouping: HistoryGrouping(timeZone: .current), now: Date(), privacy: true)
                    for (line, summary) in zip(lines, summaries) {
                        out.line(line + Self.marks(known(summary.user), under: policy, teams: teams[summary.user.id] ?? []))
                    }
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
                            ("coach", known(summary.user).isCoach ? "true" : "false"),
                            ("identifies", known(summary.user).identifies(under: policy) ? "true" : "false"),
                            ("enrolmentCode", known(summary.user).hasCode ? "true" : "false"),
                            ("teams", "[" + (teams[summary.user.id] ?? []).map(DataFormats.json).joined(separator: ", ") + "]"),
                        ])
                    }
                    out.line("[" + objects.joined(separator: ",\n ") + "]")
                case .csv:
                    out.line("id,name,records,lastPerformedAt,private,identity,coach,identifies,enrolmentCode")
                    for summary in summaries {
                        let last = summary.lastPerformedAt.map { DataFormats.timestamp($0, timeZone: .current) } ?? ""
                        let member = known(summary.user)
                        out.line("\(summary.user.id),\(DataFormats.csv(summary.user.name)),\(summary.records),\(last),\(summary.isPrivate),"
                            + "\(identity(summary.user)),\(member.isCoach),\(member.identifies(under: policy)),\(member.hasCode)")
                    }
                }
                out.flush()
            }
        }

        /// What `users` says after a member's line: a coach, and one who
        /// can't start a turn under the gym's policy yet, and their teams.
        static func marks(_ access: MemberAccess, under policy: IdentityPolicy, teams: [String] = []) -> String {
            var marks: [String] = []
            if access.isCoach { marks.append("coach") }
            if !teams.isEmpty { marks.append("team\(teams.count == 1 ? "" : "s") \(teams.map(TerminalText.safe).joined(separator: ", "))") }
            if !access.identifies(under: policy) {
                marks.append(access.hasCode ? "can't identify yet (enrolment code not used)" : "can't identify yet (no PIN or card: users pin NAME)")
            }
            return marks.map { "; " + $0 }.joined()
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
