/*
 * check.c - check mode: for every planned resource, find its size in the
 * catalog, settle its workload (--workload defaults, aivm-* tags win), its
 * region and its sizing (bad tags are AIVM020/AIVM021 findings), then run
 * the steps on it: the suggested size (check_suggest.c: recommend's #1 for
 * the resource's workload under the same constraints), the findings on the
 * planned size (check_judge.c), availability (check_avail.c), its price and
 * deployment (the same evaluator as recommend's, aivm_deployment_eval), the
 * work (check_work.c) and the waivers (check_waive.c). Findings are sorted
 * per resource; the report owns them.
 */
#include <stdlib.h>
#include <string.h>

#include "aivm/advise.h"
#include "aivm/avail.h"
#include "aivm/check.h"
#include "aivm/inputs.h"
#include "aivm/util.h"
#include "check_int.h"

typedef struct {
    aivm_check_report pub; /* first: the public report is the impl's address */
    aivm_check__waiving waiving;
    aivm_sizing *sizings; /* per item; items' wl.sizing point here */
} report_impl;

/* What --workload says of a system node pool: only where and how it runs
 * (region, OS, retired sizes); the AI job (phase, kind, model, work) is the
 * other pools'. The pool's own aivm-* tags still describe it. */
static aivm_workload system_pool_base(const aivm_workload *given)
{
    aivm_workload wl = AIVM_WORKLOAD_INIT;
    if (!given)
        return wl;
    wl.region = given->region;
    wl.region_loc = given->region_loc;
    wl.region_origin = given->region_origin;
    wl.os = given->os;
    wl.origin[AIVM_IN_OS] = given->origin[AIVM_IN_OS];
    wl.include_retired = given->include_retired;
    wl.origin[AIVM_IN_INCLUDE_RETIRED] = given->origin[AIVM_IN_INCLUDE_RETIRED];
    wl.set = given->set & (AIVM_WL_REGION | AIVM_WL_OS | AIVM_WL_INCLUDE_RETIRED);
    return wl;
}

/* The resource's workload: --workload defaults, then its tags. */
static void settle_workload(aivm_check_item *it, const aivm_check_opts *o)
{
    aivm_workload init = AIVM_WORKLOAD_INIT;
    const aivm_workload *t = &it->res->wl;
    aivm_workload wl = it->res->system_pool ? system_pool_base(o->workload)
                       : o->workload        ? *o->workload
                                            : init;
    aivm_workload_overlay(&wl, t); /* the tags win over --workload and the flags */
    if (!(wl.set & AIVM_WL_OS) && t->os != AIVM_OS_UNSET)
        wl.os = t->os; /* as the plan declares it, when nobody says otherwise */
    if (it->res->region)
        wl.region = it->res->region;
    /* no location in the plan nor in --workload: eastus is assumed for prices,
     * but no rule may judge the size by a region nobody chose */
    wl.region_assumed = !it->res->region && !wl.region;
    /* the preset's kind, or generative from a billion parameters, as recommend;
     * an unknown preset has its own finding */
    (void)aivm_workload_settle(&wl, o->models, NULL);
    if (it->res->priority == AIVM_PRIO_SPOT) {
        wl.spot = true; /* judged as recommend --spot judges: spot prices in the ranking */
        wl.set |= AIVM_WL_SPOT;
    }
    wl.today = o->today;
    /* an unknown aivm-model with a phase is still a workload: its sizing then
     * fails at the tag (exit 3), never silently skipped */
    it->has_workload =
        wl.phase != AIVM_PHASE_UNSET && (wl.kind != AIVM_KIND_UNSET || wl.sizing_in.model != NULL);
    if (it->has_workload) {
        aivm_workload_finish(&wl, NULL);
    } else {
        if (!wl.region)
            wl.region = "eastus";
        if (wl.os == AIVM_OS_UNSET)
            wl.os = AIVM_OS_LINUX;
    }
    it->wl = wl;
}

