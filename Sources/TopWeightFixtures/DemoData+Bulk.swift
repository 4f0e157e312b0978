import Foundation
import TopWeightCore

extension DemoData {
    /// The records `next` hands out, onto an engine with a bulk path
    /// (PostgreSQL): in one transaction, `batchSize` to a page, each with a
    /// new uid. The generator cannot begin again: a transaction the server
    /// made begin again (a lost connection) fails whole, and nothing is kept.
    func adoptAll(_ next: () -> BulkRecord?, expected: Int, users: [User], exercises: [Exercise], now: Date,
                         into bulk: any BulkAdoption) throws(LogbookError) -> Int {
        let userNames = Dictionary(users.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        let exerciseNames = Dictionary(exercises.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var generator = SystemRandomNumberGenerator()
        var given = 0
        return try bulk.adoptAllRecords(expected: expected, now: now, read: { handed, _ throws(LogbookError) in
            guard handed == given else {
                throw LogbookError(.other, "the demo's transaction began again after \(given) records; nothing was kept: run demo again")
            }
            var page: [StoredRecord] = []
            page.reserveCapacity(batchSize)
            while page.count < batchSize, let record = next() {
                guard let user = userNames[record.userID], let exercise = exerciseNames[record.exerciseID] else {
                    throw LogbookError(.other, "a demo record names a member or an exercise it did not make")
                }
                page.append(StoredRecord(
                    id: 0, uid: RecordUID.make(at: record.createdAt, using: &generator), user: user, exercise: exercise.name,
                    category: exercise.category, values: record.values, performedAt: record.performedAt, createdAt: record.createdAt,
                    editedAt: nil, deletedAt: nil, exerciseKind: exercise.kind
                ))
            }
            given += page.count
            return page
        }, afterPage: { _ in }).records
    }
}
