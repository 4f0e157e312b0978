import Foundation
import Testing
import TopWeightCore
import TopWeightREPL
import TopWeightStore
import TopWeightTestSupport

/// `:chart`, `:plates` and `:weigh` in the logger, driven line by line.
@Suite("Charts, plates and body weight in the logger")
struct ChartFlowTests {
    static let day: TimeInterval = 86_400

    /// One bench set, then Ana's squats on four days (a warm-up heavier than all, never drawn), saved in that order.
    static func seeded() throws -> Fixture {
        let fixture = try Fixture()
        let ana = try fixture.store.createUser(named: "Ana")
        let squat = try fixture.store.createExercise(named: "Back Squat")
        let bench = try fixture.store.createExercise(named: "Bench Press")
        _ = try fixture.store.save(NewRecord(user: ana, exercise: bench, values: .kg(60, 8, 3),
                                             performedAt: Fixture.now.addingTimeInterval(-9 * day)))
        _ = try fixture.store.save(NewRecord(user: ana, exercise: squat, values: .kg(250, 5, 1),
                                             performedAt: Fixture.now.addingTimeInterval(-4 * day - 600), kind: .warmup))
        for (daysAgo, weight) in [(10.0, 100.0), (7, 105), (4, 102.5), (1, 110)] {
            _ = try fixture.store.save(NewRecord(user: ana, exercise: squat, values: .kg(weight, 5, 3),
                                                 performedAt: Fixture.now.addingTimeInterval(-daysAgo * day)))
        }
        return fixture
    }

    /// Warnings other than the one the end of the script brings.
    static func problems(_ console: RecordingConsole) -> [String] {
        console.warned.filter { !$0.hasPrefix("Bye, ") }
    }

    // MARK: :chart

    @Test(":chart without a name draws the exercise at hand (the member's last) to the screen's width, in ASCII by default")
    func chartDefault() throws {
        let fixture = try Self.seeded()
        let source = ScriptedLineSource(lines: ["Ana", ":chart"])
        source.screenColumns = 60
        let (console, _) = fixture.run(source)
        let title = try #require(console.said.firstIndex(of: "Ana - Back Squat - best e1RM a day (Epley)"))
        let chart = Array(console.said[title...])
        #expect(chart[1] == " kg")
        #expect(chart.contains("     2026-11-11                                   2026-11-20"))
        // 100 × (1 + 5/30) … 110 × (1 + 5/30): the warm-up's 250 kg never shows.
        #expect(chart.last == "4 days, last 128.3 kg, best 128.3 kg, * PR")
        #expect(chart.allSatisfy { $0.count <= 60 && $0.unicodeScalars.allSatisfy(\.isASCII) })
        #expect(chart.contains { $0.count == 60 })
        #expect(Self.problems(console).isEmpty)
    }

    @Test(":chart NAME METRIC: a short name will do; weight and volume; braille where the terminal takes it, to $COLUMNS")
    func chartNamed() throws {
        let fixture = try Self.seeded()
        let source = ScriptedLineSource(lines: ["Ana", ":chart back weight", ":chart Bench Press volume"])
        source.screenColumns = 120
        let (console, _) = fixture.run(source) { settings in
            settings.chartGlyphs = .unicode
            settings.columns = 50
        }
        #expect(console.said.contains("Ana · Back Squat · heaviest set a day"))
        #expect(console.said.contains("4 days · last 110 kg · best 110 kg · ● PR"))
        #expect(console.said.contains { $0.hasPrefix("Ana · Bench Press · volume a day (weight") && $0.hasSuffix("…") }, "cut to 50 columns")
        #expect(console.said.contains("1 day · last 1440 kg · best 1440 kg"))
        #expect(console.said.allSatisfy { $0.count <= 50 }, "$COLUMNS wins over the screen")
        #expect(console.said.contains { $0.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) } })
    }

    @Test(":chart refuses an unknown exercise, takes a start as the one ranking does, and asks for a member first in a kiosk")
    func chartRefused() throws {
        let fixture = try Self.seeded()
        _ = try fixture.store.createExercise(named: "Bench Dip")
        let (console, _) = fixture.run(ScriptedLineSource(lines: ["Ana", ":chart Nope", ":chart ben", ":chart Deadlift"]))
        #expect(console.warned.contains { $0.hasPrefix("no exercise named Nope") })
        // `ben`: Ana's own Bench Press, not the stored Bench Dip nobody logged.
        #expect(!console.warned.contains { $0.contains("could be") }, "\(console.warned)")
        #expect(console.said.contains { $0.hasPrefix("Ana - Bench Press") || $0.hasPrefix("Ana · Bench Press") }, "\(console.said)")
        // Deadlift is in the catalog but nobody has done it: nothing is created to draw it.
        #expect(console.warned.contains { $0.hasPrefix("no exercise named Deadlift") })
        #expect(try fixture.store.exercise(named: "Deadlift") == nil)

        let kiosk = fixture.run(ScriptedLineSource(lines: [":chart"]), kiosk: true).console
        #expect(kiosk.warned.contains { $0.hasPrefix("Type your name first: :chart") })
    }

    @Test(":chart of an exercise without working sets, or body without a weight, says so")
    func chartNothing() throws {
        let fixture = try Self.seeded()
        _ = try fixture.store.createUser(named: "Bo")
        let (console, _) = fixture.run(ScriptedLineSource(lines: ["Bo", ":chart Back Squat", ":chart body"]))
        #expect(console.said.contains("No working sets of Back Squat by Bo yet: nothing to draw."))
        #expect(console.said.contains("No body weight for Bo yet: :weigh 82.5 keeps one."))
    }

