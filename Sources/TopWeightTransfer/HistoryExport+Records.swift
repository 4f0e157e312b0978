import Foundation
import TopWeightCore
import TopWeightText

// MARK: - A record of the JSON export, written straight into the page's bytes

extension HistoryExport {
    /// `DataFormats.jsonObject` of the record's pairs (uid, user, exercise,
    /// `SetFormat.jsonPairs`, performedAt, createdAt, and what it has of
    /// editedAt, deletedAt, superset, coach and source), byte for byte,
    /// without the pairs: an export writes a million of them. Appended to `out`.
    static func appendRecordJSON(_ record: StoredRecord, stamps: inout ExportTimestamp.Writer, to out: inout JSONBytes) {
        out.raw("{\"uid\":")
        out.quoted(record.uid)
        out.raw(",\"user\":")
        out.quoted(record.user)
        out.raw(",\"exercise\":")
        out.quoted(record.exercise)
        SetFormat.appendJSON(record.values, mark: record.kind, to: &out)
        func time(_ key: StaticString, _ date: Date) {
            out.raw(key)
            stamps.append(date, to: &out)
            out.byte(UInt8(ascii: "\""))
        }
        time(",\"performedAt\":\"", record.performedAt)
        time(",\"createdAt\":\"", record.createdAt)
        if let editedAt = record.editedAt { time(",\"editedAt\":\"", editedAt) }
        if let deletedAt = record.deletedAt { time(",\"deletedAt\":\"", deletedAt) }
        if let superset = record.superset {
            out.raw(",\"superset\":")
            out.quoted(superset)
        }
        if let coach = record.coach {
            out.raw(",\"coach\":")
            out.quoted(coach)
        }
        if let source = record.source {
            var kept = [("app", DataFormats.json(source.app)), ("exercise", DataFormats.json(source.exercise))]
            if let workout = source.workout { kept.append(("workout", DataFormats.json(workout))) }
            if let start = source.workoutStart { kept.append(("workoutStart", "\"" + stamps.string(start) + "\"")) }
            if let seconds = source.workoutSeconds { kept.append(("workoutSeconds", String(seconds))) }
            out.raw(",\"source\":")
            out.raw(DataFormats.jsonObject(kept))
        }
        out.byte(UInt8(ascii: "}"))
    }
}
