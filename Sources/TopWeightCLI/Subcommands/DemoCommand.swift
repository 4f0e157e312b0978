import ArgumentParser
import Foundation
import TopWeightCatalog
import TopWeightCore
import TopWeightStore

/// `topweight demo --records N --users M`: a realistic database, quickly,
/// to try the logger on or to measure it at scale.
struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Fill an empty database with realistic demo members and sets.",
        discussion: """
            Members with plausible names train exercises from the bundled catalog a few \
            times a week over the past years, a few sets per session, each with their own \
            weights, reps and series. The same --seed gives the same data. \
            Example: topweight demo --db /tmp/big.sqlite --records 1000000 --users 200
            """
    )

    @OptionGroup var global: GlobalOptions

    @Option(help: "How many records (sets) to generate.")
    var records: Int

    @Option(help: "How many members train.")
    var users: Int = 20

    @Option(help: "Random seed: the same seed gives the same members and sets.")
    var seed: UInt64 = 1

    @Flag(name: .customLong("force-append"), help: "Add to a database that already holds records.")
    var forceAppend = false

    func validate() throws {
        guard (1...100_000_000).contains(records) else {
            throw ValidationError("--records must be from 1 to 100000000")
        }
        guard (1...1_000_000).contains(users) else {
            throw ValidationError("--users must be from 1 to 1000000")
        }
    }

    func run() throws {
        try reportingFailures {
            let catalog = ExerciseCatalog.bundled()
            guard !catalog.entries.isEmpty else {
                throw Failure.input("the bundled exercise catalog was not found; set TOPWEIGHT_CATALOG to Resources/exercises.yaml")
            }
            let store = try global.openStore(create: true)
            let existing = try store.recordCount()
            if existing > 0, !forceAppend {
                throw Failure.input("database \(global.databaseShown) already holds \(existing) records; demo data goes into an empty one (or add --force-append)")
            }
            let clock = ContinuousClock()
            let started = clock.now
            let summary = try DemoData(records: records, users: users, seed: seed, now: Date(), catalog: catalog)
                .generate(into: store)
            let seconds = Self.seconds(clock.now - started)
            let days = DateFormatter()
            days.locale = Locale(identifier: "en_US_POSIX")
            days.dateFormat = "yyyy-MM-dd"
            let span = summary.first.map { "\(days.string(from: $0)) to \(days.string(from: summary.last ?? $0))" } ?? "no dates"
            let rate = seconds > 0 ? Int(Double(summary.records) / seconds) : summary.records
            print("Generated \(summary.records) records for \(summary.users) members and \(summary.exercises) exercises (\(span)) in \(String(format: "%.2f", seconds)) s, \(rate) records/s, into \(global.databaseShown)")
        }
    }

    static func seconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}

/// Generates demo data: who trains, what, how heavy, and when.
///
/// Deterministic for a seed and a `now`. Records are handed to the store in
/// the order they were performed, as a real terminal would have saved them,
/// so ids and times grow together and the indexes look like a real file's.
public struct DemoData: Sendable {
    public struct Summary: Sendable {
        public var users: Int
        public var exercises: Int
        public var records: Int
        public var first: Date?
        public var last: Date?
    }

    public var records: Int
    public var users: Int
    public var seed: UInt64
    public var now: Date
    public var catalog: ExerciseCatalog
    /// Records per transaction.
    public var batchSize = 10_000

    public init(records: Int, users: Int, seed: UInt64, now: Date, catalog: ExerciseCatalog) {
        self.records = records
        self.users = users
        self.seed = seed
        self.now = now
        self.catalog = catalog
    }

    /// Creates the members and the exercises they train, then the records.
    public func generate(into store: any StorageEngine) throws(LogbookError) -> Summary {
        var random = SplitMix64(seed: seed)
        let names = Self.memberNames(count: users, random: &random)
        var profiles = names.map { _ in Profile.make(catalog: catalog, random: &random) }

        // Only the catalog entries somebody trains become rows, as in the logger.
        var used = Set<Int>()
        for profile in profiles { for favourite in profile.favourites { used.insert(favourite.entry) } }
        let entries = used.sorted()
        // Names only (no counts): cheap on a big file with --force-append.
        let before = Set(try store.names(of: .exercise, after: 0).map { NameRules.key($0.name) })
        let exercises = try store.findOrCreateExercises(
            entries.map { (catalog.entries[$0].name, Optional(catalog.entries[$0].category)) }, now: now
        )
        var exerciseIDs: [Int: Int64] = [:]
        for (entry, exercise) in zip(entries, exercises) { exerciseIDs[entry] = exercise.id }
        let members = try store.findOrCreateUsers(named: names, now: now)
        for index in profiles.indices {
            for favourite in profiles[index].favourites.indices {
                profiles[index].favourites[favourite].exerciseID = exerciseIDs[profiles[index].favourites[favourite].entry] ?? 0
            }
        }

        var timeline = Timeline(records: records, users: members, profiles: profiles, now: now, random: random)
        var first: Date?
        var last: Date?
        var trained = Set<Int64>()
        let inserted = try store.insertRecords(batchSize: batchSize) {
            guard let record = timeline.next() else { return nil }
            trained.insert(record.exerciseID)
            if first == nil { first = record.performedAt }
            last = record.performedAt
            return record
        }
        // A few records for many members reach few of their favourites: the
        // exercises made here that no record uses go again (10 sets, not 301 exercises).
        var kept = 0
        for exercise in exercises {
            if !trained.contains(exercise.id), !before.contains(NameRules.key(exercise.name)) {
                try store.removeExercise(exercise)
            } else {
                kept += 1
            }
        }
        return Summary(users: members.count, exercises: kept, records: inserted, first: first, last: last)
    }

