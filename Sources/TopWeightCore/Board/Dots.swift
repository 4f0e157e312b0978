/// DOTS, the relative-strength score the IPF and most federations adopted in
/// 2019 to replace Wilks: total × 500 ÷ a quartic in body weight.
///
/// Top Weight stores no sex, so the board uses one table for everybody: the
/// men's coefficients (body weight clamped to 40–210 kg). The women's table
/// is kept here, named, for the day a member can say which applies.
public enum Dots {
    /// The polynomial's coefficients, from the constant term up, and the body weights it holds for.
    public struct Coefficients: Sendable, Hashable {
        public var terms: [Double]
        public var bodyWeights: ClosedRange<Double>

        /// Men: −307.75076, 24.0900756, −0.1918759221, 0.0007391293, −0.000001093.
        public static let men = Coefficients(
            terms: [-307.75076, 24.0900756, -0.1918759221, 0.0007391293, -0.000001093], bodyWeights: 40...210)
        /// Women: −57.96288, 13.6175032, −0.1126655495, 0.0005158568, −0.0000010706.
        public static let women = Coefficients(
            terms: [-57.96288, 13.6175032, -0.1126655495, 0.0005158568, -0.0000010706], bodyWeights: 40...150)
    }

    /// The coefficients the board scores with.
    public static let board = Coefficients.men

    /// The score of a total (kg) at a body weight (kg), or `nil` for a body
    /// weight that is not a positive number.
    public static func score(totalKilograms total: Double, bodyWeightKilograms bodyWeight: Double,
                             coefficients: Coefficients = board) -> Double? {
        guard bodyWeight.isFinite, bodyWeight > 0, total.isFinite, total >= 0 else { return nil }
        let weight = min(max(bodyWeight, coefficients.bodyWeights.lowerBound), coefficients.bodyWeights.upperBound)
        var denominator = 0.0
        var power = 1.0
        for term in coefficients.terms {
            denominator += term * power
            power *= weight
        }
        guard denominator > 0 else { return nil }
        return total * 500 / denominator
    }
}
