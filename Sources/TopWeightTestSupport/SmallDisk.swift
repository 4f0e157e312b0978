import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A tmpfs of a few hundred KiB: a disk that really fills up. Mounting one
/// needs root (CAP_SYS_ADMIN); `unavailable` says why it can't be had here.
public final class SmallDisk {
    /// Where it is mounted.
    public let point: String
    /// The file that fills it, open while the disk is full.
    private var filler: Int32 = -1
    /// How many bytes the filler holds.
    public private(set) var filled = 0

    /// Why no small disk can be mounted here, or `nil` when one can.
    public static let unavailable: String? = {
        guard geteuid() == 0 else { return "needs root to mount a small tmpfs (runs as uid \(geteuid()))" }
        do {
            _ = try SmallDisk(size: "64k")
            return nil
        } catch {
            return "mount -t tmpfs failed even as root: \(error)"
        }
    }()

    public init(size: String = "1m") throws {
        var template = Array(FileManager.default.temporaryDirectory.appendingPathComponent("topweight-disk-XXXXXX").path.utf8CString)
        guard let made = mkdtemp(&template) else { throw CocoaError(.fileWriteUnknown) }
        point = String(cString: made)
        // Open to every account, like /tmp: a test may run the binary as nobody.
        chmod(point, 0o1777)
        guard try Self.system(["mount", "-t", "tmpfs", "-o", "size=\(size),mode=1777", "tmpfs", point]) == 0 else {
            rmdir(point)
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: point])
        }
    }

    deinit {
        if filler >= 0 { close(filler) }
        // Lazily if a process is still inside: a mount must never outlive the test.
        if (try? Self.system(["umount", point])) != 0 { _ = try? Self.system(["umount", "-l", point]) }
        rmdir(point)
    }

    /// Writes a file until the disk has not one byte left.
    public func fill() throws {
        if filler < 0 {
            // Close-on-exec: a child another test forks meanwhile must not keep the disk busy.
            filler = open(point + "/filler", O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
            guard filler >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        }
        lseek(filler, off_t(filled), SEEK_SET)
        let chunk = [UInt8](repeating: 0, count: 4_096)
        while true {
            let written = chunk.withUnsafeBytes { write(filler, $0.baseAddress, $0.count) }
            if written <= 0 { break }
            filled += written
        }
        guard errno == ENOSPC else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        // A byte at a time for the last partial block.
        var byte: UInt8 = 0
        while write(filler, &byte, 1) == 1 { filled += 1 }
    }

    /// Gives back everything the filler took.
    public func free() throws {
        try giveBack(filled)
    }

    /// Gives back `bytes` of what the filler took (all of it at most).
    public func giveBack(_ bytes: Int) throws {
        filled = max(0, filled - bytes)
        guard filler < 0 || ftruncate(filler, off_t(filled)) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    }

    /// Runs a system tool with its output discarded; returns its exit status.
    @discardableResult
    public static func system(_ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
