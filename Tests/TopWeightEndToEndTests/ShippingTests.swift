import Foundation
import Testing

/// What a gym installing the program relies on: a version, completions, and
/// a binary that needs nothing beside it (the catalog and routines inside).
@Suite("Shipping")
struct ShippingTests {
    @Test("--version prints the version in one line, and check shows the same")
    func version() throws {
        let scratch = try Scratch()
        let shown = try Binary.run(["--version"], db: scratch.db)
        #expect(shown.status == 0)
        let version = shown.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(version.split(separator: ".").count == 3 && version.split(separator: ".").allSatisfy { Int($0) != nil }, "\(shown.stdout)")
        #expect(try Binary.run(["add", "Ana", "Bench Press", "60", "5", "5"], db: scratch.db).status == 0)
        let check = try Binary.run(["check"], db: scratch.db)
        #expect(check.stdout.contains("topweight     \(version)\n"), "\(check.stdout)")
    }

    @Test("completion scripts for bash, zsh and fish name the subcommands", arguments: ["bash", "zsh", "fish"])
    func completions(shell: String) throws {
        let script = try Binary.run(["--generate-completion-script", shell], db: nil)
        #expect(script.status == 0, "\(script.stderr)")
        #expect(script.stdout.contains("topweight") && script.stdout.contains("history") && script.stdout.contains("import"))
    }

    @Test("the binary alone in a directory knows the catalog and the routines: nothing is read from beside it")
    func aloneInADirectory() throws {
        let scratch = try Scratch()
        let copy = try Binary.alone(in: scratch.directory.appendingPathComponent("alone"))
        let db = scratch.directory.appendingPathComponent("alone.sqlite").path
        let process = Process()
        process.executableURL = copy
        process.arguments = ["add", "Ana", "ohp", "40", "5", "3", "--db", db]
        process.environment = [:]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let printed = String(decoding: Binary.readAll(output.fileHandleForReading), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(printed.contains("Ana · Overhead Press · 40 kg × 5 reps × 3 series"), "\(printed)")
        let routines = try Binary.run(["routines", "--db", db], db: nil)
        #expect(routines.status == 0 && !routines.stdout.isEmpty, "\(routines.stderr)")
    }
}
