import Foundation
import TopWeightCore
import Yams

/// The bundled exercise catalog: names and categories offered by completion.
///
/// Catalog entries are suggestions only; an exercise becomes a database row
/// the first time somebody records it.
public struct ExerciseCatalog: Sendable {
    public struct Entry: Sendable, Codable, Hashable {
        public var name: String
        public var category: String

        public init(name: String, category: String) {
            self.name = name
            self.category = category
        }
    }

    public var entries: [Entry]

    public init(entries: [Entry]) {
        self.entries = entries
    }

    /// Parses catalog YAML (`exercises: [{name, category}]`). Invalid names are skipped.
    public init(yaml: String) throws {
        struct File: Decodable { var exercises: [Entry] }
        let file = try YAMLDecoder().decode(File.self, from: yaml)
        entries = file.exercises.compactMap { entry in
            guard case .success(let name) = NameRules.validate(entry.name, kind: .exercise) else { return nil }
            return Entry(name: name, category: entry.category)
        }
    }

    /// The catalog shipped with the program, or an empty one when its file
    /// can't be found (completion then offers database names only).
    public static func bundled() -> ExerciseCatalog {
        guard let url = bundledURL(), let text = try? String(contentsOf: url, encoding: .utf8),
              let catalog = try? ExerciseCatalog(yaml: text)
        else { return ExerciseCatalog(entries: []) }
        return catalog
    }

    /// The entry with this name, compared case-insensitively.
    public func entry(named name: String) -> Entry? {
        let key = NameRules.key(name)
        return entries.first { NameRules.key($0.name) == key }
    }

    /// Entries whose name starts with `prefix`, compared case-insensitively.
    public func names(withPrefix prefix: String) -> [String] {
        let key = NameRules.key(prefix)
        return entries.lazy.map(\.name).filter { NameRules.key($0).hasPrefix(key) }
    }

    /// Looks for the catalog next to the executable (SwiftPM's resource bundle),
    /// then in `TOPWEIGHT_CATALOG`. Avoids `Bundle.module`, which stops the
    /// program when the bundle is missing.
    static func bundledURL(named file: String = "exercises.yaml", environment variable: String = "TOPWEIGHT_CATALOG") -> URL? {
        let fileManager = FileManager.default
        var candidates: [URL] = []
        if let path = ProcessInfo.processInfo.environment[variable], !path.isEmpty {
            candidates.append(URL(fileURLWithPath: path))
        }
        let executable = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath()
        let directory = Bundle.main.executableURL?.deletingLastPathComponent() ?? executable.deletingLastPathComponent()
        for bundle in ["TopWeight_TopWeightCatalog.resources", "TopWeight_TopWeightCatalog.bundle"] {
            candidates.append(directory.appendingPathComponent(bundle).appendingPathComponent(file))
            candidates.append(directory.appendingPathComponent(bundle).appendingPathComponent("Contents/Resources/" + file))
        }
        return candidates.first { fileManager.fileExists(atPath: $0.path) }
    }
}
