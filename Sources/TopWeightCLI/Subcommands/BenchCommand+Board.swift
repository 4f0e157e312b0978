import Foundation
import TopWeightCore
import TopWeightFixtures
import TopWeightUseCases

extension BenchCommand {
    /// `bench --board`: on the database itself, `count` whole reads of the
    /// gym's board (as `board` reads it) after `warmup`, then `count`
    /// refreshes of `serve`'s live board, each after one set saved through a
    /// store of its own (another terminal, as in the gym): the member with
    /// the most records, 20 kg × 5 of the board's first lift, now. Each
    /// read's time and the process's CPU time during it; the sets saved are
    /// deleted afterwards (they stay as deleted sets).
    func measureBoard(count: Int, warmup: Int) throws {
        let (roles, _) = try global.openRoles(concurrentReads: true)
        let (saving, _) = try global.openRoles()
        let board = GymBoard(roles, timeZone: .current)
        let cases = UseCases(roles: saving)
        let everyone = try cases.workouts.members().sorted { $0.records < $1.records }
        guard let member = everyone.last?.user else { throw BenchFailure("no members in \(global.databaseShown): 'topweight demo' makes some") }
        let lift = try cases.workouts.exercise(named: GymBoard.mainLifts[0])
        var whole = Timings()
        for index in 0..<(count + warmup) {
            let sample = try Timings.measure { _ = try board.figures(at: Date()) }
            if index >= warmup { whole.add(sample) }
        }
        let live = LiveBoard(board)
        _ = try live.figures(at: Date())
        var refresh = Timings()
        var saved: [Int64] = []
        defer {
            for id in saved { _ = try? saving.recording.deleteRecord(id: id, now: Date()) }
        }
        for index in 0..<(count + warmup) {
            let set = NewRecord(user: member, exercise: lift, values: SetValues(weight: Weight(value: 20, unit: .kg), reps: 5, series: 1),
                                performedAt: Date())
            saved.append(try saving.recording.save(set))
            let sample = try Timings.measure { _ = try live.figures(at: Date()) }
            if index >= warmup { refresh.add(sample) }
        }
        print("board on \(global.databaseShown), \(count) reads each (after \(warmup) unmeasured), CPU = this process's user + system:")
        print("  whole read:            \(whole.line)")
        print("  refresh after a save:  \(refresh.line) (the days before today read \(live.readsOfThePast - 1) times again)")
        print("  \(saved.count) sets of \(member.name)'s \(lift.name) saved for it, now deleted")
    }
}

/// Wall-clock and CPU times of repeated reads.
private struct Timings {
    var wall: [Duration] = []
    var cpu: [Duration] = []

    mutating func add(_ sample: (wall: Duration, cpu: Duration)) {
        wall.append(sample.wall)
        cpu.append(sample.cpu)
    }

    var line: String {
        let time = LatencySummary(wall)
        let used = LatencySummary(cpu)
        return "p50 \(BenchCommand.ms(time.p50)) ms, p99 \(BenchCommand.ms(time.p99)) ms; "
            + "CPU p50 \(BenchCommand.ms(used.p50)) ms, p99 \(BenchCommand.ms(used.p99)) ms"
    }

    static func measure(_ body: () throws -> Void) throws -> (wall: Duration, cpu: Duration) {
        let clock = ContinuousClock()
        let cpuBefore = processCPU()
        let started = clock.now
        try body()
        let wall = clock.now - started
        return (wall, processCPU() - cpuBefore)
    }

    /// The process's user and system time so far.
    static func processCPU() -> Duration {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        func duration(_ time: timeval) -> Duration { .seconds(Int64(time.tv_sec)) + .microseconds(Int64(time.tv_usec)) }
        return duration(usage.ru_utime) + duration(usage.ru_stime)
    }
}
