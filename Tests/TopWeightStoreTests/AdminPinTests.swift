import Foundation
import Testing
@testable import TopWeightStore

@Suite("The admin PIN")
struct AdminPinTests {
    @Test("is stored salted and hashed, never as typed")
    func storedHashed() throws {
        try withTemporaryDatabase { database in
            let store = try database.open()
            #expect(try store.adminPinIsSet() == false)
            #expect(try store.verifyAdminPin("anything"), "no PIN set: nothing to check")
            try store.setAdminPin("482913")
            let stored = try #require(try store.storedAdminPin())
            #expect(stored.hasPrefix("pbkdf2-sha256$210000$"))
            #expect(!stored.contains("482913"))
            _ = try store.writer.writeWithoutTransaction { try $0.checkpoint(.truncate) }
            let bytes = try #require(database.bytes())
            #expect(bytes.range(of: Data("482913".utf8)) == nil, "the PIN never reaches the file")
            #expect(try store.verifyAdminPin("482913"))
            #expect(try store.verifyAdminPin("482914") == false)
            #expect(try store.verifyAdminPin("") == false)
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
}
