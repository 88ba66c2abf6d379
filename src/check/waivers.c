/*
 * waivers.c - waivers of check findings: the waivers file
 * (.aivm-waivers.yaml: rule, resource, reason, expires) and the inline
 * aivm-waive tag ("AIVM003:reason:2027-03-31", several joined by ';').
 * Every waiver has a reason and an expiry date, so none outlives review;
 * check.c decides which findings a waiver covers and reports expired ones.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aivm/util.h"
#include "aivm/waivers.h"
#include "util/arena.h"
#include "util/yamlutil.h"

struct aivm_waivers {
    aivm_arena arena;
    aivm_waiver *items;
    size_t n, cap;
};

void aivm_waivers_new(aivm_waivers **out)
{
    *out = aivm_xcalloc(1, sizeof **out);
}

void aivm_waivers_free(aivm_waivers *w)
{
    if (!w)
        return;
    aivm_arena_dispose(&w->arena);
    free(w->items);
    free(w);
}

size_t aivm_waivers_count(const aivm_waivers *w)
{
    return w ? w->n : 0;
}

const aivm_waiver *aivm_waivers_at(const aivm_waivers *w, size_t i)
{
    return w && i < w->n ? &w->items[i] : NULL;
}

static aivm_waiver *push(aivm_waivers *w)
{
    if (w->n == w->cap) {
        w->cap = w->cap ? w->cap * 2 : 8;
        w->items = aivm_xrealloc(w->items, w->cap * sizeof *w->items);
    }
    memset(&w->items[w->n], 0, sizeof w->items[0]);
    return &w->items[w->n++];
}

static bool valid_rule_id(const char *s)
{
    return strlen(s) == 7 && strncmp(s, "AIVM", 4) == 0 && strspn(s + 4, "0123456789") == 3;
}

static int load_entry(aivm_waivers *w, const aivm_ynode *e, size_t idx, aivm_error *err)
{
    static const char *const keys[] = {"rule", "resource", "reason", "expires", NULL};
    aivm_waiver *x;
    const aivm_ynode *v;
    char what[64];
    int rc = aivm_yexpect(e, AIVM_Y_MAP, "waiver", err);
    snprintf(what, sizeof what, "waivers[%zu]", idx);
    if (rc == 0)
        rc = aivm_ycheck_keys(e, keys, what, err);
    if (rc < 0)
        return rc;
    x = push(w);
    x->loc = e->loc;
    rc = aivm_yrequire(&v, e, "rule", what, err);
    if (rc == 0)
        rc = aivm_yget_str(&x->rule, v, what, err);
    if (rc == 0 && !valid_rule_id(x->rule))
        rc = aivm_error_set(err, AIVM_EINVALID, &v->loc,
                            "%s: rule '%s' is not a check id such as AIVM003", what, x->rule);
    if (rc == 0)
        rc = aivm_yrequire(&v, e, "resource", what, err);
    if (rc == 0)
        rc = aivm_yget_str(&x->resource, v, what, err);
    if (rc == 0)
        rc = aivm_yrequire(&v, e, "reason", what, err);
    if (rc == 0)
        rc = aivm_yget_str(&x->reason, v, what, err);
    if (rc == 0 && !x->reason[0])
        rc = aivm_error_set(err, AIVM_EINVALID, &v->loc, "%s: empty reason", what);
    if (rc == 0)
        rc = aivm_yrequire(&v, e, "expires", what, err);
    if (rc == 0)
        rc = aivm_yget_date(&x->expires, v, what, err);
    return rc;
}

int aivm_waivers_load_mem(aivm_waivers **out, const char *buf, size_t len, const char *name,
                          aivm_error *err)
{
    static const char *const top[] = {"version", "waivers", NULL};
    aivm_waivers *w = NULL;
    aivm_ynode *root = NULL;
    const aivm_ynode *seq = NULL, *v;
    aivm_loc start = {name, 1, 1};
    int rc;
    *out = NULL;
    aivm_waivers_new(&w);
    rc = aivm_yaml_parse(&root, &w->arena, buf, len, name, err);
    if (rc == 0 && !root)
        rc = aivm_error_set(err, AIVM_EINVALID, &start, "empty waivers file");
    if (rc == 0)
        rc = aivm_yexpect_root(root, AIVM_Y_MAP, "waivers document", err);
    if (rc == 0)
        rc = aivm_ycheck_keys(root, top, "the waivers file's top level", err);
    if (rc == 0 && (v = aivm_ymap_get(root, "version")) != NULL) {
        const char *ver = NULL;
        rc = aivm_yget_str(&ver, v, "key 'version'", err);
        if (rc == 0 && strcmp(ver, "1") != 0)
            rc = aivm_error_set(err, AIVM_EINVALID, &v->loc,
                                "unsupported waivers file version '%s' (expected 1)", ver);
    }
    if (rc == 0)
        rc = aivm_yrequire(&seq, root, "waivers", "the waivers file's top level", err);
    if (rc == 0)
        rc = aivm_yexpect(seq, AIVM_Y_SEQ, "key 'waivers'", err);
    for (size_t i = 0; rc == 0 && i < seq->n; i++)
        rc = load_entry(w, seq->kids[i], i, err);
    if (rc < 0) {
        aivm_waivers_free(w);
        return rc;
    }
    *out = w;
    return 0;
}

int aivm_waivers_load_file(aivm_waivers **out, const char *path, aivm_error *err)
{
    aivm_buf b = AIVM_BUF_INIT;
    int rc;
    *out = NULL;
    rc = aivm_buf_read_file(&b, path, (size_t)4 << 20, err);
    if (rc == 0)
        rc = aivm_waivers_load_mem(out, b.ptr ? b.ptr : "", b.size, path, err);
    aivm_buf_dispose(&b);
    return rc;
}

/* One "RULE:reason:YYYY-MM-DD" of `len` bytes. */
static int parse_one(aivm_waivers *into, const char *s, size_t len, aivm_loc loc, aivm_error *err)
{
    char *copy = aivm_arena_strndup(&into->arena, s, len);
    char *c1 = strchr(copy, ':');
    char *c2 = strrchr(copy, ':');
    aivm_waiver *x;
    while (*copy == ' ')
        copy++;
    if (!c1 || c1 == c2)
        return aivm_error_set(err, AIVM_EINVALID, &loc,
                              "invalid aivm-waive entry '%s' (expected RULE:reason:YYYY-MM-DD)",
                              copy);
    *c1 = '\0';
    *c2 = '\0';
    if (!valid_rule_id(copy))
        return aivm_error_set(err, AIVM_EINVALID, &loc,
                              "invalid rule '%s' in aivm-waive (expected a check id such as "
                              "AIVM003)",
                              copy);
    if (!aivm_is_date(c2 + 1))
        return aivm_error_set(err, AIVM_EINVALID, &loc,
                              "invalid expiry '%s' in aivm-waive (expected YYYY-MM-DD)", c2 + 1);
    if (c1 + 1 == c2)
        return aivm_error_set(err, AIVM_EINVALID, &loc, "aivm-waive for %s has no reason", copy);
    x = push(into);
    x->rule = copy;
    x->reason = c1 + 1;
    x->expires = c2 + 1;
    x->loc = loc;
    return 0;
}

int aivm_waivers_parse_inline(aivm_waivers *into, const char *value, aivm_loc loc, aivm_error *err)
{
    const char *p = value;
    while (*p) {
        const char *end = strchr(p, ';');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        int rc = parse_one(into, p, len, loc, err);
        if (rc < 0)
            return rc;
        p += len;
        if (*p == ';')
            p++;
    }
    return 0;
}
