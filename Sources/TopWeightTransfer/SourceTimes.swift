import Foundation
import TopWeightCore

/// A wall-clock time as another app wrote it, before it is placed in a time zone.
struct WallTime: Hashable, Sendable {
    var year, month, day: Int
    var hour, minute, second: Int
    /// False for a date alone (FitNotes): the set is placed at noon.
    var hasTime: Bool

    var localDay: LocalDay? { LocalDay(year: year, month: month, day: day) }

    /// True when this time comes after `other`; a date alone, when its day does.
    func isAfter(_ other: WallTime) -> Bool {
        guard hasTime else { return (year, month, day) > (other.year, other.month, other.day) }
        return (year, month, day, hour, minute, second) > (other.year, other.month, other.day, other.hour, other.minute, other.second)
    }

    /// `2026-04-08 16:50:00`, the form an id is made from whatever the file wrote.
    var canonical: String {
        func pad(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2)) \(pad(hour, 2)):\(pad(minute, 2)):\(pad(second, 2))"
    }
}

extension WallTime {
    /// What `date` reads on a wall clock in `calendar`'s time zone.
    init(_ date: Date, in calendar: Calendar) {
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        self.init(year: c.year ?? 0, month: c.month ?? 0, day: c.day ?? 0, hour: c.hour ?? 0, minute: c.minute ?? 0,
                  second: c.second ?? 0, hasTime: true)
    }
}

