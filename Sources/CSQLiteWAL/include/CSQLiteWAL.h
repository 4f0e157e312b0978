#ifndef CSQLITEWAL_H
#define CSQLITEWAL_H

/// Makes "topweight-wal" SQLite's default VFS: the system's own ("unix"),
/// except that each frame of a write-ahead log, which SQLite writes as two
/// calls (its 24-byte header, then its page), reaches the file as one
/// write. Registered once per process; later calls do nothing. Returns
/// SQLite's result code.
int topweight_register_wal_vfs(void);

/// The name of SQLite's default VFS now (for tests).
const char *topweight_default_vfs_name(void);

#endif
