import Testing
import TopWeightCore

/// Names in the hints our messages give (`'topweight history --user "zoe li"'`)
/// are written as a shell must read them, so the hint runs as it stands.
@Suite("Shell words in hints")
struct ShellWordTests {
    @Test("a name is left bare when a shell reads it as one word, else quoted as it needs", arguments: [
        ("Ana", "Ana"),
        ("Zoë", "Zoë"),
        ("Pull-Up", "Pull-Up"),
        ("zoe li", "\"zoe li\""),
        ("Bench Press (Barbell)", "\"Bench Press (Barbell)\""),
        ("O'Brien", "\"O'Brien\""),
        ("Bo*", "\"Bo*\""),
        ("#1 Fan", "\"#1 Fan\""),
        ("~ana", "\"~ana\""),
        ("$HOME", "'$HOME'"),
        ("say \"hi\"", "'say \"hi\"'"),
        ("it's $5", "'it'\\''s $5'"),
        ("a`b`", "'a`b`'"),
        ("wow!", "'wow!'"),
        ("", "''"),
    ])
    func quoted(name: String, expected: String) {
        #expect(ShellWord.quoted(name) == expected)
    }
}
