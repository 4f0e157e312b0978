// One write per write-ahead-log frame.
//
// SQLite appends a frame to the log in two writes: the frame's 24-byte header
// at offset N, then the page at N + 24 (wal.c, walWriteOneFrame). Each is a
// pwrite(2), and each pwrite on ext4 takes the inode's lock, looks the page
// up and marks it dirty: a save writes six frames. This VFS holds a header
// back until the page that follows it arrives, then writes both in one call.
// Only a header appended where this handle's last write ended is held: that
// is a new frame, whose page SQLite writes next. A header written on its own
// over an earlier frame (walRewriteChecksums, at a commit that rewrote a page
// spilled from the cache earlier in its transaction: a read of the frame,
// then its header, and nothing after the last one) goes to the file at once.
// Anything else done to the file while a header is held (another write, a
// read, a sync, a truncate, a size asked, a lock, a close) writes it first,
// alone: the file then sees what it would have seen without this VFS, in
// the same order. A process killed while a header is held has written
// neither it nor its page, the same as one killed before the header.
// Other files (the database, its journal, temporary files) are the unix
// VFS's own, untouched.

#include "CSQLiteWAL.h"
#include <sqlite3.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#define HEADER_BYTES 24

typedef struct HeldFile {
    sqlite3_file base;            // this VFS's methods
    sqlite3_file *real;           // the unix VFS's file, allocated after this struct
    int held;                     // a header is waiting for its page
    sqlite3_int64 appendsAt;      // where this handle's last write ended; -1 after a read, a truncate, a failure
    sqlite3_int64 heldOffset;
    unsigned char header[HEADER_BYTES];
    unsigned char *joined;        // header + page, grown to the page size on first use
    int joinedSize;
} HeldFile;

static sqlite3_vfs *realVFS;
static sqlite3_vfs walVFS;
static sqlite3_io_methods heldMethods;

/// A write to the real file, remembering where it ended.
static int writeThrough(HeldFile *file, const void *buffer, int amount, sqlite3_int64 offset) {
    int rc = file->real->pMethods->xWrite(file->real, buffer, amount, offset);
    file->appendsAt = rc == SQLITE_OK ? offset + amount : -1;
    return rc;
}

static int writeHeld(HeldFile *file) {
    if (!file->held) return SQLITE_OK;
    file->held = 0;
    return writeThrough(file, file->header, HEADER_BYTES, file->heldOffset);
}

static int heldClose(sqlite3_file *f) {
    HeldFile *file = (HeldFile *)f;
    int rc = writeHeld(file);
    // walOpen hands SQLite no file without its real one open.
    int closed = file->real->pMethods->xClose(file->real);
    free(file->joined);
    file->joined = 0;
    return rc != SQLITE_OK ? rc : closed;
}

static int heldRead(sqlite3_file *f, void *buffer, int amount, sqlite3_int64 offset) {
    HeldFile *file = (HeldFile *)f;
    int rc = writeHeld(file);
    if (rc != SQLITE_OK) return rc;
    file->appendsAt = -1;
    return file->real->pMethods->xRead(file->real, buffer, amount, offset);
}

static int heldWrite(sqlite3_file *f, const void *buffer, int amount, sqlite3_int64 offset) {
    HeldFile *file = (HeldFile *)f;
    if (file->held && offset == file->heldOffset + HEADER_BYTES && amount >= 512 && amount <= 65536) {
        // The page after a header held back: both in one write.
        if (file->joinedSize < HEADER_BYTES + amount) {
            unsigned char *grown = realloc(file->joined, (size_t)(HEADER_BYTES + amount));
            if (!grown) {
                // No memory to join them: the two writes SQLite asked for.
                int rc = writeHeld(file);
                return rc != SQLITE_OK ? rc : writeThrough(file, buffer, amount, offset);
            }
            file->joined = grown;
            file->joinedSize = HEADER_BYTES + amount;
        }
        memcpy(file->joined, file->header, HEADER_BYTES);
        memcpy(file->joined + HEADER_BYTES, buffer, (size_t)amount);
        file->held = 0;
        return writeThrough(file, file->joined, HEADER_BYTES + amount, file->heldOffset);
    }
    int rc = writeHeld(file);
    if (rc != SQLITE_OK) return rc;
    if (amount == HEADER_BYTES && offset == file->appendsAt) {
        memcpy(file->header, buffer, HEADER_BYTES);
        file->heldOffset = offset;
        file->held = 1;
        return SQLITE_OK;
    }
    return writeThrough(file, buffer, amount, offset);
}

