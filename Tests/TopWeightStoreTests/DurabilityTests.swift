import Foundation
import Testing
@testable import TopWeightStore
import TopWeightTestSupport

@Suite("Durable mode")
struct DurabilityTests {
    @Test("--durable makes the writing connection synchronous = FULL; the default is NORMAL",
          arguments: [(false, 1), (true, 2)])
    func synchronousLevel(durable: Bool, expected: Int) throws {
        try withTemporaryDatabase { database in
            let store = try database.open(options: .init(durable: durable))
            let level = try store.writer.write { db in try Int.fetchOne(db, sql: "PRAGMA synchronous") }
            #expect(level == expected)
        }
    }
}
