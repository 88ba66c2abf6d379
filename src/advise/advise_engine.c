/*
 * advise_engine.c - aivm_recommend(): the one pass that turns a request
 * into an advice (docs/architecture.md, "The engine"). Each step runs once:
 *
 *   evaluate   rules and memory fit per catalog size (advise.c)
 *   work       the time of the work per size; training scaled out to
 *              finish within --max-days (advise_work.c)
 *   VMs        the one number of VMs per candidate (advise_work.c)
 *   avail      availability and the best region of --regions (advise_avail.c)
 *   prices     catalog, cached or live, then the pricing model (advise_price.c)
 *   deploy     each candidate's deployment figures (aivm_deployment_eval)
 *   budget     --max-price-per-hour on the deployment (advise_cost.c)
 *   rank       once, by a stateless comparator (advise_rank.c)
 *   extras     image, orchestrators, containers, spot for the final #1
 *   warnings   about what is shown, from data (ids, arguments)
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "advise_int.h"
#include "aivm/advise.h"
#include "aivm/util.h"

/* The catalog's reference prices being old says nothing when every price the
 * advice shows came from the price cache or the live API: then only the
 * sizes' age can make the catalog stale ("catalog-stale" is dropped when it
 * was about the prices alone). */
static void stale_by_price_source(aivm_advice *adv)
{
    size_t fresh = 0;
    const char *today = adv->workload->today;
    if (adv->prices != AIVM_PRICES_CACHED && adv->prices != AIVM_PRICES_LIVE)
        return;
    if (!today || aivm_catalog_age_days(adv->catalog, today) > AIVM_CATALOG_STALE_DAYS)
        return; /* the sizes themselves are old: the warning stays */
    for (size_t i = 0; i < adv->n_shown; i++) {
        const aivm_price *p = &adv->ranked[i].price;
        if (!p->has_hourly)
            continue;
        if (p->source != AIVM_PRICE_LIVE && p->source != AIVM_PRICE_CACHE)
            return; /* a catalog price is shown: its age matters */
        fresh++;
    }
    if (!fresh)
        return;
    aivm_warnings_drop(&adv->warnings, "catalog-stale");
}

static void price_warnings(aivm_advice *adv)
{
    size_t unknown = 0;
    aivm_pricing pricing = AIVM_PRICING_ON_DEMAND;
    if (adv->prices == AIVM_PRICES_OFF)
        return;
    aivm_advise__catalog_price_warnings(adv);
    for (size_t i = 0; i < adv->n_shown; i++) {
        const aivm_price *p = &adv->ranked[i].price;
        pricing = p->pricing;
        if (p->has_hourly ||
            (p->source == AIVM_PRICE_NONE && adv->workload->os == AIVM_OS_WINDOWS &&
             adv->prices == AIVM_PRICES_CATALOG))
            continue; /* Windows without a catalog price has its own warning */
        unknown++;
    }
    if (unknown)
        aivm_advise__warn(adv, "prices-unknown",
                          "%zu of the %zu sizes shown %s no known %s price (shown as "
                          "unknown, never 0)",
                          unknown, adv->n_shown, unknown == 1 ? "has" : "have",
                          aivm_pricing_name(pricing));
}

/* Nothing finishes in time: what would. The #1 is the fastest (the tier's
 * order); with InfiniBand it scales out in proportion (data parallelism). */
static void work_warnings(aivm_advice *adv)
{
    const aivm_workload *wl = adv->workload;
    const aivm_candidate *c = adv->n_ranked ? &adv->ranked[0] : NULL;
    double days;
    unsigned need;
    if (!c || !c->has_work || !c->work.over_max_days)
        return;
    days = c->work.wall_hours / 24;
    need = c->deploy.vms_for_max_days;
    if (wl->set & AIVM_WL_NODES)
        aivm_advise__warn(adv, "over-max-days",
                          "no size finishes the job within --max-days %g on the pinned --nodes "
                          "%u: the fastest, %s, takes %.0f days; %s x %u would (give --nodes %u, "
                          "or --max-days %.0f)",
                          c->work.max_days, wl->nodes, aivm_str(&c->size->name), days,
                          aivm_str(&c->size->name), need, need, ceil(days));
    else if (c->size->infiniband)
        aivm_advise__warn(adv, "over-max-days",
                          "no size finishes the job within --max-days %g on at most %u VMs "
                          "(--max-nodes): the fastest, %u x %s, takes %.0f days; %u VMs would "
                          "(give --max-nodes %u, or --max-days %.0f)",
                          c->work.max_days, wl->sizing->max_nodes, c->deploy.vms,
                          aivm_str(&c->size->name), days, need, need, ceil(days));
    else
        aivm_advise__warn(adv, "over-max-days",
                          "no size finishes the job within --max-days %g: the fastest, %s, "
                          "takes %.0f days and has no InfiniBand to train across VMs (give "
                          "--max-days %.0f)",
                          c->work.max_days, aivm_str(&c->size->name), days, ceil(days));
}

