import Foundation
import Testing
import TopWeightCatalog
import TopWeightCore
import Yams

/// The catalog file as the repository holds it, read from next to the sources
/// so that what is checked is what ships.
private func bundledText() throws -> String {
    let file = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Resources/exercises.yaml")
    return try String(contentsOf: file, encoding: .utf8)
}

private func bundled() throws -> ExerciseCatalog {
    try ExerciseCatalog(yaml: bundledText())
}

@Suite("The exercise catalog")
struct ExerciseCatalogTests {
    // MARK: - Reading a file

    @Test("a catalog of the first shape (name and category only) still loads, with no equipment, muscle or aliases")
    func oldShape() throws {
        let catalog = try ExerciseCatalog(yaml: """
            exercises:
              - { name: Back Squat, category: barbell }
              - { name: Leg Press, category: machine }
            """)
        #expect(catalog.entries.map(\.name) == ["Back Squat", "Leg Press"])
        let squat = try #require(catalog.entry(named: "back squat"))
        #expect(squat.category == "barbell" && squat.equipment == nil && squat.muscle == nil && squat.aliases.isEmpty)
        #expect(catalog.entry(named: "Squat") == nil)
        #expect(catalog.equipment.isEmpty && catalog.muscles.isEmpty && catalog.categories == ["barbell", "machine"])
    }

    @Test("equipment, muscle and aliases are read; a lift is found by any of its names, case and spaces aside")
    func newShape() throws {
        let catalog = try ExerciseCatalog(yaml: """
            exercises:
              - { name: Back Squat, category: barbell, equipment: barbell, muscle: quads,
                  aliases: [Squat (Barbell), Barbell Squat] }
              - name: Lat Pulldown
                category: cable
                equipment: cable
                muscle: back
                aliases:
                  - Lat Pulldown (Cable)
            """)
        let squat = try #require(catalog.entry(named: "Back Squat"))
        #expect(squat.equipment == "barbell" && squat.muscle == "quads")
        #expect(squat.aliases == ["Squat (Barbell)", "Barbell Squat"])
        for typed in ["Squat (Barbell)", "squat (barbell)", "  BARBELL   squat ", "Barbell Squat"] {
            #expect(catalog.entry(named: typed)?.name == "Back Squat", "\(typed)")
        }
        #expect(catalog.entry(named: "LAT PULLDOWN (CABLE)")?.name == "Lat Pulldown")
        #expect(catalog.entry(named: "Squat") == nil)
        #expect(catalog.equipment == ["barbell", "cable"] && catalog.muscles == ["back", "quads"])
    }

    @Test("names and aliases that are not valid names are skipped, as typed ones would be refused")
    func invalidNamesSkipped() throws {
        let catalog = try ExerciseCatalog(yaml: """
            exercises:
              - { name: "Bad\\u001B[2J", category: barbell }
              - { name: Deadlift, category: barbell, aliases: ["Dead\\u001B[31mlift", "123", Deadlift (Barbell)] }
            """)
        #expect(catalog.entries.map(\.name) == ["Deadlift"])
        #expect(catalog.entries.first?.aliases == ["Deadlift (Barbell)"])
    }

    @Test("a file that would let one name mean two lifts is refused, naming both", arguments: [
        ("""
        exercises:
          - { name: Bench Press, category: barbell, aliases: [Bench] }
          - { name: Dumbbell Bench Press, category: dumbbell, aliases: [bench] }
        """, "alias bench of Dumbbell Bench Press already names Bench Press"),
        ("""
        exercises:
          - { name: Bench Press, category: barbell, aliases: [Incline Bench Press] }
          - { name: Incline Bench Press, category: barbell }
        """, "alias Incline Bench Press of Bench Press already names Incline Bench Press"),
        ("""
        exercises:
          - { name: Deadlift, category: barbell }
          - { name: DEADLIFT, category: barbell }
        """, "exercise DEADLIFT is listed twice"),
    ])
    func ambiguityRefused(yaml: String, message: String) {
        #expect(throws: ExerciseCatalog.Problem.self) { try ExerciseCatalog(yaml: yaml) }
        do {
            _ = try ExerciseCatalog(yaml: yaml)
        } catch {
            #expect(error.description == message)
        }
    }

