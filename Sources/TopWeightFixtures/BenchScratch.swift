import Foundation
import TopWeightCore

/// Temporary database files beside the real database, removed with their
/// -wal, -shm and -journal companions (and the directory, when it was made here).
package final class BenchScratch {
    package let directory: String
    private let prefix: String
    private let madeDirectory: Bool
    private var paths: [String] = []

    package init(directory: String) throws {
        self.directory = directory
        prefix = ".topweight-bench-\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max))"
        let manager = FileManager.default
        if manager.fileExists(atPath: directory) {
            madeDirectory = false
        } else {
            do {
                try manager.createDirectory(atPath: directory, withIntermediateDirectories: true)
            } catch {
                throw LogbookError(.cannotOpen, "cannot create directory \(directory) for the benchmark's temporary databases")
            }
            madeDirectory = true
        }
    }

    /// A new file name here; `pathExtension` other than the default for scripts and the like.
    package func path(_ name: String, pathExtension: String = "sqlite") -> String {
        let path = (directory as NSString).appendingPathComponent("\(prefix)-\(name).\(pathExtension)")
        paths.append(path)
        return path
    }

    package func removeAll() {
        let manager = FileManager.default
        for path in paths {
            for suffix in ["", "-wal", "-shm", "-journal"] where manager.fileExists(atPath: path + suffix) {
                try? manager.removeItem(atPath: path + suffix)
            }
        }
        if madeDirectory, (try? manager.contentsOfDirectory(atPath: directory))?.isEmpty == true {
            try? manager.removeItem(atPath: directory)
        }
    }
}
