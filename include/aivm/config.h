/*
 * aivm/config.h - the reader of a settings file such as the project
 * configuration .aivm-advise.yaml (docs/config.md): one YAML mapping of
 * known keys to scalars or lists, checked against the caller's key table,
 * with paths made relative to the file's directory. The values are kept as
 * text with their positions: what they mean is the caller's business (the
 * CLI hands each to the option of the same name). The reader never looks
 * for the file: the CLI does (it knows the working directory).
 */
#ifndef AIVM_CONFIG_H
#define AIVM_CONFIG_H

#include <stdbool.h>
#include <stddef.h>

#include "aivm/error.h"

/** The name of the project configuration file. */
#define AIVM_CONFIG_FILE_NAME ".aivm-advise.yaml"

typedef enum {
    AIVM_CFG_STRING, /* a scalar: a string or a number, kept as written */
    AIVM_CFG_PATH,   /* a scalar path: a relative one is made relative to the file's directory */
    AIVM_CFG_PATHS,  /* a list of paths, or one path: one entry per item */
    AIVM_CFG_BOOL    /* true or false: kept as "true" or "false" */
} aivm_config_type;

/** One key the file may hold. */
typedef struct {
    const char *key;
    aivm_config_type type;
} aivm_config_key;

/** One value of the file, in file order (a list gives one entry per item). */
typedef struct {
    const char *key;   /* the table's spelling */
    const char *value; /* never NULL */
    aivm_loc loc;      /* of the value (of the item, for a list) */
} aivm_config_entry;

typedef struct aivm_config aivm_config;

/**
 * Read a settings document of `len` bytes named `name` (the path that
 * relative paths are resolved against: "a/b/.aivm-advise.yaml" makes
 * "rules.yaml" "a/b/rules.yaml"). An empty document has no entries. A key
 * not in `keys[0..n_keys)` is an error at its position with the closest
 * key when it looks like a typo; a value of the wrong shape (a mapping, a
 * null, a list where a scalar belongs, a bool that is not true/false) is an
 * error at the value. On success `*out` is owned by the caller (free with
 * aivm_config_free); on failure it is NULL. `keys` is borrowed for the
 * life of `*out`. Returns 0, AIVM_ESYNTAX, AIVM_EINVALID, AIVM_ELIMIT, or
 * AIVM_EIO when libyaml cannot be loaded.
 */
int aivm_config_load_mem(aivm_config **out, const char *buf, size_t len, const char *name,
                         const aivm_config_key *keys, size_t n_keys, aivm_error *err);

/** aivm_config_load_mem() of the file at `path` (at most 1 MiB); also
 *  AIVM_ENOTFOUND or AIVM_EIO when it cannot be read. */
int aivm_config_load_file(aivm_config **out, const char *path, const aivm_config_key *keys,
                          size_t n_keys, aivm_error *err);

/** The number of entries of `c`. */
size_t aivm_config_count(const aivm_config *c);

/** Entry `i` (< aivm_config_count) of `c`; owned by `c`. */
const aivm_config_entry *aivm_config_entry_at(const aivm_config *c, size_t i);

/** Free `c` and its entries. Accepts NULL. */
void aivm_config_free(aivm_config *c);

#endif
