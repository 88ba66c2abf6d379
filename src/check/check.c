/*
 * check.c - check mode: for every planned resource, find its size in the
 * catalog, settle its workload (--workload defaults, aivm-* tags win),
 * apply the rules that carry a `check:` id (the same rules `recommend`
 * ranks with: exclude/penalize/note fire when the planned size matches,
 * require when it does not, prefer when the advisor's suggestion is
 * better), add the built-in findings (unknown size, multi-node training
 * without RDMA, spot training without checkpoints, missing tags, GPU
 * memory fit through the sizing hook), apply waivers and price the plan.
 * The suggested size is recommend's #1 (aivm_recommend) for the resource's
 * workload under the same constraints, and each planned deployment's figures
 * come from the same evaluator as recommend's (aivm_deployment_eval).
 */
#include <stdio.h>
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
    aivm_waivers *inline_w;
    const aivm_plan_resource **inline_res; /* resource of each inline waiver */
    const aivm_plan_resource **file_first; /* first resource each file waiver matches */
    bool *file_used, *inline_used;         /* the waiver waived a finding of this run */
    char **waive_errs;                     /* per plan resource: its malformed aivm-waive */
    aivm_loc *waive_locs;
    aivm_sizing *sizings; /* per item; items' wl.sizing point here */
} report_impl;

/* Advice per distinct workload: large plans repeat a handful of workloads.
 * Each cached advice borrows its own copy of the workload (wl, heap). */
typedef struct {
    aivm_workload *wl;
    aivm_advice *adv;
} cached;

typedef struct {
    cached *v;
    size_t n, cap;
} advice_cache;

static bool same_sizing(const aivm_sizing_input *a, const aivm_sizing_input *b)
{
    if (a->set != b->set || (a->model == NULL) != (b->model == NULL) ||
        (a->model && strcmp(a->model, b->model) != 0))
        return false;
    return a->params == b->params && a->layers == b->layers && a->hidden == b->hidden &&
           a->heads == b->heads && a->kv_heads == b->kv_heads && a->precision == b->precision &&
           a->kv_precision == b->kv_precision && a->context == b->context && a->batch == b->batch &&
           a->concurrency == b->concurrency && a->finetune == b->finetune &&
           a->optimizer == b->optimizer && a->sharding == b->sharding &&
           a->act_ckpt == b->act_ckpt && a->max_nodes == b->max_nodes && a->gpus == b->gpus &&
           a->active_params == b->active_params;
}

static bool same_wl(const aivm_workload *a, const aivm_workload *b)
{
    if (memcmp(&a->work, &b->work, sizeof a->work) != 0) /* plain numbers: no padding */
        return false;
    return a->phase == b->phase && a->kind == b->kind && a->model_size == b->model_size &&
           a->os == b->os && a->include_retired == b->include_retired && a->spot == b->spot &&
           a->checkpointing == b->checkpointing && a->region_assumed == b->region_assumed &&
           strcmp(a->region, b->region) == 0 && strcmp(a->today, b->today) == 0 &&
           (a->sizing == NULL) == (b->sizing == NULL) && same_sizing(&a->sizing_in, &b->sizing_in);
}

/* Recommend's advice for the item's workload under the same constraints as
 * `recommend` would judge it: its region (or the default region when the
 * plan names none or one that is not a region, judged there like any
 * other), the --skus and --quota snapshots, OS, precision and work amount. */
static const aivm_advice *advice_for(advice_cache *c, const aivm_catalog *cat,
                                     const aivm_rules *rules, const aivm_check_item *it,
                                     const aivm_check_opts *o)
{
    aivm_request req = AIVM_REQUEST_INIT;
    aivm_workload wl = it->wl;
    aivm_advice *adv = NULL;
    if (!wl.region || it->region_unknown || wl.region_assumed) {
        wl.region = AIVM_DEFAULT_REGION;
        wl.region_assumed = false;
    }
    for (size_t i = 0; i < c->n; i++)
        if (same_wl(c->v[i].wl, &wl))
            return c->v[i].adv;
    if (c->n == c->cap) {
        c->cap = c->cap ? c->cap * 2 : 8;
        c->v = aivm_xrealloc(c->v, c->cap * sizeof *c->v);
    }
    c->v[c->n].wl = aivm_xmalloc(sizeof wl);
    *c->v[c->n].wl = wl;
    req.catalog = cat;
    req.rules = rules;
    req.workload = c->v[c->n].wl;
    req.top = 0;
    req.avail = o->avail;
    if (aivm_recommend(&adv, &req, NULL) < 0) {
        free(c->v[c->n].wl);
        return NULL;
    }
    c->v[c->n++].adv = adv;
    return adv;
}

