import Foundation
import Testing
import TopWeightCore
import TopWeightText

/// The board's page, JSON and terminal screen, compared with golden files
/// under `Golden/` (`TOPWEIGHT_RECORD_GOLDEN=1` writes them again, and fails
/// the run so a recording never passes for a check).
@Suite("The gym's board rendered")
struct BoardTextTests {
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
    static let utc = TimeZone(identifier: "UTC")!
    static let today = LocalDay(year: 2026, month: 11, day: 25)!
    static let noon = Date(timeIntervalSince1970: 1_795_608_000)

    /// A busy Wednesday, with a name that needs escaping on every page.
    static var figures: BoardFigures {
        let window = BoardWindow(
            todayStart: noon, tomorrowStart: noon, weekStart: noon, monthStart: noon, strengthSince: noon, streaksSince: noon,
            zone: ZoneOffsets(changes: [.init(from: 0, seconds: 0)]),
            mainLifts: ["Back Squat", "Bench Press", "Deadlift", "Overhead Press"], totalLifts: ["Back Squat", "Bench Press", "Deadlift"])
        func set(_ id: Int64, _ user: String, _ exercise: String, _ kg: Double, _ reps: Int, _ minutes: Double, _ prior: Double) -> BoardFacts.TodaySet {
            .init(id: id, user: user, exercise: exercise, values: SetValues(weight: Weight(value: kg, unit: .kg), reps: reps, series: 3),
                  performedAt: noon.addingTimeInterval(minutes * 60), priorHeaviest: prior, priorEstimate: prior)
        }
        let facts = BoardFacts(
            lifters: [.init(name: "Ana", records: 4, sets: 12, lastAt: noon), .init(name: "<Bob & \"Co\">", records: 2, sets: 1, lastAt: noon),
                      .init(name: "李雷", records: 3, sets: 9, lastAt: noon)],
            todaySets: [set(1, "Ana", "Bench Press", 100, 5, 0, 97.5), set(2, "李雷", "Back Squat", 142.5, 3, 30, 140)],
            monthBests: [.init(user: "Ana", lift: "Bench Press", kilograms: 116.67), .init(user: "李雷", lift: "Back Squat", kilograms: 156.75),
                         .init(user: "<Bob & \"Co\">", lift: "Back Squat", kilograms: 150)],
            strengthBests: [.init(user: "Ana", lift: "Back Squat", kilograms: 120), .init(user: "Ana", lift: "Bench Press", kilograms: 116.67),
                            .init(user: "Ana", lift: "Deadlift", kilograms: 150)],
            bodies: [.init(user: "Ana", weight: Weight(value: 60, unit: .kg))],
            weekVolume: [.init(user: "Ana", kilograms: 12_345.5, sets: 20), .init(user: "李雷", kilograms: 9_870, sets: 15)],
            activeDays: [.init(user: "Ana", day: today), .init(user: "Ana", day: today.adding(days: -7))])
        return BoardFigures(facts: facts, window: window, today: today, streaksFrom: today.adding(days: -7 * 103 - 2))
    }

