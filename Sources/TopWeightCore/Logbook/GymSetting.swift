/// The gym's own settings an admin changes, kept in the `setting` table of
/// every engine under these keys. Only these can be read or written through
/// the `Logbook`: the admin PIN's rows are not reachable this way.
public enum GymSetting: String, Sendable, CaseIterable, Hashable {
    /// The kilogram plate set, as `PlateSet` writes it (`25, 20, 15x2, …`).
    case kilogramPlates = "plates.kg"
    /// The pound plate set.
    case poundPlates = "plates.lb"
    /// Weeks of the same top weight before the logger suggests going
    /// heavier (`WeightNudge`); `0` turns the nudge off.
    case nudgeWeeks = "nudge.weeks"
    /// Days without a set after which the coach's report names a member as
    /// gone quiet (`GymReport.inactiveAfterDays`).
    case inactiveDays = "report.inactive.days"
    /// How members prove who they are at a kiosk (`IdentityPolicy`:
    /// `name`, `pin` or `card`); unset, a typed name.
    case identity = "identity"
    /// Hours an enrolment code stays valid once the desk printed it
    /// (`EnrolmentCode.hours`); unset, `EnrolmentCode.defaultHours`.
    case enrolmentHours = "enrolment.hours"
    /// Whether a coach who identified at a kiosk sees private members'
    /// training too (`on`); unset, private members are hidden from coaches
    /// as from everybody (`admin coaches-see-private`).
    case coachesSeePrivate = "coaches.see.private"
    /// The fewest digits a member card's number may have here
    /// (`CardRules.minDigits`); unset, `CardRules.shortest`.
    case cardDigits = "card.digits"
    /// `on`: a scanned card starts its member's turn only with their PIN
    /// after it (`CardRules.withPin`), for cards numbered in sequence.
    case cardPin = "card.pin"
    /// Counters for the owner (`topweight check`), added to by every
    /// terminal and taken (read and reset) by the check: card numbers
    /// scanned that no member holds, and wrong member PINs.
    case unknownScans = "count.card.unknown"
    case wrongPins = "count.pin.wrong"

    /// The plate set's key for `unit`.
    public static func plates(_ unit: WeightUnit) -> GymSetting {
        unit == .kg ? .kilogramPlates : .poundPlates
    }
}
