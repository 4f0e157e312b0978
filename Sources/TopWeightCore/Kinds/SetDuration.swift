/// A duration in whole seconds, as a hold or a timed set takes it: typed
/// `90s`, `90`, `1:30`, `1m30s`, `2m`, `1:02:03` or `1h2m3s`, shown `1:30`
/// (or `1:02:03` from an hour up).
public struct SetDuration: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    public var seconds: Int

    public init(seconds: Int) { self.seconds = seconds }

    /// From one second to 99:59:59: anything outside is a typo, not a set.
    public static let range = 1...(99 * 3600 + 59 * 60 + 59)
    /// One stepper step (`+` / `-`) at a time prompt.
    public static let stepSeconds = 5
    public static let example = "1:30"

    public static func < (lhs: SetDuration, rhs: SetDuration) -> Bool { lhs.seconds < rhs.seconds }

    /// `0:45`, `1:30`, `25:00`, `1:02:03`.
    public var description: String {
        let hours = seconds / 3600
        let minutes = seconds / 60 % 60
        let rest = seconds % 60
        let ss = rest < 10 ? "0\(rest)" : "\(rest)"
        if hours == 0 { return "\(minutes):\(ss)" }
        return "\(hours):\(minutes < 10 ? "0" : "")\(minutes):\(ss)"
    }

    /// Reads one duration: `90`, `90s`, `1:30`, `1:02:03`, `1m30s`, `2m`,
    /// `1h5m`, `2 min`. `nil` when the text is no duration at all; the
    /// reason when it is one, wrongly written (`1:75`) or out of range.
    public static func parse(_ raw: some StringProtocol) -> Result<SetDuration, InputError>? {
        let text = String(raw.filter { !$0.isSpace }).lowercased()
        guard let first = text.first, first.isASCII, first.isNumber else { return nil }
        let seconds: Int?
        if text.contains(":") {
            guard let parsed = clock(Substring(text)) else { return nil }
            seconds = parsed
        } else if text.allSatisfy({ $0.isASCIIDigit }) {
            seconds = Int(text)
        } else {
            guard let parsed = units(Substring(text)) else { return nil }
            seconds = parsed
        }
        guard let seconds else {
            return .failure(InputError("minutes and seconds go from 00 to 59 after a colon", example: example))
        }
        guard range.contains(seconds) else {
            return .failure(InputError("a time must be from 0:01 to 99:59:59", example: example))
        }
        return .success(SetDuration(seconds: seconds))
    }

    /// `m:ss` or `h:mm:ss`. Outer `nil`: not a clock; inner `nil`: a part past 59.
    private static func clock(_ text: Substring) -> Int?? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(parts.count),
              parts.allSatisfy({ !$0.isEmpty && $0.count <= 6 && $0.allSatisfy { $0.isASCIIDigit } }),
              parts.dropFirst().allSatisfy({ $0.count == 2 }) else { return nil }
        let numbers = parts.compactMap { Int($0) }
        guard numbers.dropFirst().allSatisfy({ $0 < 60 }) else { return .some(nil) }
        return .some(numbers.reduce(0) { $0 * 60 + $1 })
    }

    /// `1h2m3s`, `2m`, `90s`, `2min`, `30sec`: each unit once, largest first.
    /// Outer `nil`: not of that shape; inner `nil`: minutes or seconds past 59 after a larger unit.
    private static func units(_ text: Substring) -> Int?? {
        var rest = text
        var total = 0
        var lastRank = 3
        var previous: Int?
        while !rest.isEmpty {
            let digits = rest.prefix { $0.isASCIIDigit }
            guard !digits.isEmpty, digits.count <= 6, let value = Int(digits) else { return nil }
            rest = rest.dropFirst(digits.count)
            let letters = rest.prefix { $0.isLetter }
            rest = rest.dropFirst(letters.count)
            let rank: Int
            switch letters {
            case "h", "hr", "hrs", "hour", "hours": rank = 2
            case "m", "min", "mins", "minute", "minutes": rank = 1
            case "s", "sec", "secs", "second", "seconds": rank = 0
            default: return nil
            }
            guard rank < lastRank else { return nil }
            if previous != nil, value >= 60 { return .some(nil) }
            total += value * [1, 60, 3600][rank]
            lastRank = rank
            previous = value
        }
        return .some(total)
    }

    // MARK: - At a time prompt

    /// What was typed at `time [1:30]:`: `""` keeps it, `+` `-` `++` `--`
    /// step by 5 s, `+15s` / `-0:30` move it, a duration replaces it.
    public static func input(_ raw: String) -> Result<NumberInput, InputError> {
        let text = Substring(raw.trimmingWhitespace())
        switch text {
        case "": return .success(.keep)
        case "+": return .success(.steps(1))
        case "-": return .success(.steps(-1))
        case "++": return .success(.steps(2))
        case "--": return .success(.steps(-2))
        default: break
        }
        var sign = 0
        var body = text
        if let first = text.first, first == "+" || first == "-" {
            sign = first == "+" ? 1 : -1
            body = text.dropFirst()
        }
        guard let parsed = parse(body) else {
            return .failure(InputError("time must be m:ss, seconds (90s), minutes (2m), a step (+ - ++ --) or +N/-N", example: "1:30, 90s, +15s"))
        }
        switch parsed {
        case .failure(let error): return .failure(error)
        case .success(let duration):
            return .success(sign == 0 ? .absolute(duration.seconds) : .relative(sign * duration.seconds))
        }
    }

    /// Applies a time prompt's input to the time offered (none: from 0).
    public static func apply(_ input: NumberInput, to current: SetDuration?) -> Result<SetDuration, InputError> {
        let seconds: Int
        switch input {
        case .keep:
            guard let current else { return .failure(InputError("time has no default yet; type one", example: example)) }
            return .success(current)
        case .steps(let count): seconds = (current?.seconds ?? 0) + count * stepSeconds
        case .relative(let delta): seconds = (current?.seconds ?? 0) + delta
        case .absolute(let value): seconds = value
        }
        guard range.contains(seconds) else {
            return .failure(InputError("a time must be from 0:01 to 99:59:59", example: example))
        }
        return .success(SetDuration(seconds: seconds))
    }
}
