import Foundation
import Synchronization
import TopWeightCore
import Yams

/// The bundled exercise catalog: names and categories offered by completion,
/// with the equipment, primary muscle group and other names of each lift.
///
/// Catalog entries are suggestions only; an exercise becomes a database row
/// the first time somebody records it. Aliases are what other apps (and
/// people) call the same lift, so that an import or a typed whole name lands
/// on one exercise; completion offers names only.
public struct ExerciseCatalog: Sendable {
    public struct Entry: Sendable, Codable, Hashable {
        public var name: String
        public var category: String
        /// What the lift needs (`barbell`, `smith machine`, `pull-up bar` …), when the catalog says.
        public var equipment: String?
        /// The primary muscle group (`chest`, `quads` …), when the catalog says.
        public var muscle: String?
        /// Other names of the same lift with the same tool, never of a variant.
        public var aliases: [String]
        /// How often lifters log it, 1 the most (from real exports, by
        /// `Scripts/catalog-ranks`); `nil` after every ranked entry.
        public var rank: Int?
        /// The kind the catalog names when it differs from its category's (a plank is `time`).
        public var statedKind: ExerciseKind?

        public init(name: String, category: String, equipment: String? = nil, muscle: String? = nil, aliases: [String] = [],
                    rank: Int? = nil, kind: ExerciseKind? = nil) {
            self.name = name
            self.category = category
            self.equipment = equipment
            self.muscle = muscle
            self.aliases = aliases
            self.rank = rank
            statedKind = kind
        }

        /// What a set of it measures: as stated, else by category
        /// (bodyweight → bodyweight, cardio → distance, any other → weight).
        public var kind: ExerciseKind {
            if let statedKind { return statedKind }
            switch category.lowercased() {
            case "bodyweight": return .bodyweight
            case "cardio": return .distance
            default: return .weight
            }
        }

        private enum CodingKeys: String, CodingKey {
            case name, category, equipment, muscle, aliases, rank
            case statedKind = "kind"
        }