static void price_item(aivm_check_item *it)
{
    const aivm_size *s = it->size;
    bool spot = it->res->priority == AIVM_PRIO_SPOT;
    if (!s) {
        memset(&it->price, 0, sizeof it->price);
        it->price.currency = "USD";
        aivm_check__deploy(it);
        return;
    }
    aivm_price_from_catalog(&it->price, s, it->wl.region, it->wl.os, AIVM_PRICING_ON_DEMAND,
                            &it->price_fallback);
    if (it->res->count_expr || it->region_unknown)
        it->price.source = AIVM_PRICE_NONE; /* an unknown count has an unknown cost */
    if (it->price.source == AIVM_PRICE_NONE) {
        it->price_fallback = false;
        aivm_check__deploy(it);
        return;
    }
    it->spot_price = spot && it->price.has_spot; /* at the rate the plan buys */
    aivm_price_select(&it->price, it->spot_price ? AIVM_PRICING_SPOT : AIVM_PRICING_ON_DEMAND);
    it->price_source = AIVM_PRICE_CATALOG;
    it->price_region = it->price.region;
    it->currency = it->price.currency;
    aivm_check__deploy(it);
}

/* A deployment of no VM: its costs and capacity are zero, its work undone. */
static void no_vms(aivm_deployment *d)
{
    aivm_deployment z;
    memset(&z, 0, sizeof z);
    z.has_hourly = d->has_hourly;
    z.has_on_demand_hourly = d->has_on_demand_hourly;
    z.has_spot_hourly = d->has_spot_hourly;
    z.currency = d->currency;
    z.pricing = d->pricing;
    z.precision = d->precision;
    *d = z;
}

void aivm_check__deploy(aivm_check_item *it)
{
    const aivm_sizing *sz = it->wl.sizing;
    bool priced = it->price.source != AIVM_PRICE_NONE && it->price.has_hourly;
    aivm_deployment_eval(&it->deploy, it->res->count ? it->res->count : 1,
                         priced ? &it->price : NULL, it->has_work ? &it->work : NULL,
                         sz && it->size ? aivm_sizing_runs_as(sz, it->size) : AIVM_PREC_UNSET);
    if (it->res->count == 0 && !it->res->count_expr)
        no_vms(&it->deploy); /* a pool of 0 nodes costs nothing (the evaluator counts 1) */
    it->priced = it->deploy.has_hourly;
    it->hourly = it->deploy.hourly;
    if (!it->priced)
        it->price_source = AIVM_PRICE_NONE;
}

static int sev_cmp(const void *a, const void *b)
{
    const aivm_finding *x = a, *y = b;
    int c;
    if (x->severity != y->severity)
        return x->severity > y->severity ? -1 : 1;
    c = strcmp(x->id, y->id);
    if (c) /* then by position: qsort is not stable, the output must be */
        return c;
    if (x->loc.line != y->loc.line)
        return x->loc.line < y->loc.line ? -1 : 1;
    if (x->loc.col != y->loc.col)
        return x->loc.col < y->loc.col ? -1 : 1;
    return strcmp(x->message ? x->message : "", y->message ? y->message : "");
}

/* AIVM021: a bad aivm-* tag of the resource, judged without it. */
static void tag_finding(aivm_check__flist *l, const aivm_plan_resource *r, const char *msg,
                        aivm_loc loc)
{
    aivm_finding *f = aivm_check__add(l, "AIVM021", AIVM_SEV_ERROR, r);
    f->loc = loc;
    f->pointer = NULL;
    f->message = aivm_check__fmt("%s", msg);
}

/* AIVM020: the plan's location is no Azure region (an unevaluated reference
 * such as "azurerm_resource_group.x.location", a placeholder, a typo). */
static void location_finding(aivm_check__flist *l, aivm_check_item *it, const aivm_catalog *cat)
{
    size_t n = aivm_catalog_region_count(cat);
    const char **names = aivm_xcalloc(n + 1, sizeof *names);
    const char *guess;
    aivm_finding *f;
    for (size_t i = 0; i < n; i++)
        names[i] = aivm_catalog_region_at(cat, i)->name;
    guess = aivm_did_you_mean(it->res->region, names, n);
    f = aivm_check__add(l, "AIVM020", AIVM_SEV_WARNING, it->res);
    f->loc = it->res->region_loc.line ? it->res->region_loc : it->res->loc;
    f->pointer = NULL;
    if (guess)
        f->message = aivm_check__fmt("location '%s' is not an Azure region (did you mean %s?): "
                                     "not priced, not held to a region",
                                     it->res->region, guess);
    else
        f->message = aivm_check__fmt(
            "location '%s' is not an Azure region%s: not priced, not "
            "held to a region",
            it->res->region,
            strchr(it->res->region, '.') ? " (it reads like an unevaluated reference)" : "");
    free(names);
}

