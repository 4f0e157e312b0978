import Foundation
import Logging
import ServiceLifecycle
import Synchronization
import TopWeightCore
import TopWeightUseCases

/// Keeps the cache current: one read of the logbook when it changes (and
/// every `idle` seconds, for the clock and midnight), on a thread of its own
/// since the logbook and its watch block. A service, so the server's graceful
/// shutdown stops it.
public final class BoardRefresher: Service, Sendable {
    let board: LiveBoard
    let changes: any LogbookChanges
    let cache: BoardCache
    let idle: Double
    let logger: Logger
    private let stopped = Atomic<Bool>(false)

    public init(board: GymBoard, changes: any LogbookChanges, cache: BoardCache, idle: Double = 30, logger: Logger) {
        self.board = LiveBoard(board)
        self.changes = changes
        self.cache = cache
        self.idle = idle
        self.logger = logger
    }

    /// Renders the board once, now: the server answers from its first request.
    public func refresh() throws(WorkoutsError) {
        let now = Date()
        cache.update(try board.figures(at: now), at: now)
    }

    public func run() async throws {
        let thread = Thread { [self] in loop() }
        thread.name = "topweight.board"
        thread.start()
        try? await gracefulShutdown()
        stopped.store(true, ordering: .relaxed)
        changes.close()
    }

    private func loop() {
        while !stopped.load(ordering: .relaxed) {
            do {
                _ = try changes.wait(seconds: idle)
                if stopped.load(ordering: .relaxed) { return }
                try refresh()
            } catch {
                // The last board stays up; the next try comes after a pause.
                logger.warning("board not refreshed: \(String(describing: error))")
                Thread.sleep(forTimeInterval: 2)
            }
        }
    }
}
