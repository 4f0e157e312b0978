// What the VFS of wal_frames.c refuses: an SQLite whose write-ahead log it
// was not tested on, and exclusive locking mode.

#include "CSQLiteWAL.h"
#include <sqlite3.h>
#include <stdio.h>

/// The SQLite versions the VFS was tested on (sqlite3_libversion_number):
/// 3.40, the system's libsqlite3 in the development build and the archive
/// the release tarball links in. It relies on wal.c's internals, not on the
/// documented file format alone: a frame written as two calls (its 24-byte
/// header, then its page, walWriteOneFrame), the commit's size in header
/// bytes 4 to 7, the write lock at shared-memory offset 0 (WAL_WRITE_LOCK),
/// a commit's frames all written before the barrier that publishes it
/// (walIndexWriteHdr). Another SQLite runs under its own VFS until a build
/// on it has run the suite (WALFrames*Tests) and this range is widened.
#define TESTED_FROM 3040000
#define TESTED_BELOW 3041000

int topweight_wal_vfs_supports(int versionNumber) {
    return versionNumber >= TESTED_FROM && versionNumber < TESTED_BELOW;
}

const char *topweight_wal_vfs_refusal(int versionNumber, const char *version) {
    static char line[200];
    if (topweight_wal_vfs_supports(versionNumber)) return 0;
    snprintf(line, sizeof line,
             "topweight: SQLite %s is not one its write-ahead-log writer was tested on (3.40); SQLite's own writes the log",
             version ? version : "?");
    return line;
}

int topweight_wal_pragma_refused(void *argument) {
    char **words = argument;   // SQLITE_FCNTL_PRAGMA: [0] the error, [1] the pragma, [2] its value or NULL
    if (!words || !words[1] || !words[2]) return 0;
    if (sqlite3_stricmp(words[1], "locking_mode") != 0 || sqlite3_stricmp(words[2], "exclusive") != 0) return 0;
    // Exclusive mode takes no shared-memory locks, and the VFS learns from
    // them when a transaction is over.
    words[0] = sqlite3_mprintf("locking_mode=EXCLUSIVE is refused: Top Weight's write-ahead-log writer needs SQLite's shared-memory locks");
    return 1;
}
