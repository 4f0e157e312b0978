import Foundation
import TopWeightCore
import TopWeightText

/// Our own JSON export: everything a gym (or one member) has, so that
/// importing it into an empty database gives the same history.
///
/// ```
/// {"format": "topweight", "version": 2, "cardKey", "identity",
///  "members": [{"name", "private", "pin", "card", "coach"}], "exercises": [{"name", "category", "kind"}],
///  "records": [{"uid", "user", "exercise", "kind", "weight", "unit", "reps", "series",
///               "seconds", "distance", "distanceUnit", "rpe", "mark",
///               "performedAt", "createdAt", "editedAt", "deletedAt", "coach",
///               "source": {"app", "exercise", "workout", "workoutStart", "workoutSeconds"}}],
///  "sessions": [{"user", "date", "note", "routine", "programDay", "editedAt"}],
///  "routines": [{"name", "exercises": [{"exercise", "kind", "weight", "unit", "reps", "series", …}]}],
///  "coachNotes": [{"uid", "user", "date", "coach", "text", "createdAt", "seenAt"}],
///  "bodyWeights": [{"uid", "user", "weight", "unit", "measuredAt"}]}
/// ```
/// A member and an exercise are written as `StoredMember` and
/// `StoredExercise` code themselves, so whatever either gains travels.
/// Instants are ISO 8601 with their offset and milliseconds; a record
/// with `deletedAt` is a tombstone. A set's fields are `SetFormat`'s: `kind`
/// is weight, bodyweight, time or distance, `mark` warmup, drop or failure
/// (absent for a working set). Version 1 (before kinds) had no kind but the
/// mark, under `kind`: it is read as it was. A member's `pin` and `card`
/// are the hashes the database keeps, never a PIN or a number; `cardKey`
/// is the key the cards' hashes were made with, `identity` the gym's kiosk
/// policy (whole-gym exports only), a record's `coach` the coach who
/// logged it at a kiosk, and its `source` the app it was imported from
/// with that app's names (`RecordSource`; a set logged here has none).
struct HistoryDocument: Decodable {
    static let formatName = "topweight"
    static let version = 2

    var format: String
    var version: Int
    var members: [StoredMember]
    var exercises: [StoredExercise]
    var records: [Record]
    var sessions: [Session]
    var routines: [RoutineEntry]
    var bodyWeights: [BodyWeightEntry]
    /// Coaches' notes to members, each kept once by its uid.
    var coachNotes: [CoachNoteEntry]
    /// The card key the members' card hashes were made with.
    var cardKey: String?
    /// The gym's kiosk policy (`IdentityPolicy`), when it is not `name`.
    var identity: String?

    enum CodingKeys: String, CodingKey {
        case format, version, members, exercises, records, sessions, routines, bodyWeights, coachNotes, cardKey, identity
    }

    /// A document read from elsewhere than JSON (our CSV export): members,
    /// exercises, records and days, as far as the rows tell them.
    init(members: [StoredMember], exercises: [StoredExercise], records: [Record], sessions: [Session]) {
        format = Self.formatName
        version = Self.version
        self.members = members
        self.exercises = exercises
        self.records = records
        self.sessions = sessions
        routines = []
        bodyWeights = []
        coachNotes = []
    }

    /// A file may leave out a list it has nothing in.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        format = try container.decode(String.self, forKey: .format)
        version = try container.decode(Int.self, forKey: .version)
        members = try container.decodeIfPresent([StoredMember].self, forKey: .members) ?? []
        exercises = try container.decodeIfPresent([StoredExercise].self, forKey: .exercises) ?? []
        records = try container.decodeIfPresent([Record].self, forKey: .records) ?? []
        sessions = try container.decodeIfPresent([Session].self, forKey: .sessions) ?? []
        routines = try container.decodeIfPresent([RoutineEntry].self, forKey: .routines) ?? []
        bodyWeights = try container.decodeIfPresent([BodyWeightEntry].self, forKey: .bodyWeights) ?? []
        coachNotes = try container.decodeIfPresent([CoachNoteEntry].self, forKey: .coachNotes) ?? []
        cardKey = try container.decodeIfPresent(String.self, forKey: .cardKey)
        identity = try container.decodeIfPresent(String.self, forKey: .identity)
    }

    struct Record: Decodable {
        var uid, user, exercise: String
        var weight: Double
        var unit: String
        var reps, series: Int
        var kind: String?
        var mark: String?
        var seconds: Int?
        var distance: Double?
        var distanceUnit: String?
        var rpe: Double?
        var performedAt, createdAt: String
        var editedAt, deletedAt: String?
        /// Its place in a superset (`A1`), when it was one's.
        var superset: String? = nil
        /// The coach who logged it at a kiosk.
        var coach: String? = nil
        /// The app it was imported from, with that app's names.
        var source: Source? = nil
    }

    /// `RecordSource` as written: the workout's start an ISO 8601 time.
    struct Source: Decodable {
        var app, exercise: String
        var workout: String?
        var workoutStart: String?
        var workoutSeconds: Int?
    }

    struct Session: Decodable {
        var user: String
        var date: String
        var note: String?
        var routine: String?
        var programDay: String?
        var editedAt: String
    }

    struct RoutineEntry: Decodable {
        var name: String
        var exercises: [Step]

        struct Step: Decodable {
            var exercise: String
            var weight: Double?
            var unit: String?
            var reps: Int?
            var series: Int?
            var kind: String?
            var seconds: Int?
            var distance: Double?
            var distanceUnit: String?
            var rpe: Double?
            /// The superset it is in (a letter) and the rest after it (seconds).
            var superset: String?
            var rest: Int?
        }
    }

    struct CoachNoteEntry: Decodable {
        var uid, user, date, coach, text, createdAt: String
        var seenAt: String?
    }

    struct BodyWeightEntry: Decodable {
        var uid, user: String
        var weight: Double
        var unit, measuredAt: String
    }
}

// MARK: - Written as the document reads them

extension StoredMember {
    /// The member in our JSON export, under the keys its `Codable` reads back.
    var jsonObject: String {
        var pairs = [("name", DataFormats.json(name)), ("private", isPrivate ? "true" : "false")]
        if let pin { pairs.append(("pin", DataFormats.json(pin))) }
        if let card { pairs.append(("card", DataFormats.json(card))) }
        if isCoach { pairs.append(("coach", "true")) }
        if !teams.isEmpty { pairs.append(("teams", "[" + teams.map(DataFormats.json).joined(separator: ", ") + "]")) }
        return DataFormats.jsonObject(pairs)
    }
}

extension StoredExercise {
    /// The exercise in our JSON export, under the keys its `Codable` reads back.
    var jsonObject: String {
        var pairs = [("name", DataFormats.json(name))]
        if let category { pairs.append(("category", DataFormats.json(category))) }
        pairs.append(("kind", DataFormats.json(kind.rawValue)))
        return DataFormats.jsonObject(pairs)
    }
}
