import Foundation
import TopWeightCore
import TopWeightText
import TopWeightUseCases

// MARK: - History (`:history [NAME|all] [N]`), paged on a screen

extension Session {
    /// The newest records of a member or of everybody. On a terminal a
    /// history longer than the screen is paged here, never by an external
    /// pager (one can start a shell): Space or PgDn next, b or PgUp back,
    /// Down and Up a line, `/text` keeps the exercises matching it, q back to logging.
    func showHistory(of name: String, limit: Int?) -> Outcome {
        var query = HistoryQuery()
        var whose = "everybody"
        if name.lowercased() != "all" {
            var member = name.isEmpty ? (turn.user ?? defaultUser()) : nil
            if !name.isEmpty {
                do {
                    member = try workouts.member(named: name)
                } catch {
                    warn(error.description)
                    return .done
                }
            }
            if let member {
                query.userID = member.id
                whose = member.name
            }
        }
        if let rows = source.screenRows, source.isInteractive {
            return .then(.opened(.pager(Pager(feed: HistoryFeed(query: query, limit: limit), whose: whose, height: max(rows - 1, 3)))))
        }
        printHistory(query, whose: whose, limit: limit ?? settings.historyPageSize)
        return .done
    }

    /// Without a screen (piped input): the newest `limit` records at once.
    private func printHistory(_ query: HistoryQuery, whose: String, limit: Int) {
        do {
            let page = try workouts.historyPage(query, limit: limit)
            guard !page.records.isEmpty else {
                say("No records yet for \(whose).")
                return
            }
            render(page.records, member: query.userID).forEach(console.say)
            if page.more {
                say("… older records exist: :history \(query.userID == nil ? "all" : whose) \(min(limit * 2, 10_000))")
            }
        } catch {
            warn(error.description)
        }
    }

    /// The pager's history read on far enough for its screen (see `Flow.page`).
    func fillPage(_ lines: Int) -> Outcome {
        guard case .pager(let pager) = turn.mode else { return .done }
        var feed = pager.feed
        do {
            try feed.fill(lines: lines, workouts: workouts, render: render)
        } catch {
            return .then(.failed(error.description))
        }
        return .then(.pageFilled(feed))
    }

    /// History lines; one member's days carry their notes under the heading.
    private func render(_ records: [WorkoutRecord], member: Int64?) -> [String] {
        var notes: [LocalDay: String] = [:]
        if let member, let newest = records.first, let oldest = records.last {
            notes = (try? prompts.notes(of: member, from: log.day(of: oldest.performedAt), through: log.day(of: newest.performedAt))) ?? [:]
        }
        return HistoryText.render(records, grouping: grouping, now: settings.now(), showUser: member == nil,
                                  notes: notes, noteStyle: settings.textStyle)
    }
}
