import Foundation

/// What makes a user or exercise name acceptable, and how names are compared.
///
/// Names are trimmed, inner whitespace collapses to one space, any Unicode
/// letters are kept; control characters, escape sequences and bidirectional
/// overrides are refused so that no name can disturb anybody's screen.
public enum NameRules {
    public enum Kind: String, Sendable {
        case user
        case exercise
    }

    /// Returns the cleaned name or why it can't be one.
    public static func validate(_ raw: String, kind: Kind) -> Result<String, InputError> {
        let example = kind == .user ? "Ana" : "Bench Press"
        let article = kind == .user ? "a" : "an"
        if raw.unicodeScalars.contains(where: isForbidden) {
            return .failure(InputError("\(article) \(kind.rawValue) name can't contain control characters or escape sequences", example: example))
        }
        let name = raw.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        if name.isEmpty {
            return .failure(InputError("\(article) \(kind.rawValue) name can't be empty", example: example))
        }
        if name.count > Limits.nameLength {
            return .failure(InputError("\(article) \(kind.rawValue) name can have at most \(Limits.nameLength) characters", example: example))
        }
        if let first = name.first, ":<+-".contains(first) {
            return .failure(InputError("\(article) \(kind.rawValue) name can't start with '\(first)'", example: example))
        }
        if Decimal2.parse(Substring(name)) != nil {
            return .failure(InputError("\(article) \(kind.rawValue) name can't be just a number", example: example))
        }
        return .success(name)
    }

    /// The key two names are compared by: canonically composed and lower-cased,
    /// so `ANA`, `ana` and `Ana` are one user, and `é` typed either way is one letter.
    public static func key(_ name: String) -> String {
        name.precomposedStringWithCanonicalMapping.lowercased()
    }

    /// Scalars that must never reach a name: C0/C1 controls (ESC among them),
    /// bidirectional overrides and isolates, line/paragraph separators, and the
    /// replacement character that stands for invalid UTF-8.
    public static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        case 0x2028, 0x2029, 0xFFFD: true
        default: false
        }
    }
}
