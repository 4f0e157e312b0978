import Foundation

/// A coach's report over one period (`topweight report`): every member who
/// trained in it with their figures, the members gone quiet, and the gym's
/// totals. Private members are in it: it is the coach's, not the wall's.
///
/// Every figure is as of `through`: the period's last day once it is over,
/// so a report of a past week reads the same whenever it is made; today
/// while the period is under way (`complete` false, "so far"), and then it
/// is compared with the same days of the period before. Sets and volume
/// count as `stats` counts them: every live set, warm-ups included, each
/// entry its series; volume loads only, in kilograms. PRs are the rule's
/// (`RecordBook`): the sets the rack announced, one each, and a member's
/// first set of an exercise a first.
public struct GymReport: Sendable, Hashable {
    public var period: ReportPeriod
    /// The last day counted: the period's last, or today while it runs.
    public var through: LocalDay
    /// Whether the period is over (its last day before today).
    public var complete: Bool
    /// What "vs before" compares with: the period before, or its same days
    /// so far (`ReportPeriod.before(through:)`), first and last day.
    public var beforeFirst: LocalDay
    public var beforeLast: LocalDay
    /// Days without a set after which a member counts as gone quiet.
    public var inactiveAfterDays: Int
    /// Members with a set in the period, by name.
    public var members: [MemberReport]
    /// Members not seen for `inactiveAfterDays` or more by `through`
    /// who trained in the `quietLookback` days before that, longest quiet first.
    public var inactive: [QuietMember]
    /// The member the report is of alone (as asked), or `nil` for the gym.
    public var member: String?
    /// The team the report is of (its members alone, and those of them
    /// gone quiet), or `nil` for the gym.
    public var team: String?

    /// How far back a quiet member must have trained to be named: 8 weeks.
    public static let quietLookback = 56
    /// How many weeks each member's volume is drawn over.
    public static let volumeWeeks = 8
    /// The gym's setting's default (`admin inactive-after`).
    public static let defaultInactiveDays = 14
    /// The longest quiet stretch a gym may set.
    public static let maximumInactiveDays = 365

    /// The report of `period` seen on `today` (`nil`: after it, complete).
    public init(period: ReportPeriod, today: LocalDay? = nil, inactiveAfterDays: Int, members: [MemberReport],
                inactive: [QuietMember], member: String? = nil) {
        self.period = period
        let through = min(today ?? period.last, period.last)
        self.through = through
        complete = today.map { $0 > period.last } ?? true
        (beforeFirst, beforeLast) = period.before(through: through)
        self.inactiveAfterDays = inactiveAfterDays
        self.members = members
        self.inactive = inactive
        self.member = member
    }

    /// The gym's totals over the members in the report.
    public var totals: Totals {
        Totals(members: members.count, days: members.reduce(0) { $0 + $1.days }, sets: members.reduce(0) { $0 + $1.sets },
               volumeKilograms: members.reduce(0) { $0 + $1.volumeKilograms }, records: members.reduce(0) { $0 + $1.records.count },
               firsts: members.reduce(0) { $0 + $1.firsts.count })
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
        /// PRs: the sets the rack announced.
        public var records: Int
        /// Members' first sets of an exercise.
        public var firsts: Int
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
    /// The PRs set in the period: each set the rule (`RecordBook`) finds
    /// beat the member's bests before it, as the rack announced it, in the
    /// order done. Counted one a set, whatever it beat.
    public var records: [AnnouncedRecord]
    /// The member's first sets of an exercise in the period (no PR: nothing to beat), in the order done.
    public var firsts: [WorkoutRecord]
    /// Whether the member's first set ever is in the period.
    public var isNew: Bool
    /// The unit the member trains in (most of their loaded sets in the
    /// period; kg on a tie): their volumes are shown in it.
    public var unit: WeightUnit = .kg
    /// The program and how much of it they did; `nil` when on none.
    public var program: ProgramCompliance?
    public var bodyWeight: BodyWeightChange?
    /// The member's last training day up to the period's end.
    public var lastSeen: LocalDay
    /// Volume in kilograms of each of the last `GymReport.volumeWeeks`
    /// Monday-to-Sunday weeks up to the period's end, oldest first.
    public var weeklyVolume: [Double]

    public init(member: String, isPrivate: Bool, days: Int, sets: Int, volumeKilograms: Double, volumeBeforeKilograms: Double,
                records: [AnnouncedRecord], firsts: [WorkoutRecord] = [], isNew: Bool = false, program: ProgramCompliance?,
                bodyWeight: BodyWeightChange?, lastSeen: LocalDay, weeklyVolume: [Double]) {
        self.member = member
        self.isPrivate = isPrivate
        self.days = days
        self.sets = sets
        self.volumeKilograms = volumeKilograms
        self.volumeBeforeKilograms = volumeBeforeKilograms
        self.records = records
        self.firsts = firsts
        self.isNew = isNew
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

/// A set the rack announced as a PR, with what it beat (the rack's one line).
public struct AnnouncedRecord: Sendable, Hashable {
    public var record: WorkoutRecord
    public var beaten: [PersonalRecord]

    public init(record: WorkoutRecord, beaten: [PersonalRecord]) {
        self.record = record
        self.beaten = beaten
    }
}