/* AIVM021 for an aivm-model that is no preset, with the CLI's did-you-mean. */
static void model_finding(aivm_check__flist *l, const aivm_plan_resource *r,
                          const aivm_models *models)
{
    size_t n = aivm_models_count(models);
    const char **ids = aivm_xcalloc(n + 1, sizeof *ids);
    const char *guess;
    char *msg;
    for (size_t i = 0; i < n; i++)
        ids[i] = aivm_models_at(models, i)->id;
    guess = aivm_did_you_mean(r->model, ids, n);
    if (guess)
        msg = aivm_check__fmt("unknown model '%s' in tag 'aivm-model' of %s (did you mean %s?)",
                              r->model, r->address, guess);
    else
        msg = aivm_check__fmt("unknown model '%s' in tag 'aivm-model' of %s ('aivm-advise models "
                              "list' shows the presets)",
                              r->model, r->address);
    tag_finding(l, r, msg, r->model_loc);
    free(msg);
    free(ids);
}

/* The item's inputs: its bad tags (AIVM021), its workload, its region
 * (AIVM020 when it is none) and its sizing (`sz`, kept by the caller). */
static void settle_item(aivm_check__flist *l, aivm_check_item *it, const aivm_catalog *cat,
                        const aivm_rules *rules, const aivm_check_opts *o,
                        const aivm_check__waiving *wv, size_t index, aivm_sizing *sz)
{
    aivm_error e = AIVM_ERROR_INIT;
    bool bad_model = false;
    int rc;
    for (size_t i = 0; i < it->res->n_tag_issues; i++)
        tag_finding(l, it->res, it->res->tag_issues[i].message, it->res->tag_issues[i].loc);
    if (wv->waive_errs[index])
        tag_finding(l, it->res, wv->waive_errs[index], wv->waive_locs[index]);
    if (it->res->model && o->models && !aivm_models_find(o->models, it->res->model)) {
        model_finding(l, it->res, o->models);
        bad_model = true;
    }
    settle_workload(it, o);
    /* the region's catalog name, the sizing and the size class: recommend's step */
    rc = aivm_request_settle(&it->wl, sz, cat, it->has_workload ? o->models : NULL, rules,
                             &it->region_unknown, NULL, &e);
    if (it->region_unknown) {
        it->wl.region_assumed = true; /* no rule judges by it, no query names it */
        location_finding(l, it, cat);
    }
    if (rc < 0) {
        aivm_sizing_input none = AIVM_SIZING_INPUT_INIT;
        const aivm_plan_resource *r = it->res;
        if (!bad_model) { /* judged without sizing: the tag's finding, at the tag */
            char *msg = aivm_check__fmt("%s: %s", r->address, e.msg);
            tag_finding(l, r, msg, r->model ? r->model_loc : r->loc);
            free(msg);
        }
        it->wl.sizing_in = none;
        it->wl.sizing = NULL;
        if (it->wl.kind == AIVM_KIND_UNSET)
            it->has_workload = false;
    }
}

/* The VMs of each finding's suggested deployment: recommend's for that size
 * (the advice's candidate of it: the item's suggestion is its #1). */
static void suggestion_counts(aivm_check__flist *l, const aivm_advice *adv)
{
    for (size_t i = 0; i < l->n; i++) {
        aivm_finding *f = &l->v[i];
        const aivm_candidate *c = f->suggested ? aivm_check__candidate_of(adv, f->suggested) : NULL;
        if (f->suggested)
            f->suggested_vms = c && c->deploy.vms ? c->deploy.vms : 1;
    }
}

