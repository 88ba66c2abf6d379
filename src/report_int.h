/* report_int.h - helpers shared by the renderers (private to libaivm). */
#ifndef AIVM_REPORT_INT_H
#define AIVM_REPORT_INT_H

#include "aivm/advise.h"
#include "aivm/buf.h"

/** The price column heading, e.g. "USD/HOUR" (currency of the shown prices). */
const char *aivm_report__price_heading(const aivm_advice *adv);
/** The line under the table saying where the prices come from and what they are. */
void aivm_report__price_footer(aivm_buf *out, const aivm_advice *adv, const char *dim,
                               const char *reset);

#endif
