import Foundation
import TopWeightCore
import TopWeightText

// MARK: - Our own JSON export

extension HistoryImporter {
    /// A file `topweight export` wrote: members, exercises, records with their
    /// own ids (tombstones too), kept days, the gym's routines, body weight.
    /// With `member`, only that member's part of it.
    func importJSON(_ text: String, member: String?, unit: WeightUnit?, dryRun: Bool, now: Date,
                    progress: (Int, Int) -> Void) throws(TransferError) -> ImportSummary {
        let document: HistoryDocument
        do {
            document = try JSONDecoder().decode(HistoryDocument.self, from: Data(text.utf8))
        } catch {
            throw .input("the file is not a Top Weight JSON export (\(Self.reason(error)))")
        }
        guard document.format == HistoryDocument.formatName else {
            throw .input("the file's format is '\(document.format)', not '\(HistoryDocument.formatName)'")
        }
        guard document.version <= HistoryDocument.version else {
            throw .input("the file is version \(document.version) of the export; this Top Weight reads up to \(HistoryDocument.version)")
        }
        return try importDocument(document, format: .json, variant: "version \(document.version)", member: member,
                                  unit: unit, dryRun: dryRun, now: now, progress: progress)
    }

    /// Our own CSV export: its live records, by their ids, as a JSON export's.
    func importCSV(_ text: String, member: String?, unit: WeightUnit?, dryRun: Bool, now: Date,
                   progress: (Int, Int) -> Void) throws(TransferError) -> ImportSummary {
        let document: HistoryDocument
        let malformed: [MalformedRow]
        do {
            (document, malformed) = try OwnCSVReader.document(text, now: now)
        } catch {
            throw .input(error.message)
        }
        return try importDocument(document, format: .csv, variant: "records with their ids", member: member,
                                  unit: unit, dryRun: dryRun, now: now, malformed: malformed, progress: progress)
    }

