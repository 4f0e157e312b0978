import ArgumentParser
import Foundation
import TopWeightCore

extension TopWeightCommand {
    /// `main()`, with argument-parser's own messages made safe for a terminal.
    ///
    /// Its errors quote what was typed (`The value '…' is invalid for '--unit'`,
    /// `Unexpected argument '…'`), so an argument carrying an escape sequence
    /// would reach the screen raw. Each line goes through `TerminalText.safe`;
    /// streams and exit codes are those of `main()`.
    public static func mainWithSafeMessages() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            let code = exitCode(for: error)
            let text = fullMessage(for: error)
            if !text.isEmpty {
                let safe = text.split(separator: "\n", omittingEmptySubsequences: false)
                    .map { TerminalText.safe(String($0)) }
                    .joined(separator: "\n")
                if code.isSuccess {
                    print(safe)
                } else {
                    FileHandle.standardError.write(Data((safe + "\n").utf8))
                }
            }
            // An ExitCode has no message: this only ends the program with the code.
            Self.exit(withError: code)
        }
    }
}
