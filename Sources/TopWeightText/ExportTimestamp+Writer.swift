import Foundation
import TopWeightCore

extension ExportTimestamp {
    /// `ExportTimestamp.string` for many instants in one zone, byte for byte,
    /// without a calendar per instant (`LocalDay` for the date): the zone's offset is looked up once
    /// an hour of UTC (twice: at its start and its end; an hour whose two
    /// differ, where the zone changed its clocks, is looked up instant by
    /// instant) and the wall time is counted from it. Instants before 1900
    /// or after 9999 (the Julian calendar's years, five-digit years) are
    /// written by `string` itself.
    public struct Writer {
        public let timeZone: TimeZone
        /// Each hour's offset, `nil` for an hour the offset changes in.
        private var offsets: [Int64: Int?] = [:]
        private static let first: Int64 = -2_208_988_800
        private static let end: Int64 = 253_402_300_800

        public init(timeZone: TimeZone) {
            self.timeZone = timeZone
        }

        public mutating func string(_ date: Date) -> String {
            let total = Int64((date.timeIntervalSince1970 * 1000).rounded())
            let millisecond = Int(((total % 1000) + 1000) % 1000)
            let seconds = (total - Int64(millisecond)) / 1000
            guard seconds >= Self.first, seconds < Self.end else { return ExportTimestamp.string(date, timeZone: timeZone) }
            let offset = self.offset(at: seconds)
            let local = seconds + Int64(offset)
            let days = Int(local >= 0 ? local / 86_400 : (local - 86_399) / 86_400)
            let clock = Int(local - Int64(days) * 86_400)
            guard let civil = LocalDay(daysSince1970: days) else { return ExportTimestamp.string(date, timeZone: timeZone) }
            let (year, month, day) = (civil.year, civil.month, civil.day)
            var bytes: [UInt8] = []
            bytes.reserveCapacity(29)
            Self.digits(year, 4, &bytes)
            bytes.append(UInt8(ascii: "-"))
            Self.digits(month, 2, &bytes)
            bytes.append(UInt8(ascii: "-"))
            Self.digits(day, 2, &bytes)
            bytes.append(UInt8(ascii: "T"))
            Self.digits(clock / 3600, 2, &bytes)
            bytes.append(UInt8(ascii: ":"))
            Self.digits(clock % 3600 / 60, 2, &bytes)
            bytes.append(UInt8(ascii: ":"))
            Self.digits(clock % 60, 2, &bytes)
            if millisecond != 0 {
                bytes.append(UInt8(ascii: "."))
                Self.digits(millisecond, 3, &bytes)
            }
            bytes.append(UInt8(ascii: offset < 0 ? "-" : "+"))
            Self.digits(abs(offset) / 3600, 2, &bytes)
            bytes.append(UInt8(ascii: ":"))
            Self.digits(abs(offset) % 3600 / 60, 2, &bytes)
            return String(decoding: bytes, as: UTF8.self)
        }

        /// The zone's offset at `seconds` since 1970 (UTC).
        private mutating func offset(at seconds: Int64) -> Int {
            let hour = seconds >= 0 ? seconds / 3600 : (seconds - 3599) / 3600
            if let known = offsets[hour] {
                if let known { return known }
                return timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(seconds)))
            }
            let start = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(hour * 3600)))
            let last = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(hour * 3600 + 3599)))
            offsets[hour] = start == last ? start : nil
            return start == last ? start : timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(seconds)))
        }

        /// `value` (from 0 to 10^width - 1, as every field here is) in `width` digits, zeros before.
        private static func digits(_ value: Int, _ width: Int, _ bytes: inout [UInt8]) {
            var divisor = 1
            for _ in 1..<width { divisor *= 10 }
            while divisor > 0 {
                bytes.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
                divisor /= 10
            }
        }
    }
}