    static func compare(_ text: String, golden name: String) throws {
        let url = golden.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["TOPWEIGHT_RECORD_GOLDEN"] == "1" {
            try text.write(to: url, atomically: true, encoding: .utf8)
            Issue.record("recorded \(name); run again without TOPWEIGHT_RECORD_GOLDEN")
            return
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        #expect(text == expected, "differs from Golden/\(name)")
    }

    @Test("The JSON document matches its golden file and parses")
    func json() throws {
        let text = BoardJSON.document(Self.figures, timeZone: Self.utc)
        try Self.compare(text, golden: "board.json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["date"] as? String == "2026-11-25")
        #expect((object["lifters"] as? [[String: Any]])?.first?["user"] as? String == "Ana")
    }

    @Test("The page matches its golden file; names are escaped, no raw markup from the data")
    func html() throws {
        let page = BoardHTML.page(Self.figures, title: "Top Weight", updated: "12:30:00", timeZone: Self.utc)
        try Self.compare(page, golden: "board.html")
        #expect(page.contains("&lt;Bob &amp; &quot;Co&quot;&gt;"))
        // The script exactly as hashed for the Content-Security-Policy, or a browser refuses to run it.
        #expect(page.contains("<script>\(BoardHTML.script)</script>"))
        #expect(!page.contains("<Bob"))
    }

    @Test("The terminal screen at 100 × 30 matches its golden file")
    func screen() throws {
        let lines = BoardText.screen(Self.figures, title: "Top Weight", clock: "12:30", timeZone: Self.utc, width: 100, height: 30, style: .plain)
        try Self.compare(lines.joined(separator: "\n") + "\n", golden: "board-100x30.txt")
    }

    @Test("The screen fits the terminal: no line wider, never more lines than it has", arguments: [
        (20, 4), (40, 12), (60, 20), (80, 24), (100, 30), (132, 43), (200, 60), (80, 8),
    ])
    func fits(size: (width: Int, height: Int)) {
        let lines = BoardText.screen(Self.figures, title: "Top Weight", clock: "12:30", timeZone: Self.utc,
                                     width: size.width, height: size.height, style: .plain)
        #expect(lines.count <= size.height)
        #expect(!lines.isEmpty)
        for line in lines { #expect(TerminalText.width(line) <= size.width, "\(line)") }
    }

    @Test("A small terminal shows each panel's first rows, not only how many it left out", arguments: [
        (60, 20), (80, 12), (40, 16), (60, 14),
    ])
    func small(size: (width: Int, height: Int)) {
        let lines = BoardText.screen(Self.figures, title: "Top Weight", clock: "12:30", timeZone: Self.utc,
                                     width: size.width, height: size.height, style: .plain)
        #expect(lines.count <= size.height)
        // The busiest lifter and the newest PR are on the screen, whatever else had to go.
        #expect(lines.contains { $0.hasPrefix("Ana") && $0.contains("12 sets") }, "\(lines.joined(separator: "\n"))")
        #expect(lines.contains { $0.contains("李雷 Back Squat") }, "\(lines.joined(separator: "\n"))")
        // No panel is a title over nothing but "… N more".
        for (index, line) in lines.enumerated().dropLast() where line.hasPrefix("Lifting today") || line.hasPrefix("Today's PRs") {
            #expect(!lines[index + 1].hasPrefix("… "), "\(line) shows no row")
        }
    }

    @Test("A long list of today's lifters shows ten and says how many more, on the page and on the screen")
    func more() {
        var facts = BoardFacts()
        facts.lifters = (1...14).map { .init(name: "M\($0)", records: 1, sets: $0, lastAt: Self.noon) }
        let window = BoardWindow(todayStart: Self.noon, tomorrowStart: Self.noon, weekStart: Self.noon, monthStart: Self.noon,
                                 strengthSince: Self.noon, streaksSince: Self.noon, zone: ZoneOffsets(changes: [.init(from: 0, seconds: 0)]),
                                 mainLifts: [], totalLifts: [])
        let figures = BoardFigures(facts: facts, window: window, today: Self.today, streaksFrom: Self.today)
        let page = BoardHTML.page(figures, title: "Top Weight", updated: "12:30:00", timeZone: Self.utc)
        #expect(page.contains("<p class=\"more\">and 4 more</p>"))
        #expect(page.contains(">M5<"))
        #expect(!page.contains(">M4<"))
        let lines = BoardText.screen(figures, title: "Top Weight", clock: "12:30", timeZone: Self.utc, width: 60, height: nil, style: .plain)
        #expect(lines.contains("… 4 more"))
        let short = BoardText.screen(figures, title: "Top Weight", clock: "12:30", timeZone: Self.utc, width: 60, height: 24, style: .plain)
        #expect(short.contains { $0.hasPrefix("… ") && $0.hasSuffix(" more") })
    }

    @Test("On a wide terminal the panels sit three abreast, on a narrow one stacked")
    func layout() {
        let wide = BoardText.screen(Self.figures, title: "Top Weight", clock: "12:30", timeZone: Self.utc, width: 150, height: 40, style: .plain)
        let narrow = BoardText.screen(Self.figures, title: "Top Weight", clock: "12:30", timeZone: Self.utc, width: 60, height: 80, style: .plain)
        #expect(wide.contains { $0.contains("Lifting today") && $0.contains("Today's PRs") && $0.contains("Best e1RM this month") })
        #expect(narrow.contains { $0.hasPrefix("Lifting today") })
        #expect(!narrow.contains { $0.contains("Lifting today") && $0.contains("Today's PRs") })
    }
}
