// A commit's write-ahead-log frames in one write.
//
// SQLite appends a transaction's pages to the log as frames, each in two
// writes: its 24-byte header at offset N, then its page at N + 24 (wal.c,
// walWriteOneFrame). Each is a pwrite(2), and each pwrite on ext4 takes the
// inode's lock, looks its pages up and marks them dirty: a save of six pages
// made twelve calls. This VFS keeps a run of writes, each starting where the
// last one ended, in memory, and hands the run to the file in one write.
//
// When a run goes to the file:
// - when the page of a commit frame joins it (a frame whose header gives the
//   database's size, nonzero only in a commit's last frame). SQLite makes a
//   commit visible only after that, so the commit's frames are in the file
//   first, and a failed write fails the commit as it would have without this
//   VFS;
// - before anything else is done with the log through its handle (a write
//   elsewhere, a read, a sync, a truncate, a size asked, a file control, a
//   close): the file then looks as it would have to whoever asks.
// Never at an xShmBarrier or xShmLock, where SQLite could not hear of a
// failure, nor need it: a commit's frames went with its last page, before the
// barrier that publishes it (walIndexWriteHdr); a run holds only pages spilled
// before a commit, past every snapshot's end, read through their own handle.
// A failed write drops a run holding a commit's frame (the commit fails, and
// a recovery must never find its frames later); it keeps any other, which the
// handle's next call writes again, answering the failure while it lasts. What
// is left when the write lock is let go (xShmLock) belongs to a transaction
// that is over: dropped, never written over the next writer's frames. A debug
// build stops (MUST) should a commit's frames wait at a barrier or a lock.
// Exclusive locking takes no shared-memory locks, so the end of a transaction
// would go unseen: refused, as is an SQLite it was not tested on (wal_guards.c).
// Only a frame's header (24 bytes) written where this handle's last write
// ended starts a run (a frame appended); the log's own header, headers SQLite
// rewrites over earlier frames (walRewriteChecksums: a read of the frame, then
// its header) and the part of a frame written after a sync go at once.
// A process killed with a run in memory loses frames no commit counts yet.
// The database file is the unix VFS's own behind a thin wrapper for those two
// calls; journals and temporary files are the unix VFS's own.

#include "CSQLiteWAL.h"
#include "wal_internal.h"
#include <sqlite3.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#define FRAME_HEADER_BYTES 24
/// A run is written once it would grow past this (a large transaction's
/// frames). The unix VFS writes at most 128 KiB - 1 bytes a call
/// (os_unix.c, seekAndWriteFd) and answers a longer write as a full disk.
#define RUN_LIMIT (64 * 1024)

typedef struct LogFile {
    sqlite3_file base;            // this VFS's methods
    sqlite3_file *real;           // the unix VFS's file, allocated after this struct
    sqlite3_int64 appendsAt;      // where this handle's last write ended; -1 after a truncate or a failure
    unsigned char *run;           // writes waiting, one after another
    int runLength;
    int runCapacity;
    sqlite3_int64 runOffset;
    sqlite3_int64 commitPageAt;   // where the waiting commit frame's page goes; -1 when none
    int holdsCommit;              // the run holds a commit frame's header
    const char *path;             // the log's name, valid until xClose
    long long writes;             // writes handed to the real file (for tests)
    struct LogFile *nextWaiting;  // the list of handles with a run, while runLength > 0
    struct LogFile **waitingLink;
} LogFile;

typedef struct DatabaseFile {
    sqlite3_file base;
    sqlite3_file *real;
    const char *path;             // the database's name, valid until xClose
} DatabaseFile;

static sqlite3_vfs *realVFS;
static sqlite3_vfs walVFS;
static sqlite3_io_methods logMethods;
static sqlite3_io_methods databaseMethods;

/// Guards every run, the waiting list and every write of a log handle: a
/// barrier on one thread may write the run of a handle another one fills.
static pthread_mutex_t runs = PTHREAD_MUTEX_INITIALIZER;
static LogFile *waiting;
static atomic_int waitingCount;