    @Test("an alias repeated within its own entry, or equal to its own name, is harmless")
    func ownRepeatsAllowed() throws {
        let catalog = try ExerciseCatalog(yaml: """
            exercises:
              - { name: Dip, category: bodyweight, aliases: [dip, Dips, DIPS] }
            """)
        #expect(catalog.entries.first?.aliases == ["Dips"])
        #expect(catalog.entry(named: "dips")?.name == "Dip")
    }

    @Test("something that is not a catalog is refused with one line")
    func notACatalog() {
        do {
            _ = try ExerciseCatalog(yaml: "routines: []")
            Issue.record("accepted")
        } catch {
            #expect(error.description.hasPrefix("not an exercise catalog"))
            #expect(!error.description.contains("\n"))
        }
    }

    // MARK: - The bundled file

    /// The names of the first catalog: databases hold them, so they never change.
    static let firstNames = [
        "Back Squat", "Front Squat", "Zercher Squat", "Bench Press", "Incline Bench Press", "Close-Grip Bench Press",
        "Deadlift", "Romanian Deadlift", "Sumo Deadlift", "Overhead Press", "Push Press", "Barbell Row", "Pendlay Row",
        "Hip Thrust", "Good Morning", "Power Clean", "Barbell Curl", "Skull Crusher", "Dumbbell Bench Press",
        "Incline Dumbbell Press", "Dumbbell Shoulder Press", "Dumbbell Row", "Dumbbell Curl", "Hammer Curl",
        "Lateral Raise", "Dumbbell Fly", "Goblet Squat", "Bulgarian Split Squat", "Dumbbell Lunge", "Leg Press",
        "Leg Extension", "Leg Curl", "Calf Raise", "Chest Press Machine", "Pec Deck", "Shoulder Press Machine",
        "Hack Squat", "Smith Machine Squat", "Lat Pulldown", "Seated Cable Row", "Cable Fly", "Face Pull",
        "Triceps Pushdown", "Cable Curl", "Pull-Up", "Chin-Up", "Dip", "Push-Up", "Inverted Row", "Hanging Leg Raise",
        "Plank", "Kettlebell Swing", "Turkish Get-Up",
    ]

    @Test("the bundled catalog holds a few hundred lifts, the first 53 names spelt exactly as before with their categories")
    func bundledSize() throws {
        let catalog = try bundled()
        #expect(catalog.entries.count >= 300)
        #expect(Self.firstNames.count == 53)
        let names = Set(catalog.entries.map(\.name))
        for name in Self.firstNames {
            #expect(names.contains(name), "\(name) is gone or respelt")
        }
        #expect(catalog.entry(named: "Smith Machine Squat")?.category == "machine")
        #expect(catalog.entry(named: "Hack Squat")?.category == "machine")
        #expect(catalog.entry(named: "Turkish Get-Up")?.category == "kettlebell")
    }

    static let categories: Set = ["barbell", "dumbbell", "machine", "cable", "bodyweight", "kettlebell", "band", "cardio"]
    static let equipment: Set = [
        "barbell", "ez bar", "trap bar", "safety bar", "landmine", "dumbbell", "kettlebell", "cable", "machine",
        "smith machine", "band", "pull-up bar", "dip station", "bench", "roman chair", "ab wheel", "box", "none",
    ]
    static let muscles: Set = [
        "chest", "back", "lower back", "traps", "shoulders", "biceps", "triceps", "forearms", "core", "quads",
        "hamstrings", "glutes", "adductors", "abductors", "calves", "full body",
    ]

    @Test("every bundled entry has a known category, equipment and muscle group, and names and aliases valid as written")
    func bundledFieldsValid() throws {
        let text = try bundledText()
        struct File: Decodable { var exercises: [ExerciseCatalog.Entry] }
        let written = try YAMLDecoder().decode(File.self, from: text).exercises
        let catalog = try ExerciseCatalog(yaml: text)
        // Nothing was skipped or respelt on the way in.
        #expect(catalog.entries == written)
        for entry in written {
            #expect(Self.categories.contains(entry.category), "\(entry.name): category \(entry.category)")
            #expect(entry.equipment.map(Self.equipment.contains) == true, "\(entry.name): equipment \(entry.equipment ?? "none given")")
            #expect(entry.muscle.map(Self.muscles.contains) == true, "\(entry.name): muscle \(entry.muscle ?? "none given")")
            for name in [entry.name] + entry.aliases {
                #expect(NameRules.validate(name, kind: .exercise) == .success(name), "\(name)")
            }
        }
        #expect(Set(catalog.categories) == Self.categories)
    }

