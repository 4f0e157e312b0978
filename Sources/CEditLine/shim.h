#ifndef TOPWEIGHT_CEDITLINE_SHIM_H
#define TOPWEIGHT_CEDITLINE_SHIM_H

// libedit's native API. el_set and history are variadic, which Swift cannot
// call, so each use we need gets a small non-variadic wrapper here.
#include <stdio.h>
#include <wchar.h>
#include <histedit.h>

// The C standard streams, as functions: Swift 6 refuses the mutable globals.
static inline FILE *tw_stdin(void) { return stdin; }
static inline FILE *tw_stdout(void) { return stdout; }
static inline FILE *tw_stderr(void) { return stderr; }

typedef char *(*tw_prompt_fn)(EditLine *);
typedef int (*tw_getc_fn)(EditLine *, wchar_t *);
typedef unsigned char (*tw_command_fn)(EditLine *, int);

static inline int tw_el_set_prompt(EditLine *el, tw_prompt_fn fn) {
    return el_set(el, EL_PROMPT, fn);
}

static inline int tw_el_set_getc(EditLine *el, tw_getc_fn fn) {
    return el_set(el, EL_GETCFN, fn);
}

static inline int tw_el_set_editor(EditLine *el, const char *mode) {
    return el_set(el, EL_EDITOR, mode);
}

static inline int tw_el_set_signal(EditLine *el, int handle) {
    return el_set(el, EL_SIGNAL, handle);
}

static inline int tw_el_add_function(EditLine *el, const char *name, const char *help, tw_command_fn fn) {
    return el_set(el, EL_ADDFN, name, help, fn);
}

static inline int tw_el_bind(EditLine *el, const char *key, const char *command) {
    return el_set(el, EL_BIND, key, command, (const char *)NULL);
}

static inline int tw_el_set_history(EditLine *el, History *history_ref) {
    return el_set(el, EL_HIST, history, history_ref);
}

/// Our own pointer, kept by libedit and handed back to every callback.
static inline int tw_el_set_clientdata(EditLine *el, void *data) {
    return el_set(el, EL_CLIENTDATA, data);
}

static inline void *tw_el_clientdata(EditLine *el) {
    void *data = NULL;
    if (el == NULL || el_get(el, EL_CLIENTDATA, &data) != 0) return NULL;
    return data;
}

/// The terminal's string capability `name` (e.g. "cl", clear screen), or NULL.
static inline const char *tw_el_capability(EditLine *el, const char *name) {
    char *value = NULL;
    if (el_get(el, EL_GETTC, name, &value) != 0) return NULL;
    return value;
}

static inline int tw_history_set_size(History *h, int size) {
    HistEvent event;
    return history(h, &event, H_SETSIZE, size);
}

static inline int tw_history_set_unique(History *h, int unique) {
    HistEvent event;
    return history(h, &event, H_SETUNIQUE, unique);
}

static inline int tw_history_enter(History *h, const char *line) {
    HistEvent event;
    return history(h, &event, H_ENTER, line);
}

static inline int tw_history_clear(History *h) {
    HistEvent event;
    return history(h, &event, H_CLEAR);
}

#endif
