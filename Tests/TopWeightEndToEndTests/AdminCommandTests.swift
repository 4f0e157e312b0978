import Foundation
import Testing

@Suite("Admin PIN on the command line")
struct AdminCommandTests {
    @Test("renames, removals and deletions need the PIN once one is set")
    func gated() throws {
        let scratch = try Scratch()
        #expect(try Binary.run(["add", "Ana", "Deadlift", "100", "5", "3"], db: scratch.db).status == 0)
        #expect(try Binary.run(["exercises", "add", "Zercher Squat"], db: scratch.db).status == 0)
        // No PIN yet: allowed.
        #expect(try Binary.run(["exercises", "rename", "Zercher Squat", "Zercher"], db: scratch.db).status == 0)

        let set = try Binary.run(["admin", "set-pin"], db: scratch.db, input: "2468\n")
        #expect(set.status == 0, "\(set.stderr)")
        let changeWithoutOld = try Binary.run(["admin", "set-pin"], db: scratch.db, input: "1111\n1111\n")
        #expect(changeWithoutOld.status == 77)

        for arguments in [["exercises", "rename", "Zercher", "Z"], ["exercises", "remove", "Zercher"],
                          ["users", "rename", "Ana", "Anna"], ["delete", "1"]] {
            let wrong = try Binary.run(arguments, db: scratch.db, input: "0000\n")
            #expect(wrong.status == 77, "\(arguments): \(wrong.stderr)")
            #expect(wrong.stderr == "topweight: wrong admin PIN; nothing was changed\n")
            let none = try Binary.run(arguments, db: scratch.db, input: "")
            #expect(none.status == 77)
            // The right PIN (here: setting the same one again) starts the count of
            // wrong ones again, so this loop never reaches the five-attempt wait.
            #expect(try Binary.run(["admin", "set-pin"], db: scratch.db, input: "2468\n2468\n").status == 0)
        }
        let history = try Binary.run(["history", "--format", "csv"], db: scratch.db)
        #expect(history.stdout.contains("Ana,Deadlift"), "nothing changed")

        #expect(try Binary.run(["users", "rename", "Ana", "Anna"], db: scratch.db, input: "2468\n").status == 0)
        let deleted = try Binary.run(["delete", "#1"], db: scratch.db, input: "2468\n")
        #expect(deleted.status == 0 && deleted.stdout.hasPrefix("Deleted #1  Anna · Deadlift"))
        #expect(try Binary.run(["admin", "clear-pin"], db: scratch.db, input: "2468\n").status == 0)
        #expect(try Binary.run(["exercises", "remove", "Zercher"], db: scratch.db).status == 0)
    }
}

@Suite("Admin commands without a JSON form")
struct AdminFormatTests {
    @Test("--format on admin plates and admin nudge: the option doesn't exist, said in one line, nothing changed",
          arguments: [("plates", "admin plates has no --format option: it answers in text only"),
                      ("nudge", "admin nudge has no --format option: it answers in text only")])
    func noFormat(command: String, message: String) throws {
        let scratch = try Scratch().made()
        let run = try Binary.run(["admin", command, "--format", "json"], db: scratch.db)
        #expect(run.status == 64, "\(run.stderr)")
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains(message), "\(run.stderr)")
        #expect(!run.stderr.contains("says which set to change") && !run.stderr.contains("invalid for '<weeks>'"), "\(run.stderr)")
    }
}
