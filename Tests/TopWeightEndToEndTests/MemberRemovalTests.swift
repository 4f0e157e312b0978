import Foundation
import Testing

/// A gym owner removing a member who left: the advice of each refusal works
/// when followed. In `AdminCommandTests`, so `Scripts/test` runs it on PostgreSQL too.
extension AdminCommandTests {
    @Test("a member who logged sets can be removed: delete the sets as told, then remove with --yes; tombstones, notes and body weights go too")
    func removeMemberWhoLogged() throws {
        let scratch = try Scratch()
        for weight in ["60", "62.5"] {
            #expect(try Binary.run(["add", "ana", "Bench Press", weight, "5", "3"], db: scratch.db).status == 0)
        }
        #expect(try Binary.run(["add", "Bo", "Bench Press", "40", "5", "3"], db: scratch.db).status == 0)
        #expect(try Binary.run(["note", "add", "--user", "ana", "Felt slow"], db: scratch.db).status == 0)
        #expect(try Binary.run(["body", "add", "61.2", "--user", "ana"], db: scratch.db).status == 0)

        let live = try Binary.run(["users", "remove", "ana", "--yes"], db: scratch.db)
        #expect(live.status == 64, "\(live.stderr)")
        #expect(live.stderr.hasPrefix("topweight: ana has 2 live set records; delete them first"), "\(live.stderr)")
        #expect(live.stderr.contains("'topweight delete ID'") && live.stderr.filter { $0 == "\n" }.count == 1, "\(live.stderr)")
        for id in ["1", "2"] {
            #expect(try Binary.run(["delete", id], db: scratch.db).status == 0)
        }

        let unasked = try Binary.run(["users", "remove", "ana"], db: scratch.db)
        #expect(unasked.status == 64, "\(unasked.stderr)")
        #expect(unasked.stderr == "topweight: ana has 2 deleted set records, 1 day's note and routine and 1 body weight; "
            + "add --yes to remove them with the member, for good\n", "\(unasked.stderr)")
        #expect(try Binary.run(["users"], db: scratch.db).stdout.contains("ana"))

        let removed = try Binary.run(["users", "remove", "ana", "--yes"], db: scratch.db)
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(removed.stdout == "Removed ana with 2 deleted set records, 1 day's note and routine and 1 body weight\n")
        let users = try Binary.run(["users", "--format", "csv"], db: scratch.db)
        #expect(!users.stdout.contains("ana") && users.stdout.contains("Bo"), "\(users.stdout)")
        #expect(try Binary.run(["history", "--deleted", "--format", "csv"], db: scratch.db).stdout.split(separator: "\n").count == 1)
        #expect(try Binary.run(["restore", "1"], db: scratch.db).status == 64)
        #expect(try Binary.run(["history", "--format", "csv"], db: scratch.db).stdout.contains("Bo,Bench Press"))
    }

    @Test("removing a member with nothing logged needs no --yes; with a PIN set it needs the PIN")
    func removeMemberWithPin() throws {
        let scratch = try Scratch()
        #expect(try Binary.run(["users", "add", "Zoë"], db: scratch.db).status == 0)
        #expect(try Binary.run(["admin", "set-pin"], db: scratch.db, input: "2468\n").status == 0)
        #expect(try Binary.run(["users", "remove", "Zoë"], db: scratch.db, input: "0000\n").status == 77)
        let removed = try Binary.run(["users", "remove", "Zoë"], db: scratch.db, input: "2468\n")
        #expect(removed.status == 0 && removed.stdout == "Removed Zoë\n", "\(removed.stdout)\(removed.stderr)")
    }
}
