import Foundation
import LineEditor
import TopWeightCore
import TopWeightUseCases
#if canImport(Glibc)
import Glibc
#endif

/// Asks for the admin PIN before changes a kiosk member must not make:
/// renaming or removing members and exercises, deleting records.
enum AdminGate {
    /// Passes when no PIN is set or the right one is given; otherwise fails with
    /// exit code 77. Wrong PINs count towards the wait every terminal shares.
    static func require(_ admin: AdminAccess) throws {
        guard try admin.isPinSet() else { return }
        guard let pin = try SecretInput.read(prompt: "Admin PIN: ") else {
            throw Failure.permission("this needs the admin PIN; none was given")
        }
        do {
            try admin.admit(pin: pin, now: Date())
        } catch WorkoutsError.refused(let refusal) {
            throw Failure.permission("\(refusal); nothing was changed")
        }
    }
}

/// A line read without echo from the terminal, or the next line of piped input.
enum SecretInput {
    /// The secret, or `nil` at end of input. Ctrl-C on a terminal gives up
    /// with echo back on (exit 130), never leaving the terminal silent.
    static func read(prompt: String) throws -> String? {
        guard isatty(STDIN_FILENO) == 1 else {
            guard let line = Swift.readLine(strippingNewline: true) else { return nil }
            return line.hasSuffix("\r") ? String(line.dropLast()) : line
        }
        Signals.install(catchInterrupt: true, kiosk: false)
        switch RawKeys.readSecret(prompt: prompt, output: STDERR_FILENO) {
        case .line(let secret):
            return secret
        case .interrupted, .terminated:
            FileHandle.standardError.write(Data("\n".utf8))
            throw Failure.cancelled
        case .endOfInput, .timedOut:
            FileHandle.standardError.write(Data("\n".utf8))
            return nil
        }
    }
}
