import Foundation
import TopWeightCore

/// `topweight copy SOURCE DEST`: everything in one database added to
/// another (a file to a server, a server to a file, one server to another).
///
/// Members and exercises are matched by name and come with what is known of
/// them (`StoredMember`, `StoredExercise`: a private member stays private,
/// an exercise keeps its kind and category), records by their stable uid,
/// sessions' notes and routines by member name and day, the gym's routines by
/// name, body weights by their stable uid, settings by key; members'
/// credentials (PIN and card hashes, with the card key, and coaches'
/// flags) before any setting, so a policy never arrives without the keys
/// it asks for (`WholeCopy.adoptAccess`), and the coach who logged a set
/// with it; nothing in the destination is overwritten or
/// removed (a day that already has a note or routine there keeps its own, so
/// no note is ever doubled), so a second run adds nothing and an interrupted
/// run can simply be repeated.
public enum LogbookCopy {
    public struct Summary: Sendable, Equatable {
        public var members = 0
        public var exercises = 0
        public var records = 0
        /// Records the destination already had (by uid).
        public var recordsAlreadyThere = 0
        /// Members' days with a note or a routine.
        public var sessions = 0
        /// Days the destination already kept for that member (left as they were).
        public var sessionsAlreadyThere = 0
        /// The gym's own routines.
        public var routines = 0
        /// Routines the destination already had by name (left as they were).
        public var routinesAlreadyThere = 0
        public var settings = 0
        /// Body-weight measurements.
        public var bodyWeights = 0
        /// Measurements the destination already had (by uid).
        public var bodyWeightsAlreadyThere = 0
        /// Members' PINs, cards and coaches' flags taken, and those refused.
        public var access = AccessAdoption()
        /// Sets whose coach was noted with them.
        public var coachedSets = 0
    }

    /// Copies `source` into `destination`; `progress` hears (records read, records in all) after each page.
    public static func run(
        from source: any StorageEngine, to destination: any StorageEngine, now: Date, pageSize: Int = 5_000,
        progress: (Int, Int) -> Void = { _, _ in }
    ) throws(LogbookError) -> Summary {
        var summary = Summary()
        // Counted from the names, not `health()`: on a file that runs a whole integrity check.
        let membersBefore = try destination.names(of: .user, after: 0).count
        let exercisesBefore = try destination.names(of: .exercise, after: 0).count

        // Members and exercises with all that is known of them (privacy, kind, category), before any set.
        let members = try source.storedMembers()
        try destination.adoptMembers(members, now: now)
        // Their credentials (hashes only) with the card key they were made with.
        summary.access = try destination.adoptAccess(members, cardKey: source.credentials().cardKey)
        try destination.adoptExercises(source.storedExercises(), now: now)
        summary.members = try destination.names(of: .user, after: 0).count - membersBefore
        summary.exercises = try destination.names(of: .exercise, after: 0).count - exercisesBefore

        // Live records; tombstones come on top (the bar stops at 100 %).
        let total = try source.recordCount()
        if let bulk = destination as? any BulkAdoption {
            // One transaction for every record, on an engine with a bulk path: all or nothing.
            var read = 0
            let adopted = try bulk.adoptAllRecords(expected: total, now: now, read: { _, last throws(LogbookError) in
                try source.storedRecords(after: last?.id ?? 0, limit: pageSize)
            }, afterPage: { handed in
                read = handed
                progress(handed, max(total, handed))
            })
            summary.records = adopted.records
            summary.recordsAlreadyThere = read - adopted.records
            summary.coachedSets = adopted.coached
        } else {
            try copyRecords(from: source, to: destination, total: total, now: now, pageSize: pageSize, summary: &summary, progress: progress)
        }
        // Kept days, `pageSize` to a statement: a member's day already kept there stays as it is.
        let sessions = try source.storedSessions()
        var start = 0
        while start < sessions.count {
            let page = Array(sessions[start..<min(start + pageSize, sessions.count)])
            let added = try destination.adoptSessions(page, now: now)
            summary.sessions += added
            summary.sessionsAlreadyThere += page.count - added
            start += page.count
        }
        // Coaches' notes, each once by its uid, shown or not as they were.
        _ = try destination.adoptCoachNotes(source.coachNotes(userID: nil))
        let routines = try source.routines()
        summary.routines = try destination.adoptRoutines(routines, now: now)
        summary.routinesAlreadyThere = routines.count - summary.routines
        // Body weights, by id in pages, matched by uid.
        (summary.bodyWeights, summary.bodyWeightsAlreadyThere) = try copyPages(
            from: { after throws(LogbookError) in try source.storedBodyWeights(after: after, limit: pageSize) }, id: \.id,
            to: { page throws(LogbookError) in try destination.adoptBodyWeights(page, now: now) }
        )
        summary.settings = try destination.adoptSettings(source.settings())
        return summary
    }

    /// Records page by page, each page its own transaction (an engine without a bulk path).
    private static func copyRecords(
        from source: any StorageEngine, to destination: any StorageEngine, total: Int, now: Date, pageSize: Int,
        summary: inout Summary, progress: (Int, Int) -> Void
    ) throws(LogbookError) {
        var read = 0
        var coached = 0
        (summary.records, summary.recordsAlreadyThere) = try copyPages(
            from: { after throws(LogbookError) in try source.storedRecords(after: after, limit: pageSize) }, id: \.id,
            to: { page throws(LogbookError) in
                let added = try destination.adoptRecords(page, now: now)
                coached += try destination.adoptCoachMarks(page.compactMap { record in record.coach.map { CoachMark(uid: record.uid, coach: $0) } })
                return added
            }
        ) { count in
            read += count
            progress(read, max(total, read))
        }
        summary.coachedSets = coached
    }

    /// Rows read in pages by id (`read` gives those after an id, up to a
    /// page) and handed to `adopt` until none are left; `afterPage` hears
    /// each page's size. How many the destination added, and how many it had.
    private static func copyPages<Row>(
        from read: (Int64) throws(LogbookError) -> [Row], id: KeyPath<Row, Int64>,
        to adopt: ([Row]) throws(LogbookError) -> Int, afterPage: (Int) -> Void = { _ in }
    ) throws(LogbookError) -> (added: Int, alreadyThere: Int) {
        var added = 0
        var alreadyThere = 0
        var cursor: Int64 = 0
        while true {
            let page = try read(cursor)
            guard let last = page.last else { break }
            let adopted = try adopt(page)
            added += adopted
            alreadyThere += page.count - adopted
            cursor = last[keyPath: id]
            afterPage(page.count)
        }
        return (added, alreadyThere)
    }
}
