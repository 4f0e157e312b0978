import Foundation
import TopWeightCore
import TopWeightText

/// Our own CSV export (`topweight export --format csv`) read back: each row a
/// live record with its id, so importing it where it came from adds nothing
/// and into an empty database gives the same records; with them, what the
/// rows carry beside (`besideKeys`): categories, privacy, days' notes and routines.
enum OwnCSVReader {
    /// The columns every file of ours has had: those before kinds.
    static let keys = ["uid", "performedAt", "user", "exercise", "weight", "unit", "reps", "series", "kind"]
    /// The columns kinds added (`SetFormat`), each read when the file has it.
    static let kindKeys = ["mark", "seconds", "distance", "distanceUnit", "rpe"]
    /// What rows carry beside the record (`HistoryExport.csv`), each read when the file has it.
    static let besideKeys = ["category", "private", "note", "routine", "superset", "coach"]

    /// True when `text` starts with our CSV export's header.
    static func matches(_ text: String) -> Bool {
        let firstLine = text.prefix { $0 != "\n" && $0 != "\r" }
        let names = firstLine.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        return Set(keys.map { $0.lowercased() }).isSubset(of: Set(names)) && names.contains("uid")
    }

    /// The rows as a document of records (`createdAt` is `now`: the file does
    /// not carry it); rows that can't be read are named by line.
    static func document(_ text: String, now: Date) throws(ImportError) -> (HistoryDocument, [MalformedRow]) {
        guard var table = CSVTable(text: text) else { throw ImportError("the file is empty: there is no header line to read") }
        var columns: [String: Int] = [:]
        for key in keys {
            guard let index = table.column(key.lowercased()) else { throw ImportError("this Top Weight CSV export lacks its \(key) column") }
            columns[key] = index
        }
        for key in kindKeys + besideKeys {
            if let index = table.column(key.lowercased()) { columns[key] = index }
        }
        func field(_ fields: [String], _ key: String) -> String { columns[key].map { fields[$0] } ?? "" }
        let created = ExportTimestamp.string(now, timeZone: TimeZone(identifier: "UTC") ?? .current)
        var records: [HistoryDocument.Record] = []
        var malformed: [MalformedRow] = []
        var members: [String: StoredMember] = [:]
        var memberOrder: [String] = []
        var exercises: [String: StoredExercise] = [:]
        var exerciseOrder: [String] = []
        var sessions: [String: HistoryDocument.Session] = [:]
        var sessionOrder: [String] = []
        while let row = table.next() {
            guard row.fields.count == table.header.count else {
                malformed.append(MalformedRow(place: row.lines, reason: "\(row.fields.count) fields where the header has \(table.header.count)"))
                continue
            }
            let fields = row.fields
            guard let weight = SourceValues.decimal(field(fields, "weight")), let reps = Int(field(fields, "reps")),
                  let series = Int(field(fields, "series")) else {
                malformed.append(MalformedRow(place: row.lines, reason: "weight, reps and series must be numbers"))
                continue
            }
            func optional<T>(_ key: String, _ read: (String) -> T?) -> T?? {
                let text = field(fields, key).trimmingCharacters(in: .whitespaces)
                return text.isEmpty ? .some(nil) : read(text).map { .some($0) }
            }
            guard let seconds = optional("seconds", { Int($0) }), let distance = optional("distance", { SourceValues.decimal($0) }),
                  let rpe = optional("rpe", { SourceValues.decimal($0) }) else {
                malformed.append(MalformedRow(place: row.lines, reason: "seconds, distance and rpe must be numbers where given"))
                continue
            }
            func text(_ key: String) -> String? {
                let value = field(fields, key).trimmingCharacters(in: .whitespaces)
                return value.isEmpty ? nil : value
            }
            let user = unguarded(field(fields, "user"))
            let exercise = unguarded(field(fields, "exercise"))
            let performedAt = field(fields, "performedAt")
            // What is known of the member: private when any of their rows says so.
            let userKey = NameRules.key(user)
            if members[userKey] == nil {
                memberOrder.append(userKey)
                members[userKey] = StoredMember(name: user)
            }
            if ["yes", "true", "1"].contains(text("private")?.lowercased() ?? "") { members[userKey]?.isPrivate = true }
            // The exercise's category as the file says it (an empty cell: none); a file
            // without the column (written before it) leaves a catalog lift the catalog's.
            if columns["category"] != nil, exercises[NameRules.key(exercise)] == nil {
                exerciseOrder.append(NameRules.key(exercise))
                exercises[NameRules.key(exercise)] = StoredExercise(name: exercise, category: text("category").map(unguarded),
                                                                    kind: text("kind").flatMap(ExerciseKind.init(rawValue:)) ?? .weight)
            }
            // The member's day's note and routine, on (at least) one of its rows; the day is the one the time was written in.
            let note = text("note").map(unguarded)
            let routine = text("routine").map(unguarded)
            if note != nil || routine != nil {
                let day = String(performedAt.prefix(10))
                let key = "\(userKey) \(day)"
                if sessions[key] == nil { sessionOrder.append(key) }
                var session = sessions[key] ?? HistoryDocument.Session(user: user, date: day, note: nil, routine: nil, editedAt: created)
                session.note = session.note ?? note
                session.routine = session.routine ?? routine
                sessions[key] = session
            }
            records.append(HistoryDocument.Record(
                uid: field(fields, "uid"), user: user, exercise: exercise,
                weight: weight, unit: field(fields, "unit"), reps: reps, series: series, kind: text("kind"), mark: text("mark"),
                seconds: seconds, distance: distance, distanceUnit: text("distanceUnit"), rpe: rpe,
                performedAt: performedAt, createdAt: created, editedAt: nil, deletedAt: nil, superset: text("superset"),
                coach: text("coach").map(unguarded)
            ))
        }
        let document = HistoryDocument(members: memberOrder.compactMap { members[$0] }, exercises: exerciseOrder.compactMap { exercises[$0] },
                                       records: records, sessions: sessionOrder.compactMap { sessions[$0] })
        return (document, malformed)
    }

    /// A name as stored: without the `'` our CSV and Strong exports put before
    /// a name a spreadsheet would run as a formula (`'=cmd`).
    static func unguarded(_ text: String) -> String {
        guard text.hasPrefix("'"), let second = text.unicodeScalars.dropFirst().first,
              ["=", "+", "-", "@", "\t", "\r"].contains(second) else { return text }
        return String(text.dropFirst())
    }
}
