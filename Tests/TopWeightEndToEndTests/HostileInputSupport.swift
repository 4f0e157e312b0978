import Foundation
import Testing
import TopWeightCore
import TopWeightStore
import TopWeightTestSupport

// The mechanics behind `HostileInputTests`: the table's types, the database
// every case starts from, and the checks both paths share.

/// Types and checks of the hostile-input table, in a namespace of their own.
enum Hostile {
    /// The answer of an entry a hostile input attacks.
    enum Field: String, Sendable, CaseIterable {
        case user
        case exercise
        case weight
        case reps
        case series
    }

    /// A record's values as they must come back from the database; names compare
    /// byte for byte (Swift's `==` would call `e\u{301}` and `é` equal).
    struct StoredSet: Sendable, Equatable, CustomStringConvertible {
        var user = "Ana"
        var exercise = "Bench Press"
        var weight = Weight(hundredths: 70_00, unit: .kg)
        var reps = 5
        var series = 2

        /// The set every case starts with, saved before the case runs.
        static let seed = StoredSet(weight: Weight(hundredths: 60_00, unit: .kg), reps: 8, series: 3)

        static func == (a: StoredSet, b: StoredSet) -> Bool {
            a.user.utf8.elementsEqual(b.user.utf8) && a.exercise.utf8.elementsEqual(b.exercise.utf8)
                && a.weight == b.weight && a.reps == b.reps && a.series == b.series
        }

        var description: String {
            "\(Visible(user)) · \(Visible(exercise)) · \(weight.description) × \(reps) × \(series)"
        }
    }

    /// What one path must do with one hostile input.
    enum Outcome: Sendable {
        /// Refused with a one-line reason containing this text and an example; nothing saved or created.
        case refused(String)
        /// The REPL refuses a line too long to read: one line, no example.
        case tooLong
        /// `add` only: argument-parser stops first with its usage error (exit 64).
        case usage(String)
        /// Saved, and the database holds exactly this set (unnamed values are the case's defaults).
        case saved(StoredSet)

        static func user(_ name: String) -> Outcome { .saved(StoredSet(user: name)) }
        static func exercise(_ name: String) -> Outcome { .saved(StoredSet(exercise: name)) }
        static func weight(_ hundredths: Int, _ unit: WeightUnit = .kg) -> Outcome {
            .saved(StoredSet(weight: Weight(hundredths: hundredths, unit: unit)))
        }
        static func reps(_ count: Int) -> Outcome { .saved(StoredSet(reps: count)) }
        static func series(_ count: Int) -> Outcome { .saved(StoredSet(series: count)) }

        var expectsSave: Bool {
            if case .saved = self { return true }
            return false
        }
    }

    /// Text shown in failure messages with everything unprintable spelled out.
    struct Visible: CustomStringConvertible {
        let text: String
        init(_ text: String) { self.text = text }

        var description: String {
            let shown = text.unicodeScalars.prefix(80).map { scalar in
                scalar.value >= 0x20 && scalar.value < 0x7F
                    ? String(scalar) : "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            }.joined()
            return "\"\(shown)\"" + (text.unicodeScalars.count > 80 ? "… (\(text.unicodeScalars.count) scalars)" : "")
        }
    }

    /// The database a case runs against, and what it holds afterwards.
    struct DatabaseState: Equatable, CustomStringConvertible {
        var users: [String]
        var exercises: [String]
        /// Oldest first.
        var records: [StoredSet]

        /// Ana, Bench Press and one earlier set of 60 kg × 8 × 3, so defaults exist.
        static func seed(_ path: String) throws {
            let store = try TestEngine.open(path)
            let member = try store.createUser(named: StoredSet.seed.user)
            let chosen = try store.createExercise(named: StoredSet.seed.exercise, category: "barbell")
            let values = SetValues(weight: StoredSet.seed.weight, reps: StoredSet.seed.reps, series: StoredSet.seed.series)
            _ = try store.save(NewRecord(user: member, exercise: chosen, values: values, performedAt: Date().addingTimeInterval(-3_600)))
        }

