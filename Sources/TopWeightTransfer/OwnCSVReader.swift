import Foundation
import TopWeightCore
import TopWeightText

/// Our own CSV export (`topweight export --format csv`) read back: each row a
/// live record with its id, so importing it where it came from adds nothing
/// and into an empty database gives the same records.
enum OwnCSVReader {
    /// The columns every file of ours has had: those before kinds.
    static let keys = ["uid", "performedAt", "user", "exercise", "weight", "unit", "reps", "series", "kind"]
    /// The columns kinds added (`SetFormat`), each read when the file has it.
    static let kindKeys = ["mark", "seconds", "distance", "distanceUnit", "rpe"]

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
        for key in kindKeys {
            if let index = table.column(key.lowercased()) { columns[key] = index }
        }
        func field(_ fields: [String], _ key: String) -> String { columns[key].map { fields[$0] } ?? "" }
        let created = ExportTimestamp.string(now, timeZone: TimeZone(identifier: "UTC") ?? .current)
        var records: [HistoryDocument.Record] = []
        var malformed: [MalformedRow] = []
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
            records.append(HistoryDocument.Record(
                uid: field(fields, "uid"), user: unguarded(field(fields, "user")), exercise: unguarded(field(fields, "exercise")),
                weight: weight, unit: field(fields, "unit"), reps: reps, series: series, kind: text("kind"), mark: text("mark"),
                seconds: seconds, distance: distance, distanceUnit: text("distanceUnit"), rpe: rpe,
                performedAt: field(fields, "performedAt"), createdAt: created, editedAt: nil, deletedAt: nil
            ))
        }
        return (HistoryDocument(records: records), malformed)
    }

    /// A name as stored: without the `'` our CSV and Strong exports put before
    /// a name a spreadsheet would run as a formula (`'=cmd`).
    static func unguarded(_ text: String) -> String {
        guard text.hasPrefix("'"), let second = text.unicodeScalars.dropFirst().first,
              ["=", "+", "-", "@", "\t", "\r"].contains(second) else { return text }
        return String(text.dropFirst())
    }
}
