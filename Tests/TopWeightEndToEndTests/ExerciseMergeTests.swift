import Foundation
import Testing

/// `topweight exercises merge FROM INTO`, as a gym owner cleaning up after
/// imports runs it. In `AdminCommandTests`, so `Scripts/test` runs it on PostgreSQL too.
extension AdminCommandTests {
    @Test("exercises merge moves every record, routine step and PR, needs the PIN when set, and says in JSON what moved")
    func mergeExercises() throws {
        let scratch = try Scratch()
        #expect(try Binary.run(["add", "Ana", "Rear Delt Fly", "14", "10", "3", "--at", "2026-11-02T10:00:00+00:00"], db: scratch.db).status == 0)
        #expect(try Binary.run(["add", "Ana", "Rear flye", "20", "10", "3", "--at", "2026-11-03T10:00:00+00:00"], db: scratch.db).status == 0)
        #expect(try Binary.run(["add", "Bo", "Rear flye", "10", "12", "3", "--at", "2026-11-03T11:00:00+00:00"], db: scratch.db).status == 0)
        let routine = scratch.directory.appendingPathComponent("pull.yaml")
        try Data("routines:\n  - name: Pull Day\n    exercises:\n      - { exercise: Rear flye, weight: 12, reps: 12, series: 3 }\n".utf8)
            .write(to: routine)
        #expect(try Binary.run(["routines", "import", routine.path], db: scratch.db).status == 0)
        let rename = try Binary.run(["exercises", "rename", "Rear flye", "Rear Delt Fly"], db: scratch.db)
        #expect(rename.status == 64 && rename.stderr.contains("'topweight exercises merge \"Rear flye\" \"Rear Delt Fly\"'"), "\(rename.stderr)")
        #expect(try Binary.run(["admin", "set-pin"], db: scratch.db, input: "2468\n").status == 0)
        let wrong = try Binary.run(["exercises", "merge", "Rear flye", "Rear Delt Fly"], db: scratch.db, input: "0000\n")
        #expect(wrong.status == 77, "\(wrong.stderr)")

        let merged = try Binary.run(["exercises", "merge", "Rear flye", "Rear Delt Fly", "--format", "json"], db: scratch.db, input: "2468\n")

        #expect(merged.status == 0, "\(merged.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(merged.stdout.utf8)) as? [String: Any])
        #expect(object["from"] as? String == "Rear flye" && object["into"] as? String == "Rear Delt Fly")
        #expect(object["records"] as? Int == 2 && object["deletedRecords"] as? Int == 0)
        #expect(object["members"] as? [String] == ["Ana", "Bo"] && object["routines"] as? [String] == ["Pull Day"])
        #expect(object["routineSteps"] as? Int == 1)
        let exercises = try Binary.run(["exercises", "--format", "csv"], db: scratch.db).stdout
        #expect(!exercises.contains("Rear flye") && exercises.contains("Rear Delt Fly"), "\(exercises)")
        let history = try Binary.run(["history", "--format", "csv"], db: scratch.db).stdout
        #expect(history.components(separatedBy: "Rear Delt Fly").count == 4, "3 records on it: \(history)")
        let prs = try Binary.run(["prs", "--user", "Ana", "--exercise", "Rear Delt Fly", "--format", "json"], db: scratch.db).stdout
        #expect(prs.contains("\"kind\":\"heaviest\"") && prs.contains("\"value\":20"), "the PR came along: \(prs)")
        let show = try Binary.run(["routines", "show", "Pull Day", "--format", "json"], db: scratch.db).stdout
        #expect(show.contains("Rear Delt Fly") && !show.contains("Rear flye"), "\(show)")
    }

    @Test("renaming onto a catalog name takes the catalog's category")
    func renameOntoCatalog() throws {
        let scratch = try Scratch()
        #expect(try Binary.run(["exercises", "add", "bp thing", "--category", "machine"], db: scratch.db).status == 0)
        let renamed = try Binary.run(["exercises", "rename", "bp thing", "Bench Press"], db: scratch.db)
        #expect(renamed.status == 0, "\(renamed.stderr)")
        let listed = try Binary.run(["exercises", "--format", "csv"], db: scratch.db).stdout
        #expect(listed.contains("Bench Press,barbell"), "\(listed)")
    }
}