    /// A document of ours (JSON, or CSV made into one) added to the database:
    /// everything by its id or name, so nothing comes twice.
    func importDocument(_ document: HistoryDocument, format: ImportFormat, variant: String, member: String?, unit: WeightUnit?,
                        dryRun: Bool, now: Date, malformed: [MalformedRow] = [],
                        progress: (Int, Int) -> Void) throws(TransferError) -> ImportSummary {
        var summary = ImportSummary(format: format, variant: variant)
        summary.dryRun = dryRun
        summary.rows = document.records.count
        var only: String?
        if let member {
            only = NameRules.key(try memberName(member))
            summary.member = member
        }
        func wanted(_ name: String) -> Bool { only.map { NameRules.key(name) == $0 } ?? true }
        // Every record of ours names its unit: `--unit` may agree, never contradict (as for other apps' files).
        if let unit, let other = document.records.lazy.filter({ wanted($0.user) })
            .compactMap({ WeightUnit(rawValue: $0.unit) }).first(where: { $0 != unit }) {
            throw .input("the file gives its weights in \(other.rawValue) (each record's unit); --unit \(unit.rawValue) would misread them")
        }

        var read = DocumentReader(now: now, calendar: calendar)
        let categories = Dictionary(document.exercises.compactMap { entry in
            read.name(entry.name, .exercise).map { (NameRules.key($0), entry.category) }
        }, uniquingKeysWith: { first, _ in first })
        // Version 1 (before kinds) lists none: its exercises measure what their records do.
        let listedKinds = document.version < 2 ? [:] : Dictionary(document.exercises.compactMap { entry in
            read.name(entry.name, .exercise).map { (NameRules.key($0), entry.kind) }
        }, uniquingKeysWith: { first, _ in first })
        var records: [StoredRecord] = []
        for (index, entry) in document.records.enumerated() where wanted(entry.user) {
            if let record = read.record(entry, place: "record \(index + 1)", categories: categories) { records.append(record) }
        }
        var sessions: [StoredSession] = []
        for (index, entry) in document.sessions.enumerated() where wanted(entry.user) {
            if let session = read.session(entry, place: "session \(index + 1)") { sessions.append(session) }
        }
        var routines: [Routine] = []
        if only == nil {
            for (index, entry) in document.routines.enumerated() {
                if let routine = read.routine(entry, place: "routine \(index + 1)") { routines.append(routine) }
            }
        }
        var coachNotes: [CoachNote] = []
        for (index, entry) in document.coachNotes.enumerated() where wanted(entry.user) {
            if let note = read.coachNote(entry, place: "coach's note \(index + 1)") { coachNotes.append(note) }
        }
        var weights: [BodyWeight] = []
        for (index, entry) in document.bodyWeights.enumerated() where wanted(entry.user) {
            if let weight = read.bodyWeight(entry, place: "body weight \(index + 1)") { weights.append(weight) }
        }
        summary.malformed = malformed + read.malformed
        if !summary.malformed.isEmpty { summary.skipped[.malformed] = summary.malformed.count }
        summary.afterNow = read.afterNow
        if !read.afterNow.isEmpty { summary.skipped[.afterNow] = read.afterNow.count }

        // Each member with what the file knows of them (privacy…); one it only names on a record knows nothing more.
        var profiles: [String: StoredMember] = [:]
        for (index, listed) in document.members.enumerated() {
            guard let name = read.name(listed.name, .user), wanted(name), profiles[NameRules.key(name)] == nil else { continue }
            var profile = read.credentials(of: listed, place: "member \(index + 1)")
            profile.name = name
            profiles[NameRules.key(name)] = profile
        }
        summary.malformed = malformed + read.malformed
        if !summary.malformed.isEmpty { summary.skipped[.malformed] = summary.malformed.count }
        var members = document.members.compactMap { read.name($0.name, .user) }.filter(wanted)
        members += records.map(\.user) + sessions.map(\.user) + weights.map(\.user)
        members = Self.distinct(members)
        if let member, members.isEmpty {
            throw .input("the file has nothing of \(member) (its members: \(document.members.map(\.name).joined(separator: ", ")))")
        }
        var exercises: [ExerciseEntry] = []
        var measured: [String: ExerciseKind] = [:]
        for record in records where measured[NameRules.key(record.exercise)] == nil {
            measured[NameRules.key(record.exercise)] = record.values.measure
        }
        for name in Self.distinct((only == nil ? document.exercises.compactMap { read.name($0.name, .exercise) } : []) + records.map(\.exercise)) {
            // A CSV names no categories: a catalog lift's comes from the catalog.
            let listed = categories[NameRules.key(name)] ?? catalog.entry(named: name).flatMap {
                NameRules.key($0.name) == NameRules.key(name) ? $0.category : nil
            }
            // A new exercise has the kind the file lists, else measures what its records do, else what the catalog says.
            let kind = listedKinds[NameRules.key(name)] ?? measured[NameRules.key(name)] ?? catalog.entry(named: name).map(\.kind) ?? .weight
            exercises.append((name, listed, kind))
        }

        // What the database holds already.
        var users: [String: User] = [:]
        for name in members {
            if let user = try storage({ () throws(LogbookError) in try engine.user(named: name) }) { users[NameRules.key(name)] = user }
        }
        summary.membersCreated = members.filter { users[NameRules.key($0)] == nil }
        let stored = try storedExercises()
        summary.exercisesCreated = exercises.map(\.name).filter { stored[NameRules.key($0)] == nil }
        var known = Set<String>()
        var knownWeights = Set<String>()
        for (key, user) in users {
            known.formUnion(try knownUIDs(of: user, at: records.filter { NameRules.key($0.user) == key }.map(\.performedAt)))
            let earliest = weights.filter { NameRules.key($0.user) == key }.map(\.measuredAt).min()
            if let earliest {
                knownWeights.formUnion(try storage { () throws(LogbookError) in
                    try engine.bodyWeights(userID: user.id, since: earliest, limit: nil)
                }.map(\.uid))
            }
        }
        let fresh = records.filter { !known.contains($0.uid) }
        let live = records.filter { $0.deletedAt == nil }
        summary.records = records.count
        summary.sets = live.reduce(0) { $0 + $1.values.series }
        for record in live {
            summary.measured[record.values.measure, default: 0] += record.values.series
            if record.values.effort != nil { summary.rated += record.values.series }
            if record.values.measure == .distance, record.values.duration == nil { summary.distanceWithoutTime += record.values.series }
        }
        summary.days = Set(live.map { "\(NameRules.key($0.user)) \(LocalDay($0.performedAt, in: calendar))" }).count
        summary.recordsPresent = records.count - fresh.count
        summary.setsPresent = summary.sets - fresh.filter { $0.deletedAt == nil }.reduce(0) { $0 + $1.values.series }
        summary.bodyWeights = weights.count
        let freshWeights = weights.filter { !knownWeights.contains($0.uid) }
        summary.bodyWeightsPresent = weights.count - freshWeights.count

        if dryRun {
            summary.recordsAdded = fresh.count
            summary.setsAdded = summary.sets - summary.setsPresent
            summary.bodyWeightsAdded = freshWeights.count
            let kept = Set(try storage { () throws(LogbookError) in try engine.storedSessions() }.map { "\(NameRules.key($0.user)) \($0.day)" })
            summary.sessionsPresent = sessions.filter { kept.contains("\(NameRules.key($0.user)) \($0.day)") }.count
            summary.sessionsAdded = sessions.count - summary.sessionsPresent
            let names = Set(try storage { () throws(LogbookError) in try engine.routines() }.map { NameRules.key($0.name) })
            summary.routinesPresent = routines.filter { names.contains(NameRules.key($0.name)) }.count
            summary.routinesAdded = routines.count - summary.routinesPresent
            return summary
        }

        let profiled = members.map { profiles[NameRules.key($0)] ?? StoredMember(name: $0) }
        for user in try storage({ () throws(LogbookError) in try engine.adoptMembers(profiled, now: now) }) {
            users[NameRules.key(user.name)] = user
        }
        // Their credentials (hashes, with the card key) before the policy that asks for them.
        summary.access = try storage { () throws(LogbookError) in try engine.adoptAccess(profiled, cardKey: document.cardKey) }
        _ = try storage { () throws(LogbookError) in try engine.findOrCreateExercises(exercises, now: now) }
        // Tombstones count as records, not as sets: sets come from the ids known before.
        var adopted = summary
        try adopt(fresh, now: now, summary: &adopted, progress: progress)
        summary.recordsAdded = adopted.recordsAdded
        summary.recordsPresent = adopted.recordsPresent
        summary.setsAdded = summary.sets - summary.setsPresent
        let marks = records.compactMap { record in record.coach.map { CoachMark(uid: record.uid, coach: $0) } }
        summary.coachedSets = try storage { () throws(LogbookError) in try engine.adoptCoachMarks(marks) }
        if only == nil, let policy = document.identity.flatMap(IdentityPolicy.init(rawValue:)),
           try storage({ () throws(LogbookError) in try engine.gymSetting(.identity) }) == nil {
            try storage { () throws(LogbookError) in try engine.setGymSetting(.identity, to: policy.rawValue) }
            summary.policy = policy
        }
        var start = 0
        while start < sessions.count {
            let page = Array(sessions[start..<min(start + pageSize, sessions.count)])
            let added = try storage { () throws(LogbookError) in try engine.adoptSessions(page, now: now) }
            summary.sessionsAdded += added
            summary.sessionsPresent += page.count - added
            start += page.count
        }
        let (fromCoaches, notFromCoaches) = try fromCoaches(coachNotes)
        summary.malformed += notFromCoaches
        if !summary.malformed.isEmpty { summary.skipped[.malformed] = summary.malformed.count }
        _ = try storage { () throws(LogbookError) in try engine.adoptCoachNotes(fromCoaches) }
        summary.routinesAdded = try storage { () throws(LogbookError) in try engine.adoptRoutines(routines, now: now) }
        summary.routinesPresent = routines.count - summary.routinesAdded
        for weight in freshWeights {
            guard let user = users[NameRules.key(weight.user)] else { continue }
            _ = try storage { () throws(LogbookError) in
                try engine.saveBodyWeight(userID: user.id, weight: weight.weight, at: weight.measuredAt, uid: weight.uid, now: now)
            }
        }
        summary.bodyWeightsAdded = freshWeights.count
        return summary
    }

