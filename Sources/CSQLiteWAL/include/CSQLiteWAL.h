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

#endif