    @Test("no bundled alias is another entry's name, and none is used twice")
    func bundledAliasesUnambiguous() throws {
        let catalog = try bundled()
        var owner: [String: String] = [:]
        for entry in catalog.entries { owner[NameRules.key(entry.name)] = entry.name }
        #expect(owner.count == catalog.entries.count, "two entries share a name")
        for entry in catalog.entries {
            for alias in entry.aliases {
                let key = NameRules.key(alias)
                #expect(owner[key] == nil || owner[key] == entry.name, "\(alias) of \(entry.name) is also \(owner[key] ?? "")")
                owner[key] = entry.name
                #expect(catalog.entry(named: alias)?.name == entry.name)
            }
        }
    }

    /// What Strong, Hevy, FitNotes and StrongLifts call our lifts in their exports.
    @Test("names from other apps' exports find our lift", arguments: [
        // Strong and Hevy
        ("Bench Press (Barbell)", "Bench Press"), ("Squat (Barbell)", "Back Squat"), ("Deadlift (Barbell)", "Deadlift"),
        ("Pull Up", "Pull-Up"), ("Chin Up", "Chin-Up"), ("Lat Pulldown (Cable)", "Lat Pulldown"),
        ("Overhead Press (Barbell)", "Overhead Press"), ("Bent Over Row (Barbell)", "Barbell Row"),
        ("Incline Bench Press (Barbell)", "Incline Bench Press"), ("Incline Bench Press (Dumbbell)", "Incline Dumbbell Press"),
        ("Bench Press (Dumbbell)", "Dumbbell Bench Press"), ("Bench Press - Close Grip (Barbell)", "Close-Grip Bench Press"),
        ("Romanian Deadlift (Barbell)", "Romanian Deadlift"), ("Bicep Curl (Barbell)", "Barbell Curl"),
        ("Bicep Curl (Dumbbell)", "Dumbbell Curl"), ("Hammer Curl (Dumbbell)", "Hammer Curl"),
        ("Skullcrusher (Barbell)", "Skull Crusher"), ("Triceps Pushdown (Cable - Straight Bar)", "Triceps Pushdown"),
        ("Lateral Raise (Dumbbell)", "Lateral Raise"), ("Chest Fly (Dumbbell)", "Dumbbell Fly"),
        ("Leg Extension (Machine)", "Leg Extension"), ("Leg Press (Machine)", "Leg Press"),
        ("Seated Row (Cable)", "Seated Cable Row"), ("Face Pull (Cable)", "Face Pull"), ("Push Up", "Push-Up"),
        ("Hip Thrust (Barbell)", "Hip Thrust"), ("Pendlay Row (Barbell)", "Pendlay Row"),
        ("Hack Squat (Machine)", "Hack Squat"), ("Squat (Smith Machine)", "Smith Machine Squat"),
        ("Pec Deck (Machine)", "Pec Deck"), ("Butterfly (Pec Deck)", "Pec Deck"), ("Chest Press (Machine)", "Chest Press Machine"),
        ("Shoulder Press (Dumbbell)", "Dumbbell Shoulder Press"), ("Turkish Get Up", "Turkish Get-Up"),
        ("Standing Calf Raise (Machine)", "Calf Raise"), ("Seated Leg Curl (Machine)", "Seated Leg Curl"),
        ("Pull Up (Weighted)", "Pull-Up"), ("Pull Up (Assisted)", "Assisted Pull-Up"), ("Triceps Dip", "Triceps Dip"),
        ("Deadlift (Trap bar)", "Trap Bar Deadlift"), ("Goblet Squat (Kettlebell)", "Kettlebell Goblet Squat"),
        // FitNotes
        ("Flat Barbell Bench Press", "Bench Press"), ("Barbell Squat", "Back Squat"), ("Barbell Front Squat", "Front Squat"),
        ("Bent Over Barbell Row", "Barbell Row"), ("Incline Dumbbell Bench Press", "Incline Dumbbell Press"),
        ("Lat Pulldown (Pulley)", "Lat Pulldown"), ("Face Pull (Pulley)", "Face Pull"), ("Lateral Dumbbell Raise", "Lateral Raise"),
        ("Dumbbell Hammer Curl", "Hammer Curl"), ("Rope Push Down", "Rope Pushdown"),
        // StrongLifts and the oldest Strong files
        ("Squat", "Back Squat"), ("Bench Press", "Bench Press"), ("Barbell Row", "Barbell Row"),
        ("Overhead Press", "Overhead Press"), ("Deadlift", "Deadlift"), ("Bent Over Row", "Barbell Row"),
        // Timed and distance rows (planks, hangs, machines, runs)
        ("Rowing (Machine)", "Rowing Machine"), ("Running (Treadmill)", "Treadmill"), ("Cycling (Indoor)", "Stationary Bike"),
        ("Running (Outdoor)", "Running"), ("Cycling", "Cycling"), ("Spinning", "Stationary Bike"), ("Elliptical Machine", "Elliptical"),
        ("Weighted Plank", "Plank"), ("Dead Hang", "Bar Hang"), ("L-Sit Hold", "L-Sit"), ("Walking", "Walking"),
        // Case as some exports write it
        ("clean and press", "Clean and Press"), ("Reverse Curl (cable)", "Cable Reverse Curl"),
    ])
    func realNames(typed: String, ours: String) throws {
        #expect(try bundled().entry(named: typed)?.name == ours)
    }

