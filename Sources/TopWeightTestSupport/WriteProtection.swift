import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A file or directory this process may read but not write, made for real:
/// permission bits for anybody but root, whom they do not stop; for root the
/// immutable attribute (`chattr +i`, CAP_LINUX_IMMUTABLE), which stops root
/// too. Either way SQLite meets the refusal it would meet at a gym.
public final class WriteProtection {
    public let path: String
    private let immutable: Bool
    private let mode: mode_t

    /// Protects `path`; throws, saying why, when neither way works here.
    public init(_ path: String) throws {
        self.path = path
        var info = stat()
        guard stat(path, &info) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .ENOENT) }
        mode = info.st_mode & 0o7777
        let isDirectory = info.st_mode & S_IFMT == S_IFDIR
        if geteuid() == 0 {
            immutable = true
            guard try SmallDisk.system(["chattr", "+i", path]) == 0 else {
                throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path, NSLocalizedDescriptionKey: "chattr +i \(path) failed: as root, making it read-only needs the immutable attribute"])
            }
        } else {
            immutable = false
            guard chmod(path, isDirectory ? 0o555 : 0o444) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EPERM) }
        }
    }

    /// Writable again, as it was.
    public func lift() {
        if immutable {
            _ = try? SmallDisk.system(["chattr", "-i", path])
        } else {
            chmod(path, mode)
        }
    }

    deinit {
        lift()
    }
}
