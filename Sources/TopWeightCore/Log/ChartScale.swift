import Foundation

/// The value axis of a chart: round bounds around the data and a round step
/// between labels (1, 2, 2.5 or 5 times a power of ten), so labels read
/// `75 100 125` and not `76 99.25 122.5`; and where a value falls among a
/// chart's rows of dots, so that every label sits exactly on its row.
public struct ChartScale: Sendable, Hashable {
    public var low: Double
    public var high: Double
    public var step: Double

    /// Steps between the lowest and the highest label: at least 2, at most 6.
    static let stepCounts = 2...6

    public init(low: Double, high: Double, step: Double) {
        self.low = low
        self.high = high
        self.step = step
    }

    /// The scale for values from `minimum` to `maximum`: of the round steps
    /// that give 2 to 6 labels, the one whose bounds waste the least room,
    /// and of those the one with about 4 steps. A flat series gets room
    /// around it (5 % of its value, at least 0.5); values that are all zero
    /// or more never get a scale below zero.
    public init(minimum: Double, maximum: Double) {
        var minimum = minimum.isFinite ? minimum : 0
        var maximum = maximum.isFinite ? maximum : minimum
        if maximum < minimum { swap(&minimum, &maximum) }
        let nonNegative = minimum >= 0
        if maximum - minimum < 1e-9 {
            let room = max(abs(maximum) * 0.05, 0.5)
            minimum -= room
            maximum += room
            if nonNegative { minimum = max(minimum, 0) }
        }
        let span = maximum - minimum
        var best: ChartScale?
        var bestSteps = 0
        // Steps from a tenth of the span / 6 up to the span: every candidate that could give 2 to 6 labels.
        let smallest = pow(10, (log10(span / Double(Self.stepCounts.upperBound))).rounded(.down))
        for power in [smallest, smallest * 10, smallest * 100] {
            for factor in [1, 2, 2.5, 5] {
                let step = factor * power
                var low = (minimum / step + 1e-9).rounded(.down) * step
                if nonNegative { low = max(low, 0) }
                let high = (maximum / step - 1e-9).rounded(.up) * step
                let steps = Int(((high - low) / step).rounded())
                guard Self.stepCounts.contains(steps) else { continue }
                let candidate = ChartScale(low: low, high: high, step: step)
                if let current = best {
                    let wider = candidate.high - candidate.low > current.high - current.low + 1e-9
                    let sameWidth = abs((candidate.high - candidate.low) - (current.high - current.low)) <= 1e-9
                    if wider || (sameWidth && abs(steps - 4) >= abs(bestSteps - 4)) { continue }
                }
                best = candidate
                bestSteps = steps
            }
        }
        self = best ?? ChartScale(low: minimum, high: maximum, step: span / 2)
    }

    /// Steps between the lowest and the highest label.
    public var steps: Int {
        guard step > 0 else { return 1 }
        return max(Int(((high - low) / step).rounded()), 1)
    }

    /// The values labelled on the axis, low to high, one step apart.
    public var ticks: [Double] {
        (0...steps).map { low + Double($0) * step }
    }

    /// Rows of a chart about `height` high on which every label gets a row
    /// of its own, the same number of rows apart: a multiple of the steps, plus one.
    public func rows(near height: Int) -> Int {
        let apart = max(Int((Double(max(height, 2) - 1) / Double(steps)).rounded()), 1)
        return steps * apart + 1
    }

    /// The level of `value` among `rows` rows of `dotsPerRow` dots (0 at the
    /// bottom): the lowest label on the bottom row, the highest on the top
    /// one, each a little under the middle of its row.
    public func level(of value: Double, rows: Int, dotsPerRow: Int) -> Int {
        let top = rows * dotsPerRow - 1
        guard rows > 1, high > low else { return 0 }
        let share = (value - low) / (high - low)
        guard share.isFinite else { return 0 }
        let offset = Double((dotsPerRow - 1) / 2)
        return min(max(Int((share * Double((rows - 1) * dotsPerRow) + offset).rounded()), 0), top)
    }
}
