import Foundation
import Testing

@Suite("Exercise kinds on the command line")
struct ExerciseKindCommandTests {
    @Test("exercises add --kind, the catalog's kinds, the listing's kind column and JSON, and a change of kind behind the PIN")
    func kinds() throws {
        let scratch = try Scratch()
        let ring = try Binary.run(["exercises", "add", "Ring Dip", "--kind", "bodyweight"], db: scratch.db)
        #expect(ring.stdout == "Added Ring Dip (#1, bodyweight)\n", "\(ring.stderr)")
        // A catalog lift brings its kind; another name of it adds it under the catalog's name.
        #expect(try Binary.run(["exercises", "add", "Dead Hang"], db: scratch.db).stdout
                == "Added Bar Hang (#2, time), the catalog's name for Dead Hang\n")
        #expect(try Binary.run(["exercises", "add", "Zercher Squat"], db: scratch.db).stdout == "Added Zercher Squat (#3)\n")
        let wrong = try Binary.run(["exercises", "add", "Farmer Walk", "--kind", "heavy"], db: scratch.db)
        #expect(wrong.status == 64)
        #expect(wrong.stderr.contains("'weight', 'bodyweight', 'time' or 'distance'"))

        let listed = try Binary.run(["exercises"], db: scratch.db).stdout.split(separator: "\n").map(String.init)
        #expect(listed.contains { $0.hasPrefix("Bar Hang") && $0.hasSuffix("  time") })
        #expect(listed.contains { $0.hasPrefix("Ring Dip") && $0.hasSuffix("  bodyweight") })
        #expect(listed.contains { $0.hasPrefix("Zercher Squat") && !$0.contains("weight") })
        let json = try Binary.run(["exercises", "--format", "json"], db: scratch.db).stdout
        #expect(json.contains(#""name":"Zercher Squat""#) && json.contains(#""kind":"weight""#) && json.contains(#""kind":"time""#))
        // A catalog lift nobody has used yet shows the catalog's kind.
        #expect(try Binary.run(["exercises", "kind", "Rowing Machine"], db: scratch.db).stdout == "Rowing Machine: distance\n")

        #expect(try Binary.run(["admin", "set-pin"], db: scratch.db, input: "2468\n").status == 0)
        let refused = try Binary.run(["exercises", "kind", "Zercher Squat", "time"], db: scratch.db, input: "0000\n")
        #expect(refused.status == 77)
        #expect(try Binary.run(["exercises", "kind", "Zercher Squat"], db: scratch.db).stdout == "Zercher Squat: weight\n")
        let changed = try Binary.run(["exercises", "kind", "Zercher Squat", "hold"], db: scratch.db, input: "2468\n")
        #expect(changed.stdout == "Zercher Squat: weight → time (sets saved before keep theirs)\n", "\(changed.stderr)")
        #expect(try Binary.run(["exercises", "kind", "Zercher Squat"], db: scratch.db).stdout == "Zercher Squat: time\n")
        let missing = try Binary.run(["exercises", "kind", "Nope", "time"], db: scratch.db, input: "2468\n")
        #expect(missing.status == 64)
    }
}
