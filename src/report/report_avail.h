/* report_avail.h - the availability parts of the renderers (report_avail.c),
 * used by report_json.c and report_table.c when the advice judged
 * availability (--quota, --skus, --regions; docs/availability.md). */
#ifndef AIVM_REPORT_AVAIL_H
#define AIVM_REPORT_AVAIL_H

#include <stddef.h>

#include "aivm/report.h"
#include "util/jsonw.h"

/** With --regions, the line under the workload naming the regions judged. */
void aivm_report__avail_header(aivm_buf *out, const aivm_advice *adv);
/** With --skus, the top-level "unknown_sizes" member (sizes the SKU list has and the
 *  catalog lacks); with --regions, "regions": the regions judged, in order. */
void aivm_report__avail_regions_json(aivm_jw *w, const aivm_advice *adv);
/** Write a recommendation's "availability" member (nothing when c->avail is NULL). */
void aivm_report__avail_json(aivm_jw *w, const aivm_candidate *c);
/** The REGION and AVAILABILITY cells of a table row, "%-*s  %s" into `out`
 *  (`cap` bytes, terminated); `wregion` is the REGION column's width. */
/** Bytes of the AVAILABILITY text of aivm_report__avail_text. */
#define AIVM_REPORT_AVAIL_TEXT 200
/** The AVAILABILITY text of `c` ("offered, zones 1 2, quota 96 of 350 free, needs 96",
 *  "reference price from eastus") into `cell` (AIVM_REPORT_AVAIL_TEXT bytes). */
void aivm_report__avail_text(char cell[AIVM_REPORT_AVAIL_TEXT], const aivm_candidate *c);
void aivm_report__avail_cells(char *out, size_t cap, const aivm_candidate *c, int wregion);
/** The width of the REGION column over the shown candidates (>= 6). */
int aivm_report__avail_region_width(const aivm_advice *adv);

#endif
