/*
 * check_diff.c - the change a plan makes against a base plan (check --base,
 * docs/check.md "Against a base plan"): resources matched by address,
 * findings by check id and resource address (so a resource that moves in
 * the file keeps its findings), each finding new, unchanged or fixed, and
 * the hourly and monthly cost before, after and the change, from the items'
 * deployment records. Renderers only show what this computes.
 */
#include <assert.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "aivm/check.h"
#include "aivm/util.h"
#include "check_int.h"

const char *aivm_baseline_name(aivm_baseline_state s)
{
    switch (s) {
    case AIVM_BASELINE_NEW:
        return "new";
    case AIVM_BASELINE_UNCHANGED:
        return "unchanged";
    case AIVM_BASELINE_ABSENT:
        return "absent";
    default:
        return NULL;
    }
}

const char *aivm_change_kind_name(aivm_change_kind k)
{
    static const char *const names[] = {"same", "added", "removed", "resized"};
    return names[k];
}

static bool same_text(const char *a, const char *b)
{
    return (!a && !b) || (a && b && strcmp(a, b) == 0);
}

static aivm_change_kind kind_of(const aivm_check_item *before, const aivm_check_item *after)
{
    const aivm_plan_resource *b, *a;
    if (!before)
        return AIVM_CHANGE_ADDED;
    if (!after)
        return AIVM_CHANGE_REMOVED;
    b = before->res;
    a = after->res;
    if (same_text(b->size, a->size) && same_text(b->size_expr, a->size_expr) &&
        same_text(b->count_expr, a->count_expr) && b->count == a->count)
        return AIVM_CHANGE_SAME;
    return AIVM_CHANGE_RESIZED;
}

static aivm_cost_figure item_cost(const aivm_check_item *it)
{
    aivm_cost_figure c = {true, 0, 0};
    if (!it)
        return c; /* the side without the resource costs nothing */
    c.known = it->priced;
    c.hourly = it->priced ? it->deploy.hourly : 0;
    c.monthly = it->priced ? it->deploy.monthly : 0;
    return c;
}

static aivm_cost_figure total_cost(const aivm_check_report *r)
{
    aivm_cost_figure c;
    c.known = r->has_cost;
    c.hourly = c.known ? r->hourly_total : 0;
    c.monthly = c.known ? r->monthly_total : 0;
    return c;
}

static aivm_cost_figure change_of(aivm_cost_figure before, aivm_cost_figure after)
{
    aivm_cost_figure c = {false, 0, 0};
    if (!before.known || !after.known)
        return c;
    c.known = true;
    c.hourly = after.hourly - before.hourly;
    c.monthly = after.monthly - before.monthly;
    return c;
}

static void add_change(aivm_check_diff *d, const aivm_check_item *before,
                       const aivm_check_item *after)
{
    aivm_check_resource_change *c = &d->resources[d->n_resources++];
    c->kind = kind_of(before, after);
    c->before = before;
    c->after = after;
    c->cost_before = item_cost(before);
    c->cost_after = item_cost(after);
    c->change = change_of(c->cost_before, c->cost_after);
}

/* Groups of equal keys in order, for matching in linear time (a diff of two
 * 5,000-VM plans compared every pair: bench/diff.sh). A key is up to three
 * strings (NULL is a value of its own). The table is open addressing
 * (power-of-two size, at most half full); a slot holds its group's first
 * member (whose key is the group's), the cursor (the first member not yet
 * taken) and the last member; members of a group are chained in order. */
typedef struct {
    const char *part[3];
} diff_key;

typedef struct {
    const diff_key *keys;         /* per element, borrowed */
    size_t *head, *cursor, *last; /* per slot: index + 1 of a member; 0 = empty */
    size_t *next;                 /* per element: index + 1 of the group's next member */
    size_t cap;
} groups;

static bool same_key(const diff_key *a, const diff_key *b)
{
    return same_text(a->part[0], b->part[0]) && same_text(a->part[1], b->part[1]) &&
           same_text(a->part[2], b->part[2]);
}

static size_t key_hash(const diff_key *k)
{
    uint64_t h = 1469598103934665603ull; /* FNV-1a over the parts, each closed */
    for (int p = 0; p < 3; p++) {
        for (const char *c = k->part[p]; c && *c; c++)
            h = (h ^ (unsigned char)*c) * 1099511628211ull;
        h = (h ^ (k->part[p] ? 0xffu : 0xfeu)) * 1099511628211ull;
    }
    return (size_t)h;
}

/* The slot of the group of `k`, or the empty slot it would take. */
static size_t groups_slot(const groups *g, const diff_key *k)
{
    size_t i = key_hash(k) & (g->cap - 1);
    while (g->head[i] && !same_key(&g->keys[g->head[i] - 1], k))
        i = (i + 1) & (g->cap - 1);
    return i;
}

/* Index elements 0..n-1 by their `keys` into groups, in order. */
static void groups_init(groups *g, const diff_key *keys, size_t n)
{
    g->keys = keys;
    g->cap = 16;
    while (g->cap < 2 * n + 2)
        g->cap *= 2;
    g->head = aivm_xcalloc(g->cap, sizeof *g->head);
    g->cursor = aivm_xcalloc(g->cap, sizeof *g->cursor);
    g->last = aivm_xcalloc(g->cap, sizeof *g->last);
    g->next = aivm_xcalloc(n + 1, sizeof *g->next);
    for (size_t j = 0; j < n; j++) {
        size_t i = groups_slot(g, &keys[j]);
        if (!g->head[i])
            g->head[i] = g->cursor[i] = j + 1;
        else
            g->next[g->last[i] - 1] = j + 1;
        g->last[i] = j + 1;
    }
}

