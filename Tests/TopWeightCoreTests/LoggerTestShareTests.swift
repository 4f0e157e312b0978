import Foundation
import Testing

/// How many of the logger's tests drive its flow with no database, read
/// from `Tests/TopWeightREPLTests` as `SeamTests` reads the sources. A test
/// is on a file when its body, or a helper of its file that it calls, names
/// the fixture (`Fixture`, `fixture`), a `WorkoutStore` or a `Session(`;
/// every other one runs with none, most of them on `FlowScript`.
///
/// The figure is printed each run:
/// `swift test --skip-build --filter LoggerTestShareTests`.
@Suite("The logger's tests, read from their sources")
struct LoggerTestShareTests {
    /// `Tests/TopWeightREPLTests` of this checkout.
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("TopWeightREPLTests")

    /// One test of a source: its function's name, whether it needs a file,
    /// and whether it drives the flow through `FlowScript`.
    struct Counted: Equatable {
        let name: String
        let onFile: Bool
        let flowScript: Bool
    }

    /// A function of a source and its body, braces matched; a test when an
    /// `@Test` stands between it and the function before.
    struct Function {
        let name: String
        let isTest: Bool
        let body: Substring
    }

    static func functions(in source: String) throws -> [Function] {
        // Documentation may say "func" or "Fixture": it is no code.
        let text = source.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("///") }.joined(separator: "\n")
        let declaration = try Regex(#"\bfunc\s+(\w+)"#).wordBoundaryKind(.simple)
        var found: [Function] = []
        var previous = text.startIndex
        for match in text.matches(of: declaration) where match.range.lowerBound >= previous {
            guard let open = text[match.range.upperBound...].firstIndex(of: "{") else { break }
            var depth = 0
            var end = open
            for index in text[open...].indices {
                if text[index] == "{" { depth += 1 }
                if text[index] == "}" { depth -= 1 }
                end = index
                if depth == 0 { break }
            }
            let name = match.output[1].substring.map(String.init) ?? ""
            found.append(Function(name: name, isTest: text[previous..<match.range.lowerBound].contains("@Test"), body: text[open...end]))
            previous = text.index(after: end)
        }
        return found
    }

    /// The tests of one source, each counted.
    static func tests(in source: String) throws -> [Counted] {
        let functions = try Self.functions(in: source)
        let fileWords = try Regex(#"\b(Fixture|fixture|WorkoutStore)\b|\bSession\("#).wordBoundaryKind(.simple)
        let scripted = try Regex(#"\bFlowScript\b|\bscript\b"#).wordBoundaryKind(.simple)
        var helpers: [Regex<AnyRegexOutput>] = []
        func onFile(_ body: Substring) -> Bool { body.contains(fileWords) || helpers.contains { body.contains($0) } }
        // A helper calling a helper on a file is on a file too.
        var named: Set<String> = []
        var grew = true
        while grew {
            grew = false
            for function in functions where !function.isTest && !named.contains(function.name) && onFile(function.body) {
                named.insert(function.name)
                helpers.append(try Regex(#"\b"# + function.name + #"\("#).wordBoundaryKind(.simple))
                grew = true
            }
        }
        return functions.filter(\.isTest).map { test in
            let file = onFile(test.body)
            return Counted(name: test.name, onFile: file, flowScript: !file && test.body.contains(scripted))
        }
    }

    @Test("a test is on a file when it, or a helper it calls, names the fixture; else it runs with none")
    func countsOneSource() throws {
        let text = """
            /// A helper with a func and a Fixture in its documentation.
            private static func seeded() throws -> Int { _ = try Fixture(); return 1 }
            private static func reseeded() throws -> Int { try seeded() }
            private static func plain() -> Int { 1 }

            @Test("one")
            func direct() throws { let made = try Fixture(); _ = made }

            @Test("two", arguments: [
                1, 2,
            ])
            func helped(value: Int) throws { _ = try Self.reseeded() }

            @Test("three")
            func flow() {
                var script = FlowScript()
                func inner() { script.type("") }
                _ = Self.plain()
            }

            @Test("four")
            func neither() { #expect(Self.plain() == 1) }
            """
        #expect(try Self.tests(in: text) == [
            Counted(name: "direct", onFile: true, flowScript: false),
            Counted(name: "helped", onFile: true, flowScript: false),
            Counted(name: "flow", onFile: false, flowScript: true),
            Counted(name: "neither", onFile: false, flowScript: false),
        ])
    }

    @Test("at least 60 % of the logger's tests drive the flow with no database")
    func mostWithoutDatabase() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter { $0.hasSuffix(".swift") }
        var tests: [Counted] = []
        for name in names {
            tests += try Self.tests(in: String(contentsOf: Self.folder.appendingPathComponent(name), encoding: .utf8))
        }
        let without = tests.filter { !$0.onFile }.count
        let scripted = tests.filter(\.flowScript).count
        let figure = "\(without) of \(tests.count) with no database (\(scripted) on FlowScript), \(tests.count - without) on a file"
        print("LoggerTestShareTests: \(figure)")
        // A reader that found no tests would pass anything.
        #expect(tests.count > 200, "read from \(Self.folder.path)")
        #expect(without * 10 >= tests.count * 6, "\(figure)")
    }
}
