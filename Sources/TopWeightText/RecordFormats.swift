import Foundation
import TopWeightCore

/// JSON and CSV building blocks, written by hand so records stream one at a time.
public enum DataFormats {
    /// A JSON string literal: quotes, backslashes and control characters escaped.
    public static func json(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value)
                    || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// One JSON object from ordered key/value pairs (values already encoded).
    public static func jsonObject(_ pairs: [(String, String)]) -> String {
        "{" + pairs.map { "\(json($0.0)):\($0.1)" }.joined(separator: ",") + "}"
    }

    /// A CSV field, quoted when it holds a comma, quote or line break (RFC 4180).
    ///
    /// A field a spreadsheet would run as a formula (starting with `=`, `+`,
    /// `-`, `@`, tab or carriage return) gets a leading `'` first, OWASP's rule
    /// against CSV injection; the JSON output keeps names exactly as stored.
    public static func csv(_ text: String) -> String {
        var text = text
        if let first = text.unicodeScalars.first, ["=", "+", "-", "@", "\t", "\r"].contains(first) {
            text = "'" + text
        }
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// ISO 8601 with the local offset: `2026-11-21T18:42:05+01:00`.
    public static func timestamp(_ date: Date, timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        let offset = timeZone.secondsFromGMT(for: date)
        let sign = offset < 0 ? "-" : "+"
        let hours = abs(offset) / 3600
        let minutes = abs(offset) % 3600 / 60
        func two(_ value: Int?) -> String {
            let value = value ?? 0
            return value < 10 ? "0\(value)" : "\(value)"
        }
        return "\(c.year ?? 0)-\(two(c.month))-\(two(c.day))T\(two(c.hour)):\(two(c.minute)):\(two(c.second))\(sign)\(two(hours)):\(two(minutes))"
    }
}

/// Renders records as JSON objects or CSV rows.
public struct RecordFormatter {
    public var timeZone: TimeZone

    public init(timeZone: TimeZone) {
        self.timeZone = timeZone
    }

    /// A record's columns in CSV, as `export --format csv` writes them and
    /// `import` reads them back: `kind` is warmup, drop or failure, empty for
    /// a working set; `performedAt` keeps its milliseconds.
    public static let csvColumns = "uid,performedAt,user,exercise,weight,unit,reps,series,kind"

    /// `history` and `add`: the set's number (what `edit`, `delete` and
    /// `restore` ask for), then the export's columns.
    public static let csvHeader = "id," + csvColumns

    public func json(_ record: WorkoutRecord) -> String {
        var pairs = [
            ("id", String(record.id)),
            ("user", DataFormats.json(record.user)),
            ("exercise", DataFormats.json(record.exercise)),
            ("weight", record.values.weight.number),
            ("unit", DataFormats.json(record.values.weight.unit.rawValue)),
            ("reps", String(record.values.reps)),
            ("series", String(record.values.series)),
            ("performedAt", DataFormats.json(DataFormats.timestamp(record.performedAt, timeZone: timeZone))),
            ("uid", record.uid.map(DataFormats.json) ?? "null"),
        ]
        // Warm-ups, drops and failures that imports mark: shown, as `export` shows them.
        if let kind = record.kind { pairs.append(("kind", DataFormats.json(kind.rawValue))) }
        if let deletedAt = record.deletedAt {
            pairs.append(("deletedAt", DataFormats.json(DataFormats.timestamp(deletedAt, timeZone: timeZone))))
        }
        return DataFormats.jsonObject(pairs)
    }

    /// A row under `csvHeader`.
    public func csv(_ record: WorkoutRecord) -> String {
        String(record.id) + "," + csvColumns(uid: record.uid, performedAt: record.performedAt, user: record.user,
                                             exercise: record.exercise, values: record.values, kind: record.kind)
    }

    /// A row under `csvColumns`: names a spreadsheet would run as a formula guarded.
    public func csvColumns(uid: String?, performedAt: Date, user: String, exercise: String, values: SetValues,
                           kind: SetKind?) -> String {
        [
            DataFormats.csv(uid ?? ""), ExportTimestamp.string(performedAt, timeZone: timeZone),
            DataFormats.csv(user), DataFormats.csv(exercise), values.weight.number, values.weight.unit.rawValue,
            String(values.reps), String(values.series), kind?.rawValue ?? "",
        ].joined(separator: ",")
    }
}
