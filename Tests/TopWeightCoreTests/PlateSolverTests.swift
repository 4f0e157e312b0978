import Testing
import TopWeightCore

@Suite("Plates a side")
struct PlateSolverTests {
    static func set(_ text: String, _ unit: WeightUnit = .kg) throws -> PlateSet {
        try PlateSet.parse(text, unit: unit).get()
    }

    /// What a load looks like in the table: its total and one side, heaviest first, in plain numbers.
    static func shown(_ load: PlateLoad?) -> String {
        guard let load else { return "none" }
        return "\(load.total.number): " + (load.perSide.isEmpty ? "bar" : load.perSide.map(Decimal2.format).joined(separator: "+"))
    }

    static func shown(_ answer: PlateAnswer) -> String {
        switch answer {
        case .exact(let load): "exact \(shown(load))"
        case .nearest(let below, let above): "below \(shown(below)) / above \(shown(above))"
        case .lighterThanBar: "lighter than the bar"
        }
    }

    /// Target, bar and plates (`nil`: the standard set of the unit), and the answer worked out by hand.
    @Test("the fewest plates, heaviest first, or the nearest loads that can be made", arguments: [
        // Exact, on the standard kg set and a 20 kg bar.
        ("100 kg", "20", nil, "exact 100: 25+15"),
        ("20 kg", "20", nil, "exact 20: bar"),
        ("60 kg", "20", nil, "exact 60: 20"),
        ("142.5 kg", "20", nil, "exact 142.5: 25+25+10+1.25"),
        ("22.5 kg", "20", nil, "exact 22.5: 1.25"),
        // Fewest plates, then heaviest: 30 a side is 25 + 5, not 20 + 10 or 15 + 15.
        ("80 kg", "20", nil, "exact 80: 25+5"),
        // Nearest: 101 kg needs 40.5 a side; 40 and 41.25 can be made.
        ("101 kg", "20", nil, "below 100: 25+15 / above 102.5: 25+15+1.25"),
        // An odd hundredth can't be split in two.
        ("20.01 kg", "20", nil, "below 20: bar / above 22.5: 1.25"),
        // Impossible: under the bar.
        ("15 kg", "20", nil, "lighter than the bar"),
        // Another bar.
        ("50 kg", "15", nil, "exact 50: 15+2.5"),
        // Pounds: 45 lb bar, standard lb set.
        ("225 lb", "45", nil, "exact 225: 45+45"),
        ("135 lb", "45", nil, "exact 135: 45"),
        ("230 lb", "45", nil, "exact 230: 45+45+2.5"),
        ("232 lb", "45", nil, "below 230: 45+45+2.5 / above 235: 45+45+5"),
        ("315 lb", "45", nil, "exact 315: 45+45+45"),
        // Greedy would fail: 20 a side from 15s and 10s is 10 + 10.
        ("60 kg", "20", "15,10", "exact 60: 10+10"),
        // Limited pairs: one pair of 20 and one of 10 load at most 80 kg.
        ("100 kg", "20", "20x1,10x1", "below 80: 20+10 / above none"),
        ("70 kg", "20", "20x1,10x1,5x1", "exact 70: 20+5"),
        ("75 kg", "20", "20x1,10x2", "below 60: 20 / above 80: 20+10"),
        // Pairs honoured: three 25s a side only when the gym has three pairs.
        ("170 kg", "20", "25x2,20x4,5", "exact 170: 25+25+20+5"),
        ("170 kg", "20", "25x4,20x4,5", "exact 170: 25+25+25"),
    ] as [(String, String, String?, String)])
    func solve(target: String, bar: String, plates: String?, expected: String) throws {
        let weight = try TypedWeight.parse(target, unit: .kg).get()
        let barWeight = try TypedWeight.parse(bar, unit: weight.unit).get()
        let set = try plates.map { try Self.set($0, weight.unit) } ?? .standard(weight.unit)
        let answer = PlateSolver.solve(target: weight.hundredths, bar: barWeight.hundredths, plates: set)
        #expect(Self.shown(answer) == expected)
    }

    @Test("every exact answer adds up: bar and both sides make the target, on every kg load from 20 to 300 in 0.5 steps")
    func exactAddsUp() {
        let set = PlateSet.standard(.kg)
        for hundredths in stride(from: 2000, through: 30000, by: 50) {
            let answer = PlateSolver.solve(target: hundredths, bar: 2000, plates: set)
            switch answer {
            case .exact(let load):
                #expect(load.total.hundredths == hundredths)
                #expect(load.perSide == load.perSide.sorted(by: >))
            case .nearest(let below, let above):
                #expect(below.total.hundredths < hundredths)
                #expect((above?.total.hundredths ?? .max) > hundredths)
                // Nothing between them can be made: each is one 1.25 pair (2.5 kg) from the other.
                #expect((above?.total.hundredths ?? 0) - below.total.hundredths == 250)
            case .lighterThanBar:
                Issue.record("\(hundredths) is not under the bar")
            }
        }
    }

    @Test("a plate set reads from the setting's text and writes back the same", arguments: [
        ("25,20,15,10,5,2.5,1.25", "25, 20, 15, 10, 5, 2.5, 1.25"),
        ("1.25, 2.5, 5, 10, 15, 20, 25", "25, 20, 15, 10, 5, 2.5, 1.25"),
        ("20x4, 10X2,5,2×1", "20x4, 10x2, 5, 2x1"),
        ("45x8,35x2,25x2,10x4,5x2,2.5x2", "45x8, 35x2, 25x2, 10x4, 5x2, 2.5x2"),
    ])
    func parse(text: String, written: String) throws {
        let set = try Self.set(text)
        #expect(set.description == written)
        #expect(try Self.set(set.description) == set)
    }

    @Test("a plate set that can't be used is refused with the reason", arguments: [
        ("", "list the plate weights"),
        ("25,,20", "an empty entry is not a plate weight"),
        ("25,twenty", "'twenty' is not a plate weight"),
        ("0.1", "'0.1' is not a plate weight from 0.25 to 500 kg"),
        ("600", "'600' is not a plate weight"),
        ("20,10,20", "20 kg is listed twice"),
        ("20x0", "'20x0': the pairs after x must be a whole number from 1 to 50"),
        ("20x1.5", "'20x1.5': the pairs after x"),
        ("20x2x3", "'20x2x3' is not a plate weight"),
        ("2.555", "'2.555' is not a plate weight"),
    ])
    func refused(text: String, reason: String) {
        guard case .failure(let error) = PlateSet.parse(text, unit: .kg) else {
            Issue.record("\(text) was read")
            return
        }
        #expect(error.reason.hasPrefix(reason), "\(error.reason)")
        #expect(error.example != nil)
    }

    @Test("a weight typed as one word: a number in the unit given, or with its own unit", arguments: [
        ("100", WeightUnit.kg, "100 kg"),
        ("62,5", .kg, "62.5 kg"),
        ("225lb", .kg, "225 lb"),
        ("82.5 kg", .lb, "82.5 kg"),
        ("0", .kg, "0 kg"),
    ])
    func typedWeight(text: String, unit: WeightUnit, expected: String) throws {
        #expect(try TypedWeight.parse(text, unit: unit).get().description == expected)
    }

    @Test("a typed weight that is not one number is refused", arguments: ["", "+5", "-5", "heavy", "1e3", "100.125", "1001", "2201lb", "5 stone"])
    func typedWeightRefused(text: String) {
        guard case .failure = TypedWeight.parse(text, unit: .kg) else {
            Issue.record("\(text) was read as a weight")
            return
        }
    }
}
