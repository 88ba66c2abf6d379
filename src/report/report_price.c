/*
 * report_price.c - how the table names its prices: the column heading
 * (currency) and the footer line (source, OS, pricing model, and for live
 * or cached prices when they were fetched), so a reader never mistakes a
 * cached or catalog price for a live one.
 */
#include <string.h>

#include "report_int.h"

static const char *const headings[] = {"USD/HOUR", "AUD/HOUR", "BRL/HOUR", "CAD/HOUR", "CHF/HOUR",
                                       "CNY/HOUR", "DKK/HOUR", "EUR/HOUR", "GBP/HOUR", "INR/HOUR",
                                       "JPY/HOUR", "KRW/HOUR", "NOK/HOUR", "NZD/HOUR", "RUB/HOUR",
                                       "SEK/HOUR", "TWD/HOUR"};

const char *aivm_report__currency(const aivm_advice *adv)
{
    for (size_t i = 0; i < adv->n_shown; i++)
        if (adv->ranked[i].price.has_hourly && adv->ranked[i].price.currency)
            return adv->ranked[i].price.currency;
    /* no price shown: the currency the prices would be in (asked for) */
    return adv->n_shown && adv->ranked[0].price.currency ? adv->ranked[0].price.currency : "USD";
}

bool aivm_report__has_deploy_columns(const aivm_advice *adv)
{
    return adv->workload->sizing || (adv->workload->set & AIVM_WL_NODES);
}

const char *aivm_report__price_heading(const aivm_advice *adv)
{
    const char *cur = aivm_report__currency(adv);
    for (size_t i = 0; i < sizeof headings / sizeof headings[0]; i++)
        if (strncmp(headings[i], cur, 3) == 0 && strlen(cur) == 3)
            return headings[i];
    return "PER_HOUR";
}

static const char *model_text(aivm_pricing p)
{
    switch (p) {
    case AIVM_PRICING_SPOT:
        return "Spot";
    case AIVM_PRICING_RESERVED_1Y:
        return "1-year reservation (per hour)";
    case AIVM_PRICING_RESERVED_3Y:
        return "3-year reservation (per hour)";
    case AIVM_PRICING_SAVINGS_PLAN_1Y:
        return "1-year savings plan";
    case AIVM_PRICING_SAVINGS_PLAN_3Y:
        return "3-year savings plan";
    default:
        return "pay-as-you-go";
    }
}

void aivm_report__price_footer(aivm_buf *out, const aivm_advice *adv, const char *dim,
                               const char *reset)
{
    unsigned seen = 0;                                      /* bit per aivm_price_source */
    const char *oldest = NULL, *ref = NULL, *newest = NULL; /* oldest fetch; catalog prices */
    aivm_pricing pricing = AIVM_PRICING_ON_DEMAND;
    aivm_os os = adv->workload->os;
    for (size_t i = 0; i < adv->n_shown; i++) {
        const aivm_price *p = &adv->ranked[i].price;
        pricing = p->pricing;
        if (p->source == AIVM_PRICE_NONE)
            continue;
        seen |= 1u << p->source;
        if (p->source == AIVM_PRICE_CATALOG && p->as_of && (!ref || strcmp(p->as_of, ref) < 0))
            ref = p->as_of;
        if (p->source == AIVM_PRICE_CATALOG && p->as_of &&
            (!newest || strcmp(p->as_of, newest) > 0))
            newest = p->as_of; /* an overlay's prices are newer than the catalog's */
        if (p->fetched_at && (!oldest || strcmp(p->fetched_at, oldest) < 0))
            oldest = p->fetched_at;
    }
    if (!seen) {
        aivm_buf_printf(out, "\n%sPrices: none.%s\n", dim, reset);
        return;
    }
    aivm_buf_printf(out, "\n%sPrices: ", dim);
    if (seen == 1u << AIVM_PRICE_CATALOG)
        aivm_buf_printf(out, "catalog reference of %s%s%s", ref ? ref : "unknown date",
                        ref && strcmp(newest, ref) ? " to " : "",
                        ref && strcmp(newest, ref) ? newest : "");
    else if (seen == 1u << AIVM_PRICE_LIVE)
        aivm_buf_printf(out, "live from the Azure Retail Prices API (fetched %s)", oldest);
    else if (seen == 1u << AIVM_PRICE_CACHE)
        aivm_buf_printf(out, "cached from the Azure Retail Prices API (fetched %s)", oldest);
    else
        aivm_buf_printf(out, "mixed sources, see price.source in --format json (oldest fetch %s)",
                        oldest ? oldest : "-");
    aivm_buf_printf(out, ", %s %s%s, %s/hour.%s\n", os == AIVM_OS_WINDOWS ? "Windows" : "Linux",
                    model_text(pricing),
                    adv->workload->spot && pricing != AIVM_PRICING_SPOT ? " and Spot" : "",
                    aivm_report__currency(adv), reset);
}
