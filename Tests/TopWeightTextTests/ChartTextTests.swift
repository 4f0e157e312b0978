import Foundation
import Testing
@testable import TopWeightCore
import TopWeightText
import TopWeightTestSupport

@Suite("Charts, plates and body weight as text")
struct ChartTextTests {
    /// Ana's squat e1RM over seven weeks: a dip, PRs, a tie, a gap.
    static let series = ProgressSeries(metric: .e1rm, unit: .kg, points: [
        .init(day: day("2026-01-05"), value: 93.33, isRecord: false),
        .init(day: day("2026-01-08"), value: 96.25, isRecord: true),
        .init(day: day("2026-01-12"), value: 95, isRecord: false),
        .init(day: day("2026-01-15"), value: 99.17, isRecord: true),
        .init(day: day("2026-01-22"), value: 99.17, isRecord: false),
        .init(day: day("2026-01-29"), value: 105, isRecord: true),
        .init(day: day("2026-02-05"), value: 102.08, isRecord: false),
        .init(day: day("2026-02-19"), value: 110.83, isRecord: true),
    ])

    static let title = ChartText.title(member: "Ana", exercise: "Back Squat", metric: .e1rm, formula: .epley, glyphs: .unicode)
    static let asciiTitle = ChartText.title(member: "Ana", exercise: "Back Squat", metric: .e1rm, formula: .epley, glyphs: .ascii)

    // MARK: - Golden charts, 60 columns

