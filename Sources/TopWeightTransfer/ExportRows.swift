import TopWeightCore

/// Why a row of an export brings nothing.
enum RowProblem: Error {
    /// The row can't be read: it is named by line and skipped, the rest imports.
    case malformed(String)
    /// The whole file is refused (a `--unit` that contradicts it).
    case file(ImportError)
    /// The row is dated after now (`LatestTime`): named by line and skipped.
    case afterNow(String)

    /// The same problem, said of one part of the row: `Set 2: reps 'x' is not a whole number`.
    func placed(_ place: String) -> RowProblem {
        switch self {
        case .malformed(let reason): .malformed("\(place): \(reason)")
        case .file, .afterNow: self
        }
    }
}

/// The one loop over an export's rows that every reader runs, and what every
/// reader does with a row: read its date, its exercise and its set, keep its
/// notes, add the set to its workout or say why it brought none. A reader
/// keeps only what is its own: which columns, how it groups a workout, what
/// its set labels and kinds are.
struct ExportRows {
    private(set) var history: SourceHistory
    private var names = SourceNames()
    private var collector = WorkoutCollector()
    /// Body weights seen at each instant so far: the next one's occurrence number.
    private var occurrences: [String: Int] = [:]
    /// The latest wall-clock time a row may have (now, give or take the
    /// clock skew, in the importing machine's zone); `nil`: no limit.
    private let latest: WallTime?

    private init(format: ImportFormat, variant: String, latest: WallTime?) {
        history = SourceHistory(format: format, variant: variant)
        self.latest = latest
    }

    /// Hands every row of `table` to `row`, after counting it and refusing one
    /// whose fields are not the header's; a row `row` finds malformed is named
    /// by line and skipped, as is one dated after `latest`. At the end, zero
    /// weights that came without a unit get the unit most of the file's
    /// weights have (else `fallback`).
    static func read(_ table: inout CSVTable, format: ImportFormat, variant: String, unit fallback: WeightUnit?, latest: WallTime?,
                     _ row: (inout ExportRows, [String]) throws(RowProblem) -> Void) throws(ImportError) -> SourceHistory {
        var rows = ExportRows(format: format, variant: variant, latest: latest)
        while let next = table.next() {
            rows.history.rows += 1
            do throws(RowProblem) {
                guard next.fields.count == table.header.count else {
                    throw .malformed("\(next.fields.count) fields where the header has \(table.header.count)")
                }
                try row(&rows, next.fields)
            } catch {
                switch error {
                case .malformed(let reason): rows.history.reject(next, reason)
                case .afterNow(let reason): rows.history.skipAfterNow(next, reason)
                case .file(let refusal): throw refusal
                }
            }
        }
        rows.history.workouts = rows.collector.workouts
        rows.history.shortened = rows.names.shortened
        rows.history.settleUnits(of: rows.collector.unknownUnits, fallback: fallback)
        return rows.history
    }

    // MARK: - What a reader does with a row

    /// The date in `text` (with `needsTime`, a date and a time); `field`
    /// names the column in the message. The time that places the row's set
    /// or measurement: one after now is refused.
    func date(_ text: String, field: String? = nil, needsTime: Bool = false) throws(RowProblem) -> WallTime {
        let time = try parsed(text, field: field, needsTime: needsTime)
        try happened(time, as: text)
        return time
    }

    /// The date in `text` at the time of day in `clock` when it holds one.
    func date(_ text: String, at clock: String, field: String? = nil) throws(RowProblem) -> WallTime {
        var time = try parsed(text)
        let clock = clock.trimmingCharacters(in: .whitespaces)
        if !clock.isEmpty {
            guard let parsed = SourceTimes.timeOfDay(clock) else {
                throw .malformed((field.map { $0 + " " } ?? "") + "'\(SourceValues.shown(clock))' is not a time of day")
            }
            (time.hour, time.minute, time.second, time.hasTime) = (parsed.hour, parsed.minute, parsed.second, true)
        }
        try happened(time, as: clock.isEmpty ? text : text.trimmingCharacters(in: .whitespaces) + " " + clock)
        return time
    }

    private func parsed(_ text: String, field: String? = nil, needsTime: Bool = false) throws(RowProblem) -> WallTime {
        guard let time = SourceTimes.parse(text), time.hasTime || !needsTime else {
            throw .malformed((field.map { $0 + " " } ?? "") + "'\(SourceValues.shown(text))' is not a date" + (needsTime ? " and time" : ""))
        }
        return time
    }

    /// Refuses a time after `latest` (a date alone: a day after its day), as written.
    private func happened(_ time: WallTime, as written: String) throws(RowProblem) {
        guard let latest, time.isAfter(latest) else { return }
        throw .afterNow("\(SourceValues.shown(written.trimmingCharacters(in: .whitespaces))) is after now")
    }

    /// The exercise named in `text`, made a name the store takes.
    mutating func exercise(_ text: String) throws(RowProblem) -> String {
        switch names.exercise(text) {
        case .success(let name): return name
        case .failure(let error): throw .malformed(error.reason)
        }
    }

    /// Changes the workout grouped under `key` (started at `start` when new): its notes.
    mutating func workout(key: String, start: WallTime, _ body: (inout SourceWorkout) -> Void) {
        collector.with(key: key, start: start, body)
    }

    /// A row that is a note, not a set.
    mutating func countNoteRow() {
        history.noteRows += 1
    }

    /// A row (or part of one) that brought no set, and why.
    mutating func skip(_ reason: SkipReason) {
        history.skip(reason)
    }

    /// A set read from a row, added to the workout grouped under `key`; a
    /// skipped one counted. `label` is the app's set number or letter.
    /// `superset`: the app's id of the superset the set was in (Hevy's `superset_id`), if any.
    mutating func add(_ outcome: SetFields.Outcome, exercise: String, label: String, kind: SetKind?, key: String, start: WallTime,
                      superset: String? = nil) {
        switch outcome {
        case .set(let values, let read):
            if !read.exact { history.rounded += 1 }
            if read.rpeLeftOff { history.rpeLeftOff += 1 }
            collector.add((exercise, label, values, kind, read.legacy), unitKnown: read.unitKnown, key: key, start: start, superset: superset)
        case .skip(let reason):
            history.skip(reason)
        }
    }

    /// A body weight measured at `time`.
    mutating func addBodyWeight(_ text: String, unit: WeightUnit, at time: WallTime) throws(RowProblem) {
        switch BodyWeightField.read(text, unit: unit) {
        case .failure(let reason):
            throw .malformed(reason.reason)
        case .success(let (weight, exact)):
            if !exact { history.rounded += 1 }
            let occurrence = occurrences[time.canonical, default: 0]
            occurrences[time.canonical] = occurrence + 1
            history.bodyWeights.append(SourceBodyWeight(measuredAt: time, weight: weight,
                                                        identity: time.canonical + "\u{1F}" + String(occurrence)))
        }
    }
}