static void groups_dispose(groups *g)
{
    free(g->head);
    free(g->cursor);
    free(g->last);
    free(g->next);
}

/* The first member of the group of `k` that `taken` does not mark, or
 * SIZE_MAX. The cursor moves past taken members (they stay taken), so all
 * lookups together visit each member once. */
static size_t groups_first_free(groups *g, const diff_key *k, const bool *taken)
{
    size_t i = groups_slot(g, k);
    if (!g->head[i])
        return SIZE_MAX;
    while (g->cursor[i] && taken[g->cursor[i] - 1])
        g->cursor[i] = g->next[g->cursor[i] - 1];
    return g->cursor[i] ? g->cursor[i] - 1 : SIZE_MAX;
}

/* Resources: by address, in order among equal addresses. */
static void match_resources(aivm_check_diff *d, const aivm_check_report *rep,
                            const aivm_check_report *base)
{
    bool *taken = aivm_xcalloc(base->n_items + 1, sizeof *taken);
    diff_key *keys = aivm_xcalloc(base->n_items + 1, sizeof *keys);
    groups g;
    for (size_t j = 0; j < base->n_items; j++)
        keys[j].part[0] = base->items[j].res->address;
    groups_init(&g, keys, base->n_items);
    d->resources = aivm_xcalloc(rep->n_items + base->n_items + 1, sizeof *d->resources);
    for (size_t i = 0; i < rep->n_items; i++) {
        diff_key k = {{rep->items[i].res->address, NULL, NULL}};
        size_t j = groups_first_free(&g, &k, taken);
        if (j != SIZE_MAX)
            taken[j] = true;
        add_change(d, j != SIZE_MAX ? &base->items[j] : NULL, &rep->items[i]);
    }
    for (size_t j = 0; j < base->n_items; j++)
        if (!taken[j])
            add_change(d, &base->items[j], NULL);
    groups_dispose(&g);
    free(keys);
    free(taken);
}

/* The identity of a finding: its check id and its resource's address; a
 * finding without a resource (a waiver's) is known by its message. With
 * `message`, the message is part of the key too. */
static diff_key finding_key(const aivm_finding *f, bool message)
{
    diff_key k = {{f->id, f->res ? f->res->address : NULL, !f->res || message ? f->message : NULL}};
    return k;
}

/* Each finding of rep continues the first unused base finding of its
 * identity with the same message (two findings of one id on one resource),
 * else the first unused one of its identity; else it is new. */
static void match_findings(aivm_check_diff *d, aivm_check_report *rep, aivm_check_report *base)
{
    size_t n = base->n_findings;
    bool *used = aivm_xcalloc(n + 1, sizeof *used);
    diff_key *with_msg = aivm_xcalloc(n + 1, sizeof *with_msg);
    diff_key *ident = aivm_xcalloc(n + 1, sizeof *ident);
    groups by_msg, by_ident;
    for (size_t j = 0; j < n; j++) {
        with_msg[j] = finding_key(&base->findings[j], true);
        ident[j] = finding_key(&base->findings[j], false);
    }
    groups_init(&by_msg, with_msg, n);
    groups_init(&by_ident, ident, n);
    for (size_t i = 0; i < rep->n_findings; i++) {
        aivm_finding *f = &rep->findings[i];
        diff_key km = finding_key(f, true), ki = finding_key(f, false);
        size_t at = groups_first_free(&by_msg, &km, used);
        if (at == SIZE_MAX)
            at = groups_first_free(&by_ident, &ki, used);
        if (at != SIZE_MAX) {
            used[at] = true;
            f->baseline = AIVM_BASELINE_UNCHANGED;
            d->n_unchanged++;
        } else {
            f->baseline = AIVM_BASELINE_NEW;
            d->n_new++;
            if (!f->waiver) {
                d->new_open[f->severity]++;
                d->n_new_open++;
            }
        }
    }
    d->fixed = aivm_xcalloc(n + 1, sizeof *d->fixed);
    for (size_t i = 0; i < n; i++) {
        base->findings[i].baseline = used[i] ? AIVM_BASELINE_UNCHANGED : AIVM_BASELINE_ABSENT;
        if (!used[i])
            d->fixed[d->n_fixed++] = &base->findings[i];
    }
    groups_dispose(&by_msg);
    groups_dispose(&by_ident);
    free(with_msg);
    free(ident);
    free(used);
}

int aivm_check_diff_apply(aivm_check_report *rep, aivm_check_report *base, aivm_error *err)
{
    aivm_check_diff *d = aivm_xcalloc(1, sizeof *d);
    (void)err; /* nothing fails: both reports are built */
    assert(rep && base && !rep->diff);
    d->base = base;
    d->currency = rep->currency;
    match_resources(d, rep, base);
    match_findings(d, rep, base);
    d->cost_before = total_cost(base);
    d->cost_after = total_cost(rep);
    d->change = change_of(d->cost_before, d->cost_after);
    d->unpriced_before = base->n_unpriced;
    d->unpriced_after = rep->n_unpriced;
    rep->diff = d;
    aivm_check_judge(rep, &rep->gate); /* --fail-on-new: NEW and UNCHANGED are known now */
    return 0;
}

void aivm_check__diff_free(aivm_check_diff *d)
{
    if (!d)
        return;
    aivm_check_report_free(d->base);
    free(d->resources);
    free(d->fixed);
    free(d);
}
