/*
 * config.c - reads a settings file (include/aivm/config.h): one YAML
 * mapping whose keys come from the caller's table, values scalars or lists
 * of scalars, read with the library's YAML reader so errors carry
 * file:line:col and unknown keys a did-you-mean (aivm_yunknown_key). Paths
 * are joined to the file's directory here, so the caller sees them as it
 * would see them on its own command line.
 */
#include "aivm/config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aivm/buf.h"
#include "aivm/util.h"
#include "arena.h"
#include "yamlutil.h"

struct aivm_config {
    aivm_arena arena;
    aivm_config_entry *entries;
    size_t n, cap;
};

void aivm_config_free(aivm_config *c)
{
    if (!c)
        return;
    aivm_arena_dispose(&c->arena);
    free(c->entries);
    free(c);
}

size_t aivm_config_count(const aivm_config *c)
{
    return c->n;
}

const aivm_config_entry *aivm_config_entry_at(const aivm_config *c, size_t i)
{
    return &c->entries[i];
}

/* `value` as written, or joined to the directory of `name` when it is a
 * relative path ("" directory: as written). */
static const char *resolve(aivm_config *c, const char *name, const char *value, bool path)
{
    const char *slash = strrchr(name, '/');
    aivm_buf b = AIVM_BUF_INIT;
    const char *r;
    if (!path || value[0] == '/' || !slash)
        return value;
    aivm_buf_put(&b, name, (size_t)(slash - name) + 1);
    aivm_buf_puts(&b, value);
    r = aivm_arena_strdup(&c->arena, b.ptr);
    aivm_buf_dispose(&b);
    return r;
}

static void add(aivm_config *c, const char *key, const char *value, const aivm_loc *loc)
{
    if (c->n == c->cap) {
        c->cap = c->cap ? 2 * c->cap : 16;
        c->entries = aivm_xrealloc(c->entries, c->cap * sizeof *c->entries);
    }
    c->entries[c->n].key = key;
    c->entries[c->n].value = value;
    c->entries[c->n].loc = *loc;
    c->n++;
}

/* One scalar value of `key`; returns 0 or an error at `v`. */
static int scalar(aivm_config *c, const aivm_config_key *k, const aivm_ynode *v, const char *name,
                  aivm_error *err)
{
    char what[96];
    snprintf(what, sizeof what, "key '%s'", k->key);
    if (aivm_yis_null(v))
        return aivm_error_set(err, AIVM_EINVALID, &v->loc, "key '%s' needs a value", k->key);
    if (k->type == AIVM_CFG_BOOL) {
        bool b = false;
        int rc = aivm_yget_bool(&b, v, what, err);
        if (rc == 0)
            add(c, k->key, b ? "true" : "false", &v->loc);
        return rc;
    }
    if (v->type != AIVM_Y_SCALAR)
        return aivm_yexpect(v, AIVM_Y_SCALAR, what, err);
    if (!v->str[0])
        return aivm_error_set(err, AIVM_EINVALID, &v->loc, "empty value for key '%s'", k->key);
    add(c, k->key, resolve(c, name, v->str, k->type != AIVM_CFG_STRING), &v->loc);
    return 0;
}

static int entry(aivm_config *c, const aivm_ynode *key, const aivm_ynode *v, const char *name,
                 const aivm_config_key *keys, size_t n_keys, aivm_error *err)
{
    const aivm_config_key *k = NULL;
    int rc = 0;
    for (size_t i = 0; i < n_keys && !k; i++)
        if (strcmp(keys[i].key, key->str) == 0)
            k = &keys[i];
    if (!k) {
        const char **names = aivm_xcalloc(n_keys ? n_keys : 1, sizeof *names);
        for (size_t i = 0; i < n_keys; i++)
            names[i] = keys[i].key;
        rc = aivm_yunknown_key(key, names, n_keys, "the configuration", err);
        free((void *)names);
        return rc;
    }
    if (k->type == AIVM_CFG_PATHS && v->type == AIVM_Y_SEQ) {
        for (size_t i = 0; rc == 0 && i < v->n; i++)
            rc = scalar(c, k, v->kids[i], name, err);
        return rc;
    }
    return scalar(c, k, v, name, err);
}

int aivm_config_load_mem(aivm_config **out, const char *buf, size_t len, const char *name,
                         const aivm_config_key *keys, size_t n_keys, aivm_error *err)
{
    aivm_config *c = aivm_xcalloc(1, sizeof *c);
    aivm_ynode *root = NULL;
    const char *fname = aivm_arena_strdup(&c->arena, name);
    int rc;
    *out = NULL;
    rc = aivm_yaml_parse(&root, &c->arena, buf, len, fname, err);
    if (rc == 0 && root)
        rc = aivm_yexpect_root(root, AIVM_Y_MAP, "the configuration", err);
    for (size_t i = 0; rc == 0 && root && i < root->n; i++)
        rc = entry(c, root->kids[2 * i], root->kids[2 * i + 1], fname, keys, n_keys, err);
    if (rc < 0) {
        aivm_config_free(c);
        return rc;
    }
    *out = c;
    return 0;
}

int aivm_config_load_file(aivm_config **out, const char *path, const aivm_config_key *keys,
                          size_t n_keys, aivm_error *err)
{
    aivm_buf b = AIVM_BUF_INIT;
    int rc;
    *out = NULL;
    rc = aivm_buf_read_file(&b, path, (size_t)1 << 20, err);
    if (rc == 0)
        rc = aivm_config_load_mem(out, b.ptr ? b.ptr : "", b.size, path, keys, n_keys, err);
    aivm_buf_dispose(&b);
    return rc;
}
