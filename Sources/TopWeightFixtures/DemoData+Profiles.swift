import TopWeightCatalog
import TopWeightCore

/// What each member trains: a few favourite lifts, with their own weights, reps and series.
extension DemoData {
    struct Favourite: Sendable {
        var entry: Int
        var exerciseID: Int64 = 0
        /// Current working weight in kg (0 for bodyweight work without added load).
        var kilograms: Double
        var ceiling: Double
        var reps: Int
        var series: Int
    }

    struct Profile: Sendable {
        /// How often this member trains, relative to the others.
        var frequency: Double
        var unit: WeightUnit
        var favourites: [Favourite]

        static func make(catalog: ExerciseCatalog, random: inout SplitMix64) -> Profile {
            let strength = Double.random(in: 0.6...1.0, using: &random) * Double.random(in: 0.8...1.6, using: &random)
            let unit: WeightUnit = Double.random(in: 0..<1, using: &random) < 0.12 ? .lb : .kg
            let frequency = Double.random(in: 0.3...1.7, using: &random)
            let wanted = min(catalog.entries.count, Int.random(in: 5...10, using: &random))
            var indices = Array(catalog.entries.indices)
            indices.shuffle(using: &random)
            let favourites = indices.prefix(wanted).map { entry in
                let item = catalog.entries[entry]
                let bodyweight = item.category == "bodyweight"
                var load = baseKilograms(name: item.name, category: item.category) * strength
                if bodyweight, Double.random(in: 0..<1, using: &random) < 0.25 {
                    load = Double.random(in: 5...20, using: &random)
                }
                let reps = bodyweight
                    ? [6, 8, 10, 12, 15, 20].randomElement(using: &random) ?? 10
                    : [3, 5, 5, 6, 8, 8, 8, 10, 10, 12, 15].randomElement(using: &random) ?? 8
                let series = [1, 2, 3, 3, 3, 3, 4, 4, 5].randomElement(using: &random) ?? 3
                return Favourite(
                    entry: entry, kilograms: load * Double.random(in: 0.8...1.0, using: &random),
                    ceiling: load * Double.random(in: 1.3...2.0, using: &random), reps: reps, series: series
                )
            }
            return Profile(frequency: frequency, unit: unit, favourites: favourites)
        }

        /// A typical working weight for an average member.
        static func baseKilograms(name: String, category: String) -> Double {
            var base: Double
            switch category {
            case "barbell": base = 60
            case "dumbbell": base = 18
            case "machine": base = 50
            case "cable": base = 25
            case "kettlebell": base = 16
            case "bodyweight": return 0
            default: base = 30
            }
            let lower = name.lowercased()
            let factors: [(String, Double)] = [
                ("leg press", 2.5), ("deadlift", 1.5), ("squat", 1.3), ("hip thrust", 1.4),
                ("curl", 0.45), ("raise", 0.4), ("fly", 0.5), ("crusher", 0.5), ("extension", 0.6),
                ("pushdown", 0.5), ("overhead", 0.7), ("shoulder", 0.7), ("row", 0.9),
            ]
            for (word, factor) in factors where lower.contains(word) {
                base *= factor
                break
            }
            return base
        }
    }
}