static int writeThroughLocked(LogFile *file, const void *buffer, int amount, sqlite3_int64 offset) {
    file->writes += 1;
    int rc = file->real->pMethods->xWrite(file->real, buffer, amount, offset);
    file->appendsAt = rc == SQLITE_OK ? offset + amount : -1;
    return rc;
}

static void forgetRunLocked(LogFile *file) {
    file->runLength = 0;
    file->holdsCommit = 0;
    file->commitPageAt = -1;
    if (file->nextWaiting) file->nextWaiting->waitingLink = file->waitingLink;
    *file->waitingLink = file->nextWaiting;
    file->nextWaiting = 0;
    file->waitingLink = 0;
    atomic_fetch_sub_explicit(&waitingCount, 1, memory_order_release);
}

/// The run to the file. When the write fails, a run holding a commit's frame
/// is dropped (the commit fails); any other is kept and goes again at the next call.
static int writeRunLocked(LogFile *file) {
    if (file->runLength == 0) return SQLITE_OK;
    int rc = writeThroughLocked(file, file->run, file->runLength, file->runOffset);
    if (rc == SQLITE_OK || file->holdsCommit) forgetRunLocked(file);
    return rc;
}

static int settle(LogFile *file) {
    pthread_mutex_lock(&runs);
    int rc = writeRunLocked(file);
    pthread_mutex_unlock(&runs);
    return rc;
}

/// Whether `log` is the write-ahead log of the database named `database` (its name and "-wal").
static int isLogOf(const char *log, const char *database) {
    if (!log || !database) return 0;
    size_t length = strlen(database);
    return strncmp(log, database, length) == 0 && strcmp(log + length, "-wal") == 0;
}

/// At a barrier or a shared-memory lock of `database` (every log when it has
/// no name): nothing is written, whose failure SQLite could not hear. With
/// `releasesWriter`, its write lock is let go: what a run still holds belongs
/// to a transaction that is over, and is dropped.
static void runsAtLockOf(const char *database, int releasesWriter) {
    if (atomic_load_explicit(&waitingCount, memory_order_acquire) == 0) return;
#ifndef DEBUG
    if (!releasesWriter) return;
#endif
    pthread_mutex_lock(&runs);
    LogFile *next = waiting;
    while (next) {
        LogFile *file = next;
        next = file->nextWaiting;
        if (database && !isLogOf(file->path, database)) continue;
        MUST(!(file->holdsCommit && file->commitPageAt < 0), "a commit's frames wait unwritten at a barrier or a shared-memory lock");
        if (releasesWriter && database) forgetRunLocked(file);
    }
    pthread_mutex_unlock(&runs);
}

/// Starts or grows the run with this write; false when it can't (no memory).
static int joinRunLocked(LogFile *file, const void *buffer, int amount, sqlite3_int64 offset) {
    if (file->runCapacity < file->runLength + amount) {
        int capacity = file->runCapacity ? file->runCapacity : 32 * 1024;
        while (capacity < file->runLength + amount) capacity *= 2;
        unsigned char *grown = realloc(file->run, (size_t)capacity);
        if (!grown) return 0;
        file->run = grown;
        file->runCapacity = capacity;
    }
    if (file->runLength == 0) {
        file->runOffset = offset;
        file->nextWaiting = waiting;
        if (waiting) waiting->waitingLink = &file->nextWaiting;
        file->waitingLink = &waiting;
        waiting = file;
        atomic_fetch_add_explicit(&waitingCount, 1, memory_order_release);
    }
    memcpy(file->run + file->runLength, buffer, (size_t)amount);
    file->runLength += amount;
    return 1;
}

