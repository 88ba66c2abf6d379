/*
 * fields.h - table-driven loading of YAML mappings into structs: one table
 * row per key (name, type, required, offset) instead of hand-written code
 * per key. Used by the catalog, rules and workload loaders.
 */
#ifndef AIVM_FIELDS_H
#define AIVM_FIELDS_H

#include <stdbool.h>
#include <stddef.h>

#include "aivm/error.h"
#include "arena.h"
#include "yamlutil.h"

typedef enum {
    AIVM_F_STR,     /* const char * */
    AIVM_F_STRLIST, /* aivm_strlist */
    AIVM_F_DATE,    /* const char *, YYYY-MM-DD */
    AIVM_F_GENS,    /* unsigned bitmask from a list of 1/2 */
    AIVM_F_BOOL,    /* bool */
    AIVM_F_NUM,     /* double, >= 0 */
    AIVM_F_UINT,    /* unsigned */
    AIVM_F_INT,     /* int, >= 0 */
    AIVM_F_ENUM,    /* int: index into `values` */
    AIVM_F_CUSTOM,  /* skipped here: the caller handles the key */
    AIVM_F_RSTR,    /* aivm_rstr (size records; the object is at its final address) */
    AIVM_F_RLIST    /* aivm_rlist (likewise) */
} aivm_ftype;

typedef struct {
    const char *key;
    aivm_ftype type;
    bool required;
    size_t offset;
    const char *const *values; /* AIVM_F_ENUM */
} aivm_field;

/**
 * Check `map`'s keys against `fields` (unknown key: error), then load each
 * present key into `obj` + offset. `what` names the object in messages.
 */
int aivm_fields_load(void *obj, const aivm_ynode *map, const aivm_field *fields, size_t n_fields,
                     aivm_arena *arena, const char *what, aivm_error *err);

#endif
