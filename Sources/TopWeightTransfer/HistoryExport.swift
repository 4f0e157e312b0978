import Foundation
import TopWeightCore
import TopWeightText

/// `topweight export`: a gym's or a member's history written out, a line
/// at a time, as our JSON (everything), as CSV (live records), or as
/// Strong's own CSV so a member can take their history to Strong.
public enum HistoryExport {
    /// Records read at a time.
    static let pageSize = 5_000

    // MARK: - JSON

    /// Everything `member` has (everybody's and the gym's routines when `nil`),
    /// as the JSON `topweight import --format json` reads. Records come in the
    /// order they were stored, so a database imported from this file exports
    /// the same file again.
    public static func json(from engine: any StorageEngine, member: User?, timeZone: TimeZone,
                            write: (String) -> Void) throws(LogbookError) {
        let memberKey = member.map { NameRules.key($0.name) }
        var stamps = ExportTimestamp.Writer(timeZone: timeZone)
        func time(_ date: Date) -> String { "\"" + stamps.string(date) + "\"" }
        write("{")
        write("\"format\": \(DataFormats.json(HistoryDocument.formatName)),")
        write("\"version\": \(HistoryDocument.version),")

        let everyone = try engine.users().map(\.user).sorted { NameRules.key($0.name) < NameRules.key($1.name) }
        let members = member.map { [$0] } ?? everyone
        // Everything known of each member (privacy…), as `StoredMember` is read back.
        let known = Dictionary(try engine.storedMembers().map { (NameRules.key($0.name), $0) }, uniquingKeysWith: { first, _ in first })
        // Their cards' hashes are worth something only with the key they were made with; the gym's policy with the whole gym.
        let credentials = try engine.credentials()
        if let key = credentials.cardKey, members.contains(where: { known[NameRules.key($0.name)]?.card != nil }) {
            write("\"cardKey\": \(DataFormats.json(key)),")
        }
        if member == nil, credentials.policy != .name { write("\"identity\": \(DataFormats.json(credentials.policy.rawValue)),") }
        list("members", members.map { (known[NameRules.key($0.name)] ?? StoredMember(name: $0.name)).jsonObject }, write: write)

        var used = Set<String>()
        var names = NameKeys()
        write("\"records\": [")
        var first = true
        var cursor: Int64 = 0
        var lines = JSONBytes(capacity: pageSize * 300)
        while true {
            let page = try engine.storedRecords(after: cursor, limit: pageSize)
            guard let last = page.last else { break }
            cursor = last.id
            // A page's records, a line each, leave in one write.
            lines.removeAll()
            for record in page where memberKey.map({ names.key(record.user) == $0 }) ?? true {
                // Only a member's export names just the exercises it used.
                if member != nil { used.insert(names.key(record.exercise)) }
                if !lines.isEmpty { lines.byte(UInt8(ascii: "\n")) }
                if !first { lines.byte(UInt8(ascii: ",")) }
                appendRecordJSON(record, stamps: &stamps, to: &lines)
                first = false
            }
            if !lines.isEmpty { write(lines.string) }
        }
        write("],")

        let exercises = try engine.exercises().map(\.exercise)
            .filter { member == nil || used.contains(NameRules.key($0.name)) }
            .sorted { NameRules.key($0.name) < NameRules.key($1.name) }
        list("exercises", exercises.map { StoredExercise($0).jsonObject }, write: write)

        let sessions = try engine.storedSessions().filter { session in memberKey.map { NameRules.key(session.user) == $0 } ?? true }
        list("sessions", sessions.map { session in
            var pairs = [("user", DataFormats.json(session.user)), ("date", DataFormats.json(session.day.description))]
            if let note = session.note { pairs.append(("note", DataFormats.json(note))) }
            if let routine = session.routine { pairs.append(("routine", DataFormats.json(routine))) }
            if let programDay = session.programDay { pairs.append(("programDay", DataFormats.json(programDay))) }
            pairs.append(("editedAt", time(session.editedAt)))
            return DataFormats.jsonObject(pairs)
        }, write: write)

        // The gym's routines belong to no member: in the whole gym's export only.
        let routines = member == nil ? try engine.routines() : []
        list("routines", routines.map { routine in
            let steps = routine.exercises.map { step in
                var pairs = [("exercise", DataFormats.json(step.exercise))]
                if let values = step.values { pairs += SetFormat.jsonPairs(values, mark: nil) }
                if let superset = step.superset { pairs.append(("superset", DataFormats.json(superset))) }
                if let rest = step.rest { pairs.append(("rest", String(rest))) }
                return DataFormats.jsonObject(pairs)
            }
            return DataFormats.jsonObject([("name", DataFormats.json(routine.name)), ("exercises", "[" + steps.joined(separator: ",") + "]")])
        }, write: write)

        list("coachNotes", try engine.coachNotes(userID: nil).filter { note in memberKey.map { NameRules.key(note.user) == $0 } ?? true }
            .map { note in
                var pairs = [("uid", DataFormats.json(note.uid)), ("user", DataFormats.json(note.user)), ("date", DataFormats.json(note.day.description)),
                             ("coach", DataFormats.json(note.coach)), ("text", DataFormats.json(note.text)), ("createdAt", time(note.createdAt))]
                if let seenAt = note.seenAt { pairs.append(("seenAt", time(seenAt))) }
                return DataFormats.jsonObject(pairs)
            }, write: write)

        var weights: [BodyWeight] = []
        for person in members {
            weights += try engine.bodyWeights(userID: person.id, since: nil, limit: nil)
                .sorted { ($0.measuredAt, $0.uid) < ($1.measuredAt, $1.uid) }
        }
        list("bodyWeights", weights.map { weight in
            DataFormats.jsonObject([
                ("uid", DataFormats.json(weight.uid)), ("user", DataFormats.json(weight.user)),
                ("weight", weight.weight.number), ("unit", DataFormats.json(weight.weight.unit.rawValue)),
                ("measuredAt", time(weight.measuredAt)),
            ])
        }, last: true, write: write)
        write("}")
    }