static int logWrite(sqlite3_file *f, const void *buffer, int amount, sqlite3_int64 offset) {
    LogFile *file = (LogFile *)f;
    const unsigned char *bytes = buffer;
    int header = amount == FRAME_HEADER_BYTES;
    pthread_mutex_lock(&runs);
    int commitPage = offset == file->commitPageAt;
    int rc = SQLITE_OK;
    int joins = file->runLength > 0 && offset == file->runOffset + file->runLength && file->runLength + amount <= RUN_LIMIT;
    if (!joins) {
        rc = writeRunLocked(file);
        joins = rc == SQLITE_OK && header && offset == file->appendsAt;
    }
    if (rc == SQLITE_OK) {
        if (joins && joinRunLocked(file, buffer, amount, offset)) {
            if (header && (bytes[4] | bytes[5] | bytes[6] | bytes[7])) file->holdsCommit = 1;
            // The commit's last page: its frames go now, and SQLite hears how it went.
            if (commitPage) rc = writeRunLocked(file);
        } else {
            // Not a frame appended, or no memory to keep it: the run first, then this write.
            rc = writeRunLocked(file);
            if (rc == SQLITE_OK) rc = writeThroughLocked(file, buffer, amount, offset);
        }
    }
    int commitHeader = header && (bytes[4] | bytes[5] | bytes[6] | bytes[7]);
    file->commitPageAt = rc == SQLITE_OK && commitHeader ? offset + FRAME_HEADER_BYTES : -1;
    pthread_mutex_unlock(&runs);
    return rc;
}

static int logClose(sqlite3_file *f) {
    LogFile *file = (LogFile *)f;
    pthread_mutex_lock(&runs);
    int rc = writeRunLocked(file);
    if (file->runLength > 0) forgetRunLocked(file);   // closing: nothing may point at it
    pthread_mutex_unlock(&runs);
    // walOpen hands SQLite no file without its real one open.
    int closed = file->real->pMethods->xClose(file->real);
    free(file->run);
    file->run = 0;
    file->runCapacity = 0;
    return rc != SQLITE_OK ? rc : closed;
}

static int logRead(sqlite3_file *f, void *buffer, int amount, sqlite3_int64 offset) {
    LogFile *file = (LogFile *)f;
    int rc = settle(file);
    return rc != SQLITE_OK ? rc : file->real->pMethods->xRead(file->real, buffer, amount, offset);
}

static int logTruncate(sqlite3_file *f, sqlite3_int64 size) {
    LogFile *file = (LogFile *)f;
    pthread_mutex_lock(&runs);
    int rc = writeRunLocked(file);
    file->appendsAt = -1;
    pthread_mutex_unlock(&runs);
    return rc != SQLITE_OK ? rc : file->real->pMethods->xTruncate(file->real, size);
}

static int logSync(sqlite3_file *f, int flags) {
    LogFile *file = (LogFile *)f;
    int rc = settle(file);
    return rc != SQLITE_OK ? rc : file->real->pMethods->xSync(file->real, flags);
}

static int logFileSize(sqlite3_file *f, sqlite3_int64 *size) {
    LogFile *file = (LogFile *)f;
    int rc = settle(file);
    return rc != SQLITE_OK ? rc : file->real->pMethods->xFileSize(file->real, size);
}

static int logLock(sqlite3_file *f, int level) {
    LogFile *file = (LogFile *)f;
    int rc = settle(file);
    return rc != SQLITE_OK ? rc : file->real->pMethods->xLock(file->real, level);
}

static int logUnlock(sqlite3_file *f, int level) {
    LogFile *file = (LogFile *)f;
    int rc = settle(file);
    return rc != SQLITE_OK ? rc : file->real->pMethods->xUnlock(file->real, level);
}

static int logFileControl(sqlite3_file *f, int op, void *argument) {
    LogFile *file = (LogFile *)f;
    int rc = settle(file);
    return rc != SQLITE_OK ? rc : file->real->pMethods->xFileControl(file->real, op, argument);
}

static int logFetch(sqlite3_file *f, sqlite3_int64 offset, int amount, void **out) {
    LogFile *file = (LogFile *)f;
    int rc = settle(file);
    return rc != SQLITE_OK ? rc : file->real->pMethods->xFetch(file->real, offset, amount, out);
}

