/* report_sizing.h - the sizing parts of the renderers (report_sizing.c),
 * used by report_json.c and report_table.c when the workload has sizing. */
#ifndef AIVM_REPORT_SIZING_H
#define AIVM_REPORT_SIZING_H

#include "aivm/report.h"
#include "util/jsonw.h"

/** Write the top-level "sizing" member (docs/sizing.md). */
void aivm_report__sizing_json(aivm_jw *w, const aivm_sizing *sz);
/** Write a recommendation's "fit" member. */
void aivm_report__fit_json(aivm_jw *w, const aivm_candidate *c);
/** Write the deployment's hourly prices (per-VM price × fit.vms) into "price". */
void aivm_report__fit_price_json(aivm_jw *w, const aivm_candidate *c);
/** The memory breakdown block printed above the ranking. */
void aivm_report__sizing_table(aivm_buf *out, const aivm_sizing *sz, const aivm_render_opts *o);

#endif
