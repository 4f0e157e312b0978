import Foundation
import GRDB
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Several terminals saving into one file at once, while somebody reads a long history.
@Suite("Eight terminals writing one file at once", .tags(.slow))
struct ConcurrencyTests {
    static let writers = 8
    static let savesPerWriter = 500
    static let seededRecords = 50_000

    @Test("8 processes × 500 saves lose nothing and see no lock errors while a long read transaction stays open")
    func eightWritersAndALongReader() throws {
        let scratch = try Scratch()
        let started = Date()

        // The schema comes from topweight itself; the big history straight from GRDB.
        let created = try Binary.run(["add", "Big", "Bench Press", "100", "5", "5"], db: scratch.db)
        try #require(created.status == 0, "\(created.stderr)")
        let pool = try DatabasePool(path: scratch.db)
        defer { try? pool.close() }
        try pool.write { db in
            let user = try Int64.fetchOne(db, sql: "SELECT id FROM user WHERE name = 'Big'")
            let exercise = try Int64.fetchOne(db, sql: "SELECT id FROM exercise WHERE name = 'Bench Press'")
            let insert = try db.makeStatement(sql: """
                INSERT INTO record (userId, exerciseId, weight, unit, reps, series, performedAt, createdAt)
                VALUES (?, ?, ?, 'kg', ?, ?, ?, ?)
                """)
            let now = milliseconds(started)
            for index in 1..<Self.seededRecords {
                let at = now - Int64(index) * 3_600_000
                try insert.execute(arguments: [user, exercise, Double(index % 400) * 0.5, index % 20 + 1, index % 10 + 1, at, at])
            }
        }

        var random = SystemRandomNumberGenerator()
        let fed: [[SetNumbers]] = (0..<Self.writers).map { _ in
            (0..<Self.savesPerWriter).map { line in
                SetNumbers(hundredths: (line + 1) * 25, unit: "kg", reps: Int.random(in: 1...30, using: &random), series: Int.random(in: 1...10, using: &random))
            }
        }

        let clock = ContinuousClock()
        var children: [PipedChild] = []
        var endings: [PipedChild.Ending] = []
        var seconds: [Double] = []
        var savedWhileIterating = 0
        var iterated = 0
        var heldFor = 0.0

        // A member browsing the whole big history, slowly, in one read
        // transaction that stays open until every writer has finished.
        let (countAtStart, countAtEnd) = try pool.read { db in
            let countAtStart = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM record") ?? 0
            let opened = clock.now
            for writer in 0..<Self.writers {
                let child = try PipedChild(db: scratch.db)
                let name = "Runner\(writer + 1)"
                child.send("\(name)\ny\n" + fed[writer].map { $0.line(exercise: "Bench Press") + "\n" }.joined() + ":quit\n")
                child.closeInput()
                children.append(child)
            }
            let savedBefore = children.reduce(0) { $0 + $1.stdout.count(linesStartingWith: "Saved #") }
            let cursor = try Row.fetchCursor(db, sql: """
                SELECT r.id, r.weight, r.reps, r.series, r.performedAt FROM record r
                JOIN user u ON u.id = r.userId WHERE u.name = 'Big' ORDER BY r.performedAt DESC, r.id DESC
                """)
            while try cursor.next() != nil {
                iterated += 1
                if iterated % 2_500 == 0 { usleep(50_000) }
            }
            savedWhileIterating = children.reduce(0) { $0 + $1.stdout.count(linesStartingWith: "Saved #") } - savedBefore
            endings = Array(repeating: .exited(-1), count: children.count)
            seconds = Array(repeating: 0, count: children.count)
            var running = Set(children.indices)
            while !running.isEmpty {
                for index in running {
                    if let ending = children[index].ended() {
                        endings[index] = ending
                        seconds[index] = (clock.now - opened) / .seconds(1)
                        running.remove(index)
                    }
                }
                usleep(1_000)
            }
            heldFor = (clock.now - opened) / .seconds(1)
            return (countAtStart, try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM record") ?? 0)
        }

        // The reader saw one unchanging snapshot the whole time, so its
        // transaction really was open while all the writers saved.
        #expect(countAtStart == Self.seededRecords)
        #expect(countAtEnd == countAtStart)
        #expect(iterated == Self.seededRecords)

        var printed: [[SavedLine]] = []
        for (writer, child) in children.enumerated() {
            let name = "Runner\(writer + 1)"
            #expect(endings[writer] == .exited(0), "\(name) \(endings[writer]): \(child.stderr.text)")
            let stderr = child.stderr.text
            #expect(!stderr.localizedCaseInsensitiveContains("locked") && !stderr.localizedCaseInsensitiveContains("busy"), "\(name): \(stderr)")
            #expect(stderr.isEmpty, "\(name): \(stderr)")
            let lines = child.stdout.completeLines
            #expect(lines.first == "Welcome, \(name).", "\(name): \(lines.prefix(2))")
            let saved = lines.compactMap(SavedLine.init)
            #expect(saved.count == Self.savesPerWriter, "\(name) printed \(saved.count) Saved lines")
            #expect(saved.map(\.numbers) == Array(fed[writer].prefix(saved.count)), "\(name) printed other numbers than it was given")
            #expect(saved.allSatisfy { $0.user == name && $0.exercise == "Bench Press" })
            #expect(zip(saved, saved.dropFirst()).allSatisfy { $0.id < $1.id }, "\(name)'s ids do not rise")
            printed.append(saved)
        }
        let allIDs = printed.joined().map(\.id)
        // How often the next id belongs to another writer: how much the saves interleaved.
        let owners = printed.enumerated().flatMap { writer, saved in saved.map { ($0.id, writer) } }.sorted { $0.0 < $1.0 }.map(\.1)
        let switches = zip(owners, owners.dropFirst()).filter { $0 != $1 }.count
        #expect(allIDs.count == Self.writers * Self.savesPerWriter)
        #expect(Set(allIDs).count == allIDs.count, "an id was printed by two writers")

        // The file, now that everybody is done: every writer's rows are exactly what it printed.
        let (total, integrity, users) = try pool.read { db in
            (
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM record") ?? 0,
                try String.fetchAll(db, sql: "PRAGMA integrity_check"),
                try String.fetchAll(db, sql: "SELECT name FROM user ORDER BY name")
            )
        }
        #expect(total == Self.seededRecords + Self.writers * Self.savesPerWriter)
        #expect(integrity == ["ok"])
        #expect(users == ["Big"] + (1...Self.writers).map { "Runner\($0)" })
        for (writer, saved) in printed.enumerated() {
            let name = "Runner\(writer + 1)"
            let rows = try pool.read { db in
                try Row.fetchAll(db, sql: """
                    SELECT r.id, e.name, r.weight, r.unit, r.reps, r.series FROM record r
                    JOIN user u ON u.id = r.userId JOIN exercise e ON e.id = r.exerciseId
                    WHERE u.name = ? ORDER BY r.id
                    """, arguments: [name])
            }
            let stored = rows.map { row in
                let weight: Double = row[2]
                return StoredRecord(id: row[0], exercise: row[1], numbers: SetNumbers(hundredths: Int((weight * 100).rounded()), unit: row[3], reps: row[4], series: row[5]))
            }
            let expected = saved.map { StoredRecord(id: $0.id, exercise: $0.exercise, numbers: $0.numbers) }
            #expect(stored == expected, "\(name): the file differs from what was printed")
        }

        print("""
            ConcurrencyTests: \(Self.writers) writers × \(Self.savesPerWriter) saves = \(allIDs.count) records, all in the file \
            (\(total) with the \(Self.seededRecords) seeded); writers done after \(seconds.map { String(format: "%.2f", $0) }.joined(separator: ", ")) s, \
            the next id changed writer \(switches) times; \
            read transaction open \(String(format: "%.2f", heldFor)) s, \(savedWhileIterating) saves while it iterated \(iterated) rows
            """)
    }

    struct StoredRecord: Equatable {
        var id: Int64
        var exercise: String
        var numbers: SetNumbers
    }
}
