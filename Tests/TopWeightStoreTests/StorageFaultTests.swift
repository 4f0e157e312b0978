import Foundation
import GRDB
import Testing
import TopWeightCore
@testable import TopWeightStore
import TopWeightTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// SQLite's faults met for real (a disk that fills up, a directory or a file
/// that may not be written, a damaged file), each named with the file, and a
/// store that still reads when only writing is impossible.
@Suite("Storage faults", .serialized)
struct StorageFaultTests {
    /// A member with one set, saved while the disk had room.
    static func seed(_ path: String) throws -> (ana: User, bench: Exercise, id: Int64) {
        let store = try WorkoutStore(path: path)
        let ana = try store.createUser(named: "Ana")
        let bench = try store.createExercise(named: "Bench Press")
        let id = try store.save(ana, bench, SetValues(60, .kg, 5, 5), at: instant(0))
        return (ana, bench, id)
    }

    // MARK: - A full disk

    @Test(
        "A store opened on a full disk reads its history, names the full disk, keeps refusing the set, and saves it once when space is freed",
        .enabled(if: SmallDisk.unavailable == nil, "needs root (CAP_SYS_ADMIN) to mount a small tmpfs")
    )
    func fullDisk() throws {
        let disk = try SmallDisk(size: "2m")
        let path = disk.point + "/topweight.sqlite"
        let (ana, bench, seeded) = try Self.seed(path)
        try disk.fill()

        let store = try WorkoutStore(path: path)

        let fault = try #require(store.savingFault, "opened as if the disk had room")
        #expect(fault.kind == .diskFull)
        #expect(fault.message == "database \(path) is full (no space left): history can be read, but no set can be saved until space is freed")
        #expect(try store.history(HistoryQuery()).map(\.id) == [seeded])
        #expect(try store.user(named: "ana")?.id == ana.id)
        #expect(try store.users().map(\.user.name) == ["Ana"])
        #expect(try store.lastValues(of: ana, for: bench) == SetValues(60, .kg, 5, 5))
        #expect(try store.health().savingFault?.kind == .diskFull)

        // The member's entry, tried twice on the full disk, then once more with room.
        let entry = NewRecord(user: ana, exercise: bench, values: SetValues(70, .kg, 5, 5), performedAt: instant(60), uid: RecordUID.make(at: instant(60)))
        for _ in 0..<2 {
            let refused = #expect(throws: LogbookError.self) { try store.save(entry, now: instant(60)) }
            #expect(refused?.kind == .diskFull)
            #expect(refused?.message == "database \(path) is full (no space left); nothing was saved")
        }
        #expect(try store.history(HistoryQuery()).map(\.id) == [seeded])

        let filled = disk.filled
        try disk.free()
        let saved = try store.save(entry, now: instant(60))
        #expect(store.savingFault == nil)
        #expect(try store.save(entry, now: instant(61)) == saved, "the same entry again is the same set, not a second one")
        #expect(try store.history(HistoryQuery()).map(\.id) == [saved, seeded])
        #expect(try store.health().integrity == "ok")
        print("StorageFaultTests: a 2 MiB tmpfs filled with \(filled) bytes; the store opened for reading and saved once the filler went")
    }

