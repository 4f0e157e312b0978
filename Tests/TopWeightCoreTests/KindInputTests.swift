import Testing
import TopWeightCore

/// Every form a set of each kind is typed in, and the bad ones.
@Suite("Kinds of set: typed forms")
struct KindInputTests {
    @Test("exercise kinds read as a person types them", arguments: [
        ("weight", ExerciseKind.weight), ("BW", .bodyweight), ("bodyweight", .bodyweight),
        ("Time", .time), ("hold", .time), ("distance", .distance), ("cardio", .distance),
    ])
    func kinds(typed: String, kind: ExerciseKind) {
        #expect(ExerciseKind(parsing: typed) == kind)
    }

    @Test("no kind from other words", arguments: ["", "reps", "weightt", "time x"])
    func notKinds(typed: String) {
        #expect(ExerciseKind(parsing: typed) == nil)
    }

    // MARK: - Time

    @Test("times", arguments: [
        ("90s", 90), ("90", 90), ("1:30", 90), ("1m30s", 90), ("2m", 120), ("2 min", 120),
        ("0:45", 45), ("7:45", 465), ("25:00", 1500), ("1:02:03", 3723), ("1h2m3s", 3723),
        ("1h", 3600), ("90m", 5400), (" 1:30 ", 90), ("45 sec", 45), ("99:59:59", 359_999),
    ])
    func times(typed: String, seconds: Int) throws {
        let parsed = try #require(SetDuration.parse(typed))
        #expect(try parsed.get().seconds == seconds)
    }

    @Test("times written wrong are refused with the reason", arguments: ["1:75", "1:60", "0:00", "0", "1m75s", "2h60m", "100:00:00"])
    func badTimes(typed: String) throws {
        let parsed = try #require(SetDuration.parse(typed))
        #expect(throws: InputError.self) { try parsed.get() }
    }

    @Test("text that is no time at all", arguments: ["", "-5m", "m", "1:3", "1::30", "1:30:", "abc", "5km", "1s30m", "1.5m", "1:30x3"])
    func notTimes(typed: String) {
        #expect(SetDuration.parse(typed) == nil)
    }

    @Test("times are shown m:ss, or h:mm:ss from an hour up", arguments: [
        (45, "0:45"), (90, "1:30"), (465, "7:45"), (1500, "25:00"), (3600, "1:00:00"), (3723, "1:02:03"),
    ])
    func timeShown(seconds: Int, shown: String) {
        #expect(SetDuration(seconds: seconds).description == shown)
    }

    @Test("time prompt: Enter keeps, steppers move by 5 s, +N/-N by what is typed", arguments: [
        ("", 60, 60), ("+", 60, 65), ("-", 60, 55), ("++", 60, 70), ("--", 60, 50),
        ("+15s", 60, 75), ("-0:30", 60, 30), ("+1m", 60, 120), ("1:30", 60, 90), ("45", 60, 45),
    ])
    func timePrompt(typed: String, offered: Int, result: Int) throws {
        let input = try SetDuration.input(typed).get()
        #expect(try SetDuration.apply(input, to: SetDuration(seconds: offered)).get().seconds == result)
    }

    @Test("time prompt refusals", arguments: [("-", 5), ("-1:00", 30), ("", nil), ("+1:75", 60), ("soon", 60), ("bw", 60)] as [(String, Int?)])
    func timePromptRefusals(typed: String, offered: Int?) {
        let applied = SetDuration.input(typed).flatMap { SetDuration.apply($0, to: offered.map(SetDuration.init(seconds:))) }
        #expect(throws: InputError.self) { try applied.get() }
    }

    // MARK: - Distance

    @Test("distances are kept as typed", arguments: [
        ("2000m", 2_000_000, DistanceUnit.m), ("2000 m", 2_000_000, .m), ("5km", 5000, .km), ("5 KM", 5000, .km),
        ("3.1mi", 3100, .mi), ("42.195km", 42195, .km), ("0,5km", 500, .km), ("400", 400_000, .m), ("1.2500km", 1250, .km),
    ])
    func distances(typed: String, thousandths: Int, unit: DistanceUnit) throws {
        let parsed = try #require(Distance.parse(typed, unit: .m))
        #expect(try parsed.get() == Distance(thousandths: thousandths, unit: unit))
    }

    @Test("distances written wrong are refused with the reason", arguments: ["0m", "1.2345km", "2000km", "0.0001mi"])
    func badDistances(typed: String) throws {
        let parsed = try #require(Distance.parse(typed, unit: .m))
        #expect(throws: InputError.self) { try parsed.get() }
    }

    @Test("text that is no distance", arguments: ["-5m", "", "km", "5 parsecs", "5k m x", "1:30", "1..2km"])
    func notDistances(typed: String) {
        #expect(Distance.parse(typed, unit: .m) == nil)
    }

    @Test("a bare number needs a unit from the prompt")
    func bareNumber() {
        #expect(Distance.parse("400", unit: nil) == nil)
    }

    @Test("distances are shown with thousands apart", arguments: [
        (Distance(thousandths: 2_000_000, unit: .m), "2 000 m"), (Distance(thousandths: 5000, unit: .km), "5 km"),
        (Distance(thousandths: 42195, unit: .km), "42.195 km"), (Distance(thousandths: 3100, unit: .mi), "3.1 mi"),
        (Distance(thousandths: 500_000, unit: .m), "500 m"), (Distance(thousandths: 21_097_500, unit: .m), "21 097.5 m"),
    ])
    func distanceShown(distance: Distance, shown: String) {
        #expect(distance.description == shown)
    }

