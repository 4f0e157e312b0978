import Foundation
import Testing

/// The shape of the storage seam, read from the checkout's own sources: a
/// port is split by role, none of them wide, and the terminal's outbox is
/// known only to its own files and the composition root; the command line
/// reaches the database through the use cases only.
@Suite("The storage seam's shape, read from the sources")
struct SeamTests {
    /// `Sources/` of this checkout.
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")

    /// Every Swift file under `Sources/`, by its path from there, with its text.
    static func files() throws -> [(path: String, text: String)] {
        let root = sources.standardizedFileURL.path
        guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
        return try walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted().map { path in
            (path, try String(contentsOfFile: root + "/" + path, encoding: .utf8))
        }
    }

    /// Each protocol declared at the top of a file, with how many requirements
    /// (`func`, `var`, `subscript`, `init`) its own body declares.
    static func requirements(in text: String) -> [(name: String, count: Int)] {
        var found: [(name: String, count: Int)] = []
        var current: (name: String, count: Int)?
        var depth = 0
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = raw.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
            let words = line.split(separator: " ").map(String.init)
            if current == nil, depth == 0, let at = words.firstIndex(of: "protocol"), at + 1 < words.count,
               words[..<at].allSatisfy({ ["public", "internal", "package"].contains($0) }) {
                current = (String(words[at + 1].prefix { $0.isLetter || $0.isNumber || $0 == "_" }), 0)
            }
            if current != nil, depth == 1 {
                let kept = words.drop { ["mutating", "static", "nonisolated"].contains($0) }
                if let first = kept.first, ["func", "var", "subscript", "init", "init?"].contains(where: { first == $0 || first.hasPrefix($0 + "(") || first.hasPrefix($0 + "<") }) {
                    current?.count += 1
                }
            }
            depth += line.filter { $0 == "{" }.count - line.filter { $0 == "}" }.count
            if let done = current, depth == 0, line.contains("}") {
                found.append(done)
                current = nil
            }
        }
        return found
    }

    @Test("the sources are there to read")
    func sourcesFound() throws {
        #expect(try Self.files().count > 100, "no sources under \(Self.sources.path)")
    }

    @Test("the requirement count reads a protocol's own body: three here, the extension's not counted")
    func countsOneProtocol() {
        let text = """
            public protocol Sample: AnyObject {
                /// A doc line with func in it.
                func one() throws -> Int
                var two: Int { get }
                static func three<T>(_ value: T)
            }

            extension Sample {
                func four() {}
            }
            """
        let counted = Self.requirements(in: text)
        #expect(counted.map(\.name) == ["Sample"])
        #expect(counted.map(\.count) == [3])
    }

    @Test("no protocol in Sources has more than 15 requirements")
    func noWideProtocol() throws {
        var protocols = 0
        for (path, text) in try Self.files() {
            for (name, count) in Self.requirements(in: text) {
                protocols += 1
                #expect(count <= 15, "\(name) (\(path)) has \(count) requirements")
            }
        }
        // A reader that found no protocol would pass anything.
        #expect(protocols > 3, "no protocols found under \(Self.sources.path)")
    }

    @Test("the outbox's types are named only in its own files and in the composition root")
    func outboxKnownToNoOneElse() throws {
        let own = ["TopWeightStore/Outbox.swift", "TopWeightStore/NameCache.swift", "TopWeightCLI/GlobalOptions.swift"]
        let names = ["OutboxLogbook", "Outbox", "KeptRecord", "NameCache", "serverAway"]
        var naming: [String] = []
        for (path, text) in try Self.files() where !own.contains(path) && !path.hasPrefix("TopWeightStore/OutboxLogbook") {
            let words = Set(text.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init))
            if names.contains(where: words.contains) { naming.append(path) }
        }
        #expect(naming == [])
    }

    /// The lines of a command's source that call the store itself: a member
    /// of what `openStore` (or `openRoles(…).engine`) returned, bound to a
    /// name or chained. Handing the store on to a use case is no call.
    static func storeCalls(in text: String) throws -> [String] {
        let lines = text.split(separator: "\n").map { line in
            line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        }
        let opened = #"\bopenStore\(|\bopenRoles\(.*\)\.engine\b"#
        let binding = try Regex(#"\b(?:let|var)\s+(\w+)\s*(?::[^=]*)?=\s*(?:try\s+)?(?:\w+\.)*(?:"# + opened + ")").wordBoundaryKind(.simple)
        let chained = try Regex(#"\bopenStore\([^()]*\)\??\.|\.engine\??\."#).wordBoundaryKind(.simple)
        let names = lines.compactMap { line in (try? binding.firstMatch(in: line))?.output[1].substring.map(String.init) }
        let uses = try names.map { try Regex(#"(?:^|[^\w.])"# + $0 + #"\??\.\w"#).wordBoundaryKind(.simple) }
        return lines.filter { line in line.contains(chained) || uses.contains { line.contains($0) } }
            .map { $0.trimmingCharacters(in: .whitespaces) }
    }

    @Test("a store handed on to a use case is no call; a member of it, bound or chained, is")
    func findsStoreCalls() throws {
        let text = """
            let store = try global.openStore(concurrentReads: true)
            let board = GymBoard(logbook: store, timeZone: .current)
            let changes = try store.changes()
            let all = try global.openStore().users() // a comment naming store.users()
            let engine = try global.openRoles().engine
            print(engine.location)
            let restored = try Workouts(logbook: restore.location)
            """
        #expect(try Self.storeCalls(in: text) == [
            "let changes = try store.changes()", "let all = try global.openStore().users()", "print(engine.location)",
        ])
    }

    @Test("no subcommand calls the store: each goes through the use cases")
    func commandsThroughUseCases() throws {
        let commands = try Self.files().filter { $0.path.hasPrefix("TopWeightCLI/Subcommands/") || $0.path.hasPrefix("TopWeightCLI/Admin/") }
        #expect(commands.count > 20, "read from \(Self.sources.path)")
        // A reader that saw no store opened would pass anything: some commands open one to hand it on.
        #expect(commands.filter { $0.text.contains("openStore(") }.count >= 2)
        for (path, text) in commands {
            let calls = try Self.storeCalls(in: text)
            #expect(calls == [], "\(path) calls the store past the use cases")
        }
    }
}
