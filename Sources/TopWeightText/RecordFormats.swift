import Foundation
import TopWeightCore

/// JSON and CSV building blocks, written by hand so records stream one at a time.
public enum DataFormats {
    /// A JSON string literal: quotes, backslashes and control characters escaped.
    public static func json(_ text: String) -> String {
        QuotedLiteral.escaped(text)
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

/// A set's numbers as our JSON and CSV write them, whatever its kind:
/// `weight` and `unit` (a bodyweight set's added load, negative for
/// assistance: `BW − 20 kg` is -20), `reps`, `series`, `mark` (warmup, drop
/// or failure) for a marked set, `kind` (weight, bodyweight, time or
/// distance, always), then `seconds`, `distance` (as typed) and
/// `distanceUnit`, and `rpe` where the set has them (JSON leaves them out,
/// CSV leaves the cells empty). Files written before kinds had `kind`
/// warmup, drop or failure for the mark: readers still take that.
public enum SetFormat {
    /// The columns after `series`, in CSV.
    public static let csvColumns = "mark,kind,seconds,distance,distanceUnit,rpe"

    /// A bodyweight set's load as written: negative for assistance.
    public static func weight(_ values: SetValues) -> String {
        values.measure == .bodyweight && values.assisted ? "-" + values.weight.number : values.weight.number
    }

    /// `8`, `8.5`.
    public static func rpe(_ effort: Effort) -> String {
        effort.halves % 2 == 0 ? String(effort.halves / 2) : "\(effort.halves / 2).5"
    }

    /// `2000`, `42.195`, `3.1`: the distance as typed, with no grouping.
    public static func distance(_ distance: Distance) -> String {
        distance.number.filter { $0 != " " }
    }

    /// The JSON pairs of `values`: kind, weight, unit, reps, series, and what the set has of seconds, distance, rpe.
    public static func jsonPairs(_ values: SetValues, mark: SetKind?) -> [(String, String)] {
        var pairs = [
            ("kind", DataFormats.json(values.measure.rawValue)),
            ("weight", weight(values)),
            ("unit", DataFormats.json(values.weight.unit.rawValue)),
            ("reps", String(values.reps)),
            ("series", String(values.series)),
        ]
        if let duration = values.duration { pairs.append(("seconds", String(duration.seconds))) }
        if let distance = values.distance {
            pairs.append(("distance", Self.distance(distance)))
            pairs.append(("distanceUnit", DataFormats.json(distance.unit.rawValue)))
        }
        if let effort = values.effort { pairs.append(("rpe", rpe(effort))) }
        if let mark { pairs.append(("mark", DataFormats.json(mark.rawValue))) }
        return pairs
    }

    /// The pairs of `jsonPairs(values, mark:)` as `DataFormats.jsonObject`
    /// writes them between its braces, appended to `out` after a comma
    /// (for an export's million records: no pair is made).
    public static func appendJSON(_ values: SetValues, mark: SetKind?, to out: inout String) {
        var bytes = JSONBytes(capacity: 128)
        appendJSON(values, mark: mark, to: &bytes)
        out += bytes.string
    }

    /// The same bytes, appended to a JSON buffer.
    public static func appendJSON(_ values: SetValues, mark: SetKind?, to out: inout JSONBytes) {
        out.raw(",\"kind\":\"")
        out.raw(values.measure.rawValue)
        out.raw("\",\"weight\":")
        out.raw(weight(values))
        out.raw(",\"unit\":\"")
        out.raw(values.weight.unit.rawValue)
        out.raw("\",\"reps\":")
        out.integer(values.reps)
        out.raw(",\"series\":")
        out.integer(values.series)
        if let duration = values.duration {
            out.raw(",\"seconds\":")
            out.integer(duration.seconds)
        }
        if let distance = values.distance {
            out.raw(",\"distance\":")
            out.raw(Self.distance(distance))
            out.raw(",\"distanceUnit\":\"")
            out.raw(distance.unit.rawValue)
            out.byte(UInt8(ascii: "\""))
        }
        if let effort = values.effort {
            out.raw(",\"rpe\":")
            out.raw(rpe(effort))
        }
        if let mark {
            out.raw(",\"mark\":\"")
            out.raw(mark.rawValue)
            out.byte(UInt8(ascii: "\""))
        }
    }

    /// The CSV fields under `csvColumns`.
    public static func csvFields(_ values: SetValues, mark: SetKind?) -> [String] {
        [
            mark?.rawValue ?? "", values.measure.rawValue, values.duration.map { String($0.seconds) } ?? "",
            values.distance.map(distance) ?? "", values.distance?.unit.rawValue ?? "", values.effort.map(rpe) ?? "",
        ]
    }

    /// The numbers read back from our JSON or CSV: `nil` with the reason
    /// when they are out of range or no set of their kind. `kind` may be the
    /// mark of a file written before kinds (then the set is weight × reps).
    public static func values(kind kindText: String?, mark markText: String?, weight: Double, unit unitText: String, reps: Int,
                              series: Int, seconds: Int?, distance: Double?, distanceUnit: String?,
                              rpe: Double?) -> Result<(SetValues, SetKind?), SetFormatError> {
        var measure = ExerciseKind.weight
        var mark: SetKind?
        if let kindText, !kindText.isEmpty {
            if let old = SetKind(rawValue: kindText) {
                mark = old
            } else if let kind = ExerciseKind(rawValue: kindText) {
                measure = kind
            } else {
                return .failure(SetFormatError("kind '\(kindText)' is none of weight, bodyweight, time, distance"))
            }
        }
        if let markText, !markText.isEmpty {
            guard let known = SetKind(rawValue: markText) else { return .failure(SetFormatError("mark '\(markText)' is none of warmup, drop, failure")) }
            mark = known
        }
        let assisted = measure == .bodyweight && weight < 0
        let load = abs(weight)
        guard let unit = WeightUnit(rawValue: unitText), weight.isFinite, weight >= 0 || assisted,
              (load * 100).rounded() <= Double(unit.maximumHundredths),
              Limits.reps.contains(reps), Limits.series.contains(series) else {
            return .failure(SetFormatError("\(weight) \(unitText) × \(reps) × \(series) is out of range"))
        }
        var values = SetValues(weight: Weight(value: load, unit: unit), reps: reps, series: series, measure: measure, assisted: assisted)
        if let seconds {
            guard SetDuration.range.contains(seconds) else { return .failure(SetFormatError("seconds \(seconds) is out of range")) }
            values.duration = SetDuration(seconds: seconds)
        }
        if let distance {
            guard let unit = distanceUnit.flatMap(DistanceUnit.init(rawValue:)), distance.isFinite, distance > 0, distance < 1e9,
                  Distance.isInRange(Distance(value: distance, unit: unit).thousandths, unit: unit) else {
                return .failure(SetFormatError("distance \(distance) \(distanceUnit ?? "") is out of range"))
            }
            values.distance = Distance(value: distance, unit: unit)
        }
        if let rpe {
            guard let effort = Effort(rpe: rpe) else { return .failure(SetFormatError("rpe \(rpe) is not 6–10 by halves")) }
            values.effort = effort
        }
        guard values.isWellFormed else {
            return .failure(SetFormatError("a \(measure.rawValue) set needs \(measure == .time ? "its seconds" : measure == .distance ? "its distance" : "no seconds or distance")"))
        }
        return .success((values, mark))
    }
}

/// Why numbers read back from our JSON or CSV make no set.
public struct SetFormatError: Error, Sendable {
    public var reason: String
    public init(_ reason: String) { self.reason = reason }
}

/// Renders records as JSON objects or CSV rows.
public struct RecordFormatter {
    public var timeZone: TimeZone

    public init(timeZone: TimeZone) {
        self.timeZone = timeZone
    }

    /// A record's columns in CSV, as `export --format csv` writes them and
    /// `import` reads them back (`SetFormat` tells the set's columns);
    /// `performedAt` keeps its milliseconds.
    public static let csvColumns = "uid,performedAt,user,exercise,weight,unit,reps,series," + SetFormat.csvColumns

    /// `history` and `add`: the set's number (what `edit`, `delete` and
    /// `restore` ask for), then the export's columns.
    public static let csvHeader = "id," + csvColumns

    public func json(_ record: WorkoutRecord) -> String {
        json(record, coach: nil)
    }

    /// `coach`: who logged it for its member at a kiosk, when a coach did.
    public func json(_ record: WorkoutRecord, coach: String?) -> String {
        var pairs = [
            ("id", String(record.id)),
            ("user", DataFormats.json(record.user)),
            ("exercise", DataFormats.json(record.exercise)),
        ]
        // Warm-ups, drops and failures that imports mark: shown as `mark`, as `export` shows them.
        pairs += SetFormat.jsonPairs(record.values, mark: record.kind)
        pairs += [
            ("performedAt", DataFormats.json(DataFormats.timestamp(record.performedAt, timeZone: timeZone))),
            ("uid", record.uid.map(DataFormats.json) ?? "null"),
        ]
        if let deletedAt = record.deletedAt {
            pairs.append(("deletedAt", DataFormats.json(DataFormats.timestamp(deletedAt, timeZone: timeZone))))
        }
        if let superset = record.superset { pairs.append(("superset", DataFormats.json(superset))) }
        if let coach { pairs.append(("coach", DataFormats.json(coach))) }
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
        ([
            DataFormats.csv(uid ?? ""), ExportTimestamp.string(performedAt, timeZone: timeZone),
            DataFormats.csv(user), DataFormats.csv(exercise), SetFormat.weight(values), values.weight.unit.rawValue,
            String(values.reps), String(values.series),
        ] + SetFormat.csvFields(values, mark: kind)).joined(separator: ",")
    }
}
