/*
 * yamlutil.h - a small YAML tree with positions, built from libyaml events,
 * and typed getters that report `file:line:col` on mismatch. No libyaml type
 * leaks out of yamlutil.c.
 */
#ifndef AIVM_YAMLUTIL_H
#define AIVM_YAMLUTIL_H

#include <stdbool.h>
#include <stddef.h>

#include "aivm/buf.h"
#include "aivm/error.h"
#include "arena.h"

typedef enum { AIVM_Y_SCALAR, AIVM_Y_MAP, AIVM_Y_SEQ } aivm_ytype;

typedef struct aivm_ynode aivm_ynode;
/* Fields ordered so that a node is 48 bytes, not 64 (a large plan keeps
 * hundreds of thousands of them). */
struct aivm_ynode {
    aivm_loc loc;
    const char *str;   /* scalar text (NUL-terminated) */
    aivm_ynode **kids; /* sequence: n items; mapping: 2n (key, value, key, value...) */
    size_t n;          /* sequence: items; mapping: key/value pairs */
    aivm_ytype type;
    bool plain; /* scalar was unquoted (so `null`, `true`, 12 are typed) */
};

/* What a filter decides for one mapping pair. */
typedef enum {
    AIVM_YKEEP,  /* build the pair */
    AIVM_YDROP,  /* leave the pair out of the mapping */
    AIVM_YHOLLOW /* keep the key and an empty value of the same type (scalars stay whole) */
} aivm_yverdict;

/**
 * A filter lets a reader that uses a small part of a large document say
 * which pairs it does not need, so they are skipped without allocating.
 * `verdict` gets the keys leading to the mapping (`path[i]` is NULL for a
 * sequence item; `depth` entries) and the pair's key. Only map pairs are
 * dropped, never sequence items, so indices and JSON pointers stay valid;
 * positions of kept nodes are unchanged. What is skipped is not checked
 * (duplicate keys and NUL characters inside it are not reported), but
 * dropped keys still count as duplicates of their siblings. `reset` (may
 * be NULL) is called with `ctx` when a parse starts, so a filter that learns
 * from what it has seen starts afresh when libyaml rereads a document the
 * JSON fast path gave up on part way.
 */
typedef struct {
    aivm_yverdict (*verdict)(const char *const *path, size_t depth, const char *key, void *ctx);
    void *ctx;
    void (*reset)(void *ctx);
} aivm_yfilter;

/* Limits that keep hostile documents cheap. */
#define AIVM_YAML_MAX_DEPTH 64
#define AIVM_YAML_MAX_NODES 4000000u

/**
 * Parse one YAML (or JSON) document into a tree allocated in `arena`.
 * `*root` is NULL for an empty document. Aliases, duplicate mapping keys,
 * non-scalar keys and several documents are errors.
 * Returns 0, AIVM_ESYNTAX, AIVM_EINVALID or AIVM_ELIMIT.
 */
int aivm_yaml_parse(aivm_ynode **root, aivm_arena *arena, const char *buf, size_t len,
                    const char *name, aivm_error *err);

/**
 * aivm_yaml_parse() with a filter (NULL: none). A document that is plain
 * JSON is read by a JSON scanner that gives the same tree, positions and
 * errors as libyaml at several times its speed; anything else goes through
 * libyaml. Same return values.
 */
int aivm_yaml_parse_filtered(aivm_ynode **root, aivm_arena *arena, const char *buf, size_t len,
                             const char *name, const aivm_yfilter *filter, aivm_error *err);

/** The value under `key` in a mapping, or NULL. */
const aivm_ynode *aivm_ymap_get(const aivm_ynode *map, const char *key);
/** Error unless `n` is of type `t`; `what` names it in the message. */
int aivm_yexpect(const aivm_ynode *n, aivm_ytype t, const char *what, aivm_error *err);
/** aivm_yexpect() for a document's root: a scalar is named, never quoted
 *  ("found a scalar"), since a file that is one scalar may be a secret (a
 *  key, a token) given where a YAML file was expected; the position stays. */
int aivm_yexpect_root(const aivm_ynode *root, aivm_ytype t, const char *what, aivm_error *err);
/** The error for key `k` that is not one of `names[0..n)` in `what`, with the
 *  closest name when it looks like a typo. Returns AIVM_EINVALID. */
int aivm_yunknown_key(const aivm_ynode *k, const char *const *names, size_t n, const char *what,
                      aivm_error *err);
/** Error on the first key of `map` not in the NULL-terminated `allowed`. */
int aivm_ycheck_keys(const aivm_ynode *map, const char *const *allowed, const char *what,
                     aivm_error *err);
/** `*out` = value of a required key; error "missing key" at the map's position. */
int aivm_yrequire(const aivm_ynode **out, const aivm_ynode *map, const char *key, const char *what,
                  aivm_error *err);

bool aivm_yis_null(const aivm_ynode *n);
/** Typed scalar getters; `what` names the value ("key 'vcpus' in size 'X'"). */
int aivm_yget_str(const char **out, const aivm_ynode *n, const char *what, aivm_error *err);
int aivm_yget_bool(bool *out, const aivm_ynode *n, const char *what, aivm_error *err);
int aivm_yget_num(double *out, const aivm_ynode *n, const char *what, aivm_error *err);
int aivm_yget_uint(unsigned *out, const aivm_ynode *n, unsigned max, const char *what,
                   aivm_error *err);
int aivm_yget_int(int *out, const aivm_ynode *n, const char *what, aivm_error *err);
/** A YYYY-MM-DD date (quoted or plain). */
int aivm_yget_date(const char **out, const aivm_ynode *n, const char *what, aivm_error *err);
/** A string that must be one of the NULL-terminated `allowed`; `*idx` = its index. */
int aivm_yget_enum(int *idx, const aivm_ynode *n, const char *const *allowed, const char *what,
                   aivm_error *err);
/** A sequence of strings, copied into `arena`. */
int aivm_yget_strlist(const char ***items, size_t *n_items, const aivm_ynode *n, aivm_arena *arena,
                      const char *what, aivm_error *err);

const char *aivm_ytype_name(aivm_ytype t);

#endif
