import Testing
import TopWeightCore

/// One ranking for a typed short form: the table every front end must agree with.
@Suite("Exercise ranking")
struct ExerciseRankingTests {
    /// A small catalog shaped like the bundled one: ranks from popularity, a
    /// few aliases, one unranked lift, and non-ASCII names.
    static let catalog: [ExerciseRanking.CatalogName] = [
        .init(name: "Back Squat", rank: 1, aliases: ["Squat", "Squat (Barbell)"]),
        .init(name: "Lat Pulldown", rank: 2),
        .init(name: "Bench Press", rank: 3, aliases: ["Bench Press (Barbell)"]),
        .init(name: "Overhead Press", rank: 4, aliases: ["OHP", "Military Press"]),
        .init(name: "Deadlift", rank: 5),
        .init(name: "Lateral Raise", rank: 11),
        .init(name: "Front Squat", rank: 12),
        .init(name: "Romanian Deadlift", rank: 13, aliases: ["RDL"]),
        .init(name: "Close-Grip Bench Press", rank: 49),
        .init(name: "Box Squat", rank: 80),
        .init(name: "Incline Bench Press", rank: 26),
        .init(name: "Deficit Deadlift", rank: 200),
        .init(name: "Zercher Squat", rank: nil),
        .init(name: "Belt Squat", rank: nil),
        .init(name: "Sentadilla Búlgara", rank: 150),
        .init(name: "Жим лёжа", rank: 160),
    ]

    struct Case: Sendable, CustomTestStringConvertible {
        var typed: String
        var own: [String] = []
        var stored: [String] = []
        var expected: [String]
        var testDescription: String { "\(typed) own \(own) stored \(stored)" }
    }

    static let cases: [Case] = [
        // A new member in a new gym: an alias typed whole, else popularity.
        Case(typed: "squat", expected: ["Back Squat", "Front Squat", "Box Squat", "Belt Squat", "Zercher Squat"]),
        Case(typed: "bench", expected: ["Bench Press", "Incline Bench Press", "Close-Grip Bench Press"]),
        Case(typed: "dead", expected: ["Deadlift", "Romanian Deadlift", "Deficit Deadlift"]),
        Case(typed: "ohp", expected: ["Overhead Press"]),
        Case(typed: "OHP", expected: ["Overhead Press"]),
        Case(typed: "rdl", expected: ["Romanian Deadlift"]),
        Case(typed: "military  press", expected: ["Overhead Press"]),
        Case(typed: "lat", expected: ["Lat Pulldown", "Lateral Raise"]),
        Case(typed: "press", expected: ["Bench Press", "Overhead Press", "Incline Bench Press", "Close-Grip Bench Press"]),
        // A name typed whole wins over everything, own history included.
        Case(typed: "deadlift", own: ["Romanian Deadlift"], expected: ["Deadlift", "Romanian Deadlift", "Deficit Deadlift"]),
        Case(typed: "front squat", expected: ["Front Squat"]),
        // The member's own history comes before an alias and popularity.
        Case(typed: "squat", own: ["Front Squat"], stored: ["Front Squat"],
             expected: ["Front Squat", "Back Squat", "Box Squat", "Belt Squat", "Zercher Squat"]),
        Case(typed: "sq", own: ["Zercher Squat", "Front Squat"], stored: ["Front Squat", "Zercher Squat"],
             expected: ["Zercher Squat", "Front Squat", "Back Squat", "Box Squat", "Belt Squat"]),
        // The gym's exercises (anyone's) before the catalog's others.
        Case(typed: "bench", stored: ["Close-Grip Bench Press"],
             expected: ["Close-Grip Bench Press", "Bench Press", "Incline Bench Press"]),
        Case(typed: "bench", stored: ["Close-Grip Bench Press", "Bench Press"],
             expected: ["Bench Press", "Close-Grip Bench Press", "Incline Bench Press"]),
        Case(typed: "squat", stored: ["Box Squat"],
             expected: ["Back Squat", "Box Squat", "Front Squat", "Belt Squat", "Zercher Squat"]),
        // A gym's own name (not in the catalog) is in the gym's tier, after ranked stored ones.
        Case(typed: "squat", stored: ["Sissy Squat Machine", "Front Squat"],
             expected: ["Back Squat", "Front Squat", "Sissy Squat Machine", "Box Squat", "Belt Squat", "Zercher Squat"]),
        // Ties (unranked, or same tier and rank) fall back to key order.
        Case(typed: "belt", expected: ["Belt Squat"]),
        Case(typed: "z", expected: ["Zercher Squat"]),
        // Non-ASCII names, typed in either case, composed or not.
        Case(typed: "sentadilla bú", expected: ["Sentadilla Búlgara"]),
        Case(typed: "SENTADILLA BU\u{301}", expected: ["Sentadilla Búlgara"]),
        Case(typed: "жим", expected: ["Жим лёжа"]),
        Case(typed: "ЛЁЖ", expected: ["Жим лёжа"]),
        // Nothing known: nothing offered, the caller asks before creating.
        Case(typed: "zottman", expected: []),
        Case(typed: "squat jump", expected: []),
    ]

    @Test("ranks a typed short form: name, own history, alias, gym, popularity", arguments: cases)
    func ranking(_ example: Case) {
        var ranking = ExerciseRanking(catalog: Self.catalog, stored: example.stored)
        #expect(ranking.ranked(example.typed, own: example.own) == example.expected)
        #expect(ranking.best(example.typed, own: example.own) == example.expected.first)
    }

    @Test("a stored name the catalog has too is offered once; a gym's own name joins later")
    func storedSpelling() {
        var ranking = ExerciseRanking(catalog: Self.catalog, stored: ["back squat", "Front Squat"])
        #expect(ranking.count == Self.catalog.count)
        #expect(ranking.ranked("squat").prefix(2) == ["Back Squat", "Front Squat"])
        ranking.addStored("My Squat")
        #expect(ranking.ranked("my") == ["My Squat"])
    }

    @Test("empty input lists the member's own, then the gym's, then the catalog by popularity")
    func empty() {
        var ranking = ExerciseRanking(catalog: Self.catalog, stored: ["Deadlift", "Front Squat"])
        #expect(ranking.ranked("", own: ["Front Squat"], limit: 5) == ["Front Squat", "Deadlift", "Back Squat", "Lat Pulldown", "Bench Press"])
    }
}

@Suite("Exercise ranking among stored names")
struct ExerciseRankingStoredTests {
    @Test("the best stored name: the member's own first, then an alias's lift when stored, never a catalog-only lift")
    func bestStored() {
        var ranking = ExerciseRanking(catalog: ExerciseRankingTests.catalog, stored: ["Front Squat", "Back Squat"])
        #expect(ranking.bestStored("squat", own: ["Front Squat"]) == "Front Squat")
        #expect(ranking.bestStored("squat") == "Back Squat")
        #expect(ranking.bestStored("Squat (Barbell)") == "Back Squat")
        #expect(ranking.bestStored("box") == nil, "Box Squat is in the catalog only")
        #expect(ranking.ranked("squat", limit: .max).first == "Back Squat", "no limit is too large")
    }
}