    /// What JSONDecoder says is wrong, in a few words.
    static func reason(_ error: any Error) -> String {
        guard let decoding = error as? DecodingError else { return "not JSON" }
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
            return keys.isEmpty ? "the top" : keys.joined(separator: ".").replacingOccurrences(of: ".[", with: "[")
        }
        switch decoding {
        case .keyNotFound(let key, let context): return "\(key.stringValue) missing at \(path(context))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context): return "a wrong value at \(path(context))"
        case .dataCorrupted(let context): return context.codingPath.isEmpty ? "not JSON" : "a wrong value at \(path(context))"
        @unknown default: return "not JSON"
        }
    }
}

/// Checks each piece of a JSON export as the store would, naming what it
/// refuses; what is dated after now (`LatestTime`) is named apart.
struct DocumentReader {
    private(set) var malformed: [MalformedRow] = []
    private(set) var afterNow: [MalformedRow] = []
    /// When the import runs, and the zone that tells a session's day.
    var now: Date
    var calendar: Calendar

    /// True when `date` is not after now; else names `place` and says so.
    private mutating func happened(_ date: Date, _ field: String, _ text: String, place: String) -> Bool {
        guard !LatestTime.allows(date, now: now) else { return true }
        afterNow.append(MalformedRow(place: place, reason: "\(field) \(SourceValues.shown(text)) is after now"))
        return false
    }

