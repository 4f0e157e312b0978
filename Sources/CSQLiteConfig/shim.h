#include <sqlite3.h>

/// sqlite3_db_config() is variadic, which Swift can't call: this sets
/// SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE on one connection, so closing it never
/// checkpoints nor deletes the write-ahead log (the store checkpoints itself
/// before it closes, when it wrote). Returns SQLite's result code.
static inline int topweight_keep_log_on_close(sqlite3 *db) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, (int *)0);
}
