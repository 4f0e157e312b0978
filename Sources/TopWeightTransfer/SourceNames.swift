import TopWeightCore

/// Exercise names as the apps wrote them, made into names the store takes:
/// whitespace collapsed, too long a name shortened (and said so), a name
/// that could disturb a screen refused. Each distinct spelling is checked once.
struct SourceNames {
    private var checked: [String: Result<String, InputError>] = [:]
    /// Names shortened to fit, as (written, kept).
    private(set) var shortened: [(from: String, to: String)] = []

    mutating func exercise(_ raw: String) -> Result<String, InputError> {
        if let known = checked[raw] { return known }
        var result = NameRules.validate(raw, kind: .exercise)
        if case .failure = result {
            let collapsed = raw.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            if collapsed.count > Limits.nameLength {
                let short = String(collapsed.prefix(Limits.nameLength - 1)).trimmingCharacters(in: .whitespaces) + "…"
                result = NameRules.validate(short, kind: .exercise)
                if case .success(let name) = result { shortened.append((collapsed, name)) }
            }
        }
        checked[raw] = result
        return result
    }
}
