import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Another program of the package that this one becomes for what it
/// doesn't link itself: `topweight-board` for `serve`, `topweight-postgres`
/// for a PostgreSQL database.
enum SiblingProgram {
    /// Where `name` is: beside the running program first (the tarball's `bin/`,
    /// a build directory), then the first on `PATH`; `nil` when neither has one.
    static func path(_ name: String, environment: [String: String] = ProcessEnvironment.current) -> String? {
        let own = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent().path
        let directories = [own] + (environment["PATH"] ?? "").split(separator: ":").map(String.init).filter { !$0.isEmpty }
        return directories.lazy.map { ($0 as NSString).appendingPathComponent(name) }.first { access($0, X_OK) == 0 }
    }

    /// Becomes `name` with `arguments` (the same process: its pid, signals,
    /// limits, streams and environment); what is in the way when it can't.
    /// `need` says who needs it, at the start of the one line ("serve").
    static func runInstead(_ name: String, arguments: [String], for need: String) -> Failure {
        guard let path = path(name) else {
            return .unavailable("\(need) needs \(name), which is neither beside this topweight nor on PATH: "
                + "install it from the same package (bin/\(name)) next to topweight")
        }
        // A `name` that is this very program (a link to it) would run itself for ever.
        var found = stat()
        var running = stat()
        if stat(path, &found) == 0, stat("/proc/self/exe", &running) == 0,
           found.st_dev == running.st_dev, found.st_ino == running.st_ino {
            return .unavailable("\(need) needs \(name), but \(path) is this program itself: "
                + "install \(name) from the same package (bin/\(name)) in its place")
        }
        let argv = [path] + arguments
        var pointers = argv.map { strdup($0) } + [nil]
        execv(path, &pointers)
        let reason = String(cString: strerror(errno)).lowercased()
        pointers.forEach { free($0) }
        return .unavailable("\(need) cannot run \(path): \(reason)")
    }
}
