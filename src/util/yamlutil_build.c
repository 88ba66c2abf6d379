/*
 * yamlutil_build.c - builds the aivm_ynode tree from a stream of scalars
 * and container starts/ends, whichever front end produced them (libyaml
 * events or the JSON scanner). It applies the caller's filter (dropped and
 * hollowed values are skipped without allocating), the depth and node
 * limits, and the duplicate-key check; the errors are the same for both
 * front ends because they are raised here.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "aivm/util.h"
#include "yamlutil_int.h"

void aivm_yb__init(aivm_ybuilder *b, aivm_arena *arena, const char *name,
                   const aivm_yfilter *filter)
{
    memset(b, 0, sizeof *b);
    b->arena = arena;
    b->name = name;
    b->filter = filter && filter->verdict ? filter : NULL;
    if (b->filter && b->filter->reset)
        b->filter->reset(b->filter->ctx);
}

static void frame_free(aivm_yframe *f)
{
    for (size_t i = 0; i < f->n_keys; i++)
        free(f->keys[i].owned);
    free(f->keys);
    free(f->kids);
    f->keys = NULL;
    f->kids = NULL;
    f->n_keys = f->cap_keys = 0;
}

void aivm_yb__dispose(aivm_ybuilder *b)
{
    while (b->depth > 0)
        frame_free(&b->stack[--b->depth]);
}

bool aivm_yb__skipping(const aivm_ybuilder *b)
{
    return b->skip > 0 || b->drop_next;
}

static aivm_loc at(const aivm_ybuilder *b, unsigned line, unsigned col)
{
    aivm_loc l;
    l.file = b->name;
    l.line = line;
    l.col = col;
    return l;
}

static void push_kid(aivm_yframe *f, aivm_ynode *kid)
{
    if (f->n == f->cap) {
        f->cap = f->cap ? f->cap * 2 : 8;
        f->kids = aivm_xrealloc(f->kids, f->cap * sizeof *f->kids);
    }
    f->kids[f->n++] = kid;
}

static void push_key(aivm_yframe *f, const char *str, char *owned, aivm_loc loc)
{
    if (f->n_keys == f->cap_keys) {
        f->cap_keys = f->cap_keys ? f->cap_keys * 2 : 8;
        f->keys = aivm_xrealloc(f->keys, f->cap_keys * sizeof *f->keys);
    }
    f->keys[f->n_keys].str = str;
    f->keys[f->n_keys].owned = owned;
    f->keys[f->n_keys].loc = loc;
    f->n_keys++;
}

/* The open mapping expecting a key, or NULL. */
static aivm_yframe *key_frame(aivm_ybuilder *b)
{
    aivm_yframe *f = b->depth ? &b->stack[b->depth - 1] : NULL;
    return f && f->node->type == AIVM_Y_MAP && f->n % 2 == 0 ? f : NULL;
}

/* Attach `node` to the open container, or make it the root. */
static int attach(aivm_ybuilder *b, aivm_ynode *node, aivm_error *err)
{
    aivm_yframe *f;
    if (++b->nodes > AIVM_YAML_MAX_NODES)
        return aivm_error_set(err, AIVM_ELIMIT, &node->loc, "document has more than %u nodes",
                              AIVM_YAML_MAX_NODES);
    if (b->depth == 0) {
        b->root = node;
        return 0;
    }
    f = &b->stack[b->depth - 1];
    if (f->node->type == AIVM_Y_MAP && f->n % 2 == 0) {
        if (node->type != AIVM_Y_SCALAR)
            return aivm_error_set(err, AIVM_EINVALID, &node->loc, "mapping keys must be scalars");
        f->key = node->str;
        if (b->filter)
            push_key(f, node->str, NULL, node->loc);
    }
    push_kid(f, node);
    return 0;
}

static aivm_yverdict ask_filter(aivm_ybuilder *b, const char *key)
{
    const char *path[AIVM_YAML_MAX_DEPTH + 1];
    size_t n = b->depth - 1; /* the innermost frame is the mapping holding `key` */
    for (size_t i = 0; i < n; i++)
        path[i] = b->stack[i].node->type == AIVM_Y_MAP ? b->stack[i].key : NULL;
    return b->filter->verdict(path, n, key, b->filter->ctx);
}

int aivm_yb__scalar(aivm_ybuilder *b, const char *s, size_t len, bool plain, unsigned line,
                    unsigned col, aivm_error *err)
{
    aivm_ynode *node;
    aivm_yframe *kf;
    aivm_loc loc = at(b, line, col);
    if (b->skip > 0)
        return 0;
    if (b->drop_next) {
        b->drop_next = false;
        return 0;
    }
    b->hollow_next = false;
    if (strlen(s) != len)
        return aivm_error_set(err, AIVM_EINVALID, &loc, "NUL character in a scalar");
    kf = b->filter ? key_frame(b) : NULL;
    if (kf) {
        aivm_yverdict v = ask_filter(b, s);
        if (v == AIVM_YDROP) {
            push_key(kf, NULL, aivm_xstrdup(s), loc);
            kf->keys[kf->n_keys - 1].str = kf->keys[kf->n_keys - 1].owned;
            b->drop_next = true;
            return 0;
        }
        b->hollow_next = v == AIVM_YHOLLOW;
    }
    node = aivm_arena_alloc(b->arena, sizeof *node);
    node->type = AIVM_Y_SCALAR;
    node->loc = loc;
    node->str = aivm_arena_strndup(b->arena, s, len);
    node->plain = plain;
    return attach(b, node, err);
}

