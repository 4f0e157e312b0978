import ArgumentParser
import Foundation
import TopWeightCore
import TopWeightText
import TopWeightUseCases

/// `topweight today`: a member's next workout of their program, loads to the plates.
struct TodayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "today",
        abstract: "Show a member's next workout of their program, every load to the gym's plates.",
        discussion: """
            Loads are the training max times each set's share, rounded to what the gym's plate set \
            ('topweight admin plates') makes on a standard bar, in the training max's unit; warm-ups \
            (the bar, then about 40/60/80 % of the first work set) come first. JSON: program, week, day, \
            dayName, deload, exercises: [{exercise, sets: [{weight, unit, reps, amrap, percent, warmup}]}], missingMaxes.
            --done ends the day once its sets are saved: each lift is done when every work set was saved \
            since the program last moved on (or the member was put on it) at its load or heavier with its \
            reps or more (warm-ups don't count); the program's rules follow (a 5×5 adds its step after a \
            clean day, deloads after misses) and the next day is shown. A day is judged once: with no \
            working set of it saved since the last move, --done refuses and moves nothing. A lift without \
            a training max is named with the command that gives one.
            """
    )

    @OptionGroup var global: GlobalOptions
    @Option(help: "The member (needed unless the database has only one).") var user: String?
    @Flag(help: "End today's workout from the sets saved since the program last moved, apply the program's rules, and move to the next day.") var done = false
    @Option(help: "Output: text or json.") var format: LogFormat = .text

    func run() throws {
        try reportingFailures {
            let workouts = try global.openWorkouts()
            let member = try SessionsCommand.member(named: user, in: workouts)
            if done {
                let finished = try workouts.finishDay(of: member, since: nil, now: Date())
                ProgramText.finished(finished.finished, completion: finished.completion,
                                     before: finished.before.progress, after: finished.after.progress, next: finished.next,
                                     lifts: finished.lifts)
                    .forEach { print(TerminalText.safe($0)) }
                return
            }
            guard let (_, today) = try workouts.today(of: member) else {
                throw Failure.input("\(member.name) is on no program; 'topweight programs assign NAME --user \(ShellWord.quoted(member.name))' puts them on one")
            }
            let out = OutputBuffer()
            switch format {
            case .text: ProgramText.lines(today, member: member.name).forEach { out.line(TerminalText.safe($0)) }
            case .json: out.line(ProgramText.json(today))
            }
            out.flush()
        }
    }
}

/// `topweight roster`: every member on a program, for the coach.
struct RosterCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "roster",
        abstract: "List every member on a program: their next workout, the last one done, and stalls.",
        discussion: """
            A stall is a lift missed (a prescribed set not done) on days in a row; the program's \
            deload rule acts on it. JSON: [{member, program, next: {week, day}, lastDone: {week, day, at} \
            or null, stalled: {EXERCISE: days}, trainingMaxes: {EXERCISE: {weight, unit}}, needsMax: \
            [EXERCISE]}]. Members with a lift that has no training max come first, with the command \
            that gives one: they can't start it ('today' leaves it out). --team TEAM: that team's members alone.
            """
    )

    @OptionGroup var global: GlobalOptions
    @Option(help: "Output: text or json.") var format: LogFormat = .text
    @Option(help: "Only the members of this team.") var team: String?

    func run() throws {
        try reportingFailures {
            let workouts = try global.openWorkouts()
            let inTeam = try team.map { Set(try workouts.team(named: UsersCommand.validTeam($0)).members.map { NameRules.key($0.name) }) }
            let rows = try workouts.roster().filter { inTeam?.contains(NameRules.key($0.member)) ?? true }
            let out = OutputBuffer()
            switch format {
            case .text:
                if rows.isEmpty, let team {
                    out.line("Nobody in \(TerminalText.safe(try workouts.team(named: UsersCommand.validTeam(team)).name)) is on a program.")
                } else if rows.isEmpty {
                    out.line("Nobody is on a program ('topweight programs assign NAME --user U' puts a member on one).")
                }
                ProgramText.roster(rows.map(\.line), grouping: HistoryGrouping(timeZone: .current), now: Date()).forEach(out.line)
            case .json:
                out.line("[" + rows.map { ProgramText.rosterJSON($0.line) }.joined(separator: ",\n ") + "]")
            }
            out.flush()
        }
    }
}

extension RosterRow {
    /// The row as the text layer takes it.
    var line: ProgramText.RosterLine {
        let next = self.next?.dayRef
        return ProgramText.RosterLine(member: member, program: assignment.program, next: next, lastDone: assignment.lastDone,
                                      lastDoneAt: assignment.lastDoneAt,
                                      stalls: assignment.progress.misses.map { (liftName($0.key), $0.value) }.sorted { $0.0 < $1.0 },
                                      trainingMaxes: assignment.progress.trainingMaxes.map { (liftName($0.key), $0.value) }
                                          .sorted { $0.0 < $1.0 },
                                      missing: missingMaxes)
    }
}
