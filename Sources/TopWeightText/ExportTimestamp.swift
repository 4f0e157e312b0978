import Foundation
import TopWeightCore

/// Instants in our exports and CSV: ISO 8601 with the local offset, and the
/// milliseconds when there are some (`2026-11-21T18:42:05.250+01:00`), so
/// an instant read back is the one stored, to the millisecond.
public enum ExportTimestamp {
    public static func string(_ date: Date, timeZone: TimeZone) -> String {
        let total = Int64((date.timeIntervalSince1970 * 1000).rounded())
        let millisecond = Int(((total % 1000) + 1000) % 1000)
        let seconds = (total - Int64(millisecond)) / 1000
        let whole = Date(timeIntervalSince1970: Double(seconds))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: whole)
        let offset = timeZone.secondsFromGMT(for: whole)
        var text = pad(c.year ?? 0, 4) + "-" + pad(c.month ?? 0, 2) + "-" + pad(c.day ?? 0, 2)
        text += "T" + pad(c.hour ?? 0, 2) + ":" + pad(c.minute ?? 0, 2) + ":" + pad(c.second ?? 0, 2)
        if millisecond != 0 { text += "." + pad(millisecond, 3) }
        text += (offset < 0 ? "-" : "+") + pad(abs(offset) / 3600, 2) + ":" + pad(abs(offset) % 3600 / 60, 2)
        return text
    }

    /// Reads what `string` writes (and `Z` for UTC); `nil` for anything else.
    public static func date(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        var position = 0
        func number(_ width: Int) -> Int? {
            guard position + width <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[position..<position + width] {
                guard (48...57).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            position += width
            return value
        }
        func expect(_ character: Character) -> Bool {
            guard position < bytes.count, bytes[position] == character.asciiValue else { return false }
            position += 1
            return true
        }
        guard let year = number(4), expect("-"), let month = number(2), expect("-"), let day = number(2), expect("T"),
              let hour = number(2), expect(":"), let minute = number(2), expect(":"), let second = number(2),
              LocalDay(year: year, month: month, day: day) != nil, hour < 24, minute < 60, second < 60 else { return nil }
        var millisecond = 0
        if expect(".") {
            guard let fraction = number(3) else { return nil }
            millisecond = fraction
        }
        var offset = 0
        if expect("Z") {
            offset = 0
        } else {
            guard position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") else { return nil }
            let sign = bytes[position] == UInt8(ascii: "-") ? -1 : 1
            position += 1
            guard let hours = number(2), expect(":"), let minutes = number(2), hours < 24, minutes < 60 else { return nil }
            offset = sign * (hours * 3600 + minutes * 60)
        }
        guard position == bytes.count else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        let seconds = Int64(days) * 86_400 + Int64(hour * 3600 + minute * 60 + second - offset)
        return Date(timeIntervalSince1970: Double(seconds * 1000 + Int64(millisecond)) / 1000)
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
