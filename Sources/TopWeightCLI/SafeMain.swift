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
    ///
    /// What is started most often skips the whole command tree, which
    /// argument-parser builds by reflection over every subcommand: `--version`
    /// alone, and the logger's own command lines (`LoggerCommandLine`).
    public static func mainWithSafeMessages() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments == ["--version"] {
            print(TopWeightVersion.current)
            return
        }
        runWithSafeMessages { try LoggerCommandLine.parse(arguments) ?? parseAsRoot(arguments) }
    }
}

extension ParsableCommand {
    /// Runs the command `parse` gives, and reports what either throws as
    /// `main()` would, each line made safe for a terminal.
    static func runWithSafeMessages(_ parse: () throws -> any ParsableCommand) {
        do {
            var command = try parse()
            try command.run()
        } catch {
            let code = exitCode(for: error)
            var text = fullMessage(for: error)
            if !code.isSuccess, !text.isEmpty {
                text = usageError(text)
            }
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

    /// argument-parser's `Error: …` and its usage block, in the shape of
    /// every other error: `topweight: reason` on one line, then where to read
    /// the usage (`See 'topweight add --help' for its usage.`).
    static func usageError(_ full: String) -> String {
        let lines = full.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        var reason = lines.first ?? ""
        if reason.hasPrefix("Error: ") { reason.removeFirst("Error: ".count) }
        // Past four values argument-parser lists them one a line (`- json`): on the reason's line here.
        let listed = lines.dropFirst().prefix { $0.hasPrefix("- ") }.map { "'\($0.dropFirst(2))'" }
        if reason.hasSuffix(" one of the following:"), let last = listed.last {
            reason = reason.dropLast("the following:".count) + listed.dropLast().joined(separator: ", ") + " or \(last)."
        }
        let help = lines.first { $0.hasPrefix("See '") && $0.contains("--help'") }
            .flatMap { line in line.range(of: "'").flatMap { start in
                line[start.upperBound...].range(of: "'").map { String(line[start.upperBound..<$0.lowerBound]) }
            } } ?? "topweight --help"
        return "topweight: \(reason)\nSee '\(help)' for its usage."
    }
}
