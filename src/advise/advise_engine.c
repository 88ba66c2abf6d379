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
#include <stdlib.h>
#include <string.h>

#include "advise_int.h"
#include "aivm/advise.h"
#include "aivm/util.h"

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

static void work_warnings(aivm_advice *adv)
{
    const aivm_candidate *c = adv->n_ranked ? &adv->ranked[0] : NULL;
    if (c && c->has_work && c->work.over_max_days)
        aivm_advise__warn(adv, "over-max-days",
                          "no size finishes the job within --max-days %g on at most %u VMs "
                          "(--max-nodes): ranked by the cost of the work; raise --max-nodes or "
                          "--max-days",
                          c->work.max_days, adv->workload->sizing->max_nodes);
}

int aivm_recommend(aivm_advice **out, const aivm_request *req, aivm_error *err)
{
    aivm_advice *adv = aivm_xcalloc(1, sizeof *adv);
    size_t after_rules;
    int rc;
    *out = NULL;
    adv->catalog = req->catalog;
    adv->workload = req->workload;
    adv->rules = req->rules;
    adv->top = req->top;
    adv->cost_objective = req->cost_objective;
    adv->prices = req->prices;
    aivm_advise__evaluate(adv, req);
    after_rules = adv->n_ranked;
    aivm_advise__workload_warnings(adv);
    aivm_advise__empty_warnings(adv);
    aivm_advise__work(adv);
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
    aivm_advise__avail_warnings(adv);
    work_warnings(adv);
    *out = adv;
    return 0;
}
