/*
 * check_suggest.c - the sizes check compares a plan with: recommend's advice
 * (aivm_recommend) for each resource's settled workload, cached per distinct
 * workload because large plans repeat a handful of them, and the pick of the
 * planned family that prefer rules (AIVM009) judge the plan against. Inputs
 * are the catalog, the rules and the check item; check.c calls it per item.
 */
#include <stdlib.h>
#include <string.h>

#include "aivm/advise.h"
#include "aivm/check.h"
#include "aivm/util.h"
#include "check_int.h"

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
const aivm_advice *aivm_check__advice_for(aivm_check__advice_cache *c, const aivm_catalog *cat,
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

void aivm_check__advice_cache_dispose(aivm_check__advice_cache *c)
{
    for (size_t i = 0; i < c->n; i++) {
        aivm_advice_free(c->v[i].adv);
        free(c->v[i].wl);
    }
    free(c->v);
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
        if (!aivm_rule_check_id(r) || aivm_rule_severity(r) < floor || e == AIVM_EFFECT_PREFER)
            continue;
        /* a finding: what rejects (exclude, require), what a penalty or note flags */
        if (e == AIVM_EFFECT_EXCLUDE || e == AIVM_EFFECT_REQUIRE
                ? aivm_rule_rejects(r, wl, c)
                : aivm_rule_applies(r, wl) && aivm_rule_matches(r, wl, c))
            return false;
    }
    return true;
}

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
const aivm_size *aivm_check__pick_family(const aivm_advice *adv, const aivm_rules *rules,
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
