import Testing
@testable import TopWeightText

/// One rule cuts text to terminal columns for the listings, the charts and
/// the board; the board alone shows nothing where there is no column.
@Suite("Text cut to terminal columns")
struct TextColumnsTests {
    @Test("Text that fits is left as it is, and cut text ends in an ellipsis within the columns", arguments: [
        ("squat", 5, "squat"),
        ("squat", 9, "squat"),
        ("bench press", 6, "bench…"),
        ("深蹲深蹲", 5, "深蹲…"),
        ("深蹲深蹲", 4, "深…"),
        ("ab", 1, "…"),
        ("", 0, ""),
    ])
    func cutsToColumns(text: String, columns: Int, expected: String) {
        #expect(TextColumns.cut(text, to: columns) == expected)
        #expect(BoardText.truncate(text, to: columns) == expected)
    }

    @Test("With no column at all a listing still shows the ellipsis and the board shows nothing")
    func noColumn() {
        #expect(TextColumns.cut("squat", to: 0) == "…")
        #expect(TextColumns.cut("squat", to: -3) == "…")
        #expect(BoardText.truncate("squat", to: 0) == "")
        #expect(BoardText.truncate("squat", to: -3) == "")
    }
}
