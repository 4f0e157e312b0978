/// How hard a set felt, as a rate of perceived exertion from 6 to 10 by
/// halves: typed `@8` or `@8.5` after a set, shown `@8`.
public struct Effort: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    /// The RPE times two: 12 (RPE 6) to 20 (RPE 10).
    public var halves: Int

    public init?(halves: Int) {
        guard Self.halvesRange.contains(halves) else { return nil }
        self.halves = halves
    }

    /// From a stored or imported number: `nil` unless it is 6–10 by halves.
    public init?(rpe: Double) {
        let doubled = rpe * 2
        guard doubled.isFinite, doubled >= 12, doubled <= 20, doubled == doubled.rounded() else { return nil }
        self.init(halves: Int(doubled))
    }

    public static let halvesRange = 12...20
    public static let example = "@8"

    public var rpe: Double { Double(halves) / 2 }

    public static func < (lhs: Effort, rhs: Effort) -> Bool { lhs.halves < rhs.halves }

    /// `@8`, `@8.5`.
    public var description: String { "@\(halves / 2)\(halves % 2 == 1 ? ".5" : "")" }

    /// Splits a trailing `@RPE` off an entry: `100x5x3@8` → (`100x5x3`, RPE 8).
    /// `nil` when there is no `@`; the reason when what follows it is no RPE (`@11`, `@7.3`, `@`).
    public static func split(_ raw: String) -> (rest: String, effort: Result<Effort, InputError>)? {
        guard let at = raw.lastIndex(of: "@") else { return nil }
        let rest = String(raw[..<at]).trimmingWhitespace()
        return (rest, parse(raw[raw.index(after: at)...]))
    }

    /// `8`, `8.5`, `8,5`.
    public static func parse(_ raw: some StringProtocol) -> Result<Effort, InputError> {
        let text = Substring(raw.filter { !$0.isSpace })
        var refusal: InputError { InputError("RPE goes from 6 to 10 by halves", example: "@8, @8.5") }
        guard let parsed = Decimal2.parse(text), let hundredths = parsed,
              hundredths % 50 == 0, let effort = Effort(halves: hundredths / 50) else {
            return .failure(refusal)
        }
        return .success(effort)
    }
}
