import Foundation
import TopWeightStore
#if canImport(Glibc)
import Glibc
#endif

/// Asks for the admin PIN before changes a kiosk member must not make:
/// renaming or removing members and exercises, deleting records.
enum AdminGate {
    /// Passes when no PIN is set or the right one is given; otherwise fails with exit code 77.
    static func require(_ store: WorkoutStore) throws {
        guard try store.adminPinIsSet() else { return }
        guard let pin = SecretInput.read(prompt: "Admin PIN: ") else {
            throw Failure.permission("this needs the admin PIN; none was given")
        }
        guard try store.verifyAdminPin(pin) else {
            throw Failure.permission("wrong admin PIN; nothing was changed")
        }
    }
}

/// A line read without echo from the terminal, or the next line of piped input.
enum SecretInput {
    static func read(prompt: String) -> String? {
        let terminal = isatty(STDIN_FILENO) == 1
        var saved = termios()
        if terminal {
            tcgetattr(STDIN_FILENO, &saved)
            var quiet = saved
            quiet.c_lflag &= ~tcflag_t(ECHO)
            tcsetattr(STDIN_FILENO, TCSANOW, &quiet)
            FileHandle.standardError.write(Data(prompt.utf8))
        }
        defer {
            if terminal {
                tcsetattr(STDIN_FILENO, TCSANOW, &saved)
                FileHandle.standardError.write(Data("\n".utf8))
            }
        }
        guard let line = Swift.readLine(strippingNewline: true) else { return nil }
        return line.hasSuffix("\r") ? String(line.dropLast()) : line
    }
}
