#ifndef CSQLITEWAL_H
#define CSQLITEWAL_H

/// Makes "topweight-wal" SQLite's default VFS: the system's own ("unix"),
/// except that the frames a transaction appends to a write-ahead log, which
/// SQLite writes as two calls each (a 24-byte header, then a page), reach
/// the file as one write, before the commit is visible. Registered once per
/// process; later calls do nothing. Returns SQLite's result code.
int topweight_register_wal_vfs(void);

/// The name of SQLite's default VFS now (for tests).
const char *topweight_default_vfs_name(void);

/// How many writes this VFS has handed to the write-ahead log `log` (a
/// `sqlite3_file *`, as SQLITE_FCNTL_JOURNAL_POINTER gives it in WAL mode)
/// since it was opened; -1 when `log` is not one of its logs (for tests).
long long topweight_wal_writes(void *log);

/// Whether the VFS may run on the SQLite of this sqlite3_libversion_number
/// (one it was tested on: Sources/CSQLiteWAL/wal_guards.c).
int topweight_wal_vfs_supports(int versionNumber);

/// The line on stderr with which the VFS stands aside for this SQLite
/// (SQLite's own stays the default), or NULL when it was tested on it.
const char *topweight_wal_vfs_refusal(int versionNumber, const char *version);

/// Whether an SQLITE_FCNTL_PRAGMA (its argument) is one the VFS refuses
/// (locking_mode=EXCLUSIVE); if so the argument carries the error's message.
int topweight_wal_pragma_refused(void *argument);

#endif
