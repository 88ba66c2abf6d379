/* advise_int.h - what the advise files share (private to the module). */
#ifndef AIVM_ADVISE_INT_H
#define AIVM_ADVISE_INT_H

#include "aivm/advise.h"
#include "aivm/buf.h"

/** (Re)run the target rules (image, orchestrators, containers, spot) for the
 *  current rank-1 size, so the advice beside the table always speaks of the
 *  size printed first, whatever re-ranked it (prices, --sort). */
void aivm_advise__extras(aivm_advice *adv);

/** With availability judged (aivm_advice_availability), reject the candidates
 *  whose live or cached price list has no meter in their region: not offered
 *  there (docs/availability.md). Call between applying prices and ranking. */
void aivm_advise__avail_meters(aivm_advice *adv, const aivm_prices *p);
/** Add a warning to the advice, printf-style. */
void aivm_advise__warnf(aivm_advice *adv, const char *fmt, ...) AIVM_PRINTF(2, 3);
/** Append `c` to the rejected list with `reason_id` and `message` (taken: the
 *  advice owns it) and free what the candidate owned; the caller then drops c
 *  from adv->ranked and sorts with aivm_advise__sort_rejected(). */
void aivm_advise__reject(aivm_advice *adv, aivm_candidate *c, const char *reason_id, char *message);
/** Sort adv->rejected by size name (after rejections were appended). */
void aivm_advise__sort_rejected(aivm_advice *adv);
/** With a work amount: estimate each ranked candidate's time (c->work). */
void aivm_advise__work(aivm_advice *adv);
/** Turn a deployment's cost per hour `*cost` into the cost of the work of `c`
 *  (job cost, or per million output tokens); unchanged without a work amount
 *  or when the work's time on `c` is unknown (its tier then says so). */
bool aivm_advise__work_scale(const aivm_candidate *c, double *cost);
/** The inverse of aivm_advise__work_scale: the deployment's cost per hour
 *  behind the work's cost `cost` of `c` (which has a known estimate). */
double aivm_advise__work_per_hour(const aivm_candidate *c, double cost);
/** The --sort job-cost|time|cost-per-token key of `c`; false when unknown. */
bool aivm_advise__work_key(const aivm_candidate *c, aivm_sort sort, double *key);
/** Append the work's arithmetic for a deployment costing `deployment_per_hour`. */
void aivm_advise__work_explain(aivm_buf *b, const aivm_candidate *c, double deployment_per_hour);

#endif