    // MARK: - Members

    static let firstNames = [
        "Ana", "Ben", "Carla", "Dario", "Elena", "Farid", "Greta", "Hugo", "Ines", "Jonas",
        "Karin", "Liam", "Marta", "Nico", "Olga", "Pablo", "Quinn", "Rosa", "Sami", "Tess",
        "Uma", "Viktor", "Wen", "Ximena", "Yusuf", "Zoë", "Amir", "Bea", "Chloé", "Dmitri",
        "Emma", "Felix", "Gabriel", "Hana", "Ivan", "Julia", "Kofi", "Lena", "Mateo", "Nora",
        "Oskar", "Priya", "Rafael", "Sofia", "Tomás", "Ulla", "Valentina", "William", "Yara", "Zeynep",
        "Aiko", "Björn", "Camille", "Diego", "Esther", "Fatima", "Giulia", "Henrik", "Iñaki", "Jana",
        "Kenji", "Laila", "Marco", "Nadia", "Omar", "Paula", "Renée", "Søren", "Teodora", "Ugo",
        "Vera", "Wojciech", "Xavier", "Yasmin", "Zofia", "Adrian", "Bruno", "Clara", "Daniel", "Eva",
        "Łukasz", "Maria", "Mei", "Noah", "Olivia", "Pedro", "Sara", "Tariq", "Lucía", "José",
        "Дарья", "Νίκος", "美咲", "Małgorzata", "Jürgen", "Anaïs", "Siobhán", "Kalani", "Thandiwe", "Mathilde",
    ]

    static let lastNames = [
        "Silva", "Meyer", "Rossi", "Novak", "García", "Kowalski", "Jensen", "Dubois", "Müller", "Costa",
        "Nakamura", "Okafor", "Haddad", "Ivanova", "Larsen", "Moreau", "Nguyen", "Oliveira", "Petrov", "Quispe",
        "Romero", "Schmidt", "Tanaka", "Urban", "Varga", "Weber", "Yilmaz", "Zhang", "Andersson", "Bianchi",
        "Chen", "Dahl", "Eriksen", "Fischer", "Gómez", "Horvat", "Ito", "Jovanović", "Kim", "Lopez",
        "Martin", "Nielsen", "O'Brien", "Park", "Ramos", "Santos", "Torres", "Ulrich", "Vasquez", "Wagner",
        "Young", "Ziegler", "Abara", "Brennan", "Castillo", "Dupont", "Esposito", "Ferreira", "Grünberg", "Hansen",
        "Ibrahim", "Jaramillo", "Keller", "Lindqvist", "Mendes", "Nowak", "Ortega", "Papadopoulos", "Reyes", "Sørensen",
        "Takahashi", "Uchida", "Vogel", "Walsh", "Xu", "Yamamoto", "Zapata", "Acosta", "Berg", "Carvalho",
        "Diallo", "Engel", "Flores", "Gallo", "Herrera", "Ilić", "Johansson", "Koch", "Lambert", "Moretti",
        "Navarro", "Oyelaran", "Pereira", "Richter", "Smith", "Toivonen", "Umarov", "Vidal", "Wolff", "Zimmermann",
    ]

    /// `count` distinct member names ("First Last"), shuffled by the seed;
    /// past the 10 000 pairs, a number tells namesakes apart ("Ana Silva 2").
    public static func memberNames(count: Int, seed: UInt64) -> [String] {
        var random = SplitMix64(seed: seed)
        return memberNames(count: count, random: &random)
    }

