import Foundation
import TopWeightCore

/// A board kept current for `serve`: each refresh reads today's sets, and
/// the days before today only when they have changed (`BoardMark`), so a
/// save in the gym costs the server a read of today and not of two years.
/// The days before today are read again at midnight, after a set of theirs
/// is changed or added, a member or an exercise renamed, hidden or removed,
/// and at least every `pastAtMost` seconds (a set another terminal was still
/// committing under an id already seen). With the past it keeps each
/// member's bests of each exercise before today, looked up once a day per
/// member and exercise seen today (`BoardSource.boardBests`), so today's
/// sets are read alone, by day, and judged against them in memory.
public final class LiveBoard: @unchecked Sendable {
    public let board: GymBoard
    /// How long what was read of the days before today is trusted at most.
    public static let pastAtMost: TimeInterval = 600
    private let lock = NSLock()
    private var past: Past?
    private var pastReads = 0
    private var bestLookups = 0

    private struct Past {
        var day: LocalDay
        var mark: BoardMark
        var facts: BoardFacts
        var readAt: Date
        /// Bests before today, by member and exercise as today's sets name them.
        var bests: [Lift: BoardFacts.PriorBests] = [:]
    }

    private struct Lift: Hashable {
        let user: String
        let exercise: String

        init(_ set: BoardFacts.TodaySet) {
            user = set.user
            exercise = set.exercise
        }
    }

    public init(_ board: GymBoard) {
        self.board = board
    }

    /// How many times the days before today have been read.
    public var readsOfThePast: Int { lock.withLock { pastReads } }
    /// How many members' exercises have had their bests before today looked up.
    public var bestsLookedUp: Int { lock.withLock { bestLookups } }

    /// The board as it stands at `now`, the same as `GymBoard.figures(at:)`.
    public func figures(at now: Date) throws(WorkoutsError) -> BoardFigures {
        lock.lock()
        defer { lock.unlock() }
        let today = LocalDay(now, in: board.calendar)
        let window = board.window(on: today)
        let logbook = board.logbook
        // The mark before the facts: a change made in between is seen at the next refresh.
        let mark = try attempt { () throws(LogbookError) in try logbook.boardMark(after: past?.mark.newest ?? .max) }
        if var kept = past, kept.day == today, kept.mark.changes == mark.changes, now >= kept.readAt,
           now.timeIntervalSince(kept.readAt) < Self.pastAtMost, (mark.earliestAdded ?? .distantFuture) >= window.todayStart {
            kept.mark.newest = max(kept.mark.newest, mark.newest)
            past = kept
        } else {
            let facts = try attempt { () throws(LogbookError) in try logbook.boardFacts(window.beforeToday) }
            past = Past(day: today, mark: mark, facts: facts, readAt: now)
            pastReads += 1
        }
        var todayWindow = window.todayOnly
        todayWindow.todaysPriors = false
        var todays = try attempt { () throws(LogbookError) in try logbook.boardFacts(todayWindow) }
        try judge(&todays.todaySets, before: window.todayStart)
        return try board.figures(BoardFacts.joining(past: past?.facts ?? BoardFacts(), today: todays), window: window, today: today)
    }

    /// Gives today's sets their bests before today from those kept, looking
    /// up those of a member's exercise not seen yet today (once each).
    private func judge(_ sets: inout [BoardFacts.TodaySet], before todayStart: Date) throws(WorkoutsError) {
        guard var kept = past else { return }
        var asked: [Lift: Int64] = [:]
        for set in sets where kept.bests[Lift(set)] == nil && asked[Lift(set)] == nil { asked[Lift(set)] = set.id }
        if !asked.isEmpty {
            let logbook = board.logbook
            let ids = Array(asked.values)
            let found = try attempt { () throws(LogbookError) in try logbook.boardBests(of: ids, before: todayStart) }
            bestLookups += asked.count
            // A set gone meanwhile is looked up again at the next refresh.
            for (lift, id) in asked { kept.bests[lift] = found[id] }
            past = kept
        }
        for index in sets.indices {
            let bests = kept.bests[Lift(sets[index])]
            sets[index].priorHeaviest = bests?.heaviest
            sets[index].priorEstimate = bests?.estimate
        }
    }
}