    @Test("variants, other tools and names that could mean several lifts stay apart", arguments: [
        "Shoulder Press", "Chest Fly", "Triceps Extension", "Cable Kickback", "Pulldown", "Rear flye",
        "Warm Up", "Double Pause Bench Press", "Deficit Pendlay Row",
        "Calf Press on Seated Leg Press", "Bench",
    ])
    func leftApart(typed: String) throws {
        #expect(try bundled().entry(named: typed) == nil)
    }

    @Test("completion offers names only: an alias is found but never listed")
    func completionNamesOnly() throws {
        let catalog = try bundled()
        #expect(catalog.names(withPrefix: "squat").isEmpty, "Squat is an alias of Back Squat, not a name")
        #expect(catalog.names(withPrefix: "back sq") == ["Back Squat"])
        var index = NameIndex(catalog.entries.map(\.name))
        #expect(!index.contains("Squat (Barbell)") && index.contains("Back Squat"))
        #expect(index.count == catalog.entries.count)
        // A one-line entry's `bench` and `dead` still mean Bench Press and Deadlift, as the README says.
        #expect(index.resolve("bench") == .unique("Bench Press"))
        #expect(index.resolve("dead") == .unique("Deadlift"))
    }

    // MARK: - Kinds

    @Test("each bundled lift says what its sets measure", arguments: [
        ("Bench Press", ExerciseKind.weight), ("Back Squat", .weight), ("Pull-Up", .bodyweight), ("Dip", .bodyweight),
        ("Chin-Up", .bodyweight), ("Push-Up", .bodyweight), ("Plank", .time), ("Side Plank", .time), ("Dead Hang", .time),
        ("Wall Sit", .time), ("Rowing Machine", .distance), ("Treadmill", .distance), ("Running", .distance),
        ("Farmer's Walk", .weight), ("Assisted Pull-Up", .weight),
    ])
    func bundledKinds(name: String, kind: ExerciseKind) throws {
        #expect(try #require(try bundled().entry(named: name)).kind == kind)
    }

    @Test("a kind left out follows the category; a stated kind wins; an unknown one refuses the file")
    func kindsRead() throws {
        let catalog = try ExerciseCatalog(yaml: """
            exercises:
              - { name: Back Squat, category: barbell }
              - { name: Pull-Up, category: bodyweight }
              - { name: Plank, category: bodyweight, kind: time }
              - { name: Rowing Machine, category: cardio }
              - { name: Sled Push, category: machine, kind: distance }
            """)
        #expect(catalog.entries.map(\.kind) == [.weight, .bodyweight, .time, .distance, .distance])
        #expect(throws: ExerciseCatalog.Problem.self) {
            try ExerciseCatalog(yaml: "exercises:\n  - { name: Plank, category: bodyweight, kind: hold-ish }\n")
        }
    }

    @Test("every cardio lift is a distance, and every timed lift is a hold")
    func cardioIsDistance() throws {
        for entry in try bundled().entries where entry.category == "cardio" {
            #expect(entry.kind == .distance, "\(entry.name)")
        }
        #expect(try bundled().entries.filter { $0.kind == .time }.map(\.name).sorted()
            == ["Bar Hang", "Hollow Body Hold", "L-Sit", "Plank", "Side Plank", "Wall Sit"])
    }
}
