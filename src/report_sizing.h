/* report_sizing.h - the sizing parts of the renderers (report_sizing.c),
 * used by report_json.c and report_table.c when the workload has sizing. */
#ifndef AIVM_REPORT_SIZING_H
#define AIVM_REPORT_SIZING_H

#include <cjson/cJSON.h>

#include "aivm/report.h"

/** The top-level "sizing" object (docs/sizing.md). */
cJSON *aivm_report__sizing_json(const aivm_sizing *sz);
/** Add "fit" to a recommendation object and the deployment's hourly prices
 *  (per-VM price × fit.vms) to its "price" object. */
void aivm_report__fit_json(cJSON *rec, const aivm_candidate *c);
/** The memory breakdown block printed above the ranking. */
void aivm_report__sizing_table(aivm_buf *out, const aivm_sizing *sz, const aivm_render_opts *o);

#endif
