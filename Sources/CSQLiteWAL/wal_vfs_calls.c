// The calls of the VFS in wal_frames.c that touch no file: the unix VFS's own.

#include "wal_internal.h"

static sqlite3_vfs *unixVFS;

static int walDelete(sqlite3_vfs *v, const char *n, int s) { (void)v; return unixVFS->xDelete(unixVFS, n, s); }
static int walAccess(sqlite3_vfs *v, const char *n, int f, int *o) { (void)v; return unixVFS->xAccess(unixVFS, n, f, o); }
static int walFullPathname(sqlite3_vfs *v, const char *n, int s, char *o) { (void)v; return unixVFS->xFullPathname(unixVFS, n, s, o); }
static void *walDlOpen(sqlite3_vfs *v, const char *n) { (void)v; return unixVFS->xDlOpen(unixVFS, n); }
static void walDlError(sqlite3_vfs *v, int s, char *o) { (void)v; unixVFS->xDlError(unixVFS, s, o); }
static void (*walDlSym(sqlite3_vfs *v, void *h, const char *n))(void) { (void)v; return unixVFS->xDlSym(unixVFS, h, n); }
static void walDlClose(sqlite3_vfs *v, void *h) { (void)v; unixVFS->xDlClose(unixVFS, h); }
static int walRandomness(sqlite3_vfs *v, int s, char *o) { (void)v; return unixVFS->xRandomness(unixVFS, s, o); }
static int walSleep(sqlite3_vfs *v, int m) { (void)v; return unixVFS->xSleep(unixVFS, m); }
static int walCurrentTime(sqlite3_vfs *v, double *o) { (void)v; return unixVFS->xCurrentTime(unixVFS, o); }
static int walGetLastError(sqlite3_vfs *v, int s, char *o) { (void)v; return unixVFS->xGetLastError ? unixVFS->xGetLastError(unixVFS, s, o) : 0; }
static int walCurrentTimeInt64(sqlite3_vfs *v, sqlite3_int64 *o) { (void)v; return unixVFS->xCurrentTimeInt64(unixVFS, o); }
static int walSetSystemCall(sqlite3_vfs *v, const char *n, sqlite3_syscall_ptr p) { (void)v; return unixVFS->xSetSystemCall(unixVFS, n, p); }
static sqlite3_syscall_ptr walGetSystemCall(sqlite3_vfs *v, const char *n) { (void)v; return unixVFS->xGetSystemCall(unixVFS, n); }
static const char *walNextSystemCall(sqlite3_vfs *v, const char *n) { (void)v; return unixVFS->xNextSystemCall(unixVFS, n); }

void topweight_wal_pass_vfs_calls(sqlite3_vfs *vfs, sqlite3_vfs *real) {
    unixVFS = real;
    vfs->xDelete = walDelete;
    vfs->xAccess = walAccess;
    vfs->xFullPathname = walFullPathname;
    vfs->xDlOpen = walDlOpen;
    vfs->xDlError = walDlError;
    vfs->xDlSym = walDlSym;
    vfs->xDlClose = walDlClose;
    vfs->xRandomness = walRandomness;
    vfs->xSleep = walSleep;
    vfs->xCurrentTime = walCurrentTime;
    vfs->xGetLastError = walGetLastError;
    vfs->xCurrentTimeInt64 = walCurrentTimeInt64;
    vfs->xSetSystemCall = walSetSystemCall;
    vfs->xGetSystemCall = walGetSystemCall;
    vfs->xNextSystemCall = walNextSystemCall;
}
