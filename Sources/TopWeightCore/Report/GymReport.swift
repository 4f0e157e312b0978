import Foundation

/// A coach's report over one period (`topweight report`): every member who
/// trained in it with their figures, the members gone quiet, and the gym's
/// totals. Private members are in it: it is the coach's, not the wall's.
///
/// Every figure is as of the period's end, so a report of a past week reads
/// the same whenever it is made. Sets and volume count as `stats` counts
/// them: every live set, warm-ups included, each entry its series; volume
/// loads only, in kilograms.
public struct GymReport: Sendable, Hashable {
    public var period: ReportPeriod
    /// Days without a set after which a member counts as gone quiet.
    public var inactiveAfterDays: Int
    /// Members with a set in the period, by name.
    public var members: [MemberReport]
    /// Members not seen for `inactiveAfterDays` or more at the period's end
    /// who trained in the `quietLookback` days before that, longest quiet first.
    public var inactive: [QuietMember]

    /// How far back a quiet member must have trained to be named: 8 weeks.
    public static let quietLookback = 56
    /// How many weeks each member's volume is drawn over.
    public static let volumeWeeks = 8
    /// The gym's setting's default (`admin inactive-after`).
    public static let defaultInactiveDays = 14
    /// The longest quiet stretch a gym may set.
    public static let maximumInactiveDays = 365

    public init(period: ReportPeriod, inactiveAfterDays: Int, members: [MemberReport], inactive: [QuietMember]) {
        self.period = period
        self.inactiveAfterDays = inactiveAfterDays
        self.members = members
        self.inactive = inactive
    }

    /// The gym's totals over the members in the report.
    public var totals: Totals {
        Totals(members: members.count, days: members.reduce(0) { $0 + $1.days }, sets: members.reduce(0) { $0 + $1.sets },
               volumeKilograms: members.reduce(0) { $0 + $1.volumeKilograms }, records: members.reduce(0) { $0 + $1.records.count })
    }

    /// Whether any member in it keeps off the board: then the page says it is not for the wall.
    public var hasPrivateMembers: Bool {
        members.contains(where: \.isPrivate) || inactive.contains(where: \.isPrivate)
    }

    public struct Totals: Sendable, Hashable {
        public var members: Int
        /// Training days, summed over members.
        public var days: Int
        public var sets: Int
        public var volumeKilograms: Double
        /// Personal records set.
        public var records: Int
    }
}

/// One member's figures in a report.
public struct MemberReport: Sendable, Hashable {
    public var member: String
    public var isPrivate: Bool
    /// Local days with a set in the period.
    public var days: Int
    public var sets: Int
    public var volumeKilograms: Double
    /// The volume of the period before (the week or month before).
    public var volumeBeforeKilograms: Double
    /// Personal records set in the period and standing at its end: per
    /// exercise and kind, the best as `prs` finds it, when its set was done
    /// in the period and beat at least one set before it.
    public var records: [PersonalBest]
    /// The member's program and how much of it they did; `nil` when on none.
    public var program: ProgramCompliance?
    public var bodyWeight: BodyWeightChange?
    /// The member's last training day up to the period's end.
    public var lastSeen: LocalDay
    /// Volume in kilograms of each of the last `GymReport.volumeWeeks`
    /// Monday-to-Sunday weeks up to the period's end, oldest first.
    public var weeklyVolume: [Double]

    public init(member: String, isPrivate: Bool, days: Int, sets: Int, volumeKilograms: Double, volumeBeforeKilograms: Double,
                records: [PersonalBest], program: ProgramCompliance?, bodyWeight: BodyWeightChange?, lastSeen: LocalDay,
                weeklyVolume: [Double]) {
        self.member = member
        self.isPrivate = isPrivate
        self.days = days
        self.sets = sets
        self.volumeKilograms = volumeKilograms
        self.volumeBeforeKilograms = volumeBeforeKilograms
        self.records = records
        self.program = program
        self.bodyWeight = bodyWeight
        self.lastSeen = lastSeen
        self.weeklyVolume = weeklyVolume
    }

    /// The change of volume against the period before, in percent (to a
    /// tenth); `nil` when the period before had none to compare with.
    public var volumeChangePercent: Double? {
        guard volumeBeforeKilograms > 0 else { return nil }
        return ((volumeKilograms - volumeBeforeKilograms) / volumeBeforeKilograms * 1000).rounded() / 10
    }
}

/// A member's body weight over a period: the last weigh-in in it against
/// the last one before it (else the first one in it).
public struct BodyWeightChange: Sendable, Hashable {
    public var from: Weight
    public var to: Weight

    public init(from: Weight, to: Weight) {
        self.from = from
        self.to = to
    }

    /// `to − from` in `to`'s unit (1 lb = 0.45359237 kg), to the hundredth.
    public var change: Double {
        var before = from.value
        if from.unit != to.unit { before = to.unit == .kg ? before * 0.45359237 : before / 0.45359237 }
        return ((to.value - before) * 100).rounded() / 100
    }

    public var unit: WeightUnit { to.unit }
}

/// A member gone quiet: their last training day and how long ago it was at the period's end.
public struct QuietMember: Sendable, Hashable {
    public var member: String
    public var isPrivate: Bool
    public var lastSeen: LocalDay
    public var daysQuiet: Int
}
