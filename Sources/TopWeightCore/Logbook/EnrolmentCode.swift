/// A one-time code the desk prints for one member (`topweight users pin
/// NAME --code`), which that member types once at a kiosk, after their
/// name, to choose their own PIN. Letters and digits a reader can't mix up
/// (no 0/O, 1/I/L), in two groups of four (`KQ7M-3XPA`); typed in any
/// case, with or without the dash. Never a PIN (which is digits only), so
/// the PIN prompt tells the two apart. Stored only hashed, valid for
/// `GymSetting.enrolmentHours`, spent by the PIN it chose.
public enum EnrolmentCode {
    public static let alphabet = Array("ABCDEFGHJKMNPQRSTUVWXYZ23456789")
    public static let length = 8
    public static let defaultHours = 24
    public static let hours = 1...720

    /// A new code, as printed.
    public static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        var characters: [Character] = []
        // At least one letter: a code of digits only would pass for a PIN.
        while characters.allSatisfy(\.isNumber) {
            characters = (0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] }
        }
        return String(characters.prefix(length / 2)) + "-" + String(characters.dropFirst(length / 2))
    }

    /// The code as typed, in the one form that is hashed and checked
    /// (upper case, no dash or spaces); `nil` for what can't be one.
    public static func normalized(_ typed: String) -> String? {
        let kept = typed.uppercased().filter { $0 != "-" && $0 != " " }
        guard kept.count == length, kept.allSatisfy(alphabet.contains) else { return nil }
        return kept
    }

    /// The hours a stored setting names, the default for none or a bad one.
    public static func hours(stored: String?) -> Int {
        stored.flatMap(Int.init).flatMap { hours.contains($0) ? $0 : nil } ?? defaultHours
    }

    /// Why a member who is not new may not choose a PIN without a code.
    public static func notNew(_ user: User) -> String {
        "\(user.name) is not new here: only the desk gives them a PIN, or an enrolment code to choose one"
    }

    public static let expired = "that enrolment code has expired; the desk can print a new one"
    public static let spent = "that enrolment code was used a moment ago; nothing was changed"
}
