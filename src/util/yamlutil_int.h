/* yamlutil_int.h - the tree builder shared by the two front ends of
 * aivm_yaml_parse(): libyaml events (yamlutil.c) and the JSON scanner
 * (yamlutil_json.c). Both feed it scalars and container starts/ends with
 * 1-based positions; it applies the caller's filter, the limits and the
 * duplicate-key check, so the two give the same tree and the same errors. */
#ifndef AIVM_YAMLUTIL_INT_H
#define AIVM_YAMLUTIL_INT_H

#include "yamlutil.h"

/* A key of a filtered mapping, kept or dropped, in document order. */
typedef struct {
    const char *str;
    char *owned; /* malloc'd copy when the pair was dropped */
    aivm_loc loc;
} aivm_ykey;

typedef struct {
    aivm_ynode *node;
    aivm_ynode **kids;
    size_t n, cap;
    aivm_ykey *keys; /* filtered parses only: every key, for the duplicate check */
    size_t n_keys, cap_keys;
    const char *key; /* mappings: the key whose value is being read (filter path) */
} aivm_yframe;

typedef struct {
    aivm_arena *arena;
    const char *name;
    const aivm_yfilter *filter;
    aivm_yframe stack[AIVM_YAML_MAX_DEPTH + 1];
    size_t depth;     /* open containers, built or skipped */
    size_t skip;      /* > 0: inside a dropped or hollowed value, nesting level */
    bool drop_next;   /* the next value belongs to a dropped pair */
    bool hollow_next; /* the next value is kept, but without its contents */
    size_t nodes;
    aivm_ynode *root;
} aivm_ybuilder;

void aivm_yb__init(aivm_ybuilder *b, aivm_arena *arena, const char *name,
                   const aivm_yfilter *filter);
/** Frees the builder's scratch memory (not the tree). */
void aivm_yb__dispose(aivm_ybuilder *b);
/** True when the next value will be thrown away (no need to decode it). */
bool aivm_yb__skipping(const aivm_ybuilder *b);
/** A scalar of `len` bytes (copied). Returns 0 or a negative aivm_status. */
int aivm_yb__scalar(aivm_ybuilder *b, const char *s, size_t len, bool plain, unsigned line,
                    unsigned col, aivm_error *err);
int aivm_yb__open(aivm_ybuilder *b, aivm_ytype t, unsigned line, unsigned col, aivm_error *err);
int aivm_yb__close(aivm_ybuilder *b, aivm_error *err);

/** The JSON fast path: 1 when the document is not plain JSON it can read
 *  exactly as libyaml would (the caller then uses libyaml), 0 on success,
 *  negative never (any problem means "use libyaml", which reports it). */
int aivm_yaml__parse_json(aivm_ynode **root, aivm_arena *arena, const char *buf, size_t len,
                          const char *name, const aivm_yfilter *filter);
/** The libyaml path only (tests compare it with the JSON fast path). */
int aivm_yaml__parse_libyaml(aivm_ynode **root, aivm_arena *arena, const char *buf, size_t len,
                             const char *name, const aivm_yfilter *filter, aivm_error *err);

#endif