static int heldTruncate(sqlite3_file *f, sqlite3_int64 size) {
    HeldFile *file = (HeldFile *)f;
    int rc = writeHeld(file);
    file->appendsAt = -1;
    return rc != SQLITE_OK ? rc : file->real->pMethods->xTruncate(file->real, size);
}

static int heldSync(sqlite3_file *f, int flags) {
    HeldFile *file = (HeldFile *)f;
    int rc = writeHeld(file);
    return rc != SQLITE_OK ? rc : file->real->pMethods->xSync(file->real, flags);
}

static int heldFileSize(sqlite3_file *f, sqlite3_int64 *size) {
    HeldFile *file = (HeldFile *)f;
    int rc = writeHeld(file);
    return rc != SQLITE_OK ? rc : file->real->pMethods->xFileSize(file->real, size);
}

static int heldLock(sqlite3_file *f, int level) {
    HeldFile *file = (HeldFile *)f;
    int rc = writeHeld(file);
    return rc != SQLITE_OK ? rc : file->real->pMethods->xLock(file->real, level);
}

static int heldUnlock(sqlite3_file *f, int level) {
    HeldFile *file = (HeldFile *)f;
    int rc = writeHeld(file);
    return rc != SQLITE_OK ? rc : file->real->pMethods->xUnlock(file->real, level);
}

static int heldCheckReservedLock(sqlite3_file *f, int *out) {
    HeldFile *file = (HeldFile *)f;
    return file->real->pMethods->xCheckReservedLock(file->real, out);
}

static int heldFileControl(sqlite3_file *f, int op, void *argument) {
    HeldFile *file = (HeldFile *)f;
    int rc = writeHeld(file);
    return rc != SQLITE_OK ? rc : file->real->pMethods->xFileControl(file->real, op, argument);
}

static int heldSectorSize(sqlite3_file *f) {
    HeldFile *file = (HeldFile *)f;
    return file->real->pMethods->xSectorSize(file->real);
}

static int heldDeviceCharacteristics(sqlite3_file *f) {
    HeldFile *file = (HeldFile *)f;
    return file->real->pMethods->xDeviceCharacteristics(file->real);
}

static int heldShmMap(sqlite3_file *f, int region, int size, int extend, void volatile **out) {
    HeldFile *file = (HeldFile *)f;
    return file->real->pMethods->xShmMap(file->real, region, size, extend, out);
}

static int heldShmLock(sqlite3_file *f, int offset, int n, int flags) {
    HeldFile *file = (HeldFile *)f;
    return file->real->pMethods->xShmLock(file->real, offset, n, flags);
}

static void heldShmBarrier(sqlite3_file *f) {
    HeldFile *file = (HeldFile *)f;
    file->real->pMethods->xShmBarrier(file->real);
}

static int heldShmUnmap(sqlite3_file *f, int deleteFlag) {
    HeldFile *file = (HeldFile *)f;
    return file->real->pMethods->xShmUnmap(file->real, deleteFlag);
}

static int heldFetch(sqlite3_file *f, sqlite3_int64 offset, int amount, void **out) {
    HeldFile *file = (HeldFile *)f;
    int rc = writeHeld(file);
    return rc != SQLITE_OK ? rc : file->real->pMethods->xFetch(file->real, offset, amount, out);
}

static int heldUnfetch(sqlite3_file *f, sqlite3_int64 offset, void *page) {
    HeldFile *file = (HeldFile *)f;
    return file->real->pMethods->xUnfetch(file->real, offset, page);
}

static int walOpen(sqlite3_vfs *vfs, sqlite3_filename name, sqlite3_file *f, int flags, int *outFlags) {
    (void)vfs;
    if (!(flags & SQLITE_OPEN_WAL)) {
        // The database, a journal, a temporary file: the unix VFS's own file, in this one's place.
        return realVFS->xOpen(realVFS, name, f, flags, outFlags);
    }
    HeldFile *file = (HeldFile *)f;
    memset(file, 0, sizeof(HeldFile));
    file->appendsAt = -1;
    file->real = (sqlite3_file *)&file[1];
    int rc = realVFS->xOpen(realVFS, name, file->real, flags, outFlags);
    if (rc != SQLITE_OK || !file->real->pMethods || file->real->pMethods->iVersion < 3) {
        // SQLite calls xClose only when pMethods is set.
        if (rc == SQLITE_OK && file->real->pMethods) {
            file->real->pMethods->xClose(file->real);
            rc = SQLITE_CANTOPEN;
        }
        file->base.pMethods = 0;
        return rc;
    }
    file->base.pMethods = &heldMethods;
    return SQLITE_OK;
}

