import ArgumentParser
import Foundation
import TopWeightCore
import TopWeightStore
import TopWeightUseCases

/// How a subcommand fails: one line on stderr and the contract's exit code.
enum Failure: Error {
    /// A database problem: exit code 2.
    case database(LogbookError)
    /// Bad input: exit code 64, like argument-parser's own usage errors.
    case input(String)
    /// Needs the admin PIN: exit code 77 (EX_NOPERM).
    case permission(String)
    /// Ctrl-C at a question: exit code 130, as shells report SIGINT.
    case cancelled
    /// A program this one needs is not installed: exit code 69 (EX_UNAVAILABLE).
    case unavailable(String)

    var exitCode: Int32 {
        switch self {
        case .database: 2
        case .input: 64
        case .permission: 77
        case .cancelled: 130
        case .unavailable: 69
        }
    }

    var message: String {
        switch self {
        case .database(let error): error.message
        case .input(let message), .permission(let message), .unavailable(let message): message
        case .cancelled: "cancelled; nothing was changed"
        }
    }

    static func input(_ error: InputError) -> Failure {
        .input(error.description)
    }

    /// A count option (`--days`, `--limit`), taken as text whatever it looks
    /// like (`-1` too) and read by `WholeNumber`, as the logger reads its
    /// counts: one reason for a negative, a zero or a huge value alike.
    static func count(_ text: String?, _ option: String, in range: ClosedRange<Int>, example: String) throws(Failure) -> Int? {
        guard let text else { return nil }
        switch WholeNumber.parse(text, option, in: range, example: example) {
        case .success(let value): return value
        case .failure(let error): throw .input(error)
        }
    }
}

extension ParsableCommand {
    /// Runs `body`, printing any `Failure` as `topweight: …` and exiting with its code.
    func reportingFailures(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch let failure as Failure {
            FileHandle.standardError.write(Data("topweight: \(TerminalText.safe(failure.message))\n".utf8))
            throw ExitCode(failure.exitCode)
        } catch let error as WorkoutsError {
            let code: Int32
            switch error {
            case .notFound, .invalid: code = 64
            case .refused: code = 77
            case .storage(let stored): code = stored.kind == .conflict ? 64 : 2
            }
            FileHandle.standardError.write(Data("topweight: \(TerminalText.safe(error.description))\n".utf8))
            throw ExitCode(code)
        } catch let error as LogbookError where error.kind == .conflict {
            FileHandle.standardError.write(Data("topweight: \(TerminalText.safe(error.message))\n".utf8))
            throw ExitCode(64)
        } catch let error as LogbookError {
            FileHandle.standardError.write(Data("topweight: \(TerminalText.safe(error.message))\n".utf8))
            throw ExitCode(2)
        }
    }
}
