import TopWeightCore

/// What an import did (or, in a dry run, would do).
public struct ImportSummary: Sendable {
    public var format: ImportFormat
    /// The variant of the app's export seen: `semicolon, a Weight Unit column`.
    public var variant: String
    /// The member the sets went to (`nil` for a JSON file, which names its members).
    public var member: String?
    /// True when the member did not exist before.
    public var memberCreated = false
    public var dryRun = false

    /// Data rows in the file (records of a JSON file).
    public var rows = 0
    /// Sets the file holds, and the records they make.
    public var sets = 0
    public var records = 0
    /// Days those sets fall on.
    public var days = 0
    public var setsAdded = 0
    public var recordsAdded = 0
    /// Already in the database (by their ids): from an earlier import of this file or an overlapping one.
    public var setsPresent = 0
    public var recordsPresent = 0

    /// Paragraphs of notes added, on how many days, and those already there.
    public var notesAdded = 0
    public var noteDays = 0
    public var notesPresent = 0
    /// Days whose note would pass the longest note kept, cut short.
    public var notesShortened = 0

    public var bodyWeights = 0
    public var bodyWeightsAdded = 0
    public var bodyWeightsPresent = 0

    /// A JSON file's members, kept days (notes and routines) and the gym's routines.
    public var membersCreated: [String] = []
    public var sessionsAdded = 0
    public var sessionsPresent = 0
    public var routinesAdded = 0
    public var routinesPresent = 0
    /// A JSON file's members' PINs, cards and coaches' flags taken, and those refused;
    /// the sets whose coach came with them; the kiosk policy taken (the database had none).
    public var access = AccessAdoption()
    public var coachedSets = 0
    public var policy: IdentityPolicy?

    /// Rows that brought no set, by reason; the malformed ones by line too.
    public var skipped: [SkipReason: Int] = [:]
    public var malformed: [MalformedRow] = []
    /// Rows dated after now (`LatestTime`), by line or record.
    public var afterNow: [MalformedRow] = []
    /// Weights finer than a hundredth, rounded to one (the store keeps two decimals).
    public var rounded = 0
    /// The file's sets by what they measure (weight, bodyweight, time, distance), and those with an RPE.
    public var measured: [ExerciseKind: Int] = [:]
    public var rated = 0
    /// Distance sets the file gave no time (kept: a distance set's time may be missing).
    public var distanceWithoutTime = 0
    /// RPEs outside 6–10 by halves: their sets kept without one.
    public var rpeLeftOff = 0

    /// App names put on a catalog exercise, and the exercises made for new names.
    public var mapped: [(from: String, to: String)] = []
    public var exercisesCreated: [String] = []
    /// Names too long for an exercise, shortened.
    public var shortened: [(from: String, to: String)] = []

    public init(format: ImportFormat, variant: String) {
        self.format = format
        self.variant = variant
    }

    /// Rows skipped in all.
    public var skippedCount: Int { skipped.values.reduce(0, +) }
}
