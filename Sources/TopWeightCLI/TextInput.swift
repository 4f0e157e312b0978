import Foundation

/// Text a command reads whole (a note on standard input, a routines file):
/// UTF-8, and no more than a limit, so a wrong file can't fill the memory.
enum TextInput {
    /// Everything `handle` gives until its end, or why it can't be used;
    /// `what` names it in the message ("the note on standard input").
    static func read(_ handle: FileHandle, limit: Int, what: String) throws -> String {
        var data = Data()
        do {
            while let chunk = try handle.read(upToCount: 64 * 1024), !chunk.isEmpty {
                data.append(chunk)
                guard data.count <= limit else {
                    throw Failure.input("\(what) is too long (more than \(limit / 1024) KiB)")
                }
            }
        } catch let failure as Failure {
            throw failure
        } catch {
            throw Failure.input("can't read \(what): \(error.localizedDescription)")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw Failure.input("\(what) is not UTF-8 text")
        }
        return text
    }

    /// The file at `path`, read like `read(_:limit:what:)`.
    static func file(_ path: String, limit: Int) throws -> String {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw Failure.input("no file \(path)")
        }
        guard !isDirectory.boolValue else { throw Failure.input("\(path) is a directory, not a file") }
        let handle: FileHandle
        do {
            handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        } catch {
            throw Failure.input("can't read \(path): \(error.localizedDescription)")
        }
        defer { try? handle.close() }
        return try read(handle, limit: limit, what: path)
    }
}