    @Test("braille at 60 columns: the unit over round labels, a line by date, PRs marked, first and last dates")
    func unicodeGolden() {
        #expect(ChartText.render(Self.series, title: Self.title, width: 60, glyphs: .unicode) == [
            "Ana · Back Squat · best e1RM a day (Epley)",
            " kg",
            "115 ┤",
            "    │",
            "110 ┤                                                   ⢀⣀⠤●",
            "    │                                               ⣀⠤⠔⠊⠁",
            "105 ┤                            ⣀●⣀⣀          ⣀⠤⠔⠊⠉",
            "    │                        ⣀⠤⠒⠉    ⠉⠑⠒⠤⠤⣀⡠⠔⠒⠉",
            "100 ┤            ●⣀⣀⣀⣀⣀⣀⣀⣀⠤⠒⠉",
            "    │          ⡠⠊",
            " 95 ┤ ⢀⠔●⠉⠒⠒⠢⠤⠊",
            "    │⠊⠁",
            " 90 ┤",
            "    └───────────────────────────────────────────────────────",
            "     2026-01-05                                   2026-02-19",
            "8 days · last 110.8 kg · best 110.8 kg · ● PR",
        ])
    }

    @Test("plain ASCII at 60 columns: the same chart in characters any terminal shows")
    func asciiGolden() {
        let lines = ChartText.render(Self.series, title: Self.asciiTitle, width: 60, glyphs: .ascii)
        #expect(lines == [
            "Ana - Back Squat - best e1RM a day (Epley)",
            " kg",
            "115 +",
            "    |",
            "110 +                                                    --*",
            "    |                                              -----/",
            "105 +                           --*--\\       -----/",
            "    |                       ---/      ----o-/",
            "100 +           -*-------o-/",
            "    |   -*\\   -/",
            " 95 + -/   --o",
            "    |o",
            " 90 +",
            "    +-------------------------------------------------------",
            "     2026-01-05                                   2026-02-19",
            "8 days, last 110.8 kg, best 110.8 kg, * PR",
        ])
        #expect(lines.allSatisfy { $0.unicodeScalars.allSatisfy(\.isASCII) })
    }

    @Test("no line is wider than the width asked, and the plot fills it", arguments: [40, 61, 80, 132])
    func fitsWidth(width: Int) {
        for glyphs in [ChartGlyphs.unicode, .ascii] {
            let lines = ChartText.render(Self.series, title: Self.title, width: width, glyphs: glyphs)
            #expect(lines.allSatisfy { TerminalText.width($0) <= width }, "\(lines)")
            #expect(lines.contains { TerminalText.width($0) == width }, "the axis runs to the edge")
            #expect(lines.allSatisfy { !$0.contains("\u{1B}") })
        }
    }

    @Test("a narrow terminal still gets a plot two dates wide")
    func narrow() {
        let lines = ChartText.render(Self.series, title: Self.title, width: 20, glyphs: .ascii)
        #expect(lines.contains("     2026-01-05  2026-02-19"))
    }

    @Test("one day: one point, one date, no PR; an empty series says there is nothing to draw")
    func onePoint() {
        let one = ProgressSeries(metric: .weight, unit: .lb, points: [.init(day: day("2026-03-01"), value: 225, isRecord: false)])
        let lines = ChartText.render(one, title: "Bea · Deadlift · heaviest set a day", width: 40, glyphs: .ascii)
        #expect(lines[1] == " lb")
        #expect(lines.joined().filter { $0 == "o" }.count == 1, "one point, no line: \(lines)")
        #expect(!lines.dropFirst(2).dropLast(3).joined().contains { "/\\".contains($0) })
        #expect(lines[lines.count - 2] == "     2026-03-01")
        #expect(lines.last == "1 day, last 225 lb, best 225 lb")
        // In braille too the one day is a dot on the plot, though it is no PR.
        let braille = ChartText.render(one, title: "Bea · Deadlift · heaviest set a day", width: 40, glyphs: .unicode)
        let dots = braille.dropFirst(2).dropLast(3).joined().unicodeScalars.filter { (0x2801...0x28FF).contains($0.value) }
        #expect(dots.count == 1, "one dot: \(braille)")
        let empty = ProgressSeries(metric: .weight, unit: .kg, points: [])
        #expect(ChartText.render(empty, title: "T", width: 40, glyphs: .unicode) == ["T", "Nothing to draw yet."])
    }

    @Test("names in the title are made terminal-safe; a long title is cut to the width")
    func title() {
        let hostile = ChartText.title(member: "Eve\u{1B}[2J", exercise: "Squat", metric: .volume, formula: .epley, glyphs: .ascii)
        #expect(hostile == "Eve^[[2J - Squat - volume a day (weight x reps x series)")
        #expect(ChartText.title(member: "Ana", exercise: nil, metric: .bodyweight, formula: .epley, glyphs: .unicode) == "Ana · body weight")
        #expect(ChartText.title(member: "Ana", exercise: "Bench", metric: .e1rm, formula: .brzycki, glyphs: .unicode)
                == "Ana · Bench · best e1RM a day (Brzycki)")
        let long = ChartText.render(Self.series, title: String(repeating: "李", count: 40), width: 40, glyphs: .unicode)
        #expect(long[0] == String(repeating: "李", count: 19) + "…")
    }

    @Test("body weight: the summary gives the range, never a best")
    func bodyWeightSummary() {
        let body = ProgressSeries(metric: .bodyweight, unit: .kg, points: [
            .init(day: day("2026-03-01"), value: 71.5, isRecord: false),
            .init(day: day("2026-03-08"), value: 70.2, isRecord: false),
        ])
        #expect(ChartText.render(body, title: "Ana · body weight", width: 60, glyphs: .unicode).last
                == "2 days · last 70.2 kg · from 70.2 to 71.5 kg")
    }

    /// LC_ALL, LC_CTYPE, LANG (nil: unset) and the glyphs.
    @Test("Unicode when the first of LC_ALL, LC_CTYPE, LANG that is set names UTF-8; ASCII otherwise", arguments: [
        (nil, nil, "en_GB.UTF-8", ChartGlyphs.unicode),
        (nil, nil, "C.utf8", .unicode),
        (nil, nil, "de_DE.UTF-8@euro", .unicode),
        (nil, "en_US.UTF-8", "C", .unicode),
        ("C", nil, "en_GB.UTF-8", .ascii),
        ("", nil, "en_GB.UTF-8", .unicode),
        (nil, nil, "C", .ascii),
        (nil, nil, "POSIX", .ascii),
        (nil, nil, "en_US.ISO-8859-1", .ascii),
        (nil, nil, "en_US", .ascii),
        (nil, nil, nil, .ascii),
    ] as [(String?, String?, String?, ChartGlyphs)])
    func glyphs(all: String?, ctype: String?, lang: String?, expected: ChartGlyphs) {
        var environment: [String: String] = [:]
        environment["LC_ALL"] = all
        environment["LC_CTYPE"] = ctype
        environment["LANG"] = lang
        #expect(ChartGlyphs.detect(environment: environment) == expected)
    }

    @Test("JSON: the points oldest first with date, value, unit and pr")
    func json() throws {
        let text = ChartText.json(Self.series)
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        #expect(rows.count == 8)
        #expect(rows[0]["date"] as? String == "2026-01-05")
        #expect(rows[0]["value"] as? Double == 93.33)
        #expect(rows[0]["unit"] as? String == "kg")
        #expect(rows[0]["pr"] as? Bool == false)
        #expect(rows.map { $0["pr"] as? Bool } == [false, true, false, true, false, true, false, true])
        #expect(text.hasPrefix("[\n  {\"date\":\"2026-01-05\",\"value\":93.33,\"unit\":\"kg\",\"pr\":false},\n"))
        #expect(ChartText.json(ProgressSeries(metric: .volume, unit: .kg, points: [])) == "[]")
    }

    // MARK: - Plates

    static let bar = Weight(value: 20, unit: .kg)

    @Test("plates: the load a side, or why not and the nearest loads either way")
    func platesText() {
        let set = PlateSet.standard(.kg)
        func render(_ target: Double, plates: PlateSet = set) -> [String] {
            let weight = Weight(value: target, unit: .kg)
            return PlatesText.render(PlateSolver.solve(target: weight.hundredths, bar: 2000, plates: plates), target: weight, bar: Self.bar, plates: plates)
        }
        #expect(render(100) == ["100 kg on a 20 kg bar: per side 25 + 15 kg"])
        #expect(render(20) == ["20 kg on a 20 kg bar: the bar alone, no plates"])
        #expect(render(101) == [
            "101 kg can't be made exactly on a 20 kg bar.",
            "Nearest below: 100 kg: per side 25 + 15 kg",
            "Nearest above: 102.5 kg: per side 25 + 15 + 1.25 kg",
            "The gym's kg plates: 25, 20, 15, 10, 5, 2.5, 1.25",
        ])
        // Short enough for a 60-column terminal.
        #expect(render(101).allSatisfy { $0.count <= 60 })
        let few = PlateSet(unit: .kg, plates: [PlateSet.Plate(hundredths: 2000, pairs: 1)])
        #expect(render(21, plates: few) == [
            "21 kg can't be made exactly on a 20 kg bar.",
            "Nearest below: 20 kg: the bar alone, no plates",
            "Nearest above: 60 kg: per side 20 kg",
            "The gym's kg plates: 20x1",
        ])
        #expect(render(100, plates: few).dropLast().last == "Nearest above: none, the plates run out")
        #expect(render(15) == ["15 kg is lighter than the 20 kg bar."])
    }

    @Test("plates as JSON: target, unit, bar, exact, and the loads")
    func platesJSON() throws {
        func object(_ target: Double) throws -> [String: Any] {
            let weight = Weight(value: target, unit: .kg)
            let text = PlatesText.json(PlateSolver.solve(target: weight.hundredths, bar: 2000, plates: .standard(.kg)), target: weight, bar: Self.bar)
            return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        }
        let exact = try object(100)
        #expect(exact["target"] as? Int == 100 && exact["unit"] as? String == "kg" && exact["bar"] as? Int == 20)
        #expect(exact["exact"] as? Bool == true)
        let load = try #require(exact["load"] as? [String: Any])
        #expect(load["total"] as? Int == 100 && load["perSide"] as? [Double] == [25, 15])
        #expect(exact["below"] is NSNull && exact["above"] is NSNull)
        let near = try object(101)
        #expect(near["exact"] as? Bool == false && near["load"] is NSNull)
        #expect((near["below"] as? [String: Any])?["total"] as? Int == 100)
        #expect((near["above"] as? [String: Any])?["perSide"] as? [Double] == [25, 15, 1.25])
    }

    // MARK: - Body weight

    static let grouping = HistoryGrouping(timeZone: TimeZone(identifier: "UTC") ?? .current)
    /// 2026-03-10 12:00 UTC, a Tuesday.
    static let now = Date(timeIntervalSince1970: 1_773_144_000)

    static func measured(_ weight: Double, _ unit: WeightUnit, hoursAgo: Double, id: Int64) -> BodyWeight {
        BodyWeight(id: id, uid: "u\(id)", user: "Ana", weight: Weight(value: weight, unit: unit), measuredAt: now.addingTimeInterval(-hoursAgo * 3_600))
    }

    static let measurements = [
        measured(156, .lb, hoursAgo: 4.5, id: 4),     // 07:30 today
        measured(70.5, .kg, hoursAgo: 28.5, id: 3),   // 07:30 yesterday: 155.43 lb
        measured(71, .kg, hoursAgo: 52.5, id: 2),
        measured(71, .kg, hoursAgo: 220.5, id: 1),
    ]

    @Test("in one unit the changes need no unit")
    func bodyTextOneUnit() {
        let kilos = Array(Self.measurements.dropFirst())
        #expect(BodyText.render(kilos, grouping: Self.grouping, now: Self.now) == [
            "Yesterday 07:30  70.5 kg  -0.5",
            "Sun 8 Mar 07:30    71 kg  ±0",
            "Sun 1 Mar 07:30    71 kg",
        ])
    }

    @Test("body weights newest first, aligned, each with the change from the one before (units converted, to the tenth across a change, and named when they mix)")
    func bodyText() {
        #expect(BodyText.render(Self.measurements, grouping: Self.grouping, now: Self.now) == [
            "Today 07:30       156 lb  +0.6 lb",
            "Yesterday 07:30  70.5 kg  -0.5 kg",
            "Sun 8 Mar 07:30    71 kg  ±0 kg",
            "Sun 1 Mar 07:30    71 kg",
        ])
        #expect(BodyText.saved(Self.measurements[0], grouping: Self.grouping, now: Self.now) == "Weighed: Ana 156 lb (Today 07:30)")
        var hostile = Self.measurements[0]
        hostile.user = "Eve\u{1B}]0;x\u{7}"
        #expect(!BodyText.saved(hostile, grouping: Self.grouping, now: Self.now).contains("\u{1B}"))
    }

    @Test("body weights as JSON: date (the local day), weight, unit, measuredAt; newest first")
    func bodyJSON() throws {
        let text = BodyText.json(Self.measurements, timeZone: TimeZone(identifier: "UTC") ?? .current)
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        #expect(rows.map { $0["date"] as? String } == ["2026-03-10", "2026-03-09", "2026-03-08", "2026-03-01"])
        #expect(rows[0]["weight"] as? Int == 156 && rows[0]["unit"] as? String == "lb")
        #expect(rows[1]["weight"] as? Double == 70.5 && rows[1]["unit"] as? String == "kg")
        #expect(rows[0]["measuredAt"] as? String == "2026-03-10T07:30:00+00:00")
        #expect(BodyText.json([], timeZone: .current) == "[]")
    }
}
