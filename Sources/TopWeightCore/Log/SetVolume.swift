/// What a set adds to volume: loads only. A weight set's weight × reps ×
/// series; a bodyweight set's added load × reps × series (body weight itself
/// is not known, and assistance is no load); a timed or distance set nothing.
extension SetValues {
    /// The set's volume in kilograms (pounds converted).
    public var volumeKilograms: Double {
        switch measure {
        case .weight: weight.kilograms * Double(reps) * Double(series)
        case .bodyweight: assisted ? 0 : weight.kilograms * Double(reps) * Double(series)
        case .time, .distance: 0
        }
    }

    /// Whether the set's numbers include a load that volume counts.
    public var countsLoad: Bool {
        switch measure {
        case .weight: true
        case .bodyweight: !assisted
        case .time, .distance: false
        }
    }
}