    static func memberNames(count: Int, random: inout SplitMix64) -> [String] {
        let pairs = firstNames.count * lastNames.count
        var order = Array(0..<pairs)
        order.shuffle(using: &random)
        var names: [String] = []
        names.reserveCapacity(count)
        var round = 1
        while names.count < count {
            for pair in order where names.count < count {
                let name = "\(firstNames[pair / lastNames.count]) \(lastNames[pair % lastNames.count])"
                names.append(round == 1 ? name : "\(name) \(round)")
            }
            round += 1
        }
        return names
    }

    // MARK: - What each member trains

    struct Favourite: Sendable {
        var entry: Int
        var exerciseID: Int64 = 0
        /// Current working weight in kg (0 for bodyweight work without added load).
        var kilograms: Double
        var ceiling: Double
        var reps: Int
        var series: Int
    }

    struct Profile: Sendable {
        /// How often this member trains, relative to the others.
        var frequency: Double
        var unit: WeightUnit
        var favourites: [Favourite]

        static func make(catalog: ExerciseCatalog, random: inout SplitMix64) -> Profile {
            let strength = Double.random(in: 0.6...1.0, using: &random) * Double.random(in: 0.8...1.6, using: &random)
            let unit: WeightUnit = Double.random(in: 0..<1, using: &random) < 0.12 ? .lb : .kg
            let frequency = Double.random(in: 0.3...1.7, using: &random)
            let wanted = min(catalog.entries.count, Int.random(in: 5...10, using: &random))
            var indices = Array(catalog.entries.indices)
            indices.shuffle(using: &random)
            let favourites = indices.prefix(wanted).map { entry in
                let item = catalog.entries[entry]
                let bodyweight = item.category == "bodyweight"
                var load = baseKilograms(name: item.name, category: item.category) * strength
                if bodyweight, Double.random(in: 0..<1, using: &random) < 0.25 {
                    load = Double.random(in: 5...20, using: &random)
                }
                let reps = bodyweight
                    ? [6, 8, 10, 12, 15, 20].randomElement(using: &random) ?? 10
                    : [3, 5, 5, 6, 8, 8, 8, 10, 10, 12, 15].randomElement(using: &random) ?? 8
                let series = [1, 2, 3, 3, 3, 3, 4, 4, 5].randomElement(using: &random) ?? 3
                return Favourite(
                    entry: entry, kilograms: load * Double.random(in: 0.8...1.0, using: &random),
                    ceiling: load * Double.random(in: 1.3...2.0, using: &random), reps: reps, series: series
                )
            }
            return Profile(frequency: frequency, unit: unit, favourites: favourites)
        }

        /// A typical working weight for an average member.
        static func baseKilograms(name: String, category: String) -> Double {
            var base: Double
            switch category {
            case "barbell": base = 60
            case "dumbbell": base = 18
            case "machine": base = 50
            case "cable": base = 25
            case "kettlebell": base = 16
            case "bodyweight": return 0
            default: base = 30
            }
            let lower = name.lowercased()
            let factors: [(String, Double)] = [
                ("leg press", 2.5), ("deadlift", 1.5), ("squat", 1.3), ("hip thrust", 1.4),
                ("curl", 0.45), ("raise", 0.4), ("fly", 0.5), ("crusher", 0.5), ("extension", 0.6),
                ("pushdown", 0.5), ("overhead", 0.7), ("shoulder", 0.7), ("row", 0.9),
            ]
            for (word, factor) in factors where lower.contains(word) {
                base *= factor
                break
            }
            return base
        }
    }

    // MARK: - When

    /// Sessions spread over the gym's opening hours (06:00 to 22:00 local
    /// time) of the past years, a member three-ish times a week, three to six
    /// exercises a session a few minutes apart; records come out oldest first.
    struct Timeline {
        let records: Int
        let users: [User]
        var profiles: [DemoData.Profile]
        var random: SplitMix64
        let cumulative: [Double]
        let firstDay: Date
        let openSeconds: Double
        var scheduled = 0
        var nextStart: Double = 0
        var pending: [BulkRecord] = []
        var ready: [BulkRecord] = []
        var readyIndex = 0

        static let opening: Double = 6 * 3600
        static let openPerDay: Double = 16 * 3600

        init(records: Int, users: [User], profiles: [DemoData.Profile], now: Date, random: SplitMix64) {
            self.records = records
            self.users = users
            self.profiles = profiles
            self.random = random
            var total = 0.0
            cumulative = profiles.map { total += $0.frequency; return total }
            // About 4.5 records a session and 3 sessions a week per member, so the
            // past spans what those records take: at least 90 days, at most 10 years.
            let perMember = Double(records) / Double(max(users.count, 1))
            let days = Int((perMember / 4.5 / 3 * 7).rounded(.up)).clamped(to: 90...3650)
            let today = Calendar.current.startOfDay(for: now)
            firstDay = today.addingTimeInterval(-Double(days) * 86_400)
            openSeconds = Double(days) * Self.openPerDay
        }

