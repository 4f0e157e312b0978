// MARK: - The common line, read byte by byte

/// The line nearly every save is typed as: a name of plain words, then a
/// weight set with no unit, rating or `bw` (`Bench Press 60x5x5`,
/// `squat 100X5*3`, `Bench Press 60 5 5`). It is read here in one pass over
/// its bytes; anything else (and any such line whose numbers are out of
/// range, so its refusal is said as before) goes to the general reading,
/// which this one must agree with (`LineReadingTests` holds them to it).
extension SetLine {
    /// A line typed at the exercise prompt that ends in a set (`split`, then
    /// the numbers typed apart, `spaced`), or `nil` for a name.
    public static func read(_ line: String) -> SetLine? {
        quick(line) ?? split(line) ?? spaced(line)
    }

    /// The kinds a weight set's numbers fit when they have no `b` in them.
    private static let weightKinds = ExerciseKind.allCases.filter { $0 == .weight || $0 == .bodyweight }

    /// The common line's set, its numbers read once, or `nil` when the line
    /// is not that shape (the general reading decides it then).
    static func quick(_ line: String) -> SetLine? {
        line.utf8.withContiguousStorageIfAvailable { bytes -> SetLine? in
            var end = bytes.count
            while end > 0, Byte.isSpace(bytes[end - 1]) { end -= 1 }
            let last = wordStart(bytes, before: end)
            guard last > 0, last < end else { return nil }
            let numbers: String
            let read: (weight: Int, reps: Int, series: Int)
            let nameEnd: Int
            if let set = weightSet(bytes, last..<end) {
                numbers = String(decoding: UnsafeBufferPointer(rebasing: bytes[last..<end]), as: UTF8.self)
                read = set
                nameEnd = last
            } else {
                // `NAME WEIGHT REPS SERIES`, as `spaced` joins them.
                let seriesStart = last
                let repsEnd = spaceStart(bytes, before: seriesStart)
                let repsStart = wordStart(bytes, before: repsEnd)
                let weightEnd = spaceStart(bytes, before: repsStart)
                let weightStart = wordStart(bytes, before: weightEnd)
                guard weightStart > 0, repsStart < repsEnd, weightStart < weightEnd,
                      let weight = Byte.weight(bytes, weightStart..<weightEnd),
                      let reps = Byte.count(bytes, repsStart..<repsEnd, in: Limits.reps),
                      let series = Byte.count(bytes, seriesStart..<end, in: Limits.series) else { return nil }
                var joined = String(decoding: UnsafeBufferPointer(rebasing: bytes[weightStart..<weightEnd]), as: UTF8.self)
                joined += "x"
                joined += String(decoding: UnsafeBufferPointer(rebasing: bytes[repsStart..<repsEnd]), as: UTF8.self)
                joined += "x"
                joined += String(decoding: UnsafeBufferPointer(rebasing: bytes[seriesStart..<end]), as: UTF8.self)
                numbers = joined
                read = (weight, reps, series)
                nameEnd = weightStart
            }
            guard let exercise = name(bytes, upTo: nameEnd) else { return nil }
            let entry = KindedEntry(loadHundredths: read.weight, reps: read.reps, series: read.series)
            return SetLine(exercise: exercise, numbers: numbers, fits: weightKinds, weight: entry)
        } ?? nil
    }

    /// `WEIGHTxREPSxSERIES` between `range`'s bounds, each in range, or `nil`.
    private static func weightSet(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> (weight: Int, reps: Int, series: Int)? {
        guard let first = bytes[range].firstIndex(where: Byte.isSeparator),
              let second = bytes[(first + 1)..<range.upperBound].firstIndex(where: Byte.isSeparator),
              let weight = Byte.weight(bytes, range.lowerBound..<first),
              let reps = Byte.count(bytes, (first + 1)..<second, in: Limits.reps),
              let series = Byte.count(bytes, (second + 1)..<range.upperBound, in: Limits.series) else { return nil }
        return (weight, reps, series)
    }

    /// The name before the numbers, its words joined by one space, when every
    /// word is plain (ASCII letters, `-` and `'` after the first): such words
    /// are never glued to a number, a unit or each other by the general reading.
    private static func name(_ bytes: UnsafeBufferPointer<UInt8>, upTo end: Int) -> String? {
        var name: [UInt8] = []
        name.reserveCapacity(end)
        var atWordStart = true
        for byte in bytes[..<end] {
            if Byte.isSpace(byte) {
                atWordStart = true
                continue
            }
            if atWordStart {
                guard Byte.isLetter(byte) else { return nil }
                if !name.isEmpty { name.append(0x20) }
                atWordStart = false
            } else {
                guard Byte.isLetter(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "'") else { return nil }
            }
            name.append(byte)
        }
        return name.isEmpty ? nil : String(decoding: name, as: UTF8.self)
    }

    /// Where the word ending at `end` starts.
    private static func wordStart(_ bytes: UnsafeBufferPointer<UInt8>, before end: Int) -> Int {
        var start = end
        while start > 0, !Byte.isSpace(bytes[start - 1]) { start -= 1 }
        return start
    }

    /// Where the run of spaces ending at `end` starts (`end` when there is none).
    private static func spaceStart(_ bytes: UnsafeBufferPointer<UInt8>, before end: Int) -> Int {
        var start = end
        while start > 0, Byte.isSpace(bytes[start - 1]) { start -= 1 }
        return start
    }

    /// The byte classes the general reading's characters are, for ASCII.
    private enum Byte {
        /// `Character.isSpace` (tab, line feed, vertical tab, form feed, return, space); any other byte above 0x7F is refused elsewhere.
        static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
        static func isLetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
        static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
        /// `OneLineEntry.isSeparator`'s ASCII ones: `x`, `X`, `*`.
        static func isSeparator(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "x") || byte == UInt8(ascii: "X") || byte == UInt8(ascii: "*") }

        /// A plain weight in hundredths (`60`, `62.5`, `62,25`: at most six
        /// whole digits and two decimals), in range in kilograms, or `nil`.
        static func weight(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
            var whole = 0, wholeDigits = 0, fraction = 0, fractionDigits = 0
            var separated = false
            for byte in bytes[range] {
                if isDigit(byte) {
                    let digit = Int(byte - 0x30)
                    if separated {
                        fraction = fraction * 10 + digit
                        fractionDigits += 1
                    } else {
                        whole = whole * 10 + digit
                        wholeDigits += 1
                    }
                } else if (byte == UInt8(ascii: ".") || byte == UInt8(ascii: ",")) && !separated {
                    separated = true
                } else {
                    return nil
                }
            }
            guard (1...6).contains(wholeDigits), !separated || (1...2).contains(fractionDigits) else { return nil }
            let hundredths = whole * 100 + (fractionDigits == 1 ? fraction * 10 : fraction)
            return hundredths <= WeightUnit.kg.maximumHundredths ? hundredths : nil
        }

        /// Reps or series: at most six digits, in `limits`, or `nil`.
        static func count(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, in limits: ClosedRange<Int>) -> Int? {
            guard (1...6).contains(range.count) else { return nil }
            var value = 0
            for byte in bytes[range] {
                guard isDigit(byte) else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            return limits.contains(value) ? value : nil
        }
    }
}
