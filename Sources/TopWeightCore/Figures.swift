/// Numbers as every human-readable output writes them, one way: whole
/// numbers with their thousands apart by a thin (narrow no-break) space,
/// `15 400`, `1 200`, `950`; a minus as `−`. JSON and CSV keep plain digits.
public enum Figures {
    /// The thin space between thousands: U+202F, which never breaks a line.
    public static let thinSpace = "\u{202F}"

    /// `12 340`, `1 200`, `−15 000`.
    public static func grouped(_ number: Int) -> String {
        let digits = String(number.magnitude)
        guard digits.count > 3 else { return (number < 0 ? "−" : "") + digits }
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out += thinSpace }
            out.append(digit)
        }
        return (number < 0 ? "−" : "") + out
    }
}