        static func read(_ path: String) throws -> DatabaseState {
            let store = try TestEngine.open(path)
            return DatabaseState(
                users: try store.users().map(\.user.name).sorted(by: Self.byBytes),
                exercises: try store.exercises().map(\.exercise.name).sorted(by: Self.byBytes),
                records: try store.history(HistoryQuery()).reversed().map {
                    StoredSet(user: $0.user, exercise: $0.exercise, weight: $0.values.weight, reps: $0.values.reps, series: $0.values.series)
                }
            )
        }

        /// The seed plus `added`: its user and exercise exist once each, whatever their case.
        static func expected(adding added: StoredSet?) -> DatabaseState {
            var state = DatabaseState(users: [StoredSet.seed.user], exercises: [StoredSet.seed.exercise], records: [.seed])
            guard let added else { return state }
            if NameRules.key(added.user) != NameRules.key(StoredSet.seed.user) { state.users.append(added.user) }
            if NameRules.key(added.exercise) != NameRules.key(StoredSet.seed.exercise) { state.exercises.append(added.exercise) }
            state.users.sort(by: byBytes)
            state.exercises.sort(by: byBytes)
            state.records.append(added)
            return state
        }

        static func byBytes(_ a: String, _ b: String) -> Bool { a.utf8.lexicographicallyPrecedes(b.utf8) }

        static func == (a: DatabaseState, b: DatabaseState) -> Bool {
            a.users.elementsEqual(b.users) { $0.utf8.elementsEqual($1.utf8) }
                && a.exercises.elementsEqual(b.exercises) { $0.utf8.elementsEqual($1.utf8) }
                && a.records == b.records
        }

        var description: String {
            "users \(users.map(Visible.init)), exercises \(exercises.map(Visible.init)), records \(records)"
        }
    }

    enum Checks {
        /// No byte of `output` may move the cursor, clear the screen or retitle the
        /// window: valid UTF-8, no C0 control but the newline, no DEL, no C1 control.
        static func expectInert(_ output: [UInt8], _ stream: String, sourceLocation: SourceLocation = #_sourceLocation) {
            guard let text = String(validating: output, as: UTF8.self) else {
                Issue.record("\(stream) is not valid UTF-8: \(output.prefix(200))", sourceLocation: sourceLocation)
                return
            }
            let raw = text.unicodeScalars.filter { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) }
            #expect(raw.isEmpty, "\(stream) carries raw control characters: \(Visible(text))", sourceLocation: sourceLocation)
        }

        /// Lines of a stream, without the empty string after the last newline.
        static func lines(_ text: String) -> [String] {
            if text.isEmpty { return [] }
            return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast(text.hasSuffix("\n") ? 1 : 0).map(String.init)
        }

        /// `topweight history` for everybody: every row's weight starts at the same
        /// display column, whatever script or emoji the names before it use.
        static func expectAlignedHistory(db: String, rows expectedRows: Int, sourceLocation: SourceLocation = #_sourceLocation) throws {
            let history = try Binary.run(["history"], db: db)
            #expect(history.status == 0, "\(history.stderr)", sourceLocation: sourceLocation)
            expectInert(history.stdoutBytes, "history stdout", sourceLocation: sourceLocation)
            let rows = lines(history.stdout).filter { $0.hasPrefix("  ") }
            #expect(rows.count == expectedRows, "\(rows.map(Visible.init))", sourceLocation: sourceLocation)
            let columns = rows.map { row -> Int? in
                guard let unit = row.range(of: " kg × ") else { return nil }
                var start = unit.lowerBound
                while start > row.startIndex, row[row.index(before: start)].isASCII,
                      row[row.index(before: start)].isNumber || row[row.index(before: start)] == "." {
                    start = row.index(before: start)
                }
                return TerminalText.width(String(row[..<start]))
            }
            #expect(!columns.contains(nil), "a row without a weight: \(rows.map(Visible.init))", sourceLocation: sourceLocation)
            #expect(Set(columns).count == 1, "weights start at columns \(columns): \(rows.map(Visible.init))", sourceLocation: sourceLocation)
        }
    }
}