/* A commitment (reservation or savings plan) is paid for its whole term: a
 * training job that ends sooner pays for the hours it does not use. */
static void commitment_warnings(aivm_advice *adv)
{
    const aivm_candidate *c = adv->n_ranked ? &adv->ranked[0] : NULL;
    const aivm_deployment *d;
    unsigned years;
    double term_h;
    if (!c || !c->has_work || !c->work.known || c->work.phase != AIVM_PHASE_TRAIN)
        return;
    d = &c->deploy;
    switch (d->pricing) {
    case AIVM_PRICING_RESERVED_1Y:
    case AIVM_PRICING_SAVINGS_PLAN_1Y:
        years = 1;
        break;
    case AIVM_PRICING_RESERVED_3Y:
    case AIVM_PRICING_SAVINGS_PLAN_3Y:
        years = 3;
        break;
    default:
        return;
    }
    term_h = years * 8760.0;
    if (!d->has_hourly || !(c->work.wall_hours < term_h))
        return;
    if (d->has_on_demand_hourly)
        aivm_advise__warn(adv, "commitment-longer-than-job",
                          "the job lasts %.0f days against a %u-year commitment (--pricing %s): "
                          "%u x %s is paid for the whole term, %.0f %s, against %.0f %s "
                          "pay-as-you-go for the job",
                          ceil(c->work.wall_hours / 24), years, aivm_pricing_name(d->pricing),
                          d->vms, aivm_str(&c->size->name), d->hourly * term_h, d->currency,
                          d->on_demand_hourly * c->work.wall_hours, d->currency);
    else
        aivm_advise__warn(adv, "commitment-longer-than-job",
                          "the job lasts %.0f days against a %u-year commitment (--pricing %s): "
                          "%u x %s is paid for the whole term, %.0f %s",
                          ceil(c->work.wall_hours / 24), years, aivm_pricing_name(d->pricing),
                          d->vms, aivm_str(&c->size->name), d->hourly * term_h, d->currency);
}

int aivm_recommend(aivm_advice **out, const aivm_request *req, aivm_error *err)
{
    aivm_advice *adv = aivm_xcalloc(1, sizeof *adv);
    size_t after_rules;
    int rc;
    *out = NULL;
    adv->catalog = req->catalog;
    adv->workload = req->workload;
    aivm_work_basis_settle(&adv->work, req->workload);
    adv->rules = req->rules;
    adv->top = req->top;
    adv->cost_objective = req->cost_objective;
    adv->prices = req->prices;
    {
        aivm_buf stale = AIVM_BUF_INIT;
        if (aivm_catalog_stale_warning(&stale, req->catalog, req->workload->today))
            aivm_advice_add_warning(adv, "catalog-stale", stale.ptr);
        aivm_buf_dispose(&stale);
    }
    for (size_t i = 0; req->settled && i < req->settled->n; i++)
        aivm_warnings_add(&adv->warnings, req->settled->ids[i], req->settled->text[i]);
    aivm_advise__evaluate(adv, req);
    after_rules = adv->n_ranked;
    aivm_advise__workload_warnings(adv);
    aivm_advise__empty_warnings(adv);
    aivm_advise__work(adv);
    aivm_advise__latency(adv);
    aivm_advise__deploy_vms(adv);
    rc = aivm_advise__availability(adv, req, err);
    if (rc == 0 && after_rules && adv->n_ranked == 0)
        aivm_advise__warn(adv, "not-deployable",
                          "no size can be deployed where asked (see the rejected list: quota, "
                          "restrictions, regions)");
    if (rc == 0)
        rc = aivm_advise__price(adv, req, err);
    if (rc < 0) {
        aivm_advice_free(adv);
        return rc;
    }
    aivm_advise__deploy_costs(adv);
    aivm_advise__budget(adv, &req->cost);
    aivm_advise__rank(adv, req->cost.sort);
    aivm_advise__extras(adv);
    price_warnings(adv);
    stale_by_price_source(adv);
    aivm_advise__avail_warnings(adv);
    work_warnings(adv);
    aivm_advise__serving_notes(adv);
    commitment_warnings(adv);
    if (req->workload->kind_assumed)
        aivm_advise__warn(adv, "kind-assumed",
                          "no --kind: a model of %g billion parameters is taken as generative",
                          req->workload->sizing_in.params / 1e9);
    *out = adv;
    return 0;
}
