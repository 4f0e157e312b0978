import Foundation
import Testing

/// The rest of the house's figures every issue must leave true, read from
/// the checkout's own sources as `SeamTests` reads the seam: no file over
/// 400 lines, and a logger session that only carries the flow's effects out.
@Suite("The house's figures, read from the sources")
struct HouseFiguresTests {
    @Test("no source file is over 400 lines")
    func fileLength() throws {
        let files = try SeamTests.files()
        #expect(files.count > 100, "read from \(SeamTests.sources.path)")
        for file in files {
            let lines = file.text.split(separator: "\n", omittingEmptySubsequences: false).count - 1
            #expect(lines <= 400, "\(file.path) has \(lines) lines")
        }
    }

    @Test("the logger's session has at most 25 functions and renders nothing")
    func thinSession() throws {
        let session = try SeamTests.files().filter { $0.path.hasPrefix("TopWeightREPL/Session") }
        #expect(!session.isEmpty)
        let functions = session.map { Self.functionCount(in: $0.text) }.reduce(0, +)
        #expect(functions <= 25, "Session*.swift have \(functions) functions")
        // Text from the logbook is made terminal-safe at the output edge
        // (`TerminalText.safe`): that is printing. Any other of Text's renderers or lines is rendering.
        let renderer = try Regex(#"\b(?!TerminalText)[A-Z][A-Za-z]*Text\.|\bLines\."#).wordBoundaryKind(.simple)
        for file in session {
            let renders = file.text.contains(renderer)
            #expect(!renders, "\(file.path) renders (names one of Text's renderers)")
        }
    }

    @Test("the function count counts declarations, not calls or comments")
    func countsFunctions() {
        let text = """
        /// func in a comment
        func one() {}
            private static func two() -> Int { one(); return 2 }
        let f = { func3() }
        """
        #expect(Self.functionCount(in: text) == 2)
    }

    static func functionCount(in text: String) -> Int {
        let modifiers: Set<String> = ["public", "private", "fileprivate", "internal", "static", "mutating", "@discardableResult", "override", "final"]
        return text.split(separator: "\n").filter { line in
            line.split(separator: " ").map(String.init).first { !modifiers.contains($0) } == "func"
        }.count
    }
}