    @Test(
        "A full disk and a database that needs a migration are refused with one line naming both, and the file is left as it was",
        .enabled(if: SmallDisk.unavailable == nil, "needs root (CAP_SYS_ADMIN) to mount a small tmpfs")
    )
    func fullDiskWithMigrationPending() throws {
        let disk = try SmallDisk(size: "2m")
        let path = disk.point + "/topweight.sqlite"
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/schema-v6.sqlite")
        try FileManager.default.copyItem(atPath: fixture.path, toPath: path)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        try disk.fill()

        let error = #expect(throws: LogbookError.self) { _ = try WorkoutStore(path: path) }

        #expect(error?.kind == .diskFull)
        #expect(error?.message.contains("database \(path) is full (no space left), and this Top Weight must bring its schema up to date first") == true, "\(error?.message ?? "")")
        #expect(error?.message.contains("start topweight again once space is freed") == true)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    // MARK: - Read-only

    @Test("A store in a directory it may not write reads, names the directory, and saves once the directory may be written")
    func readOnlyDirectory() throws {
        try withTemporaryDatabase { database in
            let (ana, bench, seeded) = try Self.seed(database.path)
            let protection = try WriteProtection(database.directory.path)
            defer { protection.lift() }

            let store = try database.open()

            let fault = try #require(store.savingFault, "opened as if the directory could be written")
            #expect(fault.kind == .readOnly)
            #expect(fault.message.hasPrefix("database \(database.path) is read-only (its directory \(database.directory.path) may not be written"), "\(fault.message)")
            #expect(fault.message.hasSuffix("history can be read, but no set can be saved until the directory may be written"), "\(fault.message)")
            #expect(try store.history(HistoryQuery()).map(\.id) == [seeded])
            let entry = NewRecord(user: ana, exercise: bench, values: SetValues(70, .kg, 5, 5), performedAt: instant(60), uid: RecordUID.make(at: instant(60)))
            let refused = #expect(throws: LogbookError.self) { try store.save(entry, now: instant(60)) }
            #expect(refused?.kind == .readOnly)
            #expect(refused?.message.hasSuffix("check the directory's permissions); nothing was saved") == true, "\(refused?.message ?? "")")

            protection.lift()
            let saved = try store.save(entry, now: instant(60))
            #expect(store.savingFault == nil)
            #expect(try store.history(HistoryQuery()).map(\.id) == [saved, seeded])
        }
    }

    @Test("A store on a file it may not write reads, names the file, and saves once the file may be written")
    func readOnlyFile() throws {
        try withTemporaryDatabase { database in
            let (ana, bench, seeded) = try Self.seed(database.path)
            let protection = try WriteProtection(database.path)
            defer { protection.lift() }

            let store = try database.open()

            let fault = try #require(store.savingFault, "opened as if the file could be written")
            #expect(fault.kind == .readOnly)
            #expect(fault.message == "database \(database.path) is read-only (\(database.path) may not be written; check its permissions): history can be read, but no set can be saved until it may be written")
            #expect(try store.history(HistoryQuery()).map(\.id) == [seeded])
            let entry = NewRecord(user: ana, exercise: bench, values: SetValues(70, .kg, 5, 5), performedAt: instant(60), uid: RecordUID.make(at: instant(60)))
            let refused = #expect(throws: LogbookError.self) { try store.createUser(named: "Bo") }
            #expect(refused?.kind == .readOnly)
            #expect(try store.user(named: "Bo") == nil)

            protection.lift()
            let saved = try store.save(entry, now: instant(60))
            #expect(store.savingFault == nil)
            #expect(try store.history(HistoryQuery()).map(\.id) == [saved, seeded])
        }
    }

    @Test("A directory that can't be made for a new database is named, with why")
    func directoryNotMade() throws {
        try withTemporaryDatabase { database in
            try database.makeDirectory()
            let protection = try WriteProtection(database.directory.path)
            defer { protection.lift() }
            let path = database.directory.appendingPathComponent("kiosk/topweight.sqlite").path

            let error = #expect(throws: LogbookError.self) { _ = try WorkoutStore(path: path) }

            #expect(error?.kind == .cannotOpen)
            #expect(error?.message == "cannot create the directory \(database.directory.path)/kiosk for database \(path) (permission denied); create it, or give another path")
        }
    }

    @Test("A -wal and -shm left read-only while the file was take the file's mode again once it is writable, and the save goes through")
    func companionsFollowTheFile() throws {
        try withTemporaryDatabase { database in
            let (ana, bench, seeded) = try Self.seed(database.path)
            // What reading the file while it was 0444 leaves behind: SQLite gives them the file's mode.
            for suffix in ["-wal", "-shm"] {
                #expect(FileManager.default.createFile(atPath: database.path + suffix, contents: Data(), attributes: [.posixPermissions: 0o444]))
            }

            // Before SQLite looks (as root it would open them anyway, and its
            // first connection's close would delete them).
            try FileAccess.prepare(database.path)
            var file = stat()
            #expect(stat(database.path, &file) == 0)
            for suffix in ["-wal", "-shm"] {
                var info = stat()
                #expect(stat(database.path + suffix, &info) == 0)
                #expect(info.st_mode & 0o777 == file.st_mode & 0o777, "\(suffix) is \(String(info.st_mode & 0o777, radix: 8))")
            }
            let store = try database.open()
            let saved = try store.save(ana, bench, SetValues(70, .kg, 5, 5), at: instant(60))
            #expect(store.savingFault == nil)
            #expect(try store.history(HistoryQuery()).map(\.id) == [saved, seeded])
        }
    }

    // MARK: - Damaged files

    @Test("A database cut short is named damaged with its file, and left as it was", arguments: [0.5, 0.25])
    func truncated(fraction: Double) throws {
        try withTemporaryDatabase { database in
            do {
                let store = try database.open()
                let ana = try store.createUser(named: "Ana")
                let bench = try store.createExercise(named: "Bench Press")
                // Enough sets for the file to span many pages.
                for second in 0..<2_000 { try store.save(ana, bench, SetValues(60, .kg, 5, 5), at: instant(second)) }
            }
            let whole = try #require(database.bytes())
            let cut = whole.prefix(Int(Double(whole.count) * fraction))
            try cut.write(to: database.url)

            let error = #expect(throws: LogbookError.self) {
                let store = try database.open()
                _ = try store.history(HistoryQuery())
                _ = try store.health()
            }

            #expect(error?.kind == .corrupt, "\(error?.message ?? "")")
            #expect(error?.message.hasPrefix("database \(database.path) is damaged") == true, "\(error?.message ?? "")")
            #expect(database.bytes() == cut)
        }
    }

