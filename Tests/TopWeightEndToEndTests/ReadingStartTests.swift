import Foundation
import Testing
import TopWeightTestSupport

/// Starting the logger (or a command that only reads) on a file writes
/// nothing to it nor to its log: several terminals and the board share the
/// file, and a start is paid by every member who walks up.
@Suite("A start that only reads")
struct ReadingStartTests {
    struct Seen: Equatable, CustomStringConvertible {
        let name: String
        let bytes: Data?
        let written: String

        var description: String { "\(name): \(bytes.map { "\($0.count) bytes" } ?? "none"), written \(written)" }
    }

    /// The database file's and its log's bytes and last-written times, to the nanosecond.
    static func files(_ path: String) -> [Seen] {
        ["", "-wal"].map { suffix in
            var info = stat()
            guard stat(path + suffix, &info) == 0 else { return Seen(name: suffix, bytes: nil, written: "") }
            return Seen(name: suffix, bytes: FileManager.default.contents(atPath: path + suffix),
                        written: "\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)")
        }
    }

    @Test("the logger started and left, history, users and --version leave the file and its log unwritten, after a save made them", arguments: [
        [], ["--kiosk"], ["history"], ["users"], ["--version"],
    ])
    func nothingWritten(arguments: [String]) throws {
        let scratch = try Scratch(engine: .file)
        let saved = try Binary.run(["add", "Ana", "Bench Press", "60", "5", "5"], db: scratch.db)
        try #require(saved.status == 0, "\(saved.stderr)")
        let before = Self.files(scratch.db)

        for _ in 0 ..< 2 {
            let result = try Binary.run(arguments, db: scratch.db, input: "")
            #expect(result.status == 0, "\(arguments): \(result.stdout)\(result.stderr)")
            #expect(Self.files(scratch.db) == before, "\(arguments)")
        }
        // And what was saved is still there, in the file.
        let history = try Binary.run(["history"], db: scratch.db)
        #expect(history.stdout.contains("Bench Press"), "\(history.stdout)")
    }
}
