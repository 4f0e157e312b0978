/// What an admin PIN may be, the same for every front end and engine: 4 to
/// 64 characters, none of them a control character (a PIN is typed).
public enum AdminPinRule {
    /// Why `pin` can't be an admin PIN, in one line; `nil` when it can.
    public static func problem(with pin: String) -> String? {
        guard (4...64).contains(pin.count) else { return "the PIN must have 4 to 64 characters" }
        guard !pin.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
            return "the PIN can't contain control characters"
        }
        return nil
    }
}
