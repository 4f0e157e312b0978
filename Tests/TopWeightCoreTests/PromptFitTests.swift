import Testing
import TopWeightCore

/// A prompt wider than the terminal, cut to one row with room to type.
@Suite("A prompt fitted to a narrow terminal")
struct PromptFitTests {
    static let routine = "rest 1:59 [Zofia Grünberg · Push Pull 3/7 A1] exercise [Barbell Bulgarian Split Squat]: "

    @Test("a prompt that leaves room to type is left alone", arguments: [80, 110, 200])
    func fits(columns: Int) {
        let prompt = "rest 2:00 [Ana] exercise [Bench Press]: "
        #expect(PromptFit.fit(prompt, columns: columns) == prompt)
    }

    @Test("a routine's longest prompt fits an 80- and a 50-column row with room to type; only the words in brackets are cut, with …",
          arguments: [80, 50])
    func routinePrompt(columns: Int) {
        let fitted = PromptFit.fit(Self.routine, columns: columns)
        #expect(TerminalText.width(fitted) <= columns - PromptFit.room(columns: columns), "\(fitted)")
        #expect(fitted.hasPrefix("rest 1:59 [") && fitted.hasSuffix("]: "), "\(fitted)")
        #expect(fitted.contains("] exercise [") && fitted.contains(" · ") && fitted.contains("…"), "\(fitted)")
    }

    @Test("the member's name and the lift are cut first, the longest first; the routine's place beside the name only when they are down to two letters")
    func longestFirst() {
        #expect(PromptFit.fit(Self.routine, columns: 80) == "rest 1:59 [Zofia Gr… · Push Pull 3/7 A1] exercise [Barbell B…]: ")
        #expect(PromptFit.fit(Self.routine, columns: 50) == "rest 1:59 [Zo… · Push…] exercise [Ba…]: ")
    }

    @Test("at 40 columns, where even the words cut to two don't fit, the prompt keeps its end: the lift offered and the colon")
    func fortyColumns() {
        let fitted = PromptFit.fit(Self.routine, columns: 40)
        #expect(TerminalText.width(fitted) <= 34, "\(fitted)")
        #expect(PromptFit.fit("rest 1:53 [Zofia Grünberg] exercise [Barbell Bulgarian Split Squat]: ", columns: 40)
                == "rest 1:53 [Zo…] exercise [Ba…]: ", "six columns to type before the countdown is cut")
        #expect(fitted.hasPrefix("…") && fitted.hasSuffix("exercise [Ba…]: "), "\(fitted)")
    }

    @Test("wide characters count two columns")
    func wide() {
        let prompt = "[李小龍李小龍李小龍李小龍] exercise [Bench Press]: "
        let fitted = PromptFit.fit(prompt, columns: 40)
        #expect(TerminalText.width(fitted) <= 30, "\(fitted)")
        #expect(fitted == "[李小龍李小龍李小龍李小…] exercise [Bench Press]: " || fitted.hasPrefix("[李"), "\(fitted)")
        #expect(fitted.hasSuffix("]: "))
    }

    @Test("a prompt with nothing left to cut keeps its end")
    func keepsTheEnd() {
        let prompt = "a very long question with no brackets at all, asked at a narrow screen: "
        let fitted = PromptFit.fit(prompt, columns: 40)
        #expect(fitted.hasPrefix("…") && fitted.hasSuffix("narrow screen: "), "\(fitted)")
        #expect(TerminalText.width(fitted) <= 34)
    }
}
