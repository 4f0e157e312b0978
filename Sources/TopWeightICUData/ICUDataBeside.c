// Where the tarball's programs find ICU's data.
//
// Linked with the Swift toolchain's static ICU (Scripts/package), ICU would
// carry its common data, about 34 MB, inside each program. The symbol below
// stands in its place: the linker takes it from our object before it looks in
// ICU's archive, so the archive's copy is never linked. It is an empty table
// of contents, so ICU goes on to look in its data directory, which the
// constructor sets before main: PREFIX/share/topweight for PREFIX/bin/PROGRAM,
// where the tarball puts the data as one file (Scripts/package extracts it
// from the same archive). Without that file the program says so and stops;
// ICU without its data would stop it later, at the first date it formats,
// with no word of why.
//
// Where ICU is a shared library (debug and test builds, `Scripts/run`), it
// keeps its own data, never sees this symbol, and the constructor does
// nothing. The names are those of the toolchain's ICU 76; Scripts/package
// checks that the programs it builds carry this table and not ICU's data.
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define ICU_DATA_FILE "icudt76l.dat"

// ICU's data header (MappedData and UDataInfo in ICU's udata), then a table
// of contents of no item.
struct empty_icu_data {
    uint16_t header_size;
    uint8_t magic1, magic2;
    uint16_t info_size, info_reserved;
    uint8_t is_big_endian, charset_family, size_of_uchar, reserved;
    uint8_t data_format[4], format_version[4], data_version[4];
    uint8_t padding[8];
    uint32_t item_count;
    uint32_t unused_entry[2];
};

__attribute__((used, aligned(16)))
const struct empty_icu_data icudt76_dat = {
    .header_size = 32, .magic1 = 0xda, .magic2 = 0x27,
    .info_size = 20,
    .is_big_endian = __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__,
    .charset_family = 0, .size_of_uchar = 2,
    .data_format = {'C', 'm', 'n', 'D'}, .format_version = {1, 0, 0, 0},
    .item_count = 0,
};

// ICU's u_setDataDirectory under the toolchain's prefix; weak, so a build that
// links ICU as a shared library needs nothing from here.
extern void swift_u_setDataDirectory(const char *directory) __attribute__((weak));
extern const char __executable_start[], etext[];

static void stop(const char *program, const char *what) {
    fprintf(stderr, "%s: %s\n", program, what);
    _exit(72);
}

__attribute__((constructor))
static void topweight_find_icu_data(void) {
    const char *setter = (const char *)(uintptr_t)swift_u_setDataDirectory;
    if (setter == NULL || setter < __executable_start || setter >= etext)
        return;  // ICU is not linked into this program: it has its own data
    static char directory[PATH_MAX + 32];
    ssize_t length = readlink("/proc/self/exe", directory, PATH_MAX);
    if (length <= 0)
        stop("topweight", "cannot find where this program is (/proc/self/exe), so not its ICU data either");
    directory[length] = '\0';
    char *name = strrchr(directory, '/');          // PREFIX/bin/PROGRAM
    static char program[NAME_MAX + 1];
    snprintf(program, sizeof program, "%s", name ? name + 1 : "topweight");
    if (name) *name = '\0';
    char *bin = strrchr(directory, '/');           // PREFIX/bin
    if (bin) *bin = '\0'; else directory[0] = '\0';
    strcat(directory, "/share/topweight");
    static char file[PATH_MAX + 64], message[PATH_MAX + 160];
    snprintf(file, sizeof file, "%s/%s", directory, ICU_DATA_FILE);
    struct stat found;
    if (stat(file, &found) != 0) {
        snprintf(message, sizeof message,
                 "its ICU data is missing: %s was expected (install the tarball's share/topweight beside its bin/)",
                 file);
        stop(program, message);
    }
    swift_u_setDataDirectory(directory);
}
