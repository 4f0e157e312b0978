import Foundation
import TopWeightCore
import TopWeightText

// MARK: - A record of the JSON export, written straight into one string

extension HistoryExport {
    /// `DataFormats.jsonObject` of the record's pairs (uid, user, exercise,
    /// `SetFormat.jsonPairs`, performedAt, createdAt, and what it has of
    /// editedAt, deletedAt, superset, coach and source), byte for byte,
    /// without the pairs: an export writes a million of them.
    static func recordJSON(_ record: StoredRecord, stamps: inout ExportTimestamp.Writer) -> String {
        var out = "{\"uid\":"
        out.reserveCapacity(300)
        out += DataFormats.json(record.uid)
        out += ",\"user\":"
        out += DataFormats.json(record.user)
        out += ",\"exercise\":"
        out += DataFormats.json(record.exercise)
        SetFormat.appendJSON(record.values, mark: record.kind, to: &out)
        func time(_ key: String, _ date: Date) {
            out += ",\""
            out += key
            out += "\":\""
            out += stamps.string(date)
            out += "\""
        }
        time("performedAt", record.performedAt)
        time("createdAt", record.createdAt)
        if let editedAt = record.editedAt { time("editedAt", editedAt) }
        if let deletedAt = record.deletedAt { time("deletedAt", deletedAt) }
        if let superset = record.superset {
            out += ",\"superset\":"
            out += DataFormats.json(superset)
        }
        if let coach = record.coach {
            out += ",\"coach\":"
            out += DataFormats.json(coach)
        }
        if let source = record.source {
            var kept = [("app", DataFormats.json(source.app)), ("exercise", DataFormats.json(source.exercise))]
            if let workout = source.workout { kept.append(("workout", DataFormats.json(workout))) }
            if let start = source.workoutStart { kept.append(("workoutStart", "\"" + stamps.string(start) + "\"")) }
            if let seconds = source.workoutSeconds { kept.append(("workoutSeconds", String(seconds))) }
            out += ",\"source\":"
            out += DataFormats.jsonObject(kept)
        }
        out += "}"
        return out
    }
}
