/* report_int.h - pieces shared between the renderers. */
#ifndef AIVM_REPORT_INT_H
#define AIVM_REPORT_INT_H

#include "aivm/report.h"

/**
 * Append the sections after the ranked sizes (Image, Orchestration,
 * Containers, Spot, then the notices) to a table report. Does nothing when
 * `adv->extras` is NULL.
 */
void aivm_report__extras_table(aivm_buf *out, const aivm_advice *adv, const aivm_render_opts *o);

/** The price column heading, e.g. "USD/HOUR" (currency of the shown prices). */
const char *aivm_report__price_heading(const aivm_advice *adv);
/** The line under the table saying where the prices come from and what they are. */
void aivm_report__price_footer(aivm_buf *out, const aivm_advice *adv, const char *dim,
                               const char *reset);

#endif
