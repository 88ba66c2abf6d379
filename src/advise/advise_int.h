/* advise_int.h - what the advise files share (private to the module). */
#ifndef AIVM_ADVISE_INT_H
#define AIVM_ADVISE_INT_H

#include "aivm/advise.h"

/** (Re)run the target rules (image, orchestrators, containers, spot) for the
 *  current rank-1 size, so the advice beside the table always speaks of the
 *  size printed first, whatever re-ranked it (prices, --sort). */
void aivm_advise__extras(aivm_advice *adv);

/** With availability judged (aivm_advice_availability), reject the candidates
 *  whose live or cached price list has no meter in their region: not offered
 *  there (docs/availability.md). Call between applying prices and ranking. */
void aivm_advise__avail_meters(aivm_advice *adv, const aivm_prices *p);

#endif
