import Foundation
import Testing
@testable import TopWeightStore
import TopWeightStorage
import TopWeightCore
import TopWeightTestSupport

@Suite("The admin PIN")
struct AdminPinTests {
    @Test("is stored salted and hashed, never as typed")
    func storedHashed() throws {
        try withTemporaryDatabase { database in
            let store = try database.open()
            #expect(try store.adminPinIsSet() == false)
            #expect(try store.checkAdminPin("anything") == .accepted, "no PIN set: nothing to check")
            try store.setAdminPin("482913")
            let stored = try #require(try store.storedAdminPin())
            #expect(stored.hasPrefix("pbkdf2-sha256$210000$"))
            #expect(!stored.contains("482913"))
            _ = try store.writer.writeWithoutTransaction { try $0.checkpoint(.truncate) }
            let bytes = try #require(database.bytes())
            #expect(bytes.range(of: Data("482913".utf8)) == nil, "the PIN never reaches the file")
            #expect(try store.checkAdminPin("482913") == .accepted)
            #expect(try store.checkAdminPin("482914") != .accepted)
            #expect(try store.checkAdminPin("") != .accepted)
            try store.setAdminPin(nil)
            #expect(try store.adminPinIsSet() == false)
        }
    }

    @Test("the same PIN hashes differently each time (salted)")
    func salted() throws {
        let first = try AdminPin.hash("1234")
        let second = try AdminPin.hash("1234")
        #expect(first != second)
        #expect(AdminPin.verify("1234", against: first) && AdminPin.verify("1234", against: second))
    }

    @Test("malformed stored values never verify", arguments: ["", "1234", "pbkdf2-sha256$10$zz$zz", "md5$1$00$00", "pbkdf2-sha256$210000$$"])
    func malformed(stored: String) {
        #expect(AdminPin.verify("1234", against: stored) == false)
    }

    @Test("PINs must be 4 to 64 printable characters", arguments: [("123", false), ("1234", true), ("pin with spaces", true), ("12\u{1B}4", false), (String(repeating: "9", count: 65), false)])
    func rules(pin: String, ok: Bool) {
        #expect((AdminPin.problem(with: pin) == nil) == ok)
    }

    @Test("after 5 wrong PINs attempts wait 30 s, doubling; a right PIN outside a wait resets the count", arguments: TestEngine.shared)
    func lockout(engine: TestEngine) throws {
        try engine.withSharedStore { open in
            let store = try open()
            try store.setAdminPin("2468")
            var now = Date(timeIntervalSince1970: 1_795_284_000)
            for attempt in 1...4 {
                #expect(try store.checkAdminPin("0000", now: now) == .wrong(lockedFor: nil), "attempt \(attempt)")
            }
            #expect(try store.checkAdminPin("0000", now: now) == .wrong(lockedFor: 30))
            #expect(try store.checkAdminPin("2468", now: now) == .locked(seconds: 30), "the right PIN waits too")
            now += 29.5
            #expect(try store.checkAdminPin("2468", now: now) == .locked(seconds: 1))
            #expect(try store.checkAdminPin("0000", now: now) == .locked(seconds: 1), "attempts in a wait are not counted")
            now += 1
            #expect(try store.checkAdminPin("0000", now: now) == .wrong(lockedFor: 60))
            now += 60
            #expect(try store.checkAdminPin("0000", now: now) == .wrong(lockedFor: 120))
            // Another process on the same database sees the same wait.
            let other = try open()
            #expect(try other.checkAdminPin("2468", now: now + 60) == .locked(seconds: 60))
            now += 120
            #expect(try other.checkAdminPin("2468", now: now) == .accepted)
            #expect(try store.checkAdminPin("0000", now: now) == .wrong(lockedFor: nil), "the count started again")
        }
    }

    @Test("the wait doubles up to an hour and no further", arguments: [(4, nil), (5, 30), (6, 60), (10, 960), (11, 1920), (12, 3600), (1000, 3600)] as [(Int, Int?)])
    func delays(failures: Int, delay: Int?) {
        #expect(PinLockout.delay(afterFailures: failures) == delay)
    }

    @Test("a wait is never longer than an hour, even after the clock went back, and unlock ends it", arguments: TestEngine.shared)
    func lockoutBounds(engine: TestEngine) throws {
        try engine.withSharedStore { open in
            let store = try open()
            try store.setAdminPin("2468")
            let now = Date(timeIntervalSince1970: 1_795_284_000)
            for _ in 1...5 { _ = try store.checkAdminPin("0000", now: now) }
            // The clock is set back a day: the wait still ends within the hour.
            #expect(try store.checkAdminPin("2468", now: now - 86_400) == .locked(seconds: 3_600))
            try store.clearPinLockout()
            #expect(try store.checkAdminPin("2468", now: now) == .accepted)
        }
    }

    @Test("stored round counts outside what a PIN gets never verify (and never crash or hang)",
          arguments: ["pbkdf2-sha256$99999999999$00$00", "pbkdf2-sha256$4294967296$00$00", "pbkdf2-sha256$999$00$00"])
    func absurdRounds(stored: String) {
        #expect(AdminPin.verify("1234", against: stored) == false)
    }
}

