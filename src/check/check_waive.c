/*
 * check_waive.c - waivers applied to a check run: the aivm-waive tags of the
 * plan (inline) and the waivers file (aivm_waivers, loaded by waivers.c). A
 * finding that a live waiver names is waived; an expired waiver raises
 * AIVM012 at its resource; a waiver that waived nothing is AIVM022. check.c
 * sets the state up once per run, waives each item's findings and adds the
 * orphans at the end.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aivm/check.h"
#include "aivm/util.h"
#include "check_int.h"

static bool addr_matches(const char *pattern, const aivm_plan_resource *r)
{
    size_t len = strlen(pattern);
    if (len > 0 && pattern[len - 1] == '*')
        return strncmp(pattern, r->address, len - 1) == 0;
    return strcmp(pattern, r->address) == 0 || strcmp(pattern, r->group) == 0;
}

static bool expired(const aivm_waiver *w, const char *today)
{
    return strcmp(w->expires, today) < 0;
}

static void waive(aivm_finding *f, const aivm_check__waiving *ri, const aivm_waivers *file,
                  const char *today)
{
    if (!f->res || strcmp(f->id, "AIVM012") == 0)
        return;
    for (size_t i = 0; i < aivm_waivers_count(ri->inline_w); i++) {
        const aivm_waiver *w = aivm_waivers_at(ri->inline_w, i);
        if (ri->inline_res[i] == f->res && strcmp(w->rule, f->id) == 0 && !expired(w, today)) {
            f->waiver = w;
            ri->inline_used[i] = true;
            return;
        }
    }
    for (size_t i = 0; i < aivm_waivers_count(file); i++) {
        const aivm_waiver *w = aivm_waivers_at(file, i);
        if (strcmp(w->rule, f->id) == 0 && addr_matches(w->resource, f->res) &&
            !expired(w, today)) {
            f->waiver = w;
            ri->file_used[i] = true;
            return;
        }
    }
}

static void expired_finding(aivm_check__flist *l, const aivm_waiver *w, const aivm_plan_resource *r)
{
    aivm_finding *f = aivm_check__add(l, "AIVM012", AIVM_SEV_ERROR, r);
    f->loc = w->loc;
    f->pointer = NULL;
    f->message = aivm_check__fmt(
        "the waiver of %s%s%s expired on %s (reason: %s): the finding counts again", w->rule,
        w->resource ? " for " : "", w->resource ? w->resource : "", w->expires, w->reason);
}

/* AIVM022: a waiver that waived nothing in this input: no resource it names
 * is in it (then an expired one is only this note: it counts where its
 * resource is checked), or the finding it names is not raised. */
static void unmatched_finding(aivm_check__flist *l, const aivm_waiver *w, bool resource_present,
                              const char *today)
{
    aivm_finding *f = aivm_check__add(l, "AIVM022", AIVM_SEV_NOTE, NULL);
    char where[300], exp[64] = "";
    snprintf(where, sizeof where, "%s:%u", w->loc.file ? w->loc.file : "?", w->loc.line);
    if (expired(w, today))
        snprintf(exp, sizeof exp, "; it expired on %s", w->expires);
    f->loc = w->loc;
    f->pointer = NULL;
    if (!w->resource)
        f->message = aivm_check__fmt("the aivm-waive of %s at %s waives nothing: %s is not raised "
                                     "on its resource (remove it)",
                                     w->rule, where, w->rule);
    else if (!resource_present)
        f->message = aivm_check__fmt("the waiver of %s for %s at %s matches no resource in this "
                                     "input%s",
                                     w->rule, w->resource, where, exp);
    else
        f->message = aivm_check__fmt("the waiver of %s for %s at %s waives nothing: %s is not "
                                     "raised there (remove it)",
                                     w->rule, w->resource, where, w->rule);
}

/* The aivm-waive tags of every resource; a malformed one is kept for its
 * resource's AIVM021 (the waivers before the fault still count). */