    mutating func name(_ raw: String, _ kind: NameRules.Kind, place: String? = nil) -> String? {
        switch NameRules.validate(raw, kind: kind) {
        case .success(let name): return name
        case .failure(let error):
            if let place { malformed.append(MalformedRow(place: place, reason: error.reason)) }
            return nil
        }
    }

    private mutating func refuse<T>(_ place: String, _ reason: String) -> T? {
        malformed.append(MalformedRow(place: place, reason: reason))
        return nil
    }

    private mutating func time(_ text: String?, _ field: String, place: String) -> Date?? {
        guard let text else { return .some(nil) }
        guard let date = ExportTimestamp.date(text) else {
            malformed.append(MalformedRow(place: place, reason: "\(field) '\(SourceValues.shown(text))' is not an ISO 8601 time with its offset"))
            return nil
        }
        return .some(date)
    }

    mutating func record(_ entry: HistoryDocument.Record, place: String, categories: [String: String?]) -> StoredRecord? {
        guard RecordUID.isValid(entry.uid) else { return refuse(place, "uid '\(SourceValues.shown(entry.uid))' is not a lower-case UUID") }
        guard let user = name(entry.user, .user, place: place), let exercise = name(entry.exercise, .exercise, place: place) else { return nil }
        let read = SetFormat.values(kind: entry.kind.map { SourceValues.shown($0) }, mark: entry.mark.map { SourceValues.shown($0) },
                                    weight: entry.weight, unit: entry.unit, reps: entry.reps, series: entry.series,
                                    seconds: entry.seconds, distance: entry.distance, distanceUnit: entry.distanceUnit, rpe: entry.rpe)
        let values: SetValues
        let kind: SetKind?
        switch read {
        case .failure(let error): return refuse(place, error.reason)
        case .success(let (checked, mark)): (values, kind) = (checked, mark)
        }
        guard let performed = time(entry.performedAt, "performedAt", place: place), let performedAt = performed,
              let created = time(entry.createdAt, "createdAt", place: place), let createdAt = created,
              let editedAt = time(entry.editedAt, "editedAt", place: place),
              let deletedAt = time(entry.deletedAt, "deletedAt", place: place),
              happened(performedAt, "performedAt", entry.performedAt, place: place) else { return nil }
        if let superset = entry.superset, Supersets.label(superset) == nil {
            return refuse(place, "superset '\(SourceValues.shown(superset))' is not a letter and a number (A1)")
        }
        var source: RecordSource?
        if let kept = entry.source {
            guard let started = time(kept.workoutStart, "source.workoutStart", place: place) else { return nil }
            source = RecordSource(app: kept.app, exercise: kept.exercise, workout: kept.workout, workoutStart: started,
                                  workoutSeconds: kept.workoutSeconds).checked
        }
        return StoredRecord(id: 0, uid: entry.uid, user: user, exercise: exercise, category: categories[NameRules.key(exercise)] ?? nil,
                            values: values, performedAt: performedAt, createdAt: createdAt, editedAt: editedAt,
                            deletedAt: deletedAt, kind: kind, superset: entry.superset, coach: entry.coach.flatMap { name($0, .user) },
                            source: source)
    }

    /// The member with the hashes that are in the shape a database keeps
    /// (`pbkdf2-sha256$ROUNDS$SALT$HASH`, `hmac-sha256$` and 64 hex digits);
    /// one that is not is left off and named; its teams that are names.
    mutating func credentials(of member: StoredMember, place: String) -> StoredMember {
        var member = member
        member.teams = member.teams.compactMap { name($0, .user, place: place) }
        if let pin = member.pin, !(pin.hasPrefix("pbkdf2-sha256$") && pin.split(separator: "$", omittingEmptySubsequences: false).count == 4) {
            malformed.append(MalformedRow(place: place, reason: "pin is not a PIN's hash (left off)"))
            member.pin = nil
        }
        if let card = member.card, !(card.hasPrefix("hmac-sha256$") && card.count == 76 && card.dropFirst(12).allSatisfy(\.isHexDigit)) {
            malformed.append(MalformedRow(place: place, reason: "card is not a card's hash (left off)"))
            member.card = nil
        }
        return member
    }

