import ArgumentParser

/// The logger's own command lines (none, `--kiosk`, `--db PATH`, `repl …`),
/// parsed by `ReplCommand` alone: argument-parser builds the whole command
/// tree by reflection over every subcommand's options before it looks at
/// the first argument, which a kiosk restarting or a script starting the
/// logger should not pay for.
enum LoggerCommandLine {
    /// The logger's flags, and its options that take a value.
    static let flags: Set<String> = ["--kiosk", "--durable"]
    static let options: Set<String> = ["--db", "--unit", "--idle-timeout"]

    /// The logger, parsed from `arguments` when they are only its own
    /// options; `nil` for anything else (a subcommand, help, completions, a
    /// mistake), which the whole tree parses and reports as it always has.
    static func parse(_ arguments: [String]) -> (any ParsableCommand)? {
        guard let own = loggerArguments(arguments) else { return nil }
        return built(own) ?? (try? ReplCommand.parseAsRoot(own))
    }

    /// The commonest lines (`--kiosk`, `--durable`, `--db PATH`, each at most
    /// once, nothing else) made into the command without argument-parser,
    /// whose first look at any command pays the runtime's first
    /// protocol-conformance look-ups over the whole binary; `nil` for any other.
    static func built(_ own: [String]) -> ReplCommand? {
        var (db, kiosk, durable) = (String?.none, false, false)
        var index = own.startIndex
        while index < own.endIndex {
            switch own[index] {
            case "--kiosk" where !kiosk: kiosk = true
            case "--durable" where !durable: durable = true
            case "--db" where db == nil && index + 1 < own.endIndex && !own[index + 1].hasPrefix("-"):
                index += 1
                db = own[index]
            default: return nil
            }
            index += 1
        }
        var global = GlobalOptions()
        global.db = db
        global.durable = durable
        var command = ReplCommand()
        command.global = global
        command.unit = ReplCommand.defaultUnit
        command.kiosk = kiosk
        command.idleTimeout = ReplCommand.defaultIdleTimeout
        return command
    }

    /// `arguments` without a leading `repl`, when each is one of the logger's
    /// options (with its value, apart or after `=`); `nil` otherwise.
    static func loggerArguments(_ arguments: [String]) -> [String]? {
        let own = arguments.first == "repl" ? Array(arguments.dropFirst()) : arguments
        var index = own.startIndex
        while index < own.endIndex {
            let argument = own[index]
            if flags.contains(argument) {
                index += 1
            } else if options.contains(argument), index + 1 < own.endIndex {
                index += 2
            } else if let equals = argument.firstIndex(of: "="), options.contains(String(argument[..<equals])) {
                index += 1
            } else {
                return nil
            }
        }
        return own
    }
}