/* Findings of one item, sorted, appended to the report's list. */
static void check_item(aivm_check__flist *all, aivm_check_item *it, const aivm_catalog *cat,
                       const aivm_rules *rules, const aivm_check_opts *o,
                       const aivm_check__waiving *wv, size_t index, aivm_check__advice_cache *cache,
                       aivm_sizing *sz, aivm_check__quota_tally *quota)
{
    aivm_check__flist l = {NULL, 0, 0};
    const aivm_advice *adv = NULL;
    settle_item(&l, it, cat, rules, o, wv, index, sz);
    it->size = it->res->size ? aivm_catalog_find_size(cat, it->res->size) : NULL;
    if (it->has_workload)
        adv = aivm_check__advice_for(cache, cat, rules, it, o);
    if (adv && adv->n_ranked) {
        it->suggested = adv->ranked[0].size; /* recommend's #1, the plan's own size included */
        it->suggested_deploy = adv->ranked[0].deploy;
    }
    if (it->size)
        aivm_check__rule_findings(&l, it, rules, aivm_check__pick_family(adv, rules, it));
    aivm_check__builtin_findings(&l, it, cat, o);
    aivm_check__avail_findings(&l, it, o, quota);
    price_item(it);
    aivm_check__work_findings(&l, it, cat, adv);
    aivm_check__waive_item(&l, wv, it, o);
    suggestion_counts(&l, adv);
    if (l.n > 1)
        qsort(l.v, l.n, sizeof *l.v, sev_cmp);
    it->first = all->n;
    it->n = l.n;
    for (size_t i = 0; i < l.n; i++)
        *aivm_check__add(all, NULL, AIVM_SEV_NOTE, NULL) = l.v[i];
    free(l.v);
}

int aivm_check_run(aivm_check_report **out, const aivm_plan *plan, const aivm_catalog *cat,
                   const aivm_rules *rules, const aivm_check_opts *opts, aivm_error *err)
{
    report_impl *ri = aivm_xcalloc(1, sizeof *ri);
    aivm_check_report *rep = &ri->pub;
    aivm_check__flist all = {NULL, 0, 0};
    aivm_check__advice_cache cache = {NULL, 0, 0};
    aivm_check__quota_tally quota = {NULL, 0, 0};
    size_t n = aivm_plan_count(plan);
    (void)err; /* nothing fails: bad tags are findings (AIVM021) */
    *out = NULL;
    rep->today = opts->today;
    rep->catalog = cat;
    rep->currency = "USD";
    rep->sizing_active = opts->gpu_need != NULL || opts->models != NULL;
    rep->quota_active = aivm_avail_has_usage(opts->avail);
    {
        aivm_buf stale = AIVM_BUF_INIT;
        if (aivm_catalog_stale_warning(&stale, cat, opts->today))
            aivm_check_report_add_warning(rep, "catalog-stale", stale.ptr);
        aivm_buf_dispose(&stale);
    }
    aivm_check__waiving_init(&ri->waiving, plan, opts->waivers);
    rep->items = aivm_xcalloc(n ? n : 1, sizeof *rep->items);
    rep->n_items = n;
    ri->sizings = aivm_xcalloc(n ? n : 1, sizeof *ri->sizings);
    for (size_t i = 0; i < n; i++) {
        rep->items[i].res = aivm_plan_at(plan, i);
        check_item(&all, &rep->items[i], cat, rules, opts, &ri->waiving, i, &cache, &ri->sizings[i],
                   &quota);
    }
    free(quota.v);
    aivm_check__advice_cache_dispose(&cache);
    rep->n_orphans += aivm_check__waiver_orphans(&all, &ri->waiving, opts);
    rep->findings = all.v;
    rep->n_findings = all.n;
    for (size_t i = 0; i < all.n; i++) {
        if (all.v[i].waiver)
            rep->n_waived++;
        else
            rep->open[all.v[i].severity]++;
    }
    rep->n_open = rep->n_findings - rep->n_waived;
    aivm_check__totals(rep);
    aivm_check_judge(rep, opts->gate);
    *out = rep;
    return 0;
}

void aivm_check_report_add_warning(aivm_check_report *rep, const char *id, const char *msg)
{
    aivm_warnings_add(&rep->warnings, id, msg);
}

void aivm_check_report_free(aivm_check_report *rep)
{
    report_impl *ri = (report_impl *)rep;
    if (!rep)
        return;
    aivm_warnings_dispose(&rep->warnings);
    aivm_check__diff_free(rep->diff);
    for (size_t i = 0; i < rep->n_findings; i++)
        free(rep->findings[i].message);
    free(rep->findings);
    free(rep->items);
    aivm_check__waiving_dispose(&ri->waiving, rep->n_items);
    free(ri->sizings);
    free(ri);
}