    private static func list(_ key: String, _ items: [String], last: Bool = false, write: (String) -> Void) {
        write("\(DataFormats.json(key)): [")
        for (index, item) in items.enumerated() { write((index == 0 ? "" : ",") + item) }
        write(last ? "]" : "],")
    }

    // MARK: - CSV

    /// The record's columns, then what the rows carry beside it: the
    /// exercise's category, whether the member is private, the member's
    /// day's note and routine (on their first row of the day), its place in
    /// a superset and the coach who logged it. No credential and no policy.
    public static let csvHeader = RecordFormatter.csvColumns + "," + OwnCSVReader.besideKeys.joined(separator: ",")

    /// Live records in the order they were stored, one CSV row each (for
    /// spreadsheets: names that a spreadsheet would run as a formula get a leading `'`).
    public static func csv(from engine: any StorageEngine, member: User?, timeZone: TimeZone,
                           write: (String) -> Void) throws(LogbookError) {
        write(csvHeader)
        let memberKey = member.map { NameRules.key($0.name) }
        let formatter = RecordFormatter(timeZone: timeZone)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let hidden = Set(try engine.storedMembers().filter(\.isPrivate).map { NameRules.key($0.name) })
        var days: [String: StoredSession] = [:]
        for session in try engine.storedSessions() { days["\(NameRules.key(session.user)) \(session.day)"] = session }
        var told = Set<String>()
        var cursor: Int64 = 0
        while true {
            let page = try engine.storedRecords(after: cursor, limit: pageSize)
            guard let last = page.last else { break }
            cursor = last.id
            for record in page where record.deletedAt == nil && (memberKey.map { NameRules.key(record.user) == $0 } ?? true) {
                let day = "\(NameRules.key(record.user)) \(LocalDay(record.performedAt, in: calendar))"
                let session = told.insert(day).inserted ? days[day] : nil
                let beside = [record.category ?? "", hidden.contains(NameRules.key(record.user)) ? "yes" : "",
                              session?.note ?? "", session?.routine ?? "", record.superset ?? "",
                              record.coach.map(guarded) ?? ""].map(DataFormats.csv)
                write(formatter.csvColumns(uid: record.uid, performedAt: record.performedAt, user: record.user,
                                           exercise: record.exercise, values: record.values, kind: record.kind)
                      + "," + beside.joined(separator: ","))
            }
        }
    }

    // MARK: - Strong

    /// Strong's current export header (semicolons, every field quoted).
    public static let strongHeader = ["Workout #", "Date", "Workout Name", "Duration (sec)", "Exercise Name", "Set Order",
                                      "Weight (kg)", "Reps", "RPE", "Distance (meters)", "Seconds", "Notes", "Workout Notes"]

    /// What a Strong file could not say as it is.
    public struct StrongReport: Sendable, Equatable {
        /// The one unit Strong's file has room for.
        public var unit: WeightUnit = .kg
        /// Sets rows written.
        public var rows = 0
        /// Records in the other unit, converted.
        public var converted = 0
        /// Notes kept on days without a set (a Strong file has no row for them).
        public var notesLeftOut = 0
    }

