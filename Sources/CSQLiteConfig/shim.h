#include <sqlite3.h>

/// sqlite3_db_config() is variadic, which Swift can't call: this sets
/// SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE on one connection, so closing it never
/// checkpoints nor deletes the write-ahead log (the store checkpoints itself
/// before it closes, when it wrote). Returns SQLite's result code.
static inline int topweight_keep_log_on_close(sqlite3 *db) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, (int *)0);
}

/// SQLITE_DBCONFIG_DEFENSIVE on one connection: `set` 0 or 1 sets it, -1
/// only asks. Returns the setting then in force (0 or 1), or -1 when SQLite
/// refused. A defensive connection may not rewrite the schema's text
/// (migration v17 then leaves it).
static inline int topweight_defensive(sqlite3 *db, int set) {
    int now = -1;
    if (sqlite3_db_config(db, SQLITE_DBCONFIG_DEFENSIVE, set, &now) != SQLITE_OK) return -1;
    return now;
}