    @Test("Tab after :chart offers exercises")
    func chartCompletion() throws {
        let fixture = try Self.seeded()
        let source = ScriptedLineSource(lines: ["Ana", "Back Squat"])
        source.probes = [":chart bench p"]
        fixture.run(source)
        #expect(source.offered(":chart bench p", at: "exercise") == [":chart Bench Press"])
    }

    // MARK: :weigh

    @Test(":weigh keeps the member's body weight (the entry's unit unless typed; on the :date day); :chart body draws it")
    func weigh() throws {
        let fixture = try Self.seeded()
        let source = ScriptedLineSource(lines: [
            "Ana", ":weigh 82.5", ":unit lb", ":weigh 180", ":date yesterday", ":weigh 83kg", ":chart body",
        ])
        source.screenColumns = 60
        let (console, _) = fixture.run(source)
        #expect(console.said.contains("Weighed: Ana 82.5 kg (Today 18:00)"))
        #expect(console.said.contains("Weighed: Ana 180 lb (Today 18:00)"))
        #expect(console.said.contains("Weighed: Ana 83 kg (Yesterday 18:00)"))
        let ana = try #require(try fixture.store.user(named: "Ana"))
        let kept = try fixture.store.bodyWeights(userID: ana.id, since: nil, limit: nil)
        #expect(kept.map(\.weight.description) == ["180 lb", "82.5 kg", "83 kg"])
        #expect(kept.last?.measuredAt == Fixture.now.addingTimeInterval(-Self.day))
        #expect(console.said.contains("Ana - body weight"))
        // Today's last measurement (180 lb, saved after 82.5 kg at the same instant) and yesterday's, in lb.
        #expect(console.said.contains("2 days, last 180 lb, from 180 to 182.98 lb"))
        #expect(Self.problems(console).isEmpty)
    }

    @Test(":weigh refuses nothing, nonsense, a typo and a step; saves nothing")
    func weighRefused() throws {
        let fixture = try Self.seeded()
        let (console, _) = fixture.run(ScriptedLineSource(lines: ["Ana", ":weigh", ":weigh heavy", ":weigh 8", ":weigh +5", ":weigh 5000"]))
        #expect(Self.problems(console).count == 5)
        #expect(console.warned.contains { $0.hasPrefix("give your body weight (e.g. :weigh 82.5") })
        #expect(console.warned.contains { $0.hasPrefix("a body weight is from 20 to 400 kg") })
        let ana = try #require(try fixture.store.user(named: "Ana"))
        #expect(try fixture.store.bodyWeights(userID: ana.id, since: nil, limit: nil).isEmpty)
    }

    // MARK: :plates

    @Test(":plates W [BAR] says the plates a side from the gym's set, or the nearest loads; no member needed")
    func plates() throws {
        let fixture = try Fixture()
        let (console, _) = fixture.run(ScriptedLineSource(lines: [
            ":plates 100", ":plates 101", ":plates 225lb", ":plates 62.5 15", ":unit lb", ":plates 135",
        ]))
        #expect(console.said.contains("100 kg on a 20 kg bar: per side 25 + 15 kg"))
        #expect(console.said.contains("Nearest above: 102.5 kg: per side 25 + 15 + 1.25 kg"))
        #expect(console.said.contains("225 lb on a 45 lb bar: per side 45 + 45 lb"))
        #expect(console.said.contains("62.5 kg on a 15 kg bar: per side 20 + 2.5 + 1.25 kg"))
        #expect(console.said.contains("135 lb on a 45 lb bar: per side 45 lb"))
        #expect(Self.problems(console).isEmpty)
    }

    @Test(":plates without W takes the weight at hand; the gym's own set is used")
    func platesAtHand() throws {
        let fixture = try Self.seeded()
        try fixture.store.setGymSetting(.kilogramPlates, to: "20x4, 10, 5, 2.5")
        let (console, _) = fixture.run(ScriptedLineSource(lines: ["Ana", "Back Squat", ":plates"]))
        #expect(console.said.contains("110 kg on a 20 kg bar: per side 20 + 20 + 5 kg"))
    }

    @Test(":plates refuses a weight under the bar, mixed units, nonsense and nothing at hand")
    func platesRefused() throws {
        let fixture = try Fixture()
        let (console, _) = fixture.run(ScriptedLineSource(lines: [
            ":plates", ":plates 15", ":plates 100 45lb", ":plates lots", ":plates 1 2 3",
        ]))
        #expect(Self.problems(console) == [
            "give the weight on the bar (e.g. :plates 102.5 or :plates 225lb 45lb)",
            "15 kg is lighter than the 20 kg bar.",
            "the bar (45 lb) and the weight (100 kg) must be in the same unit",
            "the weight must be a number, with kg or lb after it if you like (e.g. :plates 102.5 or :plates 225lb 45lb)",
            "give the weight, and the bar's after it if it is not the usual one (e.g. :plates 102.5 or :plates 225lb 45lb)",
        ])
        #expect(console.said.filter { $0.contains("bar:") }.isEmpty)
    }

    @Test(":help lists :chart, :plates and :weigh")
    func help() throws {
        let fixture = try Fixture()
        let (console, _) = fixture.run(ScriptedLineSource(lines: [":help"]))
        for command in [":chart [EXERCISE]", ":plates W [BAR]", ":weigh W"] {
            #expect(console.said.contains { $0.hasPrefix(command) })
        }
    }
}
