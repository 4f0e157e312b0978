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
        if let invisible = invisibleScalar(in: raw) {
            let code = String(invisible.value, radix: 16, uppercase: true)
            return .failure(InputError("\(article) \(kind.rawValue) name can't contain invisible characters (U+\(String(repeating: "0", count: max(0, 4 - code.count)))\(code))", example: example))
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

    /// The first invisible format character (Unicode category Cf: zero-width
    /// space and joiners, soft hyphen, word joiner, BOM …) that is not part of
    /// an emoji: `Ana` and `Ana` + U+200B would look like one name. Inside an
    /// emoji the zero-width joiner and tag characters draw the emoji itself
    /// (👩‍👩‍👧, 🏴󠁧󠁢󠁳󠁣󠁴󠁿) and stay.
    static func invisibleScalar(in text: String) -> Unicode.Scalar? {
        for character in text {
            let scalars = character.unicodeScalars
            let isEmoji = scalars.contains { $0.properties.isEmoji && $0.value >= 0x2000 }
            for scalar in scalars where scalar.properties.generalCategory == .format {
                let drawsEmoji = scalar.value == 0x200D || (0xE0020...0xE007F).contains(scalar.value)
                if !(isEmoji && drawsEmoji) { return scalar }
            }
        }
        return nil
    }

    /// What a name looks like, for spotting look-alikes: compatibility forms
    /// folded (`Ａｎａ` is `Ana`), Cyrillic and Greek letters that look like
    /// Latin ones replaced by them (`Аna` with a Cyrillic А is `Ana`), then
    /// lower-cased. Accents stay: `Zoë` and `Zoe` are different people.
    public static func skeleton(_ name: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in name.decomposedStringWithCompatibilityMapping.unicodeScalars {
            out.append(latinLookalikes[scalar] ?? scalar)
        }
        return String(out).lowercased()
    }

    /// Two different names that a person reading the screen would take for one.
    public static func lookAlike(_ first: String, _ second: String) -> Bool {
        key(first) != key(second) && skeleton(first) == skeleton(second)
    }

    /// Cyrillic and Greek letters drawn like a Latin letter in common fonts.
    static let latinLookalikes: [Unicode.Scalar: Unicode.Scalar] = {
        let pairs: [(String, String)] = [
            // Cyrillic capitals and small letters.
            ("АВЕКМНОРСТХУЅІЈԚԜӀ", "ABEKMHOPCTXYSIJQWI"),
            ("аеорсухѕіјԁһԛԝӏ", "aeopcyxsijdhqwl"),
            // Greek capitals and small letters.
            ("ΑΒΕΖΗΙΚΜΝΟΡΤΥΧ", "ABEZHIKMNOPTYX"),
            ("αικνορυχ", "aikvopux"),
        ]
        var table: [Unicode.Scalar: Unicode.Scalar] = [:]
        for (from, to) in pairs {
            for (a, b) in zip(from.unicodeScalars, to.unicodeScalars) { table[a] = b }
        }
        return table
    }()

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
