/// Why a piece of input was refused, with an example of what would be accepted.
///
/// Rendered as one line: `reps must be a whole number from 1 to 1000 (e.g. 8)`.
public struct InputError: Error, Sendable, Equatable, CustomStringConvertible {
    public var reason: String
    public var example: String?

    public init(_ reason: String, example: String? = nil) {
        self.reason = reason
        self.example = example
    }

    public var description: String {
        guard let example else { return reason }
        return "\(reason) (e.g. \(example))"
    }
}