static int walDelete(sqlite3_vfs *v, const char *n, int s) { (void)v; return realVFS->xDelete(realVFS, n, s); }
static int walAccess(sqlite3_vfs *v, const char *n, int f, int *o) { (void)v; return realVFS->xAccess(realVFS, n, f, o); }
static int walFullPathname(sqlite3_vfs *v, const char *n, int s, char *o) { (void)v; return realVFS->xFullPathname(realVFS, n, s, o); }
static void *walDlOpen(sqlite3_vfs *v, const char *n) { (void)v; return realVFS->xDlOpen(realVFS, n); }
static void walDlError(sqlite3_vfs *v, int s, char *o) { (void)v; realVFS->xDlError(realVFS, s, o); }
static void (*walDlSym(sqlite3_vfs *v, void *h, const char *n))(void) { (void)v; return realVFS->xDlSym(realVFS, h, n); }
static void walDlClose(sqlite3_vfs *v, void *h) { (void)v; realVFS->xDlClose(realVFS, h); }
static int walRandomness(sqlite3_vfs *v, int s, char *o) { (void)v; return realVFS->xRandomness(realVFS, s, o); }
static int walSleep(sqlite3_vfs *v, int m) { (void)v; return realVFS->xSleep(realVFS, m); }
static int walCurrentTime(sqlite3_vfs *v, double *o) { (void)v; return realVFS->xCurrentTime(realVFS, o); }
static int walGetLastError(sqlite3_vfs *v, int s, char *o) { (void)v; return realVFS->xGetLastError ? realVFS->xGetLastError(realVFS, s, o) : 0; }
static int walCurrentTimeInt64(sqlite3_vfs *v, sqlite3_int64 *o) { (void)v; return realVFS->xCurrentTimeInt64(realVFS, o); }
static int walSetSystemCall(sqlite3_vfs *v, const char *n, sqlite3_syscall_ptr p) { (void)v; return realVFS->xSetSystemCall(realVFS, n, p); }
static sqlite3_syscall_ptr walGetSystemCall(sqlite3_vfs *v, const char *n) { (void)v; return realVFS->xGetSystemCall(realVFS, n); }
static const char *walNextSystemCall(sqlite3_vfs *v, const char *n) { (void)v; return realVFS->xNextSystemCall(realVFS, n); }

static int registered = SQLITE_ERROR;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void registerOnce(void) {
    realVFS = sqlite3_vfs_find("unix");
    if (!realVFS || realVFS->iVersion < 3) {
        registered = SQLITE_ERROR;
        return;
    }
    heldMethods = (sqlite3_io_methods){
        .iVersion = 3, .xClose = heldClose, .xRead = heldRead, .xWrite = heldWrite, .xTruncate = heldTruncate,
        .xSync = heldSync, .xFileSize = heldFileSize, .xLock = heldLock, .xUnlock = heldUnlock,
        .xCheckReservedLock = heldCheckReservedLock, .xFileControl = heldFileControl, .xSectorSize = heldSectorSize,
        .xDeviceCharacteristics = heldDeviceCharacteristics, .xShmMap = heldShmMap, .xShmLock = heldShmLock,
        .xShmBarrier = heldShmBarrier, .xShmUnmap = heldShmUnmap, .xFetch = heldFetch, .xUnfetch = heldUnfetch,
    };
    walVFS = (sqlite3_vfs){
        .iVersion = 3, .szOsFile = (int)sizeof(HeldFile) + realVFS->szOsFile, .mxPathname = realVFS->mxPathname,
        .zName = "topweight-wal", .xOpen = walOpen, .xDelete = walDelete, .xAccess = walAccess,
        .xFullPathname = walFullPathname, .xDlOpen = walDlOpen, .xDlError = walDlError, .xDlSym = walDlSym,
        .xDlClose = walDlClose, .xRandomness = walRandomness, .xSleep = walSleep, .xCurrentTime = walCurrentTime,
        .xGetLastError = walGetLastError, .xCurrentTimeInt64 = walCurrentTimeInt64,
        .xSetSystemCall = walSetSystemCall, .xGetSystemCall = walGetSystemCall, .xNextSystemCall = walNextSystemCall,
    };
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
