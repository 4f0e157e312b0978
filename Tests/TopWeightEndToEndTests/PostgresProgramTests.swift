import Foundation
import Testing

/// `topweight` links no PostgreSQL client: for a postgres:// database it
/// becomes `topweight-postgres` (the same command line with the client
/// linked in), found beside it or on PATH.
@Suite("topweight and topweight-postgres")
struct PostgresProgramTests {
    /// A closed port: nothing listens there, so a program that tries it says the server is away.
    static let closed = "postgres://gym:s3cret@127.0.0.1:1/topweight"
    static let install = "topweight: a PostgreSQL database needs topweight-postgres, which is neither beside this topweight "
        + "nor on PATH: install it from the same package (bin/topweight-postgres) next to topweight\n"

    /// `topweight` alone in a directory, an empty directory for PATH, and a
    /// home and state directory of the test's own (where an outbox would go).
    static func alone(_ scratch: Scratch) throws -> (topweight: URL, environment: [String: String]) {
        let empty = scratch.directory.appendingPathComponent("empty")
        let home = scratch.directory.appendingPathComponent("home")
        for directory in [empty, home] { try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true) }
        let topweight = try Binary.alone(in: scratch.directory.appendingPathComponent("alone"))
        return (topweight, ["PATH": empty.path, "HOME": home.path, "XDG_STATE_HOME": home.path, "XDG_DATA_HOME": home.path])
    }

    /// Every file under `directory`, for "nothing was written".
    static func files(under directory: URL) -> [String] {
        (FileManager.default.enumerator(atPath: directory.path)?.allObjects as? [String] ?? []).sorted()
    }

    @Test("with no topweight-postgres beside it nor on PATH, a postgres:// database gets one line saying what to install, exit 69, and nothing written",
          arguments: [["add", "Ana", "Bench Press", "60", "5", "5", "--db", closed], ["--db", closed], ["history", "--db", closed],
                      ["copy", "SOURCE", closed], ["copy", closed, "SOURCE"], ["bench", "--logger", "--db", closed], ["outbox", "--db", closed]])
    func missing(arguments: [String]) throws {
        let scratch = try Scratch(engine: .file)
        let (topweight, environment) = try Self.alone(scratch)
        let source = scratch.directory.appendingPathComponent("source.sqlite").path
        let before = Self.files(under: scratch.directory)
        let result = try Binary.run(arguments.map { $0 == "SOURCE" ? source : $0 }, db: nil, input: "Ana\nbench 60x5x5\n",
                                    environment: environment, executable: topweight)
        #expect(result.status == 69, "\(result.stderr)")
        #expect(result.stderr == Self.install)
        #expect(result.stdout.isEmpty, "\(result.stdout)")
        #expect(Self.files(under: scratch.directory) == before, "nothing was written")
    }

    @Test("TOPWEIGHT_DB naming a PostgreSQL server is handed on as --db is: the same line without topweight-postgres")
    func fromTheEnvironment() throws {
        let scratch = try Scratch(engine: .file)
        let (topweight, environment) = try Self.alone(scratch)
        let result = try Binary.run(["users"], db: Self.closed, environment: environment, executable: topweight)
        #expect(result.status == 69)
        #expect(result.stderr == Self.install)
    }

    @Test("topweight-postgres on PATH takes a postgres:// database over from topweight alone: the server-away message, not the install line")
    func onPath() throws {
        let scratch = try Scratch(engine: .file)
        var (topweight, environment) = try Self.alone(scratch)
        environment["PATH"] = (environment["PATH"] ?? "") + ":" + Binary.url.deletingLastPathComponent().path
        let result = try Binary.run(["users", "--db", Self.closed], db: nil, environment: environment, executable: topweight)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("unreachable") && result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(!result.stderr.contains("s3cret"))
    }

    @Test("a file database stays topweight's own: it works with no topweight-postgres anywhere")
    func fileAlone() throws {
        let scratch = try Scratch(engine: .file)
        let (topweight, environment) = try Self.alone(scratch)
        let db = scratch.directory.appendingPathComponent("gym.sqlite").path
        let added = try Binary.run(["add", "Ana", "Bench Press", "60", "5", "5", "--db", db], db: nil, environment: environment, executable: topweight)
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.contains("Ana · Bench Press · 60 kg × 5 reps × 5 series"), "\(added.stdout)")
    }

    @Test("topweight links no PostgreSQL client (postgres-nio, NIO), and topweight-postgres does")
    func linked() throws {
        let built = Binary.url.deletingLastPathComponent()
        let topweight = try Data(contentsOf: Binary.url, options: .alwaysMapped)
        let postgres = try Data(contentsOf: built.appendingPathComponent("topweight-postgres"), options: .alwaysMapped)
        // The modules' mangled names, in every symbol and type name they bring.
        for module in ["11PostgresNIO", "7NIOCore", "6NIOSSL"] {
            #expect(topweight.range(of: Data(module.utf8)) == nil, "topweight links \(module)")
            #expect(postgres.range(of: Data(module.utf8)) != nil, "topweight-postgres lacks \(module)")
        }
    }
}
