import TopWeightCore

/// The expressions both engines use for personal records and stats, on
/// `record`'s columns (unquoted, so PostgreSQL folds them to its lower-case
/// names). The indexes of migration v6 are built on the first two: a query
/// must spell them exactly so for the index to serve it.
public enum ProgressSQL {
    /// A set's weight in kilograms (1 lb = 0.45359237 kg), as `Weight.kilograms`.
    public static let kilograms = "(CASE unit WHEN 'lb' THEN weight * 0.45359237 ELSE weight END)"

    /// A set's Epley e1RM in kilograms, as `OneRepMaxFormula.epley` (one rep: the weight itself).
    public static let estimate = "(CASE WHEN reps = 1 THEN \(kilograms) ELSE \(kilograms) * (30 + reps) / 30.0 END)"

    /// A set's volume (weight × reps × series) in kilograms.
    public static let volume = "(\(kilograms) * reps * series)"

    /// The heaviest weight Top Weight stores, in kilograms (2 200 lb is less).
    public static let heaviestKilograms = Double(WeightUnit.kg.maximumHundredths) / 100

    /// The local day of `performedAt` as days since 1970, with `zone`'s
    /// offsets (newest first in the CASE: most sets are recent). Integer
    /// division truncates, so instants are shifted by whole days before it to
    /// be positive back to year 1 and the days taken off after.
    public static func localDay(_ zone: ZoneOffsets) -> String {
        let changes = zone.changes
        var shifted = "performedAt"
        if let only = changes.first, changes.count == 1 {
            shifted += " + \(Int64(only.seconds) * 1000)"
        } else if let first = changes.first {
            let cases = changes.dropFirst().reversed().map { change in
                "WHEN performedAt >= \(change.from) THEN \(Int64(change.seconds) * 1000)"
            }
            shifted += " + CASE \(cases.joined(separator: " ")) ELSE \(Int64(first.seconds) * 1000) END"
        }
        let bias: Int64 = 3_000_000
        return "((\(shifted) + \(bias * ZoneOffsets.millisecondsPerDay)) / \(ZoneOffsets.millisecondsPerDay) - \(bias))"
    }
}