    mutating func session(_ entry: HistoryDocument.Session, place: String) -> StoredSession? {
        guard let user = name(entry.user, .user, place: place) else { return nil }
        guard let day = LocalDay(parsing: entry.date) else { return refuse(place, "date '\(entry.date)' is not YYYY-MM-DD") }
        guard LatestTime.allows(day, now: now, calendar: calendar) else {
            afterNow.append(MalformedRow(place: place, reason: "date \(day) is after today"))
            return nil
        }
        guard let edited = time(entry.editedAt, "editedAt", place: place), let editedAt = edited else { return nil }
        let note = entry.note.map(NoteText.clean)
        let routine = NameRules.label(entry.routine)
        return StoredSession(user: user, day: day, note: note?.isEmpty == true ? nil : note, routine: routine,
                             programDay: routine == nil ? nil : NameRules.label(entry.programDay), editedAt: editedAt)
    }

    mutating func routine(_ entry: HistoryDocument.RoutineEntry, place: String) -> Routine? {
        guard !entry.name.trimmingCharacters(in: .whitespaces).isEmpty else { return refuse(place, "the routine has no name") }
        var steps: [RoutineStep] = []
        for step in entry.exercises {
            guard let exercise = name(step.exercise, .exercise, place: place) else { return nil }
            var values: SetValues?
            if let weight = step.weight, let unit = step.unit, let reps = step.reps, let series = step.series {
                switch SetFormat.values(kind: step.kind.map { SourceValues.shown($0) }, mark: nil, weight: weight, unit: unit,
                                        reps: reps, series: series, seconds: step.seconds, distance: step.distance,
                                        distanceUnit: step.distanceUnit, rpe: step.rpe) {
                case .failure(let error): return refuse(place, "\(exercise): \(error.reason)")
                case .success(let (checked, _)): values = checked
                }
            }
            if let rest = step.rest, !(0...Supersets.longestRest).contains(rest) { return refuse(place, "\(exercise): rest \(rest) is not 0–3600 seconds") }
            steps.append(RoutineStep(exercise: exercise, values: values, rest: step.rest, superset: step.superset?.uppercased()))
        }
        if let problem = Supersets.problem(in: steps.map(\.superset)) { return refuse(place, "\(entry.name): \(problem)") }
        return Routine(name: entry.name, exercises: steps)
    }

    mutating func bodyWeight(_ entry: HistoryDocument.BodyWeightEntry, place: String) -> BodyWeight? {
        guard RecordUID.isValid(entry.uid) else { return refuse(place, "uid '\(SourceValues.shown(entry.uid))' is not a lower-case UUID") }
        guard let user = name(entry.user, .user, place: place) else { return nil }
        guard let unit = WeightUnit(rawValue: entry.unit), entry.weight.isFinite, entry.weight > 0,
              (entry.weight * 100).rounded() <= Double(unit.maximumHundredths) else {
            return refuse(place, "\(entry.weight) \(entry.unit) is not a body weight")
        }
        guard let measured = time(entry.measuredAt, "measuredAt", place: place), let measuredAt = measured,
              happened(measuredAt, "measuredAt", entry.measuredAt, place: place) else { return nil }
        return BodyWeight(id: 0, uid: entry.uid, user: user, weight: Weight(value: entry.weight, unit: unit), measuredAt: measuredAt)
    }

    mutating func coachNote(_ entry: HistoryDocument.CoachNoteEntry, place: String) -> CoachNote? {
        guard RecordUID.isValid(entry.uid) else { return refuse(place, "uid '\(SourceValues.shown(entry.uid))' is not a lower-case UUID") }
        guard let user = name(entry.user, .user, place: place), let coach = name(entry.coach, .user, place: place) else { return nil }
        guard let day = LocalDay(parsing: entry.date) else { return refuse(place, "date '\(SourceValues.shown(entry.date))' is not YYYY-MM-DD") }
        let text = CoachNote.normalized(NoteText.clean(entry.text))
        guard !text.isEmpty, !text.contains(where: \.isNewline) else { return refuse(place, "a coach's note is one line of text") }
        guard CoachNote.fits(text) else { return refuse(place, "a coach's note is at most \(CoachNote.longest) characters") }
        guard let created = time(entry.createdAt, "createdAt", place: place), let createdAt = created,
              happened(createdAt, "createdAt", entry.createdAt, place: place), let seen = time(entry.seenAt, "seenAt", place: place) else { return nil }
        // On the day it was written or before, wherever on earth it was written.
        guard day.daysSince1970 <= Int((createdAt.timeIntervalSince1970 / 86_400).rounded(.down)) + 1 else {
            return refuse(place, "date \(day) comes after the note was written")
        }
        return CoachNote(user: user, day: day, coach: coach, text: text, createdAt: createdAt, seenAt: seen, uid: entry.uid)
    }
}