// The calls that never touch the log's bytes, on either kind of file: passed on.
#define REAL(f) (((DatabaseFile *)(f))->real)
static int passCheckReservedLock(sqlite3_file *f, int *out) { return REAL(f)->pMethods->xCheckReservedLock(REAL(f), out); }
static int passSectorSize(sqlite3_file *f) { return REAL(f)->pMethods->xSectorSize(REAL(f)); }
static int passDeviceCharacteristics(sqlite3_file *f) { return REAL(f)->pMethods->xDeviceCharacteristics(REAL(f)); }
static int passShmMap(sqlite3_file *f, int region, int size, int extend, void volatile **out) {
    return REAL(f)->pMethods->xShmMap(REAL(f), region, size, extend, out);
}
static int passShmUnmap(sqlite3_file *f, int deleteFlag) { return REAL(f)->pMethods->xShmUnmap(REAL(f), deleteFlag); }
static int passShmLock(sqlite3_file *f, int offset, int n, int flags) { return REAL(f)->pMethods->xShmLock(REAL(f), offset, n, flags); }
static void passShmBarrier(sqlite3_file *f) { REAL(f)->pMethods->xShmBarrier(REAL(f)); }
static int passUnfetch(sqlite3_file *f, sqlite3_int64 offset, void *page) { return REAL(f)->pMethods->xUnfetch(REAL(f), offset, page); }

// The database file: the unix VFS's own, every run written at its barriers and shared-memory locks.
static int databaseShmLock(sqlite3_file *f, int offset, int n, int flags) {
    // Offset 0 is the log's write lock (wal.c, WAL_WRITE_LOCK).
    int releasesWriter = offset == 0 && (flags & SQLITE_SHM_UNLOCK) && (flags & SQLITE_SHM_EXCLUSIVE);
    runsAtLockOf(((DatabaseFile *)f)->path, releasesWriter);
    return REAL(f)->pMethods->xShmLock(REAL(f), offset, n, flags);
}
static void databaseShmBarrier(sqlite3_file *f) {
    runsAtLockOf(((DatabaseFile *)f)->path, 0);
    REAL(f)->pMethods->xShmBarrier(REAL(f));
}
static int databaseClose(sqlite3_file *f) { return REAL(f)->pMethods->xClose(REAL(f)); }
static int databaseRead(sqlite3_file *f, void *b, int n, sqlite3_int64 o) { return REAL(f)->pMethods->xRead(REAL(f), b, n, o); }
static int databaseWrite(sqlite3_file *f, const void *b, int n, sqlite3_int64 o) { return REAL(f)->pMethods->xWrite(REAL(f), b, n, o); }
static int databaseTruncate(sqlite3_file *f, sqlite3_int64 size) { return REAL(f)->pMethods->xTruncate(REAL(f), size); }
static int databaseSync(sqlite3_file *f, int flags) { return REAL(f)->pMethods->xSync(REAL(f), flags); }
static int databaseFileSize(sqlite3_file *f, sqlite3_int64 *size) { return REAL(f)->pMethods->xFileSize(REAL(f), size); }
static int databaseLock(sqlite3_file *f, int level) { return REAL(f)->pMethods->xLock(REAL(f), level); }
static int databaseUnlock(sqlite3_file *f, int level) { return REAL(f)->pMethods->xUnlock(REAL(f), level); }
static int databaseFileControl(sqlite3_file *f, int op, void *a) {
    if (op == SQLITE_FCNTL_PRAGMA && topweight_wal_pragma_refused(a)) return SQLITE_ERROR;
    return REAL(f)->pMethods->xFileControl(REAL(f), op, a);
}
static int databaseFetch(sqlite3_file *f, sqlite3_int64 o, int n, void **out) { return REAL(f)->pMethods->xFetch(REAL(f), o, n, out); }

