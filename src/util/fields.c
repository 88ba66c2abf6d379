/*
 * fields.c - loads a YAML mapping into a struct from a field table, with
 * strict key and type checks and positions on every error.
 */
#include "fields.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aivm/util.h"
#include "rstr.h"

static int load_gens(unsigned *out, const aivm_ynode *n, const char *what, aivm_error *err)
{
    int rc = aivm_yexpect(n, AIVM_Y_SEQ, what, err);
    unsigned mask = 0;
    if (rc < 0)
        return rc;
    for (size_t i = 0; i < n->n; i++) {
        unsigned g;
        rc = aivm_yget_uint(&g, n->kids[i], 2, what, err);
        if (rc == 0 && g < 1)
            rc = aivm_error_set(err, AIVM_EINVALID, &n->kids[i]->loc,
                                "%s: Hyper-V generation must be 1 or 2", what);
        if (rc < 0)
            return rc;
        mask |= 1u << g;
    }
    if (!mask)
        return aivm_error_set(err, AIVM_EINVALID, &n->loc, "%s: empty list", what);
    *out = mask;
    return 0;
}

static int load_one(void *obj, const aivm_field *f, const aivm_ynode *v, aivm_arena *arena,
                    const char *what, aivm_error *err)
{
    char *p = (char *)obj + f->offset;
    int rc = 0;
    switch (f->type) {
    case AIVM_F_STR:
        rc = aivm_yget_str((const char **)(void *)p, v, what, err);
        break;
    case AIVM_F_DATE:
        rc = aivm_yget_date((const char **)(void *)p, v, what, err);
        break;
    case AIVM_F_RSTR: {
        const char *str = NULL;
        rc = aivm_yget_str(&str, v, what, err);
        if (rc == 0)
            aivm_util__rstr_set((aivm_rstr *)(void *)p, str);
        break;
    }
    case AIVM_F_RLIST: {
        const char **items = NULL;
        size_t n = 0;
        rc = aivm_yget_strlist(&items, &n, v, arena, what, err);
        if (rc == 0)
            aivm_util__rlist_set((aivm_rlist *)(void *)p, items, n, arena);
        break;
    }
    case AIVM_F_STRLIST: {
        aivm_strlist *l = (aivm_strlist *)(void *)p;
        rc = aivm_yget_strlist(&l->items, &l->n, v, arena, what, err);
        break;
    }
    case AIVM_F_GENS:
        rc = load_gens((unsigned *)(void *)p, v, what, err);
        break;
    case AIVM_F_BOOL:
        rc = aivm_yget_bool((bool *)(void *)p, v, what, err);
        break;
    case AIVM_F_NUM:
        rc = aivm_yget_num((double *)(void *)p, v, what, err);
        if (rc == 0 && *(double *)(void *)p < 0)
            rc = aivm_error_set(err, AIVM_EINVALID, &v->loc, "%s: must not be negative", what);
        break;
    case AIVM_F_UINT:
        rc = aivm_yget_uint((unsigned *)(void *)p, v, 100000000u, what, err);
        break;
    case AIVM_F_INT:
        rc = aivm_yget_int((int *)(void *)p, v, what, err);
        break;
    case AIVM_F_ENUM:
        rc = aivm_yget_enum((int *)(void *)p, v, f->values, what, err);
        break;
    case AIVM_F_CUSTOM:
        break;
    }
    return rc;
}

/* An unknown key, with the closest field name when it looks like a typo. */
static int unknown_key(const aivm_field *fields, size_t n_fields, const aivm_ynode *k,
                       const char *what, aivm_error *err)
{
    const char **names = aivm_xcalloc(n_fields ? n_fields : 1, sizeof *names);
    int rc;
    for (size_t j = 0; j < n_fields; j++)
        names[j] = fields[j].key;
    rc = aivm_yunknown_key(k, names, n_fields, what, err);
    free((void *)names);
    return rc;
}

int aivm_fields_load(void *obj, const aivm_ynode *map, const aivm_field *fields, size_t n_fields,
                     aivm_arena *arena, const char *what, aivm_error *err)
{
    char kw[320];
    int rc = aivm_yexpect(map, AIVM_Y_MAP, what, err);
    if (rc < 0)
        return rc;
    for (size_t i = 0; i < map->n; i++) {
        const aivm_ynode *k = map->kids[2 * i];
        const aivm_field *f = NULL;
        for (size_t j = 0; j < n_fields; j++)
            if (strcmp(fields[j].key, k->str) == 0) {
                f = &fields[j];
                break;
            }
        if (!f)
            return unknown_key(fields, n_fields, k, what, err);
        /* Describe the key only when it is wrong: loading stays cheap for large catalogs. */
        rc = load_one(obj, f, map->kids[2 * i + 1], arena, "", NULL);
        if (rc < 0) {
            snprintf(kw, sizeof kw, "key '%s' in %s", k->str, what);
            return load_one(obj, f, map->kids[2 * i + 1], arena, kw, err);
        }
    }
    for (size_t j = 0; j < n_fields; j++)
        if (fields[j].required && !aivm_ymap_get(map, fields[j].key))
            return aivm_error_set(err, AIVM_EINVALID, &map->loc, "missing key '%s' in %s",
                                  fields[j].key, what);
    return 0;
}

void aivm_util__rlist_set(aivm_rlist *l, const char *const *items, size_t n, aivm_arena *arena)
{
    aivm_rstr *r = n ? aivm_arena_alloc(arena, n * sizeof *r) : NULL;
    for (size_t i = 0; i < n; i++)
        aivm_util__rstr_set(&r[i], items[i]);
    aivm_util__roff_set(&l->off, r);
    l->n = n;
}
