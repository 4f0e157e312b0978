import Foundation
import Testing
import TopWeightCatalog

/// The catalog and routines are compiled into the binary by
/// `Scripts/embed-resources`; these fail while the compiled copy is stale.
@Suite("Resources compiled in")
struct EmbeddedResourceTests {
    private static func resource(_ name: String) throws -> String {
        let file = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Resources/\(name)")
        return try String(contentsOf: file, encoding: .utf8)
    }

    @Test("the compiled catalog is Resources/exercises.yaml, entry for entry (run Scripts/embed-resources after editing it)")
    func catalog() throws {
        let fromFile = try ExerciseCatalog(yaml: Self.resource("exercises.yaml"))
        let compiled = ExerciseCatalog.bundled()
        #expect(compiled.entries.count == fromFile.entries.count)
        let difference = zip(compiled.entries, fromFile.entries).first { $0 != $1 }
        #expect(difference == nil, "compiled \(String(describing: difference?.0)), file \(String(describing: difference?.1))")
        #expect(compiled.entry(named: "OHP")?.name == "Overhead Press")
    }

    @Test("the compiled routines are Resources/routines.yaml (run Scripts/embed-resources after editing it)")
    func routines() throws {
        let fromFile = try RoutineCatalog(yaml: Self.resource("routines.yaml"))
        let compiled = RoutineCatalog.bundled()
        #expect(!compiled.routines.isEmpty)
        #expect(compiled.routines == fromFile.routines)
    }

    @Test("the compiled programs are Resources/programs.yaml (run Scripts/embed-resources after editing it)")
    func programs() throws {
        let fromFile = try ProgramCatalog(yaml: Self.resource("programs.yaml"))
        #expect(ProgramCatalog.bundled().programs == fromFile.programs)
    }
}
