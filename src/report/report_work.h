/* report_work.h - the work parts of the renderers (report_work.c): the job
 * or serving estimate of each recommendation and the inputs of the work
 * (docs/throughput.md), used by report_json.c and report_table.c. */
#ifndef AIVM_REPORT_WORK_H
#define AIVM_REPORT_WORK_H

#include "aivm/check.h"
#include "aivm/report.h"
#include "util/jsonw.h"

/** Write the top-level "work" member: the inputs, or null without an amount. */
void aivm_report__work_json(aivm_jw *w, const aivm_advice *adv);
/** Write a recommendation's "job" (training) or "serving" (inference) member. */
void aivm_report__work_candidate_json(aivm_jw *w, const aivm_candidate *c, const aivm_workload *wl);
/** Write the work members of a recommendation's "ranking": work_cost,
 *  adjusted_work_cost (the sort key) and work_cost_unit. */
void aivm_report__work_ranking_json(aivm_jw *w, const aivm_candidate *c);
/** The heading of the work columns into `out` ("" without a work amount),
 *  the cost per million tokens in currency `cur`. */
void aivm_report__work_heading(char *out, size_t n, const aivm_advice *adv, const char *cur);
/** The work cells of a row, written at `at`; returns the width written. */
/** The TTFT_MS and TPOT_MS cells of a serving candidate ("-" when unknown). */
void aivm_report__latency_values(char ttft[32], char tpot[32], const aivm_candidate *c);
/** The two work cells of `c` (DAYS and JOB_COST, or TOK/S and $/MTOK; "-" when
 *  unknown) into `a` and `b`. */
void aivm_report__work_values(char a[32], char b[32], const aivm_candidate *c);
int aivm_report__work_cells(char *at, size_t room, const aivm_candidate *c);
/** The line under the sizing block that states the work and its assumptions. */
void aivm_report__work_table(aivm_buf *out, const aivm_advice *adv, const aivm_render_opts *o);
/** --explain: the arithmetic of the estimate of `c`. */
void aivm_report__work_explain(aivm_buf *out, const aivm_candidate *c);

/** check: the "work:" line of a resource with an amount of work. */
void aivm_report__check_work_text(aivm_buf *b, const aivm_check_item *it);
/** check: a resource's "job" (training) or "serving" (inference) member. */
void aivm_report__check_work_json(aivm_jw *w, const aivm_check_item *it);

#endif
