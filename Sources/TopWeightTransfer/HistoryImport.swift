import Foundation
import TopWeightCatalog
import TopWeightCore
import TopWeightUseCases

/// Why an import or an export stopped: bad input (told to fix the file or
/// the options) or the database.
public enum TransferError: Error, Sendable, CustomStringConvertible {
    case input(String)
    case storage(LogbookError)

    public var description: String {
        switch self {
        case .input(let message): message
        case .storage(let error): error.message
        }
    }
}

/// `topweight import`: another app's export (or our own JSON) added to the
/// database, idempotently.
///
/// Every set gets an id derived from its source row and its member, so a
/// second import of the same file, or of a later export that repeats it,
/// finds the sets already there and adds nothing; notes are added only where
/// the day's note does not hold them yet, body weights by their ids too.
public struct HistoryImporter: Sendable {
    public let engine: any StorageEngine
    public let catalog: ExerciseCatalog
    public let calendar: Calendar
    /// Records to a transaction.
    public var pageSize = 2_000

    public init(engine: any StorageEngine, catalog: ExerciseCatalog, timeZone: TimeZone) {
        self.engine = engine
        self.catalog = catalog
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        self.calendar = calendar
    }

    /// Imports `data` for `member` (needed unless the database has one
    /// member, or the file is our JSON, which names its own); `progress`
    /// hears (records written, records to write) after each transaction.
    public func run(_ data: Data, format: ImportFormat, member: String?, unit: WeightUnit?, dryRun: Bool, now: Date,
                    progress: (Int, Int) -> Void = { _, _ in }) throws(TransferError) -> ImportSummary {
        guard let text = ExportText.decode(data) else {
            throw .input("the file is not UTF-8 text (nor UTF-16 with a byte-order mark)")
        }
        if format == .json || (format == .auto && text.first(where: { !$0.isWhitespace }) == "{") {
            return try importJSON(text, member: member, unit: unit, dryRun: dryRun, now: now, progress: progress)
        }
        if format == .csv || (format == .auto && OwnCSVReader.matches(text)) {
            guard OwnCSVReader.matches(text) else {
                throw .input("this is not a Top Weight CSV export: its header lacks some of \(OwnCSVReader.keys.joined(separator: ","))")
            }
            return try importCSV(text, member: member, unit: unit, dryRun: dryRun, now: now, progress: progress)
        }
        let source: SourceHistory
        do {
            source = try ExportReader.read(text: text, format: format, unit: unit,
                                           latest: WallTime(LatestTime.latest(at: now), in: calendar))
        } catch {
            throw .input(error.message)
        }
        let name = try memberName(member)
        return try apply(source, member: name, dryRun: dryRun, now: now, progress: progress)
    }

    /// The member named (checked like any member name), else the only member there is.
    func memberName(_ name: String?) throws(TransferError) -> String {
        if let name {
            switch NameRules.validate(name, kind: .user) {
            case .success(let valid): return valid
            case .failure(let error): throw .input("--user: \(error.description)")
            }
        }
        let everyone = try storage { () throws(LogbookError) in try engine.users() }
        if everyone.count == 1, let only = everyone.first { return only.user.name }
        throw .input(everyone.isEmpty
            ? "--user is needed: the file names no member and the database has none yet (--user NAME creates one)"
            : "--user is needed: the file names no member and the database has \(everyone.count) ('topweight users' lists them)")
    }

    // MARK: - Another app's export

