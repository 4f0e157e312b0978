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
    func showHistory(_ argument: String) -> Ending? {
        var words = argument.split(whereSeparator: { $0.isWhitespace }).map(String.init)
        var limit: Int?
        // A last word written as a number is the count, in range or not (it is no name).
        if let last = words.last, WholeNumber.isWritten(last) {
            switch WholeNumber.parse(last, "the number of records", in: 1...10_000, example: ":history all 50") {
            case .success(let count): limit = count
            case .failure(let error):
                warn(error)
                return nil
            }
            words.removeLast()
        }
        let name = words.joined(separator: " ")
        var query = HistoryQuery()
        var whose = "everybody"
        if name.lowercased() != "all" {
            var member = name.isEmpty ? (user ?? defaultUser()) : nil
            if !name.isEmpty {
                do {
                    member = try workouts.member(named: name)
                } catch {
                    warn(error.description)
                    return nil
                }
            }
            if let member {
                query.userID = member.id
                whose = member.name
            }
        }
        if let rows = source.screenRows, source.isInteractive {
            return page(HistoryFeed(query: query, limit: limit), whose: whose, height: max(rows - 1, 3))
        }
        printHistory(query, whose: whose, limit: limit ?? settings.historyPageSize)
        return nil
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

    /// Shows `feed` a screen at a time until q (or the end is passed).
    private func page(_ start: HistoryFeed, whose: String, height: Int) -> Ending? {
        var feed = start
        var top = 0
        // The first line not on the screen yet: Down prints one line, not the page again.
        var shownEnd = 0
        while true {
            do {
                try feed.fill(lines: top + height + 1, workouts: workouts, render: render)
            } catch {
                warn(error.description)
                return nil
            }
            let lines = feed.lines
            if lines.isEmpty {
                say(feed.filter.map { "No \(whose == "everybody" ? "" : whose + "'s ")records match /\($0)." } ?? "No records yet for \(whose).")
                if feed.filter == nil { return nil }
            }
            // Short enough for one screen, and nothing filtered: no pager at all.
            if top == 0, feed.exhausted, lines.count <= height, feed.filter == nil {
                lines.forEach(console.say)
                return nil
            }
            let end = min(top + height, lines.count)
            lines[min(max(top, shownEnd), end)..<end].forEach(console.say)
            shownEnd = end
            let total = feed.exhausted ? "\(lines.count)" : "\(lines.count)+"
            let filter = feed.filter.map { " /\($0)" } ?? ""
            let shown = lines.isEmpty ? "nothing" : "\(top + 1)–\(end) of \(total)"
            let status = "-- \(shown)\(filter) -- Space next · b back · /text filter · q done "
            switch source.readPagerKey(prompt: status) {
            case .line(let key):
                switch key {
                case " ", "pagedown", "f", "\r", "\n", "right":
                    if end >= lines.count, feed.exhausted { return nil }
                    top = end
                case "down", "j":
                    // A line on; at the end it stays (only Space and q leave).
                    if end < lines.count || !feed.exhausted { top += 1 }
                case "b", "pageup", "left":
                    top = max(0, top - height)
                    shownEnd = top
                case "up", "k":
                    top = max(0, top - 1)
                    shownEnd = top
                case "/":
                    switch source.readLine(prompt: "/", complete: nil) {
                    case .line(let text):
                        feed = HistoryFeed(query: feed.query, limit: feed.limit, filter: text.trimmingWhitespace())
                        top = 0
                        shownEnd = 0
                    case .terminated: return .terminated
                    case .timedOut:
                        idleResetFromModal()
                        return nil
                    case .interrupted, .endOfInput: break
                    }
                case "q", "Q", "escape":
                    return nil
                default:
                    break
                }
            case .terminated:
                return .terminated
            case .timedOut:
                idleResetFromModal()
                return nil
            case .interrupted, .endOfInput:
                return nil
            }
        }
    }

    /// History lines; one member's days carry their notes under the heading.
    private func render(_ records: [WorkoutRecord], member: Int64?) -> [String] {
        var notes: [LocalDay: String] = [:]
        if let member, let newest = records.first, let oldest = records.last {
            let infos = (try? store.sessionInfos(userID: member, from: log.day(of: oldest.performedAt),
                                                 through: log.day(of: newest.performedAt))) ?? []
            for info in infos { if let note = info.note { notes[info.day] = note } }
        }
        return HistoryText.render(records, grouping: grouping, now: settings.now(), showUser: member == nil,
                                  notes: notes, noteStyle: settings.textStyle)
    }
}

/// History read a page at a time as the pager moves on, with an optional
/// filter on the exercise name: a million records never load at once.
struct HistoryFeed {
    var query: HistoryQuery
    /// At most this many records (`:history all 50`), else all.
    var limit: Int?
    /// Only exercises whose name holds this text (any case); empty for all.
    var filter: String?
    private(set) var records: [WorkoutRecord] = []
    private(set) var lines: [String] = []
    private(set) var exhausted = false
    /// The oldest record read so far: where the next page starts.
    private var lastScanned: WorkoutRecord?

    /// How many records one filtered search reads before it shows what it found.
    static let scanLimit = 50_000

    init(query: HistoryQuery, limit: Int?, filter: String? = nil) {
        self.query = query
        self.limit = limit
        self.filter = filter.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Reads on until `count` lines are rendered or nothing is left.
    mutating func fill(lines count: Int, workouts: Workouts, render: ([WorkoutRecord], Int64?) -> [String]) throws(WorkoutsError) {
        let key = filter.map(NameRules.key)
        var scannedNow = 0
        while !exhausted, lines.count < count, scannedNow < Self.scanLimit {
            var page = query
            if let last = lastScanned { page.before = (last.performedAt, last.id) }
            let size = 500
            let (found, more) = try workouts.historyPage(page, limit: size)
            scannedNow += found.count
            lastScanned = found.last ?? lastScanned
            var kept = key.map { key in found.filter { NameRules.key($0.exercise).contains(key) } } ?? found
            if let limit, records.count + kept.count >= limit {
                kept = Array(kept.prefix(limit - records.count))
                exhausted = true
            }
            records += kept
            if !more { exhausted = true }
            lines = render(records, query.userID)
        }
    }

}
