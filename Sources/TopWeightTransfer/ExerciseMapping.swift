import TopWeightCatalog
import TopWeightCore

/// Where another app's exercise names land: on the catalog's exercise when
/// the name clearly means it (`Bench Press (Barbell)`, `Barbell Bench Press`
/// → Bench Press; `Pull Up` → Pull-Up), else on a stored exercise of that
/// name, else on a new exercise named as the app named it.
///
/// The catalog answers for its names and aliases (`ExerciseCatalog.entry(named:)`);
/// this adds the ways the apps spell equipment: Strong's and Hevy's
/// `Name (Equipment)` and a leading equipment word. A bare catalog name is
/// taken only when its equipment is the one the app named, so
/// `Bench Press (Dumbbell)` never lands on the barbell Bench Press.
struct ExerciseMapping: Sendable {
    struct Target: Hashable, Sendable {
        var name: String
        var category: String?
        /// True when the catalog gave a name spelt otherwise than the app's.
        var mapped: Bool
        /// What its sets measure, as the catalog or the stored exercise says; `nil` for a new name.
        var kind: ExerciseKind? = nil
    }

    let catalog: ExerciseCatalog
    /// The stored exercise with this name, if any.
    let stored: @Sendable (String) -> Exercise?

    /// Equipment words as the apps write them, by the catalog's category for them.
    static let equipment: [String: String] = [
        "barbell": "barbell", "dumbbell": "dumbbell", "dumbbells": "dumbbell", "machine": "machine",
        "cable": "cable", "bodyweight": "bodyweight", "kettlebell": "kettlebell",
    ]

    func target(for name: String) -> Target {
        if let entry = catalog.entry(named: name) { return catalogTarget(entry, for: name) }
        if let exercise = stored(name) { return Target(name: exercise.name, category: exercise.category, mapped: false, kind: exercise.kind) }
        for candidate in candidates(for: name) {
            if let entry = catalog.entry(named: candidate.name),
               candidate.equipment.map({ Self.category(of: entry) == $0 }) ?? true {
                return catalogTarget(entry, for: name)
            }
        }
        return Target(name: name, category: Self.suffix(of: name).flatMap { Self.equipment[Self.word($0.equipment)] }, mapped: false)
    }

    private func catalogTarget(_ entry: ExerciseCatalog.Entry, for name: String) -> Target {
        Target(name: entry.name, category: entry.category, mapped: NameRules.key(entry.name) != NameRules.key(name), kind: entry.kind)
    }

    /// Spellings to try, each with the equipment a bare name must have.
    func candidates(for name: String) -> [(name: String, equipment: String?)] {
        var found: [(name: String, equipment: String?)] = []
        func add(_ text: String, _ equipment: String?) {
            for spelling in Self.spellings(of: text) where !found.contains(where: { $0.name == spelling && $0.equipment == equipment }) {
                found.append((spelling, equipment))
            }
        }
        add(name, nil)
        if let (base, equipment) = Self.suffix(of: name) {
            // `Bench Press (Dumbbell)` → Dumbbell Bench Press; `Chest Press (Machine)` → Chest Press Machine.
            add("\(equipment) \(base)", nil)
            add("\(base) \(equipment)", nil)
            if let category = Self.equipment[Self.word(equipment)] { add(base, category) }
        }
        // `Barbell Bench Press` → Bench Press, when the catalog's is a barbell lift.
        let words = name.split(separator: " ")
        if words.count > 1, let category = Self.equipment[Self.word(String(words[0]))] {
            add(words.dropFirst().joined(separator: " "), category)
        }
        return found
    }

    /// `Bench Press (Barbell)` → ("Bench Press", "Barbell").
    static func suffix(of name: String) -> (base: String, equipment: String)? {
        guard name.hasSuffix(")"), let open = name.lastIndex(of: "(") else { return nil }
        let base = name[..<open].trimmingCharacters(in: .whitespaces)
        let equipment = name[name.index(after: open)..<name.index(before: name.endIndex)].trimmingCharacters(in: .whitespaces)
        guard !base.isEmpty, !equipment.isEmpty else { return nil }
        return (base, equipment)
    }

    /// `Body Weight`, `body-weight` → `bodyweight`.
    static func word(_ text: String) -> String {
        text.lowercased().filter(\.isLetter)
    }

    /// The catalog's category, as an equipment word.
    static func category(of entry: ExerciseCatalog.Entry) -> String {
        word(entry.category)
    }

    /// The name as written, then with `Up` hyphenated (`Pull Up` → Pull-Up) or hyphens as spaces.
    static func spellings(of text: String) -> [String] {
        var spellings = [text]
        let words = text.split(separator: " ")
        if let index = words.firstIndex(where: { ["up", "ups"].contains($0.lowercased()) }), index > 0 {
            var joined = words.map(String.init)
            joined[index - 1] += "-" + joined[index]
            joined.remove(at: index)
            spellings.append(joined.joined(separator: " "))
        }
        if text.contains("-") { spellings.append(text.replacingOccurrences(of: "-", with: " ")) }
        return spellings
    }
}

/// Exercise names written as other apps write them, put on the catalog's
/// (or a stored exercise's) as history import puts them: for the gym's
/// routines, so a step `Squat (Barbell)` walks as Back Squat with its numbers.
public struct ExerciseNameResolver: Sendable {
    private let mapping: ExerciseMapping
    private let known: Set<String>
    /// Stored and catalog names, for a short form (`bench`) as the logger reads one.
    private let index: NameIndex

    public init(catalog: ExerciseCatalog, stored: [Exercise]) {
        let byKey = Dictionary(stored.map { (NameRules.key($0.name), $0) }, uniquingKeysWith: { first, _ in first })
        mapping = ExerciseMapping(catalog: catalog, stored: { byKey[NameRules.key($0)] })
        known = Set(byKey.keys)
        var index = NameIndex(catalog.entries.map(\.name))
        for exercise in stored { index.insert(exercise.name) }
        self.index = index
    }

    /// The name to keep for `name`: the catalog's or a stored one's spelling,
    /// else the one name a short form starts (as `bench 60x5x5` at the logger
    /// is Bench Press), else `name` itself.
    public func name(for name: String) -> String {
        let target = mapping.target(for: name)
        guard target.name == name, !known.contains(NameRules.key(name)) else { return target.name }
        var index = index
        if case .unique(let found) = index.resolve(name) { return found }
        return name
    }
}
