import TopWeightCore

/// Which exercises a listing shows: those of a category, needing some
/// equipment, or training a muscle group. Values compare as names do (case
/// aside); a field left `nil` lets every exercise through.
public struct ExerciseFilter: Sendable, Hashable {
    public var category: String?
    public var equipment: String?
    public var muscle: String?

    public init(category: String? = nil, equipment: String? = nil, muscle: String? = nil) {
        self.category = category
        self.equipment = equipment
        self.muscle = muscle
    }

    /// True when the row has every value asked for.
    public func admits(_ row: ExerciseRow) -> Bool {
        Self.matches(category, row.category) && Self.matches(equipment, row.equipment) && Self.matches(muscle, row.muscle)
    }

    /// Why a value asked for can name no exercise, listing those that can
    /// (one line), or `nil` when every value is one of the known ones.
    func unknownValue(categories: [String], equipment knownEquipment: [String], muscles: [String]) -> String? {
        let fields: [(flag: String, wanted: String?, known: [String])] = [
            ("category", category, categories), ("equipment", equipment, knownEquipment), ("muscle", muscle, muscles),
        ]
        for field in fields {
            guard let wanted = field.wanted, !field.known.contains(where: { Self.key($0) == Self.key(wanted) }) else { continue }
            let known = field.known.isEmpty ? "none yet" : field.known.joined(separator: ", ")
            return "no exercise has \(field.flag) '\(wanted)'; known: \(known)"
        }
        return nil
    }

    private static func matches(_ wanted: String?, _ value: String?) -> Bool {
        guard let wanted else { return true }
        guard let value else { return false }
        return key(value) == key(wanted)
    }

    /// Case and runs of spaces aside: `Smith  Machine` is `smith machine`.
    private static func key(_ value: String) -> String {
        NameRules.collapsedKey(value)
    }
}
