import Foundation
import TopWeightCore
import TopWeightText
import TopWeightUseCases

// MARK: - History (`:history [NAME|all] [N]`), paged on a screen

extension Session {
    /// The pager's history read on far enough for its screen (see `Flow.page`).
    func fillPage(_ lines: Int) -> Outcome {
        guard case .pager(let pager) = turn.mode else { return .done }
        var feed = pager.feed
        return fetched { () throws(WorkoutsError) in
            try feed.fill(lines: lines, workouts: workouts, render: render)
            return .pageFilled(feed)
        }
    }

    /// History lines; one member's days carry their notes under the heading.
    /// While the server is away, a last line says only kept sets show, so
    /// none of the server's look lost.
    func render(_ records: [WorkoutRecord], member: Int64?) -> [String] {
        let notes = member.flatMap { try? prompts.notes(beside: records, of: $0, calendar: log.calendar) } ?? [:]
        let lines = HistoryText.render(records, grouping: grouping, now: settings.now(), showUser: member == nil,
                                       notes: notes, noteStyle: settings.textStyle)
        guard prompts.unreachable != nil else { return lines }
        return lines + ["Only the sets kept on this terminal show while the server is away."]
    }
}