static int walOpen(sqlite3_vfs *vfs, sqlite3_filename name, sqlite3_file *f, int flags, int *outFlags) {
    (void)vfs;
    int isLog = (flags & SQLITE_OPEN_WAL) != 0;
    if (!isLog && !(flags & SQLITE_OPEN_MAIN_DB)) {
        // A journal, a temporary file: the unix VFS's own file, in this one's place.
        return realVFS->xOpen(realVFS, name, f, flags, outFlags);
    }
    size_t size = isLog ? sizeof(LogFile) : sizeof(DatabaseFile);
    memset(f, 0, size);
    sqlite3_file *real = (sqlite3_file *)((char *)f + size);
    ((DatabaseFile *)f)->real = real;   // both structs begin with base, then real
    int rc = realVFS->xOpen(realVFS, name, real, flags, outFlags);
    if (rc != SQLITE_OK || !real->pMethods || real->pMethods->iVersion < 3) {
        // SQLite calls xClose only when pMethods is set.
        if (real->pMethods) {
            real->pMethods->xClose(real);
            if (rc == SQLITE_OK) rc = SQLITE_CANTOPEN;
        }
        f->pMethods = 0;
        return rc;
    }
    if (isLog) {
        LogFile *file = (LogFile *)f;
        file->appendsAt = -1;
        file->commitPageAt = -1;
        file->path = name;
    } else {
        ((DatabaseFile *)f)->path = name;
    }
    f->pMethods = isLog ? &logMethods : &databaseMethods;
    return SQLITE_OK;
}


static int registered = SQLITE_ERROR;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void registerOnce(void) {
    const char *refusal = topweight_wal_vfs_refusal(sqlite3_libversion_number(), sqlite3_libversion());
    if (refusal) {
        fprintf(stderr, "%s\n", refusal);
        registered = SQLITE_MISMATCH;
        return;
    }
    realVFS = sqlite3_vfs_find("unix");
    if (!realVFS || realVFS->iVersion < 3) {
        registered = SQLITE_ERROR;
        return;
    }
    logMethods = (sqlite3_io_methods){
        .iVersion = 3, .xClose = logClose, .xRead = logRead, .xWrite = logWrite, .xTruncate = logTruncate,
        .xSync = logSync, .xFileSize = logFileSize, .xLock = logLock, .xUnlock = logUnlock,
        .xCheckReservedLock = passCheckReservedLock, .xFileControl = logFileControl, .xSectorSize = passSectorSize,
        .xDeviceCharacteristics = passDeviceCharacteristics, .xShmMap = passShmMap, .xShmLock = passShmLock,
        .xShmBarrier = passShmBarrier, .xShmUnmap = passShmUnmap, .xFetch = logFetch, .xUnfetch = passUnfetch,
    };
    databaseMethods = (sqlite3_io_methods){
        .iVersion = 3, .xClose = databaseClose, .xRead = databaseRead, .xWrite = databaseWrite,
        .xTruncate = databaseTruncate, .xSync = databaseSync, .xFileSize = databaseFileSize, .xLock = databaseLock,
        .xUnlock = databaseUnlock, .xCheckReservedLock = passCheckReservedLock, .xFileControl = databaseFileControl,
        .xSectorSize = passSectorSize, .xDeviceCharacteristics = passDeviceCharacteristics, .xShmMap = passShmMap,
        .xShmLock = databaseShmLock, .xShmBarrier = databaseShmBarrier, .xShmUnmap = passShmUnmap,
        .xFetch = databaseFetch, .xUnfetch = passUnfetch,
    };
    size_t wrapper = sizeof(LogFile) > sizeof(DatabaseFile) ? sizeof(LogFile) : sizeof(DatabaseFile);
    walVFS = (sqlite3_vfs){
        .iVersion = 3, .szOsFile = (int)wrapper + realVFS->szOsFile, .mxPathname = realVFS->mxPathname,
        .zName = "topweight-wal", .xOpen = walOpen,
    };
    topweight_wal_pass_vfs_calls(&walVFS, realVFS);
    registered = sqlite3_vfs_register(&walVFS, 1);
}

int topweight_register_wal_vfs(void) {
    pthread_once(&once, registerOnce);
    return registered;
}

const char *topweight_default_vfs_name(void) {
    sqlite3_vfs *vfs = sqlite3_vfs_find(0);
    return vfs ? vfs->zName : "";
}

long long topweight_wal_writes(void *log) {
    sqlite3_file *file = log;
    if (!file || file->pMethods != &logMethods) return -1;
    pthread_mutex_lock(&runs);
    long long writes = ((LogFile *)file)->writes;
    pthread_mutex_unlock(&runs);
    return writes;
}
