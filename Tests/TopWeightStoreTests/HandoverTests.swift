import Foundation
import NIOCore
import NIOPosix
import Synchronization
import Testing
@testable import TopWeightPostgres

/// The hand-over between the caller's thread and the connection's loop
/// (`Handover.swift`), on a real event loop: what passes, to which thread,
/// and what happens when nobody watches. No clock is asserted: each test
/// waits for a state, never for a time.
@Suite struct HandoverTests {
    @Test func anAnswerGivenWhileTheCallerWatchesReachesIt() async throws {
        let answer = Answer<Int>()
        let loop = MultiThreadedEventLoopGroup.singleton.next()
        loop.execute { answer.give(.success(42)) }
        let got = answer.awaited(for: .seconds(30))
        #expect(try got?.get() == 42)
    }

    @Test func aCallerStopsWatchingWhenNoAnswerComes() {
        let answer = Answer<Int>()
        #expect(answer.awaited(for: .zero) == nil)
        #expect(answer.awaited(for: .milliseconds(1)) == nil)
    }

    @Test func theFirstAnswerIsKept() throws {
        struct TimedOut: Error {}
        let answer = Answer<Int>()
        answer.give(.failure(TimedOut()))
        answer.give(.success(7))
        let got = try #require(answer.awaited(for: .zero))
        #expect(throws: TimedOut.self) { try got.get() }
    }

    @Test func nothingIsHandedOverWhenTheLoopDoesNotWatch() {
        let relay = Relay(span: .seconds(30))
        let loop = MultiThreadedEventLoopGroup.singleton.next()
        let handed = relay.offer({}, to: loop)
        #expect(!handed)
        #expect(!relay.isWatching)
    }

    @Test func aWatchingLoopRunsTheNextCallOnItsOwnThread() throws {
        let relay = Relay(span: .seconds(30))
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 2)
        defer { try? group.syncShutdownGracefully() }
        let loop = group.next()
        let other = group.next()
        #expect(loop !== other)
        let watched = loop.submit { relay.watch(on: loop) }
        while !relay.isWatching { sched_yield() }

        // Another loop's call is not this thread's to run.
        let toOther = relay.offer({}, to: other)
        #expect(!toOther)
        let ranOnLoop = Answer<Bool>()
        let handed = relay.offer({ ranOnLoop.give(.success(loop.inEventLoop)) }, to: loop)
        #expect(handed)
        // The watch ends with the call it ran, long before its 30 seconds.
        try watched.wait()
        #expect(try ranOnLoop.awaited(for: .zero)?.get() == true)
        #expect(!relay.isWatching)
        let afterwards = relay.offer({}, to: loop)
        #expect(!afterwards)
    }

    @Test func aWatchThatSeesNoCallEndsAndTheLoopGoesOn() throws {
        let relay = Relay(span: .milliseconds(1))
        let loop = MultiThreadedEventLoopGroup.singleton.next()
        try loop.submit { relay.watch(on: loop) }.wait()
        #expect(!relay.isWatching)
        #expect(try loop.submit { 1 }.wait() == 1)
    }
}