    func apply(_ source: SourceHistory, member: String, dryRun: Bool, now: Date,
               progress: (Int, Int) -> Void) throws(TransferError) -> ImportSummary {
        var summary = ImportSummary(format: source.format, variant: source.variant)
        summary.member = member
        summary.dryRun = dryRun
        summary.rows = source.rows
        summary.skipped = source.skipped
        summary.malformed = source.malformed
        summary.afterNow = source.afterNow
        summary.rounded = source.rounded
        summary.rpeLeftOff = source.rpeLeftOff
        summary.shortened = source.shortened

        let existing = try storage { () throws(LogbookError) in try engine.user(named: member) }
        summary.memberCreated = existing == nil
        if existing == nil, let other = try storage({ () throws(LogbookError) in try engine.existingLookalike(of: member, kind: .user) }) {
            throw .input("--user \(member) looks like the existing member \(other) but is spelt with other letters; use that name or a clearly different one")
        }
        let stored = try storedExercises()
        let mapping = ExerciseMapping(catalog: catalog, stored: { stored[NameRules.key($0)] })
        var plan = ImportPlan(source, member: member, mapping: mapping, calendar: calendar, now: now)
        try settleLookalikes(in: &plan, stored: stored)
        summary.sets = plan.sets
        summary.records = plan.records.count
        summary.days = plan.days(in: calendar).count
        summary.mapped = plan.mapped
        summary.measured = plan.measured
        summary.rated = plan.rated
        summary.distanceWithoutTime = plan.distanceWithoutTime
        summary.bodyWeights = plan.bodyWeights.count

        // What the database holds already.
        var knownRecords = Set<String>()
        var knownSets = KnownSets([], calendar: calendar)
        var knownWeights = Set<String>()
        var notes: [LocalDay: String] = [:]
        if let user = existing {
            let stored = try storedRecords(of: user, at: plan.records.map(\.performedAt))
            knownRecords = stored.uids
            knownSets = KnownSets(stored.live, calendar: calendar)
            if let earliest = plan.bodyWeights.map(\.measuredAt).min() {
                knownWeights = Set(try storage { () throws(LogbookError) in
                    try engine.bodyWeights(userID: user.id, since: earliest, limit: nil)
                }.map(\.uid))
            }
            if let first = plan.notes.first?.day, let last = plan.notes.last?.day {
                for info in try storage({ () throws(LogbookError) in try engine.sessionInfos(userID: user.id, from: first, through: last) }) {
                    notes[info.day] = info.note
                }
            }
        }
        // New by id, and not already in the member's day as it is (our own
        // Strong export, or another app's copy of sets logged here).
        var fresh: [StoredRecord] = []
        // Known ids first: each takes its set out of the day's, so that set
        // can't answer for another row as well. A record whose run had another
        // id before imports read RPEs is known by that one too.
        func known(_ record: StoredRecord) -> Bool {
            knownRecords.contains(record.uid) || plan.formerUIDs[record.uid].map(knownRecords.contains) == true
        }
        for record in plan.records where known(record) {
            _ = knownSets.take(record)
        }
        for record in plan.records where !known(record) {
            let there = knownSets.take(record)
            guard there < record.values.series else { continue }
            var rest = record
            rest.values.series -= there
            fresh.append(rest)
        }
        summary.recordsPresent = plan.records.count - fresh.count
        summary.setsPresent = plan.sets - fresh.reduce(0) { $0 + $1.values.series }
        summary.exercisesCreated = Self.distinct(fresh.map(\.exercise)).filter { stored[NameRules.key($0)] == nil }
        let noteWrites = notesToAdd(plan.notes, existing: notes, summary: &summary)
        let freshWeights = plan.bodyWeights.filter { !knownWeights.contains($0.uid) }
        summary.bodyWeightsPresent = plan.bodyWeights.count - freshWeights.count

        if dryRun {
            summary.recordsAdded = fresh.count
            summary.setsAdded = fresh.reduce(0) { $0 + $1.values.series }
            summary.bodyWeightsAdded = freshWeights.count
            return summary
        }
        guard !fresh.isEmpty || !noteWrites.isEmpty || !freshWeights.isEmpty else {
            // Nothing to keep: no member is made for it.
            summary.memberCreated = false
            return summary
        }
        let user: User
        if let existing {
            user = existing
        } else {
            guard let created = try storage({ () throws(LogbookError) in try engine.findOrCreateUsers(named: [member], now: now) }).first else {
                throw .storage(LogbookError(.other, "the member \(member) could not be created"))
            }
            user = created
        }
        try adopt(fresh, now: now, summary: &summary, progress: progress)
        for write in noteWrites {
            // Held already when another import of the same file wrote it meanwhile.
            _ = try storage { () throws(LogbookError) in try engine.adoptNote(userID: user.id, day: write.day, text: write.text, now: now) }
        }
        for weight in freshWeights {
            _ = try storage { () throws(LogbookError) in
                try engine.saveBodyWeight(userID: user.id, weight: weight.weight, at: weight.measuredAt, uid: weight.uid, now: now)
            }
        }
        summary.bodyWeightsAdded = freshWeights.count
        return summary
    }

    /// Puts the records of a new exercise that reads like a stored one
    /// (`Bench Press` spelt with a Cyrillic `е`) on the stored one, as the
    /// store allows no two such names, and says so among the mapped names.
    func settleLookalikes(in plan: inout ImportPlan, stored: [String: Exercise]) throws(TransferError) {
        var moved: [String: Exercise] = [:]
        for name in Self.distinct(plan.records.map(\.exercise)) where stored[NameRules.key(name)] == nil {
            let other = try storage { () throws(LogbookError) in try engine.existingLookalike(of: name, kind: .exercise) }
            if let other, let exercise = stored[NameRules.key(other)] { moved[NameRules.key(name)] = exercise }
        }
        guard !moved.isEmpty else { return }
        for index in plan.records.indices {
            guard let exercise = moved[NameRules.key(plan.records[index].exercise)] else { continue }
            plan.mapped.append((plan.records[index].exercise, exercise.name))
            plan.records[index].exercise = exercise.name
            plan.records[index].category = exercise.category
        }
        var seen = Set<String>()
        plan.mapped = plan.mapped.filter { seen.insert($0.from + "\u{1F}" + $0.to).inserted }
    }

