/// An entry far outside what the member does, worth one question before it
/// is saved: a slip of the keys (`70` at series, `600` for `60`, `0x10` on a
/// barbell lift) would otherwise be stored, head the history and pass for a
/// record. Compared with the member's sets of the exercise known (the last
/// one done, and those saved in the turn: the most of each number among
/// them), else with what any set of the kind could hold:
///
/// - a weight exercise at 0 kg: always asked (nothing on the bar);
/// - a weight more than twice the most and at least 20 kg (45 lb) above it;
///   with no set known, above 250 kg (550 lb);
/// - reps more than three times the most and over 30; with none known, over 30;
/// - series more than twice the most and over 10; with none known, over 10.
///
/// Less is never asked (a lighter day, a warm-up); neither are times and
/// distances (their ranges are too wide to judge).
public struct UnusualEntry: Sendable, Equatable {
    /// The number found odd: which one, said in a sentence.
    public enum Field: Sendable, Equatable {
        case weight, reps, series
    }

    public var field: Field
    /// `70 series is far above your last Bench Press (3).`
    public var sentence: String

    /// The first number of `values` far outside the `known` sets of the
    /// exercise (or, with none of its kind, what a set of the kind holds),
    /// or `nil` when all are in range.
    public static func check(_ values: SetValues, against known: [SetValues], exercise: String) -> UnusualEntry? {
        let kind = values.measure
        let sets = known.filter { $0.measure == kind }
        // The most of each number among the sets known.
        let heaviest = sets.max { Self.kilograms($0.weight) < Self.kilograms($1.weight) }?.weight
        let comparable = sets.isEmpty ? nil : (reps: sets.map(\.reps).max() ?? 0, series: sets.map(\.series).max() ?? 0)
        if kind == .weight {
            if values.weight.hundredths == 0 {
                return UnusualEntry(field: .weight, sentence: "0 \(values.weight.unit.rawValue) on \(exercise): nothing on the bar.")
            }
            let kilograms = Self.kilograms(values.weight)
            if let heaviest {
                let before = Self.kilograms(heaviest)
                if kilograms > 2 * before, kilograms - before >= 20 {
                    return UnusualEntry(field: .weight, sentence: "\(values.weight.description) is far above your \(exercise) so far (\(heaviest.description)).")
                }
            } else if kilograms > 250 {
                return UnusualEntry(field: .weight, sentence: "\(values.weight.description) on \(exercise) is more than most lifts ever hold.")
            }
        }
        guard kind == .weight || kind == .bodyweight || kind == .time else { return nil }
        if kind != .time, values.reps > max(30, 3 * (comparable?.reps ?? 0)) {
            let sentence = comparable.map { "\(values.reps) reps is far above your \(exercise) so far (\($0.reps))." }
                ?? "\(values.reps) reps in every series of \(exercise)."
            return UnusualEntry(field: .reps, sentence: sentence)
        }
        if values.series > max(10, 2 * (comparable?.series ?? 0)) {
            let sentence = comparable.map { "\(values.series) series is far above your \(exercise) so far (\($0.series))." }
                ?? "\(values.series) series of \(exercise) in one entry."
            return UnusualEntry(field: .series, sentence: sentence)
        }
        return nil
    }

    private static func kilograms(_ weight: Weight) -> Double {
        weight.unit == .kg ? weight.value : weight.value * 0.45359237
    }
}
