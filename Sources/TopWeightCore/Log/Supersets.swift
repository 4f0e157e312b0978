/// Supersets and rests of a routine's or program's steps: steps in a row
/// that share a letter (`superset: A`) form one group, walked set by set in
/// turn (A1 one series, A2 one series, A1 …), the rest counted after the
/// group's last lift.
public enum Supersets {
    /// Why the steps' letters (`nil`: no superset) make no supersets: a
    /// letter that is not one letter A–Z, a group of one step, or a letter
    /// used again further down.
    public static func problem(in letters: [String?]) -> String? {
        var closed: Set<String> = []
        var index = 0
        while index < letters.count {
            guard let letter = letters[index] else {
                index += 1
                continue
            }
            guard letter.count == 1, let scalar = letter.unicodeScalars.first, ("A"..."Z").contains(scalar) else {
                return "superset \(letter.debugDescription) must be one letter, A to Z"
            }
            var end = index
            while end + 1 < letters.count, letters[end + 1] == letter { end += 1 }
            // A letter seen before, or again further down, is one used twice apart: said so, whatever each part holds.
            if !closed.insert(letter).inserted || letters[(end + 1)...].contains(letter) {
                return "superset \(letter) is used twice; its steps go in a row"
            }
            if end == index { return "superset \(letter) has one exercise; a superset takes two or more in a row" }
            index = end + 1
        }
        return nil
    }

    /// A set's place in a superset as stored (`A1`…`Z99`), `nil` when it is no such label.
    public static func label(_ text: String?) -> String? {
        guard let text, let first = text.unicodeScalars.first, ("A"..."Z").contains(first) else { return nil }
        let number = text.dropFirst()
        guard (1...2).contains(number.count), number.allSatisfy({ $0.isASCII && $0.isNumber }), number.first != "0" else { return nil }
        return text
    }

    /// The longest rest a step or member may set: an hour.
    public static let longestRest = 3600

    /// A rest as a file or `:rest` writes it: seconds (`90`), a time
    /// (`1:30`, `2m`) or `off` (0). `nil`: not a rest, or over an hour.
    public static func restSeconds(_ text: String) -> Int? {
        let word = text.trimmingWhitespace().lowercased()
        if word == "off" || word == "0" || word == "none" { return 0 }
        guard case .success(let duration)? = SetDuration.parse(word), duration.seconds <= longestRest else { return nil }
        return duration.seconds
    }

    /// The steps walked set by set: a step alone as it is (its sets alike
    /// one entry), a superset's lifts one series at a time in turn, each
    /// labelled (`A1`, `A2`), the rest only after the group's last lift.
    /// `rounds` is how many sets of a superset's step are walked (the
    /// routine's series: the member's last numbers of a superset's lift are one series).
    public static func walk(_ steps: [(planned: PlannedSet, letter: String?, rounds: Int)]) -> [PlannedSet] {
        var out: [PlannedSet] = []
        var index = 0
        while index < steps.count {
            guard let letter = steps[index].letter else {
                out.append(steps[index].planned)
                index += 1
                continue
            }
            var group: [PlannedSet] = []
            var counts: [Int] = []
            while index < steps.count, steps[index].letter == letter {
                group.append(steps[index].planned)
                counts.append(max(1, steps[index].rounds))
                index += 1
            }
            for round in 0..<(counts.max() ?? 1) {
                let lifting = group.indices.filter { round < counts[$0] }
                for position in lifting {
                    var set = group[position]
                    set.values?.series = 1
                    set.superset = "\(letter)\(position + 1)"
                    // The rest comes after the group's last lift of the round.
                    set.rest = position == lifting.last ? group[lifting.last ?? position].rest ?? group.compactMap(\.rest).last : 0
                    out.append(set)
                }
            }
        }
        return out
    }
}
