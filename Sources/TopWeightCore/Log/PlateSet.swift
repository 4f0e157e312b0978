/// The plates a gym has for one unit: each weight, and how many pairs of it
/// (plates go on both ends of the bar, so they are counted in pairs; no
/// count means as many as any load needs).
///
/// Written as a list, heaviest first or not: `25,20,15,10,5,2.5,1.25`, or
/// with pairs `20x4,10x2,5,2.5x1` (4 pairs of 20: eight plates in all).
/// That text is what the gym's setting keeps (`plates.kg`, `plates.lb`).
public struct PlateSet: Sendable, Hashable, CustomStringConvertible {
    public struct Plate: Sendable, Hashable {
        /// The weight of one plate, in hundredths of the set's unit.
        public var hundredths: Int
        /// Pairs the gym has; `nil` for as many as needed.
        public var pairs: Int?

        public init(hundredths: Int, pairs: Int? = nil) {
            self.hundredths = hundredths
            self.pairs = pairs
        }
    }

    public var unit: WeightUnit
    /// Heaviest first, each weight once.
    public private(set) var plates: [Plate]

    public init(unit: WeightUnit, plates: [Plate]) {
        self.unit = unit
        self.plates = plates.sorted { $0.hundredths > $1.hundredths }
    }

    /// A commercial gym's set: 25 to 1.25 kg, or 45 to 2.5 lb.
    public static func standard(_ unit: WeightUnit) -> PlateSet {
        switch unit {
        case .kg: PlateSet(unit: .kg, plates: [2500, 2000, 1500, 1000, 500, 250, 125].map { Plate(hundredths: $0) })
        case .lb: PlateSet(unit: .lb, plates: [4500, 3500, 2500, 1000, 500, 250].map { Plate(hundredths: $0) })
        }
    }

    /// The bar a set's unit assumes when none is named: 20 kg, 45 lb.
    public static func standardBar(_ unit: WeightUnit) -> Weight {
        Weight(hundredths: unit == .kg ? 2000 : 4500, unit: unit)
    }

    /// Most kinds of plate in a set, and most pairs of one kind.
    public static let maximumKinds = 20
    public static let maximumPairs = 50
    /// The lightest plate: 0.25 (a change plate).
    public static let minimumHundredths = 25

    /// Reads `25,20,15x2,1.25` (spaces allowed, `x` or `×` before a count of pairs).
    public static func parse(_ text: String, unit: WeightUnit) -> Result<PlateSet, InputError> {
        let example = unit == .kg ? "25,20,15,10,5,2.5,1.25 or 20x4,10x2,5,2.5" : "45,35,25,10,5,2.5 or 45x6,25x2,10,5,2.5"
        let entries = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingWhitespace() }
        guard !(entries.count == 1 && entries[0].isEmpty) else {
            return .failure(InputError("list the plate weights, separated by commas", example: example))
        }
        guard entries.count <= maximumKinds else {
            return .failure(InputError("at most \(maximumKinds) kinds of plate", example: example))
        }
        var plates: [Plate] = []
        for entry in entries {
            let parts = entry.split(omittingEmptySubsequences: false) { $0 == "x" || $0 == "X" || $0 == "×" }
            guard (1...2).contains(parts.count), let parsed = Decimal2.parse(Substring(parts[0].trimmingWhitespace())), let hundredths = parsed,
                  hundredths >= minimumHundredths, hundredths <= unit.maximumHundredths / 2 else {
                return .failure(InputError("\(entry.isEmpty ? "an empty entry" : "'\(entry)'") is not a plate weight from 0.25 to \(Decimal2.format(unit.maximumHundredths / 2)) \(unit.rawValue)", example: example))
            }
            var pairs: Int?
            if parts.count == 2 {
                let count = parts[1].trimmingWhitespace()
                guard let number = Int(count), count.allSatisfy(\.isASCII), (1...maximumPairs).contains(number) else {
                    return .failure(InputError("'\(entry)': the pairs after x must be a whole number from 1 to \(maximumPairs)", example: example))
                }
                pairs = number
            }
            guard !plates.contains(where: { $0.hundredths == hundredths }) else {
                return .failure(InputError("\(Decimal2.format(hundredths)) \(unit.rawValue) is listed twice", example: example))
            }
            plates.append(Plate(hundredths: hundredths, pairs: pairs))
        }
        return .success(PlateSet(unit: unit, plates: plates))
    }

    /// `25, 20, 15x2, 1.25`: what `parse` reads back.
    public var description: String {
        plates.map { Decimal2.format($0.hundredths) + ($0.pairs.map { "x\($0)" } ?? "") }.joined(separator: ", ")
    }
}