/// Reads the dates and times the exports hold, strictly: a form not listed
/// here is refused (and the row named), never guessed.
///
/// - `2023-03-12 10:30:49`, `2023-03-12 10:30`, `2023-03-12T10:30:49` (Strong, ISO)
/// - `2023-03-12` (FitNotes), `2026/08/11` (StrongLifts)
/// - `8 Apr 2026, 16:50` (Hevy), `Apr 8, 2026, 4:50 PM` (Hevy in US English)
/// - `10:56 PM`, `22:56`, `12:18:42` as a time of day alone
enum SourceTimes {
    static func parse(_ text: some StringProtocol) -> WallTime? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let time = numericDate(trimmed) { return time }
        return namedMonthDate(trimmed)
    }

    /// A workout's length in seconds as Strong writes it: `1h 5m`, `38m`,
    /// `38min`, `55s`, `1h`, or seconds alone (`3459`, `3459.0`, under
    /// `Duration (sec)`); `nil` for anything else (or more than a week).
    static func duration(_ text: some StringProtocol) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        if let seconds = Double(trimmed), seconds >= 0, seconds <= Double(RecordSource.secondsLimit) { return Int(seconds.rounded()) }
        let units: [(String, Int)] = [("hours", 3_600), ("hour", 3_600), ("hrs", 3_600), ("hr", 3_600), ("h", 3_600),
                                      ("minutes", 60), ("minute", 60), ("mins", 60), ("min", 60), ("m", 60),
                                      ("seconds", 1), ("second", 1), ("secs", 1), ("sec", 1), ("s", 1)]
        var rest = Substring(trimmed)
        var total = 0
        var any = false
        while !rest.isEmpty {
            rest = rest.drop { $0 == " " }
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty, digits.count <= 6, let number = Int(digits) else { return nil }
            rest = rest.dropFirst(digits.count).drop { $0 == " " }
            guard let (word, factor) = units.first(where: { rest.hasPrefix($0.0) }) else { return nil }
            rest = rest.dropFirst(word.count)
            guard rest.first.map({ !$0.isLetter }) ?? true else { return nil }
            total += number * factor
            any = true
        }
        return any && total <= RecordSource.secondsLimit ? total : nil
    }

    /// A time of day alone: (hour, minute, second).
    static func timeOfDay(_ text: some StringProtocol) -> (hour: Int, minute: Int, second: Int)? {
        var words = String(text).split(separator: " ").map(String.init)
        var meridiem: String?
        if let last = words.last?.uppercased(), last == "AM" || last == "PM" {
            meridiem = last
            words.removeLast()
        }
        guard words.count == 1 else { return nil }
        let parts = words[0].split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(parts.count), parts.allSatisfy({ part in !part.isEmpty && part.count <= 2 && part.allSatisfy { $0.isASCII && $0.isNumber } }),
              var hour = Int(parts[0]), let minute = Int(parts[1]), (0...59).contains(minute) else { return nil }
        let second = parts.count == 3 ? Int(parts[2]) : 0
        guard let second, (0...59).contains(second), parts.dropFirst().allSatisfy({ $0.count == 2 }) else { return nil }
        if let meridiem {
            guard (1...12).contains(hour) else { return nil }
            hour = hour % 12 + (meridiem == "PM" ? 12 : 0)
        }
        guard (0...23).contains(hour) else { return nil }
        return (hour, minute, second)
    }

    /// `yyyy-MM-dd[( |T)HH:mm[:ss]]` or `yyyy/MM/dd`.
    private static func numericDate(_ text: String) -> WallTime? {
        let dateText: Substring
        var timeText: Substring?
        if let split = text.firstIndex(where: { $0 == " " || $0 == "T" }) {
            dateText = text[..<split]
            timeText = text[text.index(after: split)...]
        } else {
            dateText = Substring(text)
        }
        let separator: Character = dateText.contains("/") ? "/" : "-"
        let parts = dateText.split(separator: separator, omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, (1...2).contains(parts[1].count), (1...2).contains(parts[2].count),
              parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
              LocalDay(year: year, month: month, day: day) != nil else { return nil }
        guard let timeText else {
            return WallTime(year: year, month: month, day: day, hour: 12, minute: 0, second: 0, hasTime: false)
        }
        // A fraction of a second or a `Z` after the time is not a local time: refused.
        guard let time = timeOfDay(timeText) else { return nil }
        return WallTime(year: year, month: month, day: day, hour: time.hour, minute: time.minute, second: time.second, hasTime: true)
    }

    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// `8 Apr 2026, 16:50` or `Apr 8, 2026, 4:50 PM` (commas optional).
    private static func namedMonthDate(_ text: String) -> WallTime? {
        let words = text.replacingOccurrences(of: ",", with: " ").split(separator: " ").map(String.init)
        guard words.count >= 4 else { return nil }
        let day: Int
        let monthWord: String
        if let number = Int(words[0]) {
            (day, monthWord) = (number, words[1])
        } else if let number = Int(words[1]) {
            (day, monthWord) = (number, words[0])
        } else {
            return nil
        }
        let monthKey = String(monthWord.lowercased().prefix(3))
        guard monthWord.count >= 3, monthWord.allSatisfy(\.isLetter), let monthIndex = months.firstIndex(of: monthKey),
              words[2].count == 4, let year = Int(words[2]),
              LocalDay(year: year, month: monthIndex + 1, day: day) != nil,
              let time = timeOfDay(words[3...].joined(separator: " ")) else { return nil }
        return WallTime(year: year, month: monthIndex + 1, day: day, hour: time.hour, minute: time.minute, second: time.second, hasTime: true)
    }
}

/// Places wall-clock times in the importing machine's time zone (the
/// exports hold local times without an offset), once per distinct time. A
/// date alone goes at noon, or at `now` on a day whose noon has not come.
final class LocalClock {
    let calendar: Calendar
    let now: Date?
    private var cache: [WallTime: Date] = [:]

    init(calendar: Calendar, now: Date? = nil) {
        self.calendar = calendar
        self.now = now
    }

    func date(_ time: WallTime) -> Date {
        if let known = cache[time] { return known }
        let components = DateComponents(year: time.year, month: time.month, day: time.day,
                                        hour: time.hour, minute: time.minute, second: time.second)
        // A time that a DST change skipped is placed after the gap, on the same day.
        var date = calendar.date(from: components) ?? Date(timeIntervalSince1970: 0)
        if !time.hasTime, let now, date > now, LocalDay(date, in: calendar) == LocalDay(now, in: calendar) { date = now }
        cache[time] = date
        return date
    }
}
