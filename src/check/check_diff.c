/*
 * check_diff.c - the change a plan makes against a base plan (check --base,
 * docs/check.md "Against a base plan"): resources matched by address,
 * findings by check id and resource address (so a resource that moves in
 * the file keeps its findings), each finding new, unchanged or fixed, and
 * the hourly and monthly cost before, after and the change, from the items'
 * deployment records. Renderers only show what this computes.
 */
#include <assert.h>
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

/* The identity of a finding: its check id and its resource's address; a
 * finding without a resource (a waiver's) is known by its message. */
static bool same_identity(const aivm_finding *a, const aivm_finding *b)
{
    if (strcmp(a->id, b->id) != 0 || (a->res == NULL) != (b->res == NULL))
        return false;
    if (!a->res)
        return strcmp(a->message, b->message) == 0;
    return strcmp(a->res->address, b->res->address) == 0;
}

/* The base finding that `f` continues: an unused one of the same identity,
 * preferring the same message (two findings of one id on one resource);
 * NULL when none. */
static const aivm_finding *match_finding(const aivm_finding *f, const aivm_check_report *base,
                                         const bool *used, size_t *at)
{
    size_t any = base->n_findings;
    for (size_t i = 0; i < base->n_findings; i++) {
        const aivm_finding *b = &base->findings[i];
        if (used[i] || !same_identity(f, b))
            continue;
        if (strcmp(f->message, b->message) == 0) {
            *at = i;
            return b;
        }
        if (any == base->n_findings)
            any = i;
    }
    *at = any;
    return any < base->n_findings ? &base->findings[any] : NULL;
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
    c.known = r->has_cost && !(r->n_items && r->n_unpriced == r->n_items);
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

static void match_resources(aivm_check_diff *d, const aivm_check_report *rep,
                            const aivm_check_report *base)
{
    bool *taken = aivm_xcalloc(base->n_items + 1, sizeof *taken);
    d->resources = aivm_xcalloc(rep->n_items + base->n_items + 1, sizeof *d->resources);
    for (size_t i = 0; i < rep->n_items; i++) {
        const aivm_check_item *before = NULL;
        for (size_t j = 0; j < base->n_items && !before; j++)
            if (!taken[j] && strcmp(base->items[j].res->address, rep->items[i].res->address) == 0) {
                taken[j] = true;
                before = &base->items[j];
            }
        add_change(d, before, &rep->items[i]);
    }
    for (size_t j = 0; j < base->n_items; j++)
        if (!taken[j])
            add_change(d, &base->items[j], NULL);
    free(taken);
}

static void match_findings(aivm_check_diff *d, aivm_check_report *rep, aivm_check_report *base)
{
    bool *used = aivm_xcalloc(base->n_findings + 1, sizeof *used);
    for (size_t i = 0; i < rep->n_findings; i++) {
        aivm_finding *f = &rep->findings[i];
        size_t at = 0;
        if (match_finding(f, base, used, &at)) {
            used[at] = true;
            f->baseline = AIVM_BASELINE_UNCHANGED;
            d->n_unchanged++;
        } else {
            f->baseline = AIVM_BASELINE_NEW;
            d->n_new++;
            if (!f->waiver)
                d->new_open[f->severity]++;
        }
    }
    d->fixed = aivm_xcalloc(base->n_findings + 1, sizeof *d->fixed);
    for (size_t i = 0; i < base->n_findings; i++) {
        base->findings[i].baseline = used[i] ? AIVM_BASELINE_UNCHANGED : AIVM_BASELINE_ABSENT;
        if (!used[i])
            d->fixed[d->n_fixed++] = &base->findings[i];
    }
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

bool aivm_check_failed_new(const aivm_check_report *rep, aivm_severity level)
{
    if (!rep->diff)
        return aivm_check_failed(rep, level);
    for (int s = (int)level; s <= (int)AIVM_SEV_ERROR; s++)
        if (rep->diff->new_open[s])
            return true;
    return false;
}

bool aivm_check_verdict_failed(const aivm_check_report *rep, const aivm_check_render_opts *o)
{
    if (!o || o->fail_never)
        return false;
    return o->fail_new ? aivm_check_failed_new(rep, o->fail_on)
                       : aivm_check_failed(rep, o->fail_on);
}