    @Test("pace is seconds per kilometre")
    func pace() {
        #expect(Distance(thousandths: 5000, unit: .km).pace(over: SetDuration(seconds: 1500)) == 300)
        #expect(Distance(thousandths: 2_000_000, unit: .m).pace(over: SetDuration(seconds: 465)) == 232.5)
    }

    // MARK: - Bodyweight

    @Test("bw forms", arguments: [
        ("bw", 0, nil), ("BW", 0, nil), ("bw+10", 1000, nil), ("bw-20", -2000, nil), ("bw + 22.5 lb", 2250, WeightUnit.lb),
        ("bw\u{2212}5kg", -500, .kg),
    ] as [(String, Int, WeightUnit?)])
    func bodyweight(typed: String, hundredths: Int, unit: WeightUnit?) throws {
        let parsed = try #require(AddedLoad.parse(typed))
        let value = try parsed.get()
        #expect(value.hundredths == hundredths)
        #expect(value.unit == unit)
    }

    @Test("bw forms written wrong", arguments: ["bw+", "bw10", "bw-", "bw+x", "bw+10.001", "bw+5000"])
    func badBodyweight(typed: String) throws {
        let parsed = try #require(AddedLoad.parse(typed))
        #expect(throws: InputError.self) { try parsed.get() }
    }

    @Test("added loads are shown BW, BW + 10 kg, BW − 20 kg")
    func bodyweightShown() {
        #expect(AddedLoad.describe(0, unit: .kg) == "BW")
        #expect(AddedLoad.describe(1000, unit: .kg) == "BW + 10 kg")
        #expect(AddedLoad.describe(-2000, unit: .kg) == "BW \u{2212} 20 kg")
        #expect(AddedLoad.describe(2250, unit: .lb) == "BW + 22.5 lb")
    }

    // MARK: - RPE

    @Test("RPE 6 to 10 by halves", arguments: [("8", 16), ("8.5", 17), ("8,5", 17), ("6", 12), ("10", 20), (" 9 ", 18)])
    func effort(typed: String, halves: Int) throws {
        #expect(try Effort.parse(typed).get().halves == halves)
    }

    @Test("RPE out of range or between halves is refused", arguments: ["11", "5.5", "7.3", "", "eight", "-8", "8.55"])
    func badEffort(typed: String) {
        #expect(throws: InputError.self) { try Effort.parse(typed).get() }
    }

    @Test("RPE shown @8 and @8.5")
    func effortShown() {
        #expect(Effort(halves: 16)?.description == "@8")
        #expect(Effort(halves: 17)?.description == "@8.5")
        #expect(Effort(rpe: 9.5)?.halves == 19)
        #expect(Effort(rpe: 9.3) == nil)
        #expect(Effort(rpe: .nan) == nil)
    }

    // MARK: - One line, every kind

    @Test("one line for each kind", arguments: [
        ("100x5x3@8", ExerciseKind.weight, KindedEntry(loadHundredths: 10000, reps: 5, series: 3, effort: Effort(halves: 16))),
        ("62.5kgx8x3", .weight, KindedEntry(loadHundredths: 6250, unit: .kg, reps: 8, series: 3)),
        ("100x5", .weight, KindedEntry(loadHundredths: 10000, reps: 5)),
        ("bw+10x8x3", .bodyweight, KindedEntry(loadHundredths: 1000, reps: 8, series: 3)),
        ("bwx12x3", .bodyweight, KindedEntry(loadHundredths: 0, reps: 12, series: 3)),
        ("bw-20x8x3 @7.5", .bodyweight, KindedEntry(loadHundredths: -2000, reps: 8, series: 3, effort: Effort(halves: 15))),
        ("10x8x3", .bodyweight, KindedEntry(loadHundredths: 1000, reps: 8, series: 3)),
        ("1:30x3", .time, KindedEntry(series: 3, duration: SetDuration(seconds: 90))),
        ("90s", .time, KindedEntry(duration: SetDuration(seconds: 90))),
        ("2000m 7:45", .distance, KindedEntry(duration: SetDuration(seconds: 465), distance: Distance(thousandths: 2_000_000, unit: .m))),
        ("5km 25:00", .distance, KindedEntry(duration: SetDuration(seconds: 1500), distance: Distance(thousandths: 5000, unit: .km))),
        ("5km 25:00@9", .distance, KindedEntry(duration: SetDuration(seconds: 1500), distance: Distance(thousandths: 5000, unit: .km), effort: Effort(halves: 18))),
    ])
    func oneLine(typed: String, kind: ExerciseKind, entry: KindedEntry) throws {
        #expect(try KindedEntry.parse(typed, kind: kind).get() == entry)
    }

    @Test("one line written wrong for its kind", arguments: [
        ("100x5x3@11", ExerciseKind.weight), ("bw+10x8x3", .weight), ("100", .weight), ("100x0x3", .weight), ("100x5x3x2", .weight),
        ("bw+x8x3", .bodyweight), ("bw+10x8.5x3", .bodyweight),
        ("1:75x3", .time), ("-5mx3", .time), ("1:30x0", .time),
        ("2000m", .distance), ("-5m 7:45", .distance), ("5km 1:75", .distance), ("7:45 2000m", .distance),
    ])
    func oneLineRefused(typed: String, kind: ExerciseKind) {
        #expect(throws: InputError.self) { try KindedEntry.parse(typed, kind: kind).get() }
    }
}
