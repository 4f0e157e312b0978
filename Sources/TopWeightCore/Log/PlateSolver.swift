/// A bar loaded the same on both ends.
public struct PlateLoad: Sendable, Hashable {
    public var bar: Weight
    /// The plates on one end, heaviest first, in hundredths of the bar's unit.
    public var perSide: [Int]

    public init(bar: Weight, perSide: [Int]) {
        self.bar = bar
        self.perSide = perSide
    }

    /// The bar and both ends.
    public var total: Weight {
        Weight(hundredths: bar.hundredths + 2 * perSide.reduce(0, +), unit: bar.unit)
    }
}

/// What can go on the bar for a target weight.
public enum PlateAnswer: Sendable, Hashable {
    /// The target exactly.
    case exact(PlateLoad)
    /// The target can't be made: the heaviest load under it (at least the
    /// bar alone) and the lightest over it (`nil` when the plates run out).
    case nearest(below: PlateLoad, above: PlateLoad?)
    /// The target is lighter than the bar.
    case lighterThanBar
}

/// Plates a side for a target weight, from a gym's plate set.
///
/// The fewest plates that make the load; among as few, the heaviest plates
/// first (25 + 5, not 20 + 10 or 15 + 15). Counts of pairs are honoured.
/// Works on whole multiples of the plates' greatest common divisor, so it
/// costs little even for odd sets.
public enum PlateSolver {
    /// `target` and `bar` are in hundredths of `plates.unit`.
    public static func solve(target: Int, bar: Int, plates: PlateSet) -> PlateAnswer {
        let barWeight = Weight(hundredths: bar, unit: plates.unit)
        let both = target - bar
        guard both >= 0 else { return .lighterThanBar }
        let kinds = plates.plates.filter { $0.hundredths > 0 }
        guard let heaviest = kinds.first?.hundredths else {
            return both == 0 ? .exact(PlateLoad(bar: barWeight, perSide: [])) : .nearest(below: PlateLoad(bar: barWeight, perSide: []), above: nil)
        }
        let unit = kinds.map(\.hundredths).reduce(0, gcd)
        let side = both / 2
        // The lightest load over the target is at most one plate over it.
        var capacity = side + heaviest
        if kinds.allSatisfy({ $0.pairs != nil }) {
            capacity = min(capacity, kinds.reduce(0) { $0 + $1.hundredths * ($1.pairs ?? 0) })
        }
        let table = Table(kinds: kinds, unit: unit, slots: capacity / unit)

        func load(_ slot: Int) -> PlateLoad {
            PlateLoad(bar: barWeight, perSide: table.plates(for: slot))
        }
        if both % 2 == 0, side % unit == 0, table.reachable(side / unit) {
            return .exact(load(side / unit))
        }
        // Below: the heaviest reachable side with 2 × side < both (0, the bar alone, always is).
        var below = min((both - 1) / 2 / unit, table.slots)
        while below > 0, !table.reachable(below) { below -= 1 }
        var above: Int?
        var slot = both / 2 / unit
        while slot <= table.slots {
            if 2 * slot * unit > both, table.reachable(slot) {
                above = slot
                break
            }
            slot += 1
        }
        return .nearest(below: load(max(below, 0)), above: above.map(load))
    }

    private static func gcd(_ a: Int, _ b: Int) -> Int {
        b == 0 ? a : gcd(b, a % b)
    }

    /// The fewest plates for every side weight up to `slots` units, built from
    /// the lightest kind up so that the heaviest kind is chosen last and most.
    private struct Table {
        static let unreachable = Int.max
        let kinds: [PlateSet.Plate]
        let unit: Int
        let slots: Int
        /// `count[i][s]`: fewest plates of kinds `i...` making `s` units; `take[i][s]`: how many of kind `i`.
        private var count: [[Int]]
        private var take: [[Int]]

        init(kinds: [PlateSet.Plate], unit: Int, slots: Int) {
            self.kinds = kinds
            self.unit = unit
            self.slots = max(slots, 0)
            let width = self.slots + 1
            count = Array(repeating: Array(repeating: Self.unreachable, count: width), count: kinds.count + 1)
            take = Array(repeating: Array(repeating: 0, count: width), count: kinds.count)
            count[kinds.count][0] = 0
            for index in kinds.indices.reversed() {
                let size = kinds[index].hundredths / unit
                let lighter = count[index + 1]
                var here = lighter
                var taken = Array(repeating: 0, count: width)
                if let pairs = kinds[index].pairs {
                    for sum in 0..<width {
                        // Ties go to more of this (heavier) kind: `>=` keeps the larger k.
                        var k = 1
                        while k <= pairs, k * size <= sum {
                            let rest = lighter[sum - k * size]
                            if rest != Self.unreachable, rest + k <= here[sum] {
                                here[sum] = rest + k
                                taken[sum] = k
                            }
                            k += 1
                        }
                    }
                } else {
                    for sum in 0..<width where sum >= size {
                        let rest = here[sum - size]
                        if rest != Self.unreachable, rest + 1 <= here[sum] {
                            here[sum] = rest + 1
                            taken[sum] = taken[sum - size] + 1
                        }
                    }
                }
                count[index] = here
                take[index] = taken
            }
        }

        func reachable(_ slot: Int) -> Bool {
            slot >= 0 && slot <= slots && count[0][slot] != Self.unreachable
        }

        /// The plates on one side for `slot` units, heaviest first.
        func plates(for slot: Int) -> [Int] {
            var plates: [Int] = []
            var rest = slot
            for index in kinds.indices where rest > 0 {
                let k = take[index][rest]
                plates += Array(repeating: kinds[index].hundredths, count: k)
                rest -= k * kinds[index].hundredths / unit
            }
            return plates
        }
    }
}
