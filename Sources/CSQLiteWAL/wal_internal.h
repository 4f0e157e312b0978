#ifndef WAL_INTERNAL_H
#define WAL_INTERNAL_H

#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>

/// In a debug build, stops the process with `what` on stderr unless `condition` holds.
#ifdef DEBUG
#define MUST(condition, what) do { if (!(condition)) { fprintf(stderr, "CSQLiteWAL: %s\n", what); abort(); } } while (0)
#else
#define MUST(condition, what) do { } while (0)
#endif

/// Sets `vfs`'s calls that touch no file (xDelete, xAccess, xRandomness,
/// xSleep …) to pass on to `real` unchanged.
void topweight_wal_pass_vfs_calls(sqlite3_vfs *vfs, sqlite3_vfs *real);

#endif