int aivm_yb__open(aivm_ybuilder *b, aivm_ytype t, unsigned line, unsigned col, aivm_error *err)
{
    aivm_ynode *node;
    aivm_loc loc = at(b, line, col);
    int rc;
    if (b->depth + b->skip >= AIVM_YAML_MAX_DEPTH)
        return aivm_error_set(err, AIVM_ELIMIT, &loc, "nesting deeper than %d levels",
                              AIVM_YAML_MAX_DEPTH);
    if (b->skip > 0 || b->drop_next) {
        b->drop_next = false;
        b->skip++;
        return 0;
    }
    node = aivm_arena_alloc(b->arena, sizeof *node);
    node->type = t;
    node->loc = loc;
    rc = attach(b, node, err);
    if (rc < 0)
        return rc;
    if (b->hollow_next) {
        b->hollow_next = false;
        b->skip = 1;
        return 0;
    }
    memset(&b->stack[b->depth], 0, sizeof b->stack[b->depth]);
    b->stack[b->depth].node = node;
    b->depth++;
    return 0;
}

typedef struct {
    const char *key;
    const aivm_loc *loc;
    size_t idx;
} keyref;

static int keyref_cmp(const void *a, const void *b)
{
    const keyref *x = a, *y = b;
    int c = strcmp(x->key, y->key);
    if (c)
        return c;
    return x->idx < y->idx ? -1 : x->idx > y->idx;
}

static const char *key_at(const aivm_yframe *f, size_t i)
{
    return f->keys ? f->keys[i].str : f->kids[2 * i]->str;
}

/* Whether any two keys are equal: a small open-addressing set, O(n),
 * because every mapping of a document goes through here. */
static bool has_dup_keys(const aivm_yframe *f, size_t n)
{
    uint32_t slots[1024];
    size_t mask = 15;
    while (mask + 1 < 2 * n)
        mask = mask * 2 + 1;
    memset(slots, 0, (mask + 1) * sizeof slots[0]);
    for (size_t i = 0; i < n; i++) {
        const char *k = key_at(f, i);
        uint32_t h = 2166136261u;
        for (const unsigned char *c = (const unsigned char *)k; *c; c++)
            h = (h ^ *c) * 16777619u;
        for (size_t j = h & mask;; j = (j + 1) & mask) {
            if (slots[j] == 0) {
                slots[j] = (uint32_t)i + 1;
                break;
            }
            if (strcmp(key_at(f, slots[j] - 1), k) == 0)
                return true;
        }
    }
    return false;
}

/* Duplicate keys among the frame's keys (all of them, dropped ones too, for
 * a filtered parse); the error is at the later of the first equal pair in
 * key order. */
static int check_dup_keys(const aivm_yframe *f, aivm_error *err)
{
    size_t n = f->keys ? f->n_keys : f->n / 2;
    keyref *refs;
    int rc = 0;
    if (n < 2 || (n <= 512 && !has_dup_keys(f, n)))
        return 0;
    refs = aivm_xmalloc(n * sizeof *refs);
    for (size_t i = 0; i < n; i++) {
        refs[i].key = key_at(f, i);
        refs[i].loc = f->keys ? &f->keys[i].loc : &f->kids[2 * i]->loc;
        refs[i].idx = i;
    }
    qsort(refs, n, sizeof *refs, keyref_cmp);
    for (size_t i = 1; i < n; i++) {
        if (strcmp(refs[i].key, refs[i - 1].key) == 0) {
            rc = aivm_error_set(err, AIVM_EINVALID, refs[i].loc, "duplicate key '%s'", refs[i].key);
            break;
        }
    }
    free(refs);
    return rc;
}

int aivm_yb__close(aivm_ybuilder *b, aivm_error *err)
{
    aivm_yframe *f;
    aivm_ynode *node;
    int rc = 0;
    if (b->skip > 0) {
        b->skip--;
        return 0;
    }
    f = &b->stack[b->depth - 1];
    node = f->node;
    node->kids = aivm_arena_alloc(b->arena, (f->n ? f->n : 1) * sizeof *node->kids);
    if (f->n)
        memcpy(node->kids, f->kids, f->n * sizeof *node->kids);
    node->n = node->type == AIVM_Y_MAP ? f->n / 2 : f->n;
    if (node->type == AIVM_Y_MAP)
        rc = check_dup_keys(f, err);
    frame_free(f);
    b->depth--;
    return rc;
}