    /// The notes a day does not hold yet, joined with a blank line as `appendNote` joins them.
    func notesToAdd(_ planned: [(day: LocalDay, paragraphs: [String])], existing: [LocalDay: String],
                    summary: inout ImportSummary) -> [(day: LocalDay, text: String)] {
        var writes: [(day: LocalDay, text: String)] = []
        for (day, paragraphs) in planned {
            let current = existing[day] ?? ""
            var new: [String] = []
            for paragraph in paragraphs where !Self.holds(current, paragraph) && !new.contains(paragraph) { new.append(paragraph) }
            summary.notesPresent += paragraphs.count - new.count
            guard !new.isEmpty else { continue }
            var text = new.joined(separator: "\n\n")
            let room = TrainingLog.noteLength - (current.isEmpty ? 0 : current.count + 2)
            if text.count > room {
                summary.notesShortened += 1
                guard room > 1 else { continue }
                text = String(text.prefix(room - 1)) + "…"
            }
            writes.append((day, text))
            summary.notesAdded += new.count
            summary.noteDays += 1
        }
        return writes
    }

    /// True when `note` holds `paragraph` as one of its paragraphs (appended by an earlier import).
    static func holds(_ note: String, _ paragraph: String) -> Bool {
        note == paragraph || note.hasPrefix(paragraph + "\n\n") || note.hasSuffix("\n\n" + paragraph)
            || note.contains("\n\n" + paragraph + "\n\n")
    }

    /// Adds `records` in transactions of `pageSize`, counting what was new.
    func adopt(_ records: [StoredRecord], now: Date, summary: inout ImportSummary,
               progress: (Int, Int) -> Void) throws(TransferError) {
        var start = 0
        while start < records.count {
            let page = Array(records[start..<min(start + pageSize, records.count)])
            let added = try storage { () throws(LogbookError) in try engine.adoptRecords(page, now: now) }
            let sets = page.reduce(0) { $0 + $1.values.series }
            summary.recordsAdded += added
            summary.recordsPresent += page.count - added
            // Fewer only when another terminal stored the same rows a moment
            // ago: they count as present, their sets in proportion.
            let setsAdded = added == page.count ? sets : sets * added / max(page.count, 1)
            summary.setsAdded += setsAdded
            summary.setsPresent += sets - setsAdded
            start += page.count
            progress(start, records.count)
        }
    }

    /// The ids of `user`'s records (live and deleted) performed from the first to the last of `dates`.
    func knownUIDs(of user: User, at dates: [Date]) throws(TransferError) -> Set<String> {
        try storedRecords(of: user, at: dates).uids
    }

    /// `user`'s records performed from the first to the last of the days of
    /// `dates`: the ids of all (live and deleted), and the live ones.
    func storedRecords(of user: User, at dates: [Date]) throws(TransferError) -> (uids: Set<String>, live: [WorkoutRecord]) {
        guard let first = dates.min(), let last = dates.max() else { return ([], []) }
        // Whole days: a set matched by what it is may have been logged at another hour.
        let earliest = calendar.startOfDay(for: first)
        let latest = calendar.date(byAdding: .day, value: 1, to: calendar.startOfDay(for: last)) ?? last.addingTimeInterval(86_400)
        var query = HistoryQuery(userID: user.id, since: earliest)
        query.until = latest
        var uids = Set<String>()
        var live: [WorkoutRecord] = []
        for deleted in [false, true] {
            query.deleted = deleted
            try storage { () throws(LogbookError) in
                try engine.forEachRecord(query) { record in
                    if let uid = record.uid { uids.insert(uid) }
                    if !deleted { live.append(record) }
                }
            }
        }
        return (uids, live)
    }

    /// Every stored exercise, by name key.
    func storedExercises() throws(TransferError) -> [String: Exercise] {
        let all = try storage { () throws(LogbookError) in try engine.exercises() }
        return Dictionary(all.map { (NameRules.key($0.exercise.name), $0.exercise) }, uniquingKeysWith: { first, _ in first })
    }

    /// Names once each by `NameRules.key`, in the order first seen.
    static func distinct(_ names: [String]) -> [String] {
        var seen = Set<String>()
        return names.filter { seen.insert(NameRules.key($0)).inserted }
    }

    func storage<T>(_ body: () throws(LogbookError) -> T) throws(TransferError) -> T {
        do {
            return try body()
        } catch {
            throw .storage(error)
        }
    }
}
