import TopWeightCore
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Who may open the database: its owner, and the group when the umask lets it;
/// other accounts never (the file holds the admin PIN's hash and everybody's sets).
enum FileAccess {
    /// Run before SQLite touches `path`: every file created from here on
    /// (the database, its `-wal` and `-shm`, a new directory) is closed to
    /// other accounts whatever the umask, and a path through a dangling
    /// symbolic link is refused instead of creating the link's target
    /// somewhere else. An existing file's own mode is changed only once it
    /// is known to be ours (`tighten`).
    static func prepare(_ path: String) throws(LogbookError) {
        let previous = umask(0o077)
        umask(previous | 0o007)
        var link = stat()
        if lstat(path, &link) == 0, link.st_mode & S_IFMT == S_IFLNK {
            var target = stat()
            if stat(path, &target) != 0 {
                let destination = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?"
                throw LogbookError(.cannotOpen, "database \(path) is a symbolic link to \(destination), which does not exist; fix the link or give the real path")
            }
        }
        // SQLite gives the -wal and -shm it creates the database's mode: made
        // while the database was read-only, they would keep it so after the
        // database is writable again. They follow it back.
        var database = stat()
        guard stat(path, &database) == 0, database.st_mode & S_IFMT == S_IFREG, database.st_uid == geteuid(),
              database.st_mode & S_IWUSR != 0 else { return }
        for file in [path + "-wal", path + "-shm"] {
            var info = stat()
            if stat(file, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_uid == geteuid(), info.st_mode & S_IWUSR == 0 {
                chmod(file, database.st_mode & 0o770)
            }
        }
    }

    /// Run once the file is known to be a database of ours (or none yet):
    /// it and its `-wal` and `-shm` lose any access for other accounts.
    /// Another program's file is refused before this, its mode as it was.
    static func tighten(_ path: String) {
        for file in [path, path + "-wal", path + "-shm"] {
            var info = stat()
            // Files only: a directory given by mistake is refused by SQLite, not changed here.
            if stat(file, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_uid == geteuid(), info.st_mode & 0o007 != 0 {
                chmod(file, info.st_mode & 0o770)
            }
        }
    }
}