static void parse_inline(aivm_check__waiving *ri, const aivm_plan *plan)
{
    size_t n = aivm_plan_count(plan);
    aivm_waivers_new(&ri->inline_w);
    ri->waive_errs = aivm_xcalloc(n + 1, sizeof *ri->waive_errs);
    ri->waive_locs = aivm_xcalloc(n + 1, sizeof *ri->waive_locs);
    for (size_t i = 0; i < n; i++) {
        const aivm_plan_resource *r = aivm_plan_at(plan, i);
        size_t before = aivm_waivers_count(ri->inline_w);
        aivm_error e = AIVM_ERROR_INIT;
        if (!r->waive)
            continue;
        if (aivm_waivers_parse_inline(ri->inline_w, r->waive, r->waive_loc, &e) < 0) {
            ri->waive_errs[i] = aivm_check__fmt("%s", e.msg);
            ri->waive_locs[i] = r->waive_loc;
        }
        ri->inline_res = aivm_xrealloc(ri->inline_res, (aivm_waivers_count(ri->inline_w) + 1) *
                                                           sizeof *ri->inline_res);
        for (size_t j = before; j < aivm_waivers_count(ri->inline_w); j++)
            ri->inline_res[j] = r;
    }
}

void aivm_check__waiving_init(aivm_check__waiving *ri, const aivm_plan *plan,
                              const aivm_waivers *file)
{
    size_t n = aivm_plan_count(plan);
    parse_inline(ri, plan);
    ri->inline_used = aivm_xcalloc(aivm_waivers_count(ri->inline_w) + 1, sizeof *ri->inline_used);
    ri->file_used = aivm_xcalloc(aivm_waivers_count(file) + 1, sizeof *ri->file_used);
    ri->file_first = aivm_xcalloc(aivm_waivers_count(file) + 1, sizeof *ri->file_first);
    for (size_t i = 0; i < aivm_waivers_count(file); i++)
        for (size_t j = 0; j < n && !ri->file_first[i]; j++)
            if (addr_matches(aivm_waivers_at(file, i)->resource, aivm_plan_at(plan, j)))
                ri->file_first[i] = aivm_plan_at(plan, j);
}

void aivm_check__waive_item(aivm_check__flist *l, const aivm_check__waiving *ri,
                            const aivm_check_item *it, const aivm_check_opts *o)
{
    for (size_t i = 0; i < aivm_waivers_count(ri->inline_w); i++)
        if (ri->inline_res[i] == it->res && expired(aivm_waivers_at(ri->inline_w, i), o->today))
            expired_finding(l, aivm_waivers_at(ri->inline_w, i), it->res);
    for (size_t i = 0; i < aivm_waivers_count(o->waivers); i++)
        if (ri->file_first[i] == it->res && expired(aivm_waivers_at(o->waivers, i), o->today))
            expired_finding(l, aivm_waivers_at(o->waivers, i), it->res);
    for (size_t i = 0; i < l->n; i++)
        waive(&l->v[i], ri, o->waivers, o->today);
}

size_t aivm_check__waiver_orphans(aivm_check__flist *all, const aivm_check__waiving *ri,
                                  const aivm_check_opts *opts)
{
    size_t n = 0;
    for (size_t i = 0; i < aivm_waivers_count(opts->waivers); i++) {
        const aivm_waiver *w = aivm_waivers_at(opts->waivers, i);
        if (!ri->file_used[i] && !(expired(w, opts->today) && ri->file_first[i])) {
            unmatched_finding(all, w, ri->file_first[i] != NULL, opts->today);
            n++;
        }
    }
    for (size_t i = 0; i < aivm_waivers_count(ri->inline_w); i++) {
        const aivm_waiver *w = aivm_waivers_at(ri->inline_w, i);
        if (!ri->inline_used[i] && !expired(w, opts->today)) {
            unmatched_finding(all, w, true, opts->today);
            n++;
        }
    }
    return n;
}

void aivm_check__waiving_dispose(aivm_check__waiving *ri, size_t n_items)
{
    aivm_waivers_free(ri->inline_w);
    free(ri->inline_res);
    free(ri->file_first);
    for (size_t i = 0; ri->waive_errs && i < n_items; i++)
        free(ri->waive_errs[i]);
    free(ri->waive_errs);
    free(ri->waive_locs);
    free(ri->file_used);
    free(ri->inline_used);
}
