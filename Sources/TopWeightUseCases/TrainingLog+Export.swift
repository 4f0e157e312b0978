import Foundation
import TopWeightCore

// MARK: - The log as a document (`export --format markdown`)

extension TrainingLog {
    /// The member's days from `from` through `through` (each end open when
    /// `nil`), oldest first: every day with sets, with its note and routine,
    /// and the days with a note or a routine kept but no set.
    public func loggedDays(of member: User, from: LocalDay?, through: LocalDay?) throws(WorkoutsError) -> [TrainingSession] {
        let last = through ?? LocalDay(year: 9999, month: 12, day: 31) ?? LocalDay(Date(), in: calendar)
        var days = try sessions(of: member, since: from, through: last, limit: nil)
        let first = from ?? LocalDay(year: 1, month: 1, day: 1) ?? last
        let infos = try dayInfos(of: member, from: first, through: last)
        let trained = Set(days.map(\.day))
        for info in infos where !trained.contains(info.day) {
            guard info.note?.contains(where: { !$0.isWhitespace }) == true || info.routine?.isEmpty == false else { continue }
            days.append(TrainingSession(day: info.day, user: member.name, records: [], note: info.note, routine: info.routine,
                                         programDay: info.programDay))
        }
        return days.sorted { $0.day < $1.day }
    }
}