static const char *const g_g11[] = {"G11"};
static const char *const g_g14[] = {"G14"};

/* The resource's workload: --workload defaults, then its tags. */
static void settle_workload(aivm_check_item *it, const aivm_check_opts *o)
{
    aivm_workload init = AIVM_WORKLOAD_INIT;
    const aivm_workload *t = &it->res->wl;
    aivm_workload wl = o->workload ? *o->workload : init;
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

static bool comparable(const aivm_size *c, const aivm_size *p)
{
    if (p->has_gpu)
        return c->has_gpu && aivm_check__gpu_total(c) >= aivm_check__gpu_total(p) * 0.99;
    return !c->has_gpu && c->vcpus >= p->vcpus && c->memory_gib >= p->memory_gib * 0.99;
}

/* True when `c` would raise no finding at or above `floor` from the check
 * rules, nor AIVM004 for a multi-node training group. */
static bool passes(const aivm_rules *rules, const aivm_check_item *it, const aivm_size *c,
                   aivm_severity floor)
{
    const aivm_workload *wl = &it->wl;
    if (wl->phase == AIVM_PHASE_TRAIN && it->res->nodes > 1 && !c->infiniband)
        return false;
    for (size_t i = 0; i < aivm_rules_count(rules); i++) {
        const aivm_rule *r = aivm_rules_at(rules, i);
        aivm_effect e = aivm_rule_effect(r);
        bool m;
        if (!aivm_rule_check_id(r) || !aivm_rule_applies(r, wl) || aivm_rule_severity(r) < floor ||
            e == AIVM_EFFECT_PREFER)
            continue;
        m = aivm_rule_matches(r, wl, c);
        if (e == AIVM_EFFECT_REQUIRE ? !m : m)
            return false;
    }
    return true;
}

/* True when a require or exclude rule rejects `s` for the workload (as
 * recommend would). Prefer-rule findings are only raised for accepted sizes. */
static bool rejected(const aivm_rules *rules, const aivm_workload *wl, const aivm_size *s)
{
    for (size_t i = 0; i < aivm_rules_count(rules); i++) {
        const aivm_rule *r = aivm_rules_at(rules, i);
        aivm_effect e = aivm_rule_effect(r);
        if (!aivm_rule_applies(r, wl))
            continue;
        if ((e == AIVM_EFFECT_REQUIRE && !aivm_rule_matches(r, wl, s)) ||
            (e == AIVM_EFFECT_EXCLUDE && aivm_rule_matches(r, wl, s)))
            return true;
    }
    return false;
}

/* The advisor's first size (its ranking: the cheapest that does the job)
 * that passes the check and holds at least what is planned (with sizing, the
 * ranking already weighs the memory fit); failing that, the first that
 * raises no error (a warning such as AIVM003 may be the price of holding the
 * model). When nothing that passes holds what is planned, the passing size
 * closest below the planned GPU memory (a GPU plan), else the first passing
 * one. NULL when the plan itself comes first, or nothing passes. */
/* The cost order of the advice's candidates: the cheapest deployment first,
 * the guidance preferences moving it within their bounded band (the cost
 * objective of docs/ranking.md), whatever the advice's own objective. */
static int by_cost(const void *pa, const void *pb)
{
    const aivm_candidate *x = *(const aivm_candidate *const *)pa;
    const aivm_candidate *y = *(const aivm_candidate *const *)pb;
    if (x->ranking.has_cost != y->ranking.has_cost)
        return x->ranking.has_cost ? -1 : 1;
    if (x->ranking.has_cost && x->ranking.adjusted_cost != y->ranking.adjusted_cost)
        return x->ranking.adjusted_cost < y->ranking.adjusted_cost ? -1 : 1;
    return x->rank < y->rank ? -1 : x->rank > y->rank;
}

/* What prefer rules (AIVM009) compare the plan with: the first size of the
 * planned family, in the cost order, that passes the check and holds at
 * least what is planned (failing that, the first that raises no error);
 * NULL when the plan itself comes first, or nothing passes. */
static const aivm_size *pick_family(const aivm_advice *adv, const aivm_rules *rules,
                                    const aivm_check_item *it)
{
    static const aivm_severity floors[] = {AIVM_SEV_WARNING, AIVM_SEV_ERROR};
    const aivm_size *planned = it->size;
    const aivm_candidate **order;
    const aivm_size *found = NULL;
    bool ranked = false;
    if (!adv || !planned || !adv->n_ranked)
        return NULL;
    for (size_t i = 0; i < adv->n_ranked && !ranked; i++)
        ranked = adv->ranked[i].size == planned;
    if (!ranked) /* the plan cannot be deployed as asked (quota, SKU list, rules): those
                    findings say so; nothing ranks "above" it */
        return NULL;
    order = aivm_xcalloc(adv->n_ranked, sizeof *order);
    for (size_t i = 0; i < adv->n_ranked; i++)
        order[i] = &adv->ranked[i];
    qsort(order, adv->n_ranked, sizeof *order, by_cost);
    for (size_t k = 0; k < 4 && !found; k++) {
        bool holds = k % 2 == 0; /* passes 0, 2: holds at least what is planned */
        const aivm_size *closest = NULL;
        for (size_t i = 0; i < adv->n_ranked; i++) {
            const aivm_size *c = order[i]->size;
            bool ok = passes(rules, it, c, floors[k / 2]);
            if (c == planned && ok)
                goto done; /* nothing better ranks above the plan */
            if (c == planned || !ok ||
                strcmp(aivm_str(&c->family), aivm_str(&planned->family)) != 0)
                continue;
            if (it->wl.sizing || comparable(c, planned) ||
                (!holds && !(planned->has_gpu && c->has_gpu))) {
                found = c;
                goto done;
            }
            if (!holds && (!closest || aivm_check__gpu_total(c) > aivm_check__gpu_total(closest)))
                closest = c;
        }
        found = closest;
    }
done:
    free(order);
    return found;
}

static char *render_rule(const aivm_rule *r, const aivm_workload *wl, const aivm_size *s,
                         const char *prefix)
{
    aivm_buf b = AIVM_BUF_INIT;
    if (prefix)
        aivm_buf_puts(&b, prefix);
    aivm_rule_render_message(&b, r, wl, s);
    return aivm_buf_detach(&b);
}

/* `newer` is the advisor's best passing size of the planned family: what
 * prefer rules (AIVM009) compare the plan with. */
static void rule_findings(aivm_check__flist *l, aivm_check_item *it, const aivm_rules *rules,
                          const aivm_size *newer)
{
    const aivm_size *s = it->size;
    const aivm_workload *wl = &it->wl;
    for (size_t i = 0; i < aivm_rules_count(rules); i++) {
        const aivm_rule *r = aivm_rules_at(rules, i);
        const aivm_size *sug = it->suggested;
        const char *cid = aivm_rule_check_id(r);
        bool m, fire = false;
        double a = 0, b = 0;
        char *msg = NULL;
        aivm_finding *f;
        if (!cid || !aivm_rule_applies(r, wl))
            continue;
        m = aivm_rule_matches(r, wl, s);
        switch (aivm_rule_effect(r)) {
        case AIVM_EFFECT_EXCLUDE:
        case AIVM_EFFECT_PENALIZE:
        case AIVM_EFFECT_NOTE:
            if ((fire = m))
                msg = render_rule(r, wl, s, NULL);
            break;
        case AIVM_EFFECT_REQUIRE:
            if ((fire = !m)) {
                char *pre = aivm_check__fmt("%s does not fit: ", aivm_str(&s->name));
                msg = render_rule(r, wl, s, pre);
                free(pre);
            }
            break;
        case AIVM_EFFECT_PREFER:
            sug = newer;
            if (!sug || rejected(rules, wl, s) || !aivm_rule_matches(r, wl, sug))
                break;
            if (aivm_rule_scale_value(r, wl, s, &a) && aivm_rule_scale_value(r, wl, sug, &b))
                fire = b > a;
            else
                fire = !m;
            if (fire) {
                char *pre = aivm_check__fmt("%s fits better than %s: ", aivm_str(&sug->name),
                                            aivm_str(&s->name));
                msg = render_rule(r, wl, sug, pre);
                free(pre);
            }
            break;
        }
        if (!fire)
            continue;
        f = aivm_check__add(l, cid, aivm_rule_severity(r), it->res);
        f->rule = r;
        f->message = msg;
        f->suggested = sug;
        aivm_check__guidance(f, aivm_rule_guidance(r)->items, aivm_rule_guidance(r)->n);
    }
}

static void builtin_findings(aivm_check__flist *l, aivm_check_item *it, const aivm_catalog *cat,
                             const aivm_check_opts *o)
{
    const aivm_plan_resource *r = it->res;
    const aivm_workload *wl = &it->wl;
    aivm_finding *f;
    if (!it->size) {
        f = aivm_check__add(l, "AIVM001", AIVM_SEV_WARNING, r);
        const char *guess = r->size ? aivm_catalog_suggest_size(cat, r->size) : NULL;
        if (guess) /* a typo of a catalog size: the deployment would fail too */
            f->message = aivm_check__fmt("%s is not in the aivm-advise catalog (did you mean %s?)",
                                         r->size, guess);
        else if (r->size)
            f->message = aivm_check__fmt(
                "%s is not in the aivm-advise catalog: no rule can judge it", r->size);
        else if (r->size_expr && r->size_expr[0] == '[')
            f->message = aivm_check__fmt(
                "the size is an expression aivm-advise cannot evaluate: %s", r->size_expr);
        else if (r->size_expr && strcmp(r->size_expr, "(known after apply)") == 0)
            f->message = aivm_check__fmt("the size is unknown at plan time (known after apply)");
        else if (r->size_expr && r->size_expr[0] == '(')
            f->message = aivm_check__fmt("no size is set (or it is unknown until apply)");
        else
            f->message = aivm_check__fmt("the size is empty");
        f->suggested = it->suggested;
    }
    if (!it->has_workload) {
        f = aivm_check__add(l, "AIVM011", AIVM_SEV_NOTE, r);
        f->message =
            aivm_check__fmt("no workload: tag the resource with aivm-phase and aivm-kind (or pass "
                            "--workload); only lifecycle rules were applied");
        f->loc = r->loc;
        f->pointer = NULL;
        return;
    }
    if (it->size && wl->phase == AIVM_PHASE_TRAIN && r->nodes > 1 && !it->size->infiniband &&
        !(wl->kind == AIVM_KIND_NON_GENERATIVE && wl->model_size == AIVM_MSIZE_SMALL)) {
        f = aivm_check__add(l, "AIVM004", AIVM_SEV_ERROR, r);
        f->message =
            aivm_check__fmt("%u VMs of %s train together, but %s has no InfiniBand/RDMA network "
                            "for GPU-to-GPU transfer across VMs",
                            r->nodes, r->group, aivm_str(&it->size->name));
        f->suggested = it->suggested && it->suggested->infiniband ? it->suggested : NULL;
        aivm_check__guidance(f, g_g11, 1);
    }
    if (wl->phase == AIVM_PHASE_TRAIN && r->priority == AIVM_PRIO_SPOT && !r->checkpointing) {
        f = aivm_check__add(l, "AIVM010", AIVM_SEV_WARNING, r);
        f->message =
            aivm_check__fmt("spot capacity can be reclaimed at any time: training without "
                            "checkpoints loses work on eviction (tag aivm-checkpointing = \"true\" "
                            "once the job checkpoints)");
        aivm_check__guidance(f, g_g14, 1);
    }
    aivm_check__sizing_findings(l, it, o);
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
    it->spot_price = spot && it->price.has_spot;
    it->price.pricing = it->spot_price ? AIVM_PRICING_SPOT : AIVM_PRICING_ON_DEMAND;
    it->price.has_hourly = true;
    it->price.hourly = it->price.alt[it->price.pricing];
    it->price_source = AIVM_PRICE_CATALOG;
    it->price_region = it->price.region;
    it->currency = it->price.currency;
    aivm_check__deploy(it);
}

void aivm_check__deploy(aivm_check_item *it)
{
    const aivm_sizing *sz = it->wl.sizing;
    bool priced = it->price.source != AIVM_PRICE_NONE && it->price.has_hourly;
    aivm_deployment_eval(&it->deploy, it->res->count ? it->res->count : 1,
                         priced ? &it->price : NULL, it->has_work ? &it->work : NULL,
                         sz && it->size ? aivm_sizing_runs_as(sz, it->size) : AIVM_PREC_UNSET);
    it->priced = it->deploy.has_hourly;
    it->hourly = it->deploy.hourly;
    if (!it->priced)
        it->price_source = AIVM_PRICE_NONE;
}

/* ---- waivers ---- */

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

static void waive(aivm_finding *f, const report_impl *ri, const aivm_waivers *file,
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

/* The aivm-waive tags of every resource; a malformed one is kept for its
 * resource's AIVM021 (the waivers before the fault still count). */
static void parse_inline(report_impl *ri, const aivm_plan *plan)
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

/* Findings of one item, sorted, appended to the report's list. */
static void check_item(aivm_check__flist *all, aivm_check_item *it, const aivm_catalog *cat,
                       const aivm_rules *rules, const aivm_check_opts *o, const report_impl *ri,
                       size_t index, advice_cache *cache, aivm_sizing *sz,
                       aivm_check__quota_tally *quota)
{
    aivm_check__flist l = {NULL, 0, 0};
    const aivm_advice *adv = NULL;
    aivm_error e = AIVM_ERROR_INIT;
    bool bad_model = false;
    for (size_t i = 0; i < it->res->n_tag_issues; i++)
        tag_finding(&l, it->res, it->res->tag_issues[i].message, it->res->tag_issues[i].loc);
    if (ri->waive_errs[index])
        tag_finding(&l, it->res, ri->waive_errs[index], ri->waive_locs[index]);
    if (it->res->model && o->models && !aivm_models_find(o->models, it->res->model)) {
        model_finding(&l, it->res, o->models);
        bad_model = true;
    }
    settle_workload(it, o);
    if (aivm_catalog_region_count(cat) && it->wl.region) {
        const aivm_region *reg = aivm_catalog_find_region(cat, it->wl.region);
        if (reg) {
            it->wl.region = reg->name;
        } else {
            it->region_unknown = true;
            it->wl.region_assumed = true; /* no rule judges by it, no query names it */
            location_finding(&l, it, cat);
        }
    }
    if (aivm_check__resolve_sizing(it, sz, o, &e) == 0) {
        aivm_rules_settle_size_class(rules, &it->wl); /* as recommend */
    } else {
        aivm_sizing_input none = AIVM_SIZING_INPUT_INIT;
        const aivm_plan_resource *r = it->res;
        if (!bad_model) /* judged without sizing */
            tag_finding(&l, r, e.msg, r->model ? r->model_loc : r->loc);
        it->wl.sizing_in = none;
        it->wl.sizing = NULL;
        if (it->wl.kind == AIVM_KIND_UNSET)
            it->has_workload = false;
    }
    it->size = it->res->size ? aivm_catalog_find_size(cat, it->res->size) : NULL;
    if (it->has_workload)
        adv = advice_for(cache, cat, rules, it, o);
    if (adv && adv->n_ranked) {
        it->suggested = adv->ranked[0].size; /* recommend's #1, the plan's own size included */
        it->suggested_deploy = adv->ranked[0].deploy;
    }
    if (it->size)
        rule_findings(&l, it, rules, pick_family(adv, rules, it));
    builtin_findings(&l, it, cat, o);
    aivm_check__avail_findings(&l, it, o, quota);
    price_item(it);
    aivm_check__work_findings(&l, it, cat, adv);
    for (size_t i = 0; i < aivm_waivers_count(ri->inline_w); i++)
        if (ri->inline_res[i] == it->res && expired(aivm_waivers_at(ri->inline_w, i), o->today))
            expired_finding(&l, aivm_waivers_at(ri->inline_w, i), it->res);
    for (size_t i = 0; i < aivm_waivers_count(o->waivers); i++)
        if (ri->file_first[i] == it->res && expired(aivm_waivers_at(o->waivers, i), o->today))
            expired_finding(&l, aivm_waivers_at(o->waivers, i), it->res);
    for (size_t i = 0; i < l.n; i++)
        waive(&l.v[i], ri, o->waivers, o->today);
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
    advice_cache cache = {NULL, 0, 0};
    aivm_check__quota_tally quota = {NULL, 0, 0};
    size_t n = aivm_plan_count(plan);
    (void)err; /* nothing fails: bad tags are findings (AIVM021) */
    *out = NULL;
    rep->today = opts->today;
    rep->catalog = cat;
    rep->currency = "USD";
    rep->sizing_active = opts->gpu_need != NULL || opts->models != NULL;
    rep->quota_active = aivm_avail_has_usage(opts->avail);
    parse_inline(ri, plan);
    ri->inline_used = aivm_xcalloc(aivm_waivers_count(ri->inline_w) + 1, sizeof *ri->inline_used);
    ri->file_used = aivm_xcalloc(aivm_waivers_count(opts->waivers) + 1, sizeof *ri->file_used);
    rep->items = aivm_xcalloc(n ? n : 1, sizeof *rep->items);
    rep->n_items = n;
    ri->file_first = aivm_xcalloc(aivm_waivers_count(opts->waivers) + 1, sizeof *ri->file_first);
    for (size_t i = 0; i < aivm_waivers_count(opts->waivers); i++)
        for (size_t j = 0; j < n && !ri->file_first[i]; j++)
            if (addr_matches(aivm_waivers_at(opts->waivers, i)->resource, aivm_plan_at(plan, j)))
                ri->file_first[i] = aivm_plan_at(plan, j);
    ri->sizings = aivm_xcalloc(n ? n : 1, sizeof *ri->sizings);
    for (size_t i = 0; i < n; i++) {
        rep->items[i].res = aivm_plan_at(plan, i);
        check_item(&all, &rep->items[i], cat, rules, opts, ri, i, &cache, &ri->sizings[i], &quota);
    }
    free(quota.v);
    for (size_t i = 0; i < cache.n; i++) {
        aivm_advice_free(cache.v[i].adv);
        free(cache.v[i].wl);
    }
    free(cache.v);
    for (size_t i = 0; i < aivm_waivers_count(opts->waivers); i++) {
        const aivm_waiver *w = aivm_waivers_at(opts->waivers, i);
        if (!ri->file_used[i] && !(expired(w, opts->today) && ri->file_first[i])) {
            unmatched_finding(&all, w, ri->file_first[i] != NULL, opts->today);
            rep->n_orphans++;
        }
    }
    for (size_t i = 0; i < aivm_waivers_count(ri->inline_w); i++) {
        const aivm_waiver *w = aivm_waivers_at(ri->inline_w, i);
        if (!ri->inline_used[i] && !expired(w, opts->today)) {
            unmatched_finding(&all, w, true, opts->today);
            rep->n_orphans++;
        }
    }
    rep->findings = all.v;
    rep->n_findings = all.n;
    for (size_t i = 0; i < all.n; i++) {
        if (all.v[i].waiver)
            rep->n_waived++;
        else
            rep->open[all.v[i].severity]++;
    }
    aivm_check__totals(rep);
    *out = rep;
    return 0;
}

void aivm_check_report_free(aivm_check_report *rep)
{
    report_impl *ri = (report_impl *)rep;
    if (!rep)
        return;
    aivm_check__diff_free(rep->diff);
    for (size_t i = 0; i < rep->n_findings; i++)
        free(rep->findings[i].message);
    free(rep->findings);
    free(rep->items);
    aivm_waivers_free(ri->inline_w);
    free(ri->inline_res);
    free(ri->file_first);
    for (size_t i = 0; ri->waive_errs && i < rep->n_items; i++)
        free(ri->waive_errs[i]);
    free(ri->waive_errs);
    free(ri->waive_locs);
    free(ri->file_used);
    free(ri->inline_used);
    free(ri->sizings);
    free(ri);
}

bool aivm_check_failed(const aivm_check_report *rep, aivm_severity level)
{
    for (int s = (int)level; s <= (int)AIVM_SEV_ERROR; s++)
        if (rep->open[s])
            return true;
    return false;
}