        /// Seconds of opening hours since the first day, for a count of records scheduled.
        func offset(after scheduled: Int) -> Double {
            min(Double(scheduled) / Double(records) * openSeconds, openSeconds - 1)
        }

        func date(at offset: Double) -> Date {
            let day = (offset / Self.openPerDay).rounded(.down)
            return firstDay.addingTimeInterval(day * 86_400 + Self.opening + (offset - day * Self.openPerDay))
        }

        mutating func next() -> BulkRecord? {
            while readyIndex == ready.count {
                ready.removeAll(keepingCapacity: true)
                readyIndex = 0
                if scheduled == records {
                    if pending.isEmpty { return nil }
                    ready = pending.sorted { $0.performedAt < $1.performedAt }
                    pending.removeAll()
                    break
                }
                scheduleSession()
                // Whatever starts before the next session can go: nothing later comes before it.
                let boundary = date(at: nextStart)
                pending.sort { $0.performedAt < $1.performedAt }
                let cut = pending.firstIndex { $0.performedAt >= boundary } ?? pending.count
                ready.append(contentsOf: pending[..<cut])
                pending.removeFirst(cut)
            }
            defer { readyIndex += 1 }
            return ready[readyIndex]
        }

        private mutating func pickMember() -> Int {
            let target = Double.random(in: 0..<(cumulative.last ?? 1), using: &random)
            var low = 0
            var high = cumulative.count - 1
            while low < high {
                let middle = (low + high) / 2
                if cumulative[middle] <= target { low = middle + 1 } else { high = middle }
            }
            return low
        }

        private mutating func scheduleSession() {
            let start = date(at: nextStart)
            let member = pickMember()
            let count = min(records - scheduled, Int.random(in: 3...6, using: &random), profiles[member].favourites.count)
            var chosen = Array(profiles[member].favourites.indices)
            chosen.shuffle(using: &random)
            var at = start.addingTimeInterval(Double.random(in: 0...300, using: &random))
            for favourite in chosen.prefix(count) {
                let values = nextValues(member: member, favourite: favourite)
                let created = at.addingTimeInterval(Double.random(in: 2...40, using: &random))
                pending.append(BulkRecord(
                    userID: users[member].id, exerciseID: profiles[member].favourites[favourite].exerciseID,
                    values: values, performedAt: at, createdAt: created
                ))
                at = at.addingTimeInterval(Double.random(in: 150...420, using: &random))
            }
            scheduled += count
            let spacing = openSeconds / (Double(records) / 4.5)
            nextStart = max(offset(after: scheduled) + Double.random(in: 0..<(spacing / 4), using: &random), nextStart + 1)
            nextStart = min(nextStart, openSeconds - 1)
        }

        /// Mostly last time's numbers; now and then a step up, a step down, or a deload.
        private mutating func nextValues(member: Int, favourite index: Int) -> SetValues {
            var favourite = profiles[member].favourites[index]
            let roll = Double.random(in: 0..<1, using: &random)
            if roll < 0.04 {
                favourite.kilograms *= 0.9
            } else if roll < 0.35 {
                favourite.kilograms = min(favourite.kilograms * 1.012, favourite.ceiling)
            }
            profiles[member].favourites[index] = favourite
            // Reps and series wander around the member's habit for the exercise, never far.
            var reps = favourite.reps
            if Double.random(in: 0..<1, using: &random) < 0.3 {
                reps = (reps + ([-2, -1, -1, 1, 1, 2].randomElement(using: &random) ?? 1)).clamped(to: 1...30)
            }
            var series = favourite.series
            if Double.random(in: 0..<1, using: &random) < 0.15 {
                series = (series + (Bool.random(using: &random) ? 1 : -1)).clamped(to: 1...6)
            }

            let unit = profiles[member].unit
            let step = unit == .kg ? 2.5 : 5.0
            let amount = unit == .kg ? favourite.kilograms : favourite.kilograms * 2.204_62
            var steps = (amount / step).rounded()
            if steps > 0, Double.random(in: 0..<1, using: &random) < 0.25 {
                steps += Double.random(in: 0..<1, using: &random) < 0.5 ? -1 : 1
            }
            let hundredths = Int(max(steps, 0) * step * 100).clamped(to: 0...unit.maximumHundredths)
            return SetValues(weight: Weight(hundredths: hundredths, unit: unit), reps: reps, series: series)
        }
    }
}

/// SplitMix64: small, fast, and the same sequence for the same seed everywhere.
struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}

extension Comparable {
    fileprivate func clamped(to range: ClosedRange<Self>) -> Self {
        min(max(self, range.lowerBound), range.upperBound)
    }
}
