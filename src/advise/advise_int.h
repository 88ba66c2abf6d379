/* advise_int.h - what the advise files share (private to the module).
 *
 * The engine (advise_engine.c) runs these steps once each, in this order:
 * evaluate (rules, fit), work (time estimates), deploy VMs, availability,
 * prices, pricing, deployment figures, budget, rank, extras, warnings. */
#ifndef AIVM_ADVISE_INT_H
#define AIVM_ADVISE_INT_H

#include "aivm/advise.h"
#include "aivm/buf.h"

/** Judge every catalog size by the rules and the memory fit: adv->ranked
 *  (unordered yet) and adv->rejected, each candidate with its catalog price
 *  under the request's pricing. */
void aivm_advise__evaluate(aivm_advice *adv, const aivm_request *req);

/** Run the target rules (image, orchestrators, containers, spot) for the
 *  rank-1 size, once the order is final; none when nothing is ranked. */
void aivm_advise__extras(aivm_advice *adv);

/** Warnings of the workload itself (model shape unknown or estimated). */
void aivm_advise__workload_warnings(aivm_advice *adv);
/** Warnings when nothing is left after the rules: why. */
void aivm_advise__empty_warnings(aivm_advice *adv);
/** Catalog-price warnings (Linux only, reference region), from what is shown. */
void aivm_advise__catalog_price_warnings(aivm_advice *adv);

/** Add a warning with its stable id (static), printf-style. */
void aivm_advise__warn(aivm_advice *adv, const char *id, const char *fmt, ...) AIVM_PRINTF(3, 4);
/** Append `c` to the rejected list with `reason_id` and `message` (taken: the
 *  advice owns it) and free what the candidate owned; the caller then drops c
 *  from adv->ranked and sorts with aivm_advise__sort_rejected(). */
void aivm_advise__reject(aivm_advice *adv, aivm_candidate *c, const char *reason_id, char *message);
/** A judge of one candidate for aivm_advise__filter(): NULL keeps it (the judge
 *  may update it); else the reason it is rejected (a new string the advice
 *  takes) with its id in `*id` (static). */
typedef char *(*aivm_advise__judge)(aivm_advice *adv, aivm_candidate *c, const char **id,
                                    const void *ctx);
/** Keep the candidates `judge` accepts, in their order; reject the others
 *  (aivm_advise__reject) and keep the rejected list sorted. The one place the
 *  steps of the engine drop a candidate. */
void aivm_advise__filter(aivm_advice *adv, aivm_advise__judge judge, const void *ctx);
/** Sort adv->rejected by size name (after rejections were appended). */
void aivm_advise__sort_rejected(aivm_advice *adv);

/** With a work amount: estimate each candidate's time (c->work); training
 *  longer than --max-days scales out over InfiniBand VMs. */
void aivm_advise__work(aivm_advice *adv);
/** Reject the candidates whose serving estimate cannot meet --max-ttft-ms or
 *  --max-tpot-ms even at batch 1 (reason_id "max-ttft-ms" / "max-tpot-ms"). */
void aivm_advise__latency(aivm_advice *adv);
/** The one number of VMs of every candidate (c->deploy.vms):
 *  --nodes or what memory needs, training as scaled out, serving as many
 *  units as the target needs (never fewer than memory needs). */
void aivm_advise__deploy_vms(aivm_advice *adv);
/** Notes on the ranked order's first size: a serving context below the model's
 *  maximum that the pick could not hold at that maximum ("context-default"); a
 *  generative service above common interactive latency bounds when none was given
 *  ("latency-high"); more than 8 VMs ("many-vms"); a spot training run over 24 hours
 *  ("spot-long-job"). */
void aivm_advise__serving_notes(aivm_advice *adv);
/** The deployment figures of every candidate (c->deploy) from its price. */
void aivm_advise__deploy_costs(aivm_advice *adv);

/** Judge availability (best region of --regions); rejects what cannot be
 *  deployed anywhere asked. Returns 0 or the region source's failure. */
int aivm_advise__availability(aivm_advice *adv, const aivm_request *req, aivm_error *err);
/** Availability warnings about the sizes shown (after the ranking). */
void aivm_advise__avail_warnings(aivm_advice *adv);
/** With availability judged, reject the candidates whose live or cached
 *  price list has no meter in their region: not offered there. */
void aivm_advise__avail_meters(aivm_advice *adv, const aivm_prices *p);

/** Put the request's prices on the candidates (off, catalog, cached, live)
 *  and select each one's hourly price under its pricing. Returns 0 or the
 *  source's failure (live without allow_partial). */
int aivm_advise__price(aivm_advice *adv, const aivm_request *req, aivm_error *err);

/** Reject the candidates over --max-price-per-hour (their deployment's hourly
 *  cost) or without a price when a budget is set. */
void aivm_advise__budget(aivm_advice *adv, const aivm_cost_opts *o);

/** Order the candidates once (docs/ranking.md): fills each ranking, ranks
 *  and n_shown. */
void aivm_advise__rank(aivm_advice *adv, aivm_sort sort);

/** The --sort job-cost|time|cost-per-token key of `c`; false when unknown. */
bool aivm_advise__work_key(const aivm_candidate *c, aivm_sort sort, double *key);
/** Append the work's arithmetic of `c`'s deployment (for the ranking's reason). */
void aivm_advise__work_explain(aivm_buf *b, const aivm_candidate *c);

#endif
