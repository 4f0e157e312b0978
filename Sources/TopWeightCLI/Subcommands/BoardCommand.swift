import ArgumentParser
import Foundation
import LineEditor
import TopWeightCore
import TopWeightText
import TopWeightUseCases

/// `topweight board`: the gym's board full screen, redrawn when any terminal
/// saves (or the window changes size); a display, so every key but q is ignored.
struct BoardCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "board",
        abstract: "The gym's board, full screen and live: today's lifters and PRs, the month's best lifts, DOTS, volume, streaks. q quits.",
        discussion: """
            Members who said :private on (or 'topweight users private NAME') are nowhere on it. \
            Not on a terminal, it prints the board once.
            """
    )

    @OptionGroup var global: GlobalOptions
    @Option(help: "The board's title.") var title = "Top Weight"
    @Option(help: "A team's board: its members alone (the title says which).") var team: String?

    /// How often the board is read again with no change seen (the clock, midnight).
    static let idleSeconds = 30.0

    func run() throws {
        try reportingFailures {
            let roles = try global.openRoles().roles
            let team = try UsersCommand.boardTeam(self.team, roles: roles)
            let board = GymBoard(roles, timeZone: .current, team: team)
            let style = TextStyle.detect(environment: ProcessEnvironment.current, isTerminal: isatty(STDOUT_FILENO) == 1)
            guard let screen = FullScreen() else {
                let width = Int(ProcessEnvironment.value("COLUMNS") ?? "") ?? 100
                let figures = try board.figures(at: Date())
                BoardText.screen(figures, title: board.title(title), clock: Self.clock(Date()), timeZone: .current,
                                 width: max(20, width), height: nil, style: .plain).forEach { print($0) }
                return
            }
            try show(board, on: screen, changes: try board.changes(), style: style)
        }
    }

    private func show(_ board: GymBoard, on screen: FullScreen, changes: any LogbookChanges, style: TextStyle) throws {
        Signals.install(catchInterrupt: false, kiosk: false)
        let flag = ChangeFlag()
        let watcher = Thread {
            while !flag.stopped {
                do {
                    if try changes.wait(seconds: 5) { flag.raise() }
                } catch {
                    Thread.sleep(forTimeInterval: 1)
                }
            }
        }
        watcher.start()
        screen.enter()
        defer {
            flag.stop()
            changes.close()
            screen.leave()
        }
        var figures: BoardFigures?
        var problem: String?
        var fetched = Date.distantPast
        var shown: (width: Int, height: Int, clock: String)?
        flag.raise()
        while Signals.terminationSignal == 0 {
            let now = Date()
            var redraw = false
            if flag.take() || now.timeIntervalSince(fetched) >= Self.idleSeconds {
                do {
                    figures = try board.figures(at: now)
                    problem = nil
                } catch {
                    problem = error.description
                }
                fetched = now
                redraw = true
            }
            let size = screen.size
            let clock = Self.clock(now)
            if redraw || shown?.width != size.width || shown?.height != size.height || shown?.clock != clock {
                var lines = figures.map {
                    BoardText.screen($0, title: board.title(title), clock: clock, timeZone: .current, width: size.width, height: size.height, style: style)
                } ?? []
                if let problem {
                    lines = Array(lines.prefix(max(0, size.height - 1))) + [BoardText.truncate("Not updated: \(problem)", to: size.width)]
                }
                screen.draw(lines)
                shown = (size.width, size.height, clock)
            }
            guard let keys = screen.keys(waiting: 200) else { break }
            if keys.contains(UInt8(ascii: "q")) || keys.contains(UInt8(ascii: "Q")) { break }
        }
    }

    static func clock(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .current
        let time = calendar.dateComponents([.hour, .minute], from: date)
        return String(format: "%02d:%02d", time.hour ?? 0, time.minute ?? 0)
    }
}

/// Raised by the watch's thread when the logbook changed, taken by the screen's loop.
final class ChangeFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var raised = false
    private var isStopped = false

    func raise() { lock.withLock { raised = true } }
    func take() -> Bool { lock.withLock { defer { raised = false }; return raised } }
    func stop() { lock.withLock { isStopped = true } }
    var stopped: Bool { lock.withLock { isStopped } }
}