    // MARK: - What each code says

    /// A code SQLite answers with, where the file system shows nothing
    /// wrong: the kind and the words a member or an admin acts on.
    static let codes: [(code: ResultCode, kind: LogbookError.Kind, words: String)] = [
        (.SQLITE_FULL, .diskFull, "is full (no space left); nothing was saved"),
        (.SQLITE_IOERR_READ, .ioError, "the disk reported an I/O error (IOERR_READ); check the disk and the system log"),
        (.SQLITE_IOERR_SHMSIZE, .ioError, "(IOERR_SHMSIZE)"),
        (.SQLITE_IOERR_WRITE, .ioError, "(IOERR_WRITE)"),
        (.SQLITE_CORRUPT, .corrupt, "is damaged"),
        (.SQLITE_NOTADB, .notADatabase, "is not a Top Weight database"),
        (.SQLITE_READONLY_DBMOVED, .cannotOpen, "was moved or deleted while in use"),
        (.SQLITE_READONLY_CANTINIT, .readOnly, "is read-only (SQLite: "),
        (.SQLITE_BUSY, .busy, "held by another program"),
        (.SQLITE_CANTOPEN, .cannotOpen, "cannot open database"),
    ]

    @Test("Each of SQLite's codes is named with the file", arguments: codes.indices)
    func named(index: Int) throws {
        let (code, kind, words) = Self.codes[index]
        try withTemporaryDatabase { database in
            try database.makeDirectory()
            #expect(FileManager.default.createFile(atPath: database.path, contents: Data()))

            let error = LogbookError.wrap(DatabaseError(resultCode: code, message: "what SQLite said"), path: database.path)

            #expect(error.kind == kind, "\(error.message)")
            #expect(error.message.contains(database.path), "\(error.message)")
            #expect(error.message.contains(words), "\(error.message)")
        }
    }

    @Test("A file that can't be opened says what is in the way: a missing directory, a directory where the file should be")
    func cannotOpen() throws {
        try withTemporaryDatabase { database in
            let missing = database.directory.appendingPathComponent("gone/topweight.sqlite").path
            let error = LogbookError.wrap(DatabaseError(resultCode: .SQLITE_CANTOPEN), path: missing)
            #expect(error.kind == .cannotOpen)
            #expect(error.message == "cannot open database \(missing): the directory \(database.directory.path)/gone does not exist")

            try FileManager.default.createDirectory(atPath: database.path, withIntermediateDirectories: true)
            #expect(chmod(database.path, 0o755) == 0)
            let opened = #expect(throws: LogbookError.self) { _ = try database.open() }
            #expect(opened?.kind == .cannotOpen)
            #expect(opened?.message == "cannot open database \(database.path): it is a directory; give the path of the database file")
            var info = stat()
            #expect(stat(database.path, &info) == 0 && info.st_mode & 0o777 == 0o755, "the directory's mode was changed")
        }
    }
}
