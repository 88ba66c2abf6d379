/*
 * aivm/waivers.h - waivers of check findings: a waivers file (YAML or JSON,
 * docs/check.md) or a resource's aivm-waive tag. Parsing only; check.c
 * matches them against findings.
 *
 * An aivm_waivers object owns its entries and their strings; free it with
 * aivm_waivers_free(). Entries returned by aivm_waivers_at() live as long.
 */
#ifndef AIVM_WAIVERS_H
#define AIVM_WAIVERS_H

#include <stddef.h>

#include "aivm/error.h"

/** One waiver: from a waivers file, or from a resource's aivm-waive tag. */
typedef struct {
    const char *rule;     /* "AIVM003" */
    const char *resource; /* address; a trailing '*' matches a prefix; NULL = inline */
    const char *reason;
    const char *expires; /* YYYY-MM-DD: valid through that day */
    aivm_loc loc;        /* the entry (file) or the tag value (inline) */
} aivm_waiver;

typedef struct aivm_waivers aivm_waivers;

/**
 * Parse a waivers file (YAML/JSON: `version: "1"`, `waivers:` list of
 * {rule, resource, reason, expires}). `*out` is freed with
 * aivm_waivers_free(). Returns 0, AIVM_ESYNTAX, AIVM_EINVALID or AIVM_ELIMIT.
 */
int aivm_waivers_load_mem(aivm_waivers **out, const char *buf, size_t len, const char *name,
                          aivm_error *err);
/** File wrapper; also AIVM_ENOTFOUND/AIVM_EIO. */
int aivm_waivers_load_file(aivm_waivers **out, const char *path, aivm_error *err);
/** Free `w` and every entry it owns (NULL is fine). */
void aivm_waivers_free(aivm_waivers *w);
/** How many waivers `w` holds. */
size_t aivm_waivers_count(const aivm_waivers *w);
/** The i-th waiver (i < count), owned by `w`. */
const aivm_waiver *aivm_waivers_at(const aivm_waivers *w, size_t i);

/**
 * Parse an aivm-waive tag value: one or more "RULE:reason:YYYY-MM-DD"
 * separated by ';'. Strings are copied into the waivers object `into`
 * (which must exist: aivm_waivers_new). Returns 0 or AIVM_EINVALID at `loc`.
 */
int aivm_waivers_parse_inline(aivm_waivers *into, const char *value, aivm_loc loc, aivm_error *err);
/** A new empty waivers object (freed with aivm_waivers_free()); never fails. */
void aivm_waivers_new(aivm_waivers **out);

#endif
