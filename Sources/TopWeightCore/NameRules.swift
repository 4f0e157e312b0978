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
        // Printable ASCII (most names, every catalog entry) holds no invisible
        // character, no mark and one alphabet: the Unicode checks are for the rest.
        if isPrintableASCII(raw) {
            return validated(raw, kind: kind)
        }
        if let invisible = invisibleScalar(in: raw) {
            let code = String(invisible.value, radix: 16, uppercase: true)
            return .failure(InputError("\(article) \(kind.rawValue) name can't contain invisible characters (U+\(String(repeating: "0", count: max(0, 4 - code.count)))\(code))", example: example))
        }
        if hasStackedMarks(raw) {
            return .failure(InputError("\(article) \(kind.rawValue) name can't stack more than \(marksPerLetter) accents on one letter", example: example))
        }
        if let word = mixedScriptWord(in: raw) {
            return .failure(InputError("\(article) \(kind.rawValue) name can't mix letters of different alphabets in one word (\(word))", example: example))
        }
        return validated(raw, kind: kind)
    }

    /// The checks every name gets once its characters passed: spaces
    /// collapsed, not empty, not too long, no command-like start, not a number.
    private static func validated(_ raw: String, kind: Kind) -> Result<String, InputError> {
        let example = kind == .user ? "Ana" : "Bench Press"
        let article = kind == .user ? "a" : "an"
        let name = collapsingSpaces(raw)
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

    /// `raw` with its runs of whitespace made one space and none at the
    /// ends. Printable ASCII, whose one whitespace is the space, is read
    /// without Unicode's property tables, and a name with no run to collapse
    /// (nearly every one typed) is itself, not a copy.
    static func collapsingSpaces(_ raw: String) -> String {
        guard isPrintableASCII(raw) else { return raw.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ") }
        var previousSpace = true
        let single = raw.utf8.allSatisfy { byte in
            defer { previousSpace = byte == 0x20 }
            return byte != 0x20 || !previousSpace
        }
        return single && !previousSpace ? raw : raw.split(separator: " ").joined(separator: " ")
    }

    /// The key two names are compared by: canonically composed and lower-cased,
    /// so `ANA`, `ana` and `Ana` are one user, and `é` typed either way is one letter.
    public static func key(_ name: String) -> String {
        // ASCII is composed already; Foundation's normalization is the slow part of a key.
        isASCII(name) ? name.lowercased() : name.precomposedStringWithCanonicalMapping.lowercased()
    }

    /// The key of typed text with its runs of whitespace collapsed to one
    /// space and none at the ends (`  bench   press ` → `bench press`): how a
    /// typed or catalog name is looked up. Printable ASCII with single spaces
    /// skips the per-character Unicode look-ups (the catalog's 1 000 names and
    /// aliases are keyed at start).
    public static func collapsedKey(_ text: String) -> String {
        var previousSpace = true
        let simple = text.utf8.allSatisfy { byte in
            defer { previousSpace = byte == 0x20 }
            return (0x21...0x7E).contains(byte) || (byte == 0x20 && !previousSpace)
        }
        if simple, !previousSpace { return text.lowercased() }
        return key(text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " "))
    }

    static func isASCII(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 < 0x80 }
    }

    static func isPrintableASCII(_ text: String) -> Bool {
        text.utf8.allSatisfy { (0x20...0x7E).contains($0) }
    }

    /// The first invisible character that is not part of an emoji: format
    /// characters (Cf: zero-width space and joiners, soft hyphen, word joiner,
    /// BOM …), default-ignorable code points (combining grapheme joiner,
    /// variation selectors, Hangul fillers …) and blank letters (Braille
    /// blank). `Ana` and `Ana` + U+200B would look like one name. Inside an
    /// emoji, a joiner between two emoji, a variation selector after one and
    /// the tags of a flag draw the emoji itself (👩‍👩‍👧, 🏳️‍🌈, 🏴󠁧󠁢󠁳󠁣󠁴󠁿) and stay.
    static func invisibleScalar(in text: String) -> Unicode.Scalar? {
        // Every catalog name and every typed name comes through here: look
        // closer only at a character that holds an invisible scalar at all.
        for character in text where character.unicodeScalars.contains(where: isInvisible) {
            let scalars = Array(character.unicodeScalars)
            for (index, scalar) in scalars.enumerated() where isInvisible(scalar) {
                // What the joiner or selector follows, past any variation selector (🏳️‍🌈).
                let before = scalars[..<index].last { $0.value != 0xFE0E && $0.value != 0xFE0F }
                let after = index + 1 < scalars.count ? scalars[index + 1] : nil
                if !drawsEmoji(scalar, before: before, after: after, in: scalars) { return scalar }
            }
        }
        return nil
    }

    public static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        if properties.generalCategory == .format || properties.isDefaultIgnorableCodePoint { return true }
        switch scalar.value {
        case 0x2800, 0x3164, 0x115F, 0x1160, 0xFFA0, 0x17B4, 0x17B5: return true
        default: return false
        }
    }

    private static func isEmoji(_ scalar: Unicode.Scalar?) -> Bool {
        guard let scalar else { return false }
        return scalar.properties.isEmoji && scalar.value >= 0x2000 || scalar.properties.isEmojiPresentation
    }

    private static func drawsEmoji(_ scalar: Unicode.Scalar, before: Unicode.Scalar?, after: Unicode.Scalar?,
                                   in scalars: [Unicode.Scalar]) -> Bool {
        switch scalar.value {
        case 0x200D: return isEmoji(before) && isEmoji(after)
        case 0xFE0E, 0xFE0F: return before.map { $0.properties.isEmoji } ?? false
        case 0xE0020...0xE007F: return scalars.first?.value == 0x1F3F4 && scalars.last?.value == 0xE007F
        default: return false
        }
    }

    /// More marks on one letter than any language writes (Vietnamese has two):
    /// a stack of combining marks hides what the name is.
    static let marksPerLetter = 3

    /// The scripts whose letters pass for Latin ones; one word mixing two of
    /// them (a Cyrillic А in `Аna`, a Cherokee Ꭺ in `Ꭺlice`) is refused.
    static func script(of scalar: Unicode.Scalar) -> String? {
        guard scalar.properties.isAlphabetic else { return nil }
        switch scalar.value {
        case 0x41...0x5A, 0x61...0x7A, 0xC0...0x24F, 0x1E00...0x1EFF, 0x2C60...0x2C7F, 0xA720...0xA7FF, 0xFF21...0xFF5A: return "Latin"
        case 0x370...0x3FF, 0x1F00...0x1FFF: return "Greek"
        case 0x400...0x52F, 0x1C80...0x1C8F, 0x2DE0...0x2DFF, 0xA640...0xA69F: return "Cyrillic"
        case 0x530...0x58F: return "Armenian"
        case 0x13A0...0x13FF, 0xAB70...0xABBF: return "Cherokee"
        case 0xA4D0...0xA4FF: return "Lisu"
        case 0x10A0...0x10FF, 0x2D00...0x2D2F: return "Georgian"
        default: return nil
        }
    }

    /// The first word of `name` whose letters come from two of those scripts.
    static func mixedScriptWord(in name: String) -> Substring? {
        name.split(separator: " ").first { word in
            var first: String?
            for scalar in word.unicodeScalars {
                guard let script = script(of: scalar) else { continue }
                if let first, first != script { return true }
                first = script
            }
            return false
        }
    }

    /// More than `marksPerLetter` combining marks on one character.
    static func hasStackedMarks(_ text: String) -> Bool {
        text.contains { character in
            var marks = 0
            for scalar in character.unicodeScalars
            where scalar.properties.generalCategory == .nonspacingMark || scalar.properties.generalCategory == .enclosingMark {
                marks += 1
            }
            return marks > marksPerLetter
        }
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
            // Armenian, Cherokee and Lisu letters drawn like Latin ones.
            ("ՕօսհոզցԼՏ", "OouhnqgLS"),
            ("ᎪᏴᏟᎬᎻᎫᏦᎷᏢᏚᎢᏙᏔᏃ", "ABCEHJKMPSTVWZ"),
            ("ꓮꓐꓚꓓꓰꓝꓖꓧꓲꓙꓗꓡꓟꓠꓳꓑꓣꓢꓔꓴꓦꓪꓫꓬꓜ", "ABCDEFGHIJKLMNOPRSTUVWXYZ"),
            // Latin letters that look like other Latin ones.
            ("ɡıɑ", "gia"),
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

    /// A day's routine or program day as kept from a file: no forbidden
    /// scalar, one line with its runs of spaces one space, at most a name's
    /// length; `nil` when nothing is left.
    public static func label(_ raw: String?) -> String? {
        guard let raw else { return nil }
        let kept = String(String.UnicodeScalarView(raw.unicodeScalars.filter { !isForbidden($0) || $0 == "\n" || $0 == "\t" }))
        let label = String(collapsingSpaces(kept).prefix(Limits.nameLength))
        return label.isEmpty ? nil : label
    }

    /// Scalars that must never reach a note: the same, but for line breaks
    /// (`\n`) and tabs, which a note keeps. What is printed of a name or a
    /// note goes through `TerminalText.safe` all the same.
    public static func isForbiddenInNote(_ scalar: Unicode.Scalar) -> Bool {
        scalar != "\n" && scalar != "\t" && isForbidden(scalar)
    }
}