    /// `member`'s live records as Strong's CSV: a workout per local day
    /// (its first set's time, the day's routine as its name, the day's note
    /// on every row), a row per set, warm-ups, drops and failures as `W`,
    /// `D`, `F`; a set's RPE, a timed set's Seconds, a distance set's Distance
    /// (in metres) and Seconds. A bodyweight set's Weight is its added load
    /// (Strong has no sign for assistance: an assisted set's is its assistance). The weight column has one unit: the one most of the sets
    /// have; the others are converted (and counted in the report).
    public static func strong(from engine: any StorageEngine, member: User, calendar: Calendar,
                              write: (String) -> Void) throws(LogbookError) -> StrongReport {
        var records = try engine.history(HistoryQuery(userID: member.id))
        records.reverse()
        var report = StrongReport()
        var counts: [WeightUnit: Int] = [:]
        for record in records { counts[record.values.weight.unit, default: 0] += record.values.series }
        report.unit = (counts[.lb] ?? 0) > (counts[.kg] ?? 0) ? .lb : .kg
        var header = strongHeader
        header[6] = report.unit == .kg ? "Weight (kg)" : "Weight (lbs)"
        write(strongLine(header))

        var days: [(day: LocalDay, records: [WorkoutRecord])] = []
        for record in records {
            let day = LocalDay(record.performedAt, in: calendar)
            if days.last?.day == day { days[days.count - 1].records.append(record) } else { days.append((day, [record])) }
        }
        var infos: [LocalDay: SessionInfo] = [:]
        let kept = try engine.sessionInfos(userID: member.id, from: LocalDay(year: 1, month: 1, day: 1) ?? LocalDay(Date(), in: calendar),
                                           through: LocalDay(year: 9999, month: 12, day: 31) ?? LocalDay(Date(), in: calendar))
        for info in kept { infos[info.day] = info }
        let trainingDays = Set(days.map(\.day))
        report.notesLeftOut = kept.filter { !trainingDays.contains($0.day) && !($0.note ?? "").isEmpty }.count

        for (number, day) in days.enumerated() {
            guard let first = day.records.first, let last = day.records.last else { continue }
            let start = strongDate(first.performedAt, calendar: calendar)
            let duration = String(Int(last.performedAt.timeIntervalSince(first.performedAt).rounded()))
            let info = infos[day.day]
            for record in day.records {
                // Each record an entry of its own, numbered from 1: the reader keeps two entries of one lift apart.
                var setNumber = 0
                var weight = record.values.weight
                if weight.unit != report.unit {
                    weight = converted(weight, to: report.unit)
                    report.converted += 1
                }
                for _ in 0..<record.values.series {
                    let order: String
                    switch record.kind {
                    case .warmup: order = "W"
                    case .drop: order = "D"
                    case .failure: order = "F"
                    case nil:
                        setNumber += 1
                        order = String(setNumber)
                    }
                    let set = strongFields(record.values, weight: weight)
                    write(strongLine([
                        String(number + 1), start, guarded(info?.routine ?? "Workout"), duration, guarded(record.exercise), order,
                        set.weight, set.reps, set.rpe, set.distance, set.seconds, "", guarded(info?.note ?? ""),
                    ]))
                    report.rows += 1
                }
            }
        }
        return report
    }

    /// A set's Weight, Reps, RPE, Distance (meters) and Seconds: a timed or
    /// distance set has no reps and its load only when it had one (as Strong
    /// writes them), its time in Seconds, its distance in metres.
    static func strongFields(_ values: SetValues, weight: Weight)
        -> (weight: String, reps: String, rpe: String, distance: String, seconds: String) {
        let lift = values.measure == .weight || values.measure == .bodyweight
        let distance: String = values.distance.map { SetFormat.distance(Distance(value: $0.metres, unit: .m)) } ?? ""
        let seconds: String = values.duration.map { String($0.seconds) } ?? ""
        return (lift || weight.hundredths > 0 ? weight.number : "", lift ? String(values.reps) : "",
                values.effort.map(SetFormat.rpe) ?? "", distance, seconds)
    }

    /// A name or note a spreadsheet would run as a formula (`=cmd|calc`),
    /// with the leading `'` our CSV gives it; the readers take it off again.
    static func guarded(_ text: String) -> String {
        guard let first = text.unicodeScalars.first, ["=", "+", "-", "@", "\t", "\r"].contains(first) else { return text }
        return "'" + text
    }

    /// One row of Strong's file: every field quoted, quotes doubled, `;` between.
    static func strongLine(_ fields: [String]) -> String {
        fields.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }.joined(separator: ";")
    }

    /// `2025-03-19 18:40:40`, local time.
    static func strongDate(_ date: Date, calendar: Calendar) -> String {
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return WallTime(year: c.year ?? 0, month: c.month ?? 0, day: c.day ?? 0, hour: c.hour ?? 0, minute: c.minute ?? 0,
                        second: c.second ?? 0, hasTime: true).canonical
    }

    /// `weight` in `unit` (1 lb = 0.45359237 kg), to the hundredth.
    static func converted(_ weight: Weight, to unit: WeightUnit) -> Weight {
        let value = weight.unit == .lb ? weight.value * 0.45359237 : weight.value / 0.45359237
        return Weight(value: value, unit: unit)
    }
}
