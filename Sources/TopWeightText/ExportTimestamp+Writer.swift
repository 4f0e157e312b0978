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
        /// The last hour looked up and its offset (a steady one): the next instant is mostly in it.
        private var lastHour = Int64.min
        private var lastOffset = 0
        private static let first: Int64 = -2_208_988_800
        private static let end: Int64 = 253_402_300_800

        public init(timeZone: TimeZone) {
            self.timeZone = timeZone
        }

        public mutating func string(_ date: Date) -> String {
            guard let wall = wallTime(date) else { return ExportTimestamp.string(date, timeZone: timeZone) }
            // Into the string's own storage (29 bytes at most), no array between.
            return String(unsafeUninitializedCapacity: 29) { Self.put(wall, into: $0) }
        }

        /// `string(date)`'s bytes, appended to `out`.
        public mutating func append(_ date: Date, to out: inout JSONBytes) {
            guard let wall = wallTime(date) else {
                out.raw(ExportTimestamp.string(date, timeZone: timeZone))
                return
            }
            out.append(upTo: 29) { Self.put(wall, into: $0) }
        }

        /// An instant's local date, time of day, millisecond and offset; `nil`
        /// for the instants `ExportTimestamp.string` writes itself.
        private mutating func wallTime(_ date: Date) -> WallTime? {
            let total = Int64((date.timeIntervalSince1970 * 1000).rounded())
            let millisecond = Int(((total % 1000) + 1000) % 1000)
            let seconds = (total - Int64(millisecond)) / 1000
            guard seconds >= Self.first, seconds < Self.end else { return nil }
            let offset = self.offset(at: seconds)
            let local = seconds + Int64(offset)
            let days = Int(local >= 0 ? local / 86_400 : (local - 86_399) / 86_400)
            let clock = Int(local - Int64(days) * 86_400)
            guard let civil = LocalDay(daysSince1970: days) else { return nil }
            return WallTime(year: civil.year, month: civil.month, day: civil.day, clock: clock, millisecond: millisecond, offset: offset)
        }

        private struct WallTime {
            let year, month, day, clock, millisecond, offset: Int
        }

        /// `wall` as `ExportTimestamp.string` writes it, into `buffer` (29 bytes or more); returns the bytes written.
        private static func put(_ wall: WallTime, into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
            var at = 0
            func put(_ byte: UInt8) {
                buffer[at] = byte
                at += 1
            }
            func digits(_ value: Int, _ width: Int) {
                var rest = value
                for place in stride(from: at + width - 1, through: at, by: -1) {
                    buffer[place] = UInt8(ascii: "0") + UInt8(rest % 10)
                    rest /= 10
                }
                at += width
            }
            digits(wall.year, 4)
            put(UInt8(ascii: "-"))
            digits(wall.month, 2)
            put(UInt8(ascii: "-"))
            digits(wall.day, 2)
            put(UInt8(ascii: "T"))
            digits(wall.clock / 3600, 2)
            put(UInt8(ascii: ":"))
            digits(wall.clock % 3600 / 60, 2)
            put(UInt8(ascii: ":"))
            digits(wall.clock % 60, 2)
            if wall.millisecond != 0 {
                put(UInt8(ascii: "."))
                digits(wall.millisecond, 3)
            }
            put(UInt8(ascii: wall.offset < 0 ? "-" : "+"))
            digits(abs(wall.offset) / 3600, 2)
            put(UInt8(ascii: ":"))
            digits(abs(wall.offset) % 3600 / 60, 2)
            return at
        }

        /// The zone's offset at `seconds` since 1970 (UTC).
        private mutating func offset(at seconds: Int64) -> Int {
            let hour = seconds >= 0 ? seconds / 3600 : (seconds - 3599) / 3600
            if hour == lastHour { return lastOffset }
            if let known = offsets[hour] {
                if let known {
                    (lastHour, lastOffset) = (hour, known)
                    return known
                }
                return timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(seconds)))
            }
            let start = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(hour * 3600)))
            let last = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(hour * 3600 + 3599)))
            offsets[hour] = start == last ? start : nil
            if start == last { (lastHour, lastOffset) = (hour, start) }
            return start == last ? start : timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(seconds)))
        }
    }
}
