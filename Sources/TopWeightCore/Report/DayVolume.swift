import Foundation

/// A member's live sets of one local day as the report's comparisons and
/// charts count them: the loads (`SetValues.countsLoad`) summed as whole
/// numbers, hundredths of each unit times reps times series, so that a day
/// added up by the logbook in any order and one added up here from its
/// records give the same kilograms to the last bit.
public struct DayVolume: Sendable, Hashable {
    public var day: LocalDay
    /// Σ hundredths × reps × series of the day's loads in kilograms.
    public var kilogramHundredths: Int
    /// Σ hundredths × reps × series of the day's loads in pounds.
    public var poundHundredths: Int

    public init(day: LocalDay, kilogramHundredths: Int = 0, poundHundredths: Int = 0) {
        self.day = day
        self.kilogramHundredths = kilogramHundredths
        self.poundHundredths = poundHundredths
    }

    /// The day's volume in kilograms (1 lb = 0.45359237 kg).
    public var kilograms: Double {
        Double(kilogramHundredths) / 100 + Double(poundHundredths) / 100 * 0.45359237
    }

    /// Counts one live set of the day.
    public mutating func add(_ values: SetValues) {
        guard values.countsLoad else { return }
        let load = values.weight.hundredths * values.reps * values.series
        if values.weight.unit == .lb { poundHundredths += load } else { kilogramHundredths += load }
    }

    /// The days of `records` (live ones, up to `through`), by member
    /// (`NameRules.key`), each member's oldest first: what the logbook's
    /// `TrainingTotals.dayVolumes` reads, made from the records themselves.
    public static func byMember(_ records: [WorkoutRecord], through: LocalDay, calendar: Calendar) -> [String: [DayVolume]] {
        var days = DayReckoner(calendar)
        var keys = NameKeys()
        var byMember: [String: [LocalDay: DayVolume]] = [:]
        for record in records where record.deletedAt == nil {
            let day = days.day(of: record.performedAt)
            guard day <= through else { continue }
            byMember[keys.key(record.user), default: [:]][day, default: DayVolume(day: day)].add(record.values)
        }
        return byMember.mapValues { $0.values.sorted { $0.day < $1.day } }
    }

    /// The kilograms of the days from `first` through `last`, added oldest first.
    public static func kilograms(of days: [DayVolume], from first: LocalDay, through last: LocalDay) -> Double {
        days.reduce(0) { first <= $1.day && $1.day <= last ? $0 + $1.kilograms : $0 }
    }
}

/// One member's `DayVolume`, as the logbook reads it for every member at once.
public struct MemberDayVolume: Sendable, Hashable {
    public var userID: Int64
    public var volume: DayVolume

    public init(userID: Int64, volume: DayVolume) {
        self.userID = userID
        self.volume = volume
    }
}