        /// Reads an entry of either shape: `{name, category}` as catalogs were
        /// first written, or with any of equipment, muscle and aliases.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decode(String.self, forKey: .name)
            category = try container.decode(String.self, forKey: .category)
            equipment = try container.decodeIfPresent(String.self, forKey: .equipment)
            muscle = try container.decodeIfPresent(String.self, forKey: .muscle)
            aliases = try container.decodeIfPresent([String].self, forKey: .aliases) ?? []
            rank = try container.decodeIfPresent(Int.self, forKey: .rank)
            statedKind = try container.decodeIfPresent(ExerciseKind.self, forKey: .statedKind)
        }
    }

    /// Why a catalog file can't be used, naming the entry.
    public struct Problem: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    public var entries: [Entry] { storage.indexed.entries }

    /// Each name's and alias's lookup key → the position of its entry: built
    /// once, so a lookup costs one hash whatever the catalog's size.
    private var positions: [String: Int] { storage.indexed.positions }

    /// The entries and their index, built at the first look (see `Storage`).
    private let storage: Storage

    /// A catalog of these entries. A name always wins over another entry's
    /// alias, and the first of two equal aliases wins (`init(yaml:)` refuses both).
    public init(entries: [Entry]) {
        self.init(storage: Storage { Self.indexed(entries) })
    }

    private init(storage: Storage) {
        self.storage = storage
    }

    private static func indexed(_ entries: [Entry]) -> Indexed {
        var positions: [String: Int] = [:]
        for (position, entry) in entries.enumerated() where positions[Self.lookupKey(entry.name)] == nil {
            positions[Self.lookupKey(entry.name)] = position
        }
        for (position, entry) in entries.enumerated() {
            for alias in entry.aliases where positions[Self.lookupKey(alias)] == nil {
                positions[Self.lookupKey(alias)] = position
            }
        }
        return Indexed(entries: entries, positions: positions)
    }

    /// Parses catalog YAML (`exercises: [{name, category, kind?, equipment?, muscle?, aliases?}]`).
    /// Names and aliases that are not valid names are skipped; a name listed
    /// twice, or an alias that is another entry's name or alias, refuses the
    /// whole file: it would make one name mean two lifts.
    public init(yaml: String) throws(Problem) {
        struct File: Decodable { var exercises: [Entry] }
        let file: File
        do {
            file = try YAMLDecoder().decode(File.self, from: yaml)
        } catch {
            let reason = String(describing: error).split(whereSeparator: \.isNewline).first.map(String.init) ?? "unreadable"
            throw Problem(description: "not an exercise catalog (expected 'exercises:' with a name and category each): \(reason)")
        }
        // A valid name's spaces are collapsed already: its key is its lookup key.
        var positions: [String: Int] = [:]
        var entries: [Entry] = []
        for raw in file.exercises {
            guard case .success(let name) = NameRules.validate(raw.name, kind: .exercise) else { continue }
            guard positions.updateValue(entries.count, forKey: NameRules.key(name)) == nil else {
                throw Problem(description: "exercise \(name) is listed twice")
            }
            entries.append(Entry(name: name, category: raw.category, equipment: raw.equipment, muscle: raw.muscle, aliases: raw.aliases,
                                 rank: raw.rank, kind: raw.statedKind))
        }
        for position in entries.indices {
            var aliases: [String] = []
            for raw in entries[position].aliases {
                guard case .success(let alias) = NameRules.validate(raw, kind: .exercise) else { continue }
                let key = NameRules.key(alias)
                switch positions[key] {
                case nil:
                    positions[key] = position
                    aliases.append(alias)
                case position?:
                    continue  // its own name, or an alias given twice: nothing to mix up
                case let other?:
                    throw Problem(description: "alias \(alias) of \(entries[position].name) already names \(entries[other].name)")
                }
            }
            entries[position].aliases = aliases
        }
        let indexed = Indexed(entries: entries, positions: positions)
        self.init(storage: Storage { indexed })
    }

    /// The catalog shipped with the program, compiled in (`EmbeddedCatalog`,
    /// from `Resources/exercises.yaml`): nothing to find beside the binary.
    /// `TOPWEIGHT_CATALOG` names another catalog file to use instead. Built
    /// once per process, at the first look into it: a start that names no
    /// exercise (the logger to its first prompt, `--version`) builds none.
    public static func bundled() -> ExerciseCatalog {
        bundledOnce
    }

    private static let bundledOnce = ExerciseCatalog(storage: Storage {
        if let text = overrideText(environment: "TOPWEIGHT_CATALOG"), let catalog = try? ExerciseCatalog(yaml: text) {
            return catalog.storage.indexed
        }
        return indexed(compiledEntries)
    })

    /// The entries with each name's and alias's position.
    struct Indexed: Sendable {
        var entries: [Entry]
        var positions: [String: Int]
    }

    /// Where a catalog keeps its entries: made by `make` at the first look
    /// and kept (the bundled one's index is about a millisecond of a start).
    final class Storage: Sendable {
        private let make: @Sendable () -> Indexed
        private let made = Mutex<Indexed?>(nil)

        init(_ make: @escaping @Sendable () -> Indexed) {
            self.make = make
        }

        var indexed: Indexed {
            made.withLock { made in
                if let made { return made }
                let indexed = make()
                made = indexed
                return indexed
            }
        }
    }

    /// The entry this name or one of its aliases names, compared as names are
    /// (case and inner spaces aside): `Squat (Barbell)` is Back Squat.
    public func entry(named name: String) -> Entry? {
        positions[Self.lookupKey(name)].map { entries[$0] }
    }

    /// Entries whose name starts with `prefix`, compared case-insensitively.
    /// Names only: an alias is for finding a lift, not for offering it.
    public func names(withPrefix prefix: String) -> [String] {
        let key = NameRules.key(prefix)
        return entries.lazy.map(\.name).filter { NameRules.key($0).hasPrefix(key) }
    }

    /// What `ExerciseRanking` needs of every entry: name, rank and aliases.
    public var rankingNames: [ExerciseRanking.CatalogName] {
        entries.map { ExerciseRanking.CatalogName(name: $0.name, rank: $0.rank, aliases: $0.aliases) }
    }

    /// Every category the entries name, once each, sorted.
    public var categories: [String] {
        Self.distinct(entries.map(\.category))
    }

    /// Every kind of equipment the entries name, once each, sorted.
    public var equipment: [String] {
        Self.distinct(entries.compactMap(\.equipment))
    }

    /// Every primary muscle group the entries name, once each, sorted.
    public var muscles: [String] {
        Self.distinct(entries.compactMap(\.muscle))
    }

    private static func distinct(_ values: [String]) -> [String] {
        var seen: Set<String> = []
        return values.filter { seen.insert(NameRules.key($0)).inserted }.sorted { NameRules.key($0) < NameRules.key($1) }
    }

    /// How a name is looked up: its key, with spaces collapsed as a typed name's are.
    static func lookupKey(_ name: String) -> String {
        NameRules.collapsedKey(name)
    }

    /// The text of the file an environment variable names, when it is set and readable.
    static func overrideText(environment variable: String) -> String? {
        guard let path = ProcessInfo.processInfo.environment[variable], !path.isEmpty else { return nil }
        return try? String(contentsOfFile: path, encoding: .utf8)
    }
}
