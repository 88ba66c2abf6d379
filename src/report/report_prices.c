/*
 * report_prices.c - `prices show` for scripts: every classified price row
 * of one size in one region as JSON (schema_version "1",
 * docs/schema/prices.schema.json) or CSV (RFC 4180, LF line ends), and the
 * names both these and the table use for a row's tier, type and use.
 */
#include <stdio.h>
#include <string.h>

#include "aivm/report.h"
#include "aivm_version.h"
#include "report_int.h"
#include "util/jsonw.h"

const char *aivm_report_price_tier_name(aivm_price_tier t)
{
    return t == AIVM_TIER_SPOT ? "spot" : t == AIVM_TIER_LOW_PRIORITY ? "low-priority" : "regular";
}

const char *aivm_report_price_type_name(aivm_price_type t)
{
    static const char *const names[] = {"consumption", "devtest", "reservation", "savings-plan"};
    return (unsigned)t < 4 ? names[t] : "consumption";
}

const char *aivm_report_price_row_use(const aivm_price_row *r)
{
    if (r->excluded)
        return r->excluded;
    if (r->tier == AIVM_TIER_LOW_PRIORITY)
        return "low priority (not used: not Spot)";
    if (r->type == AIVM_PTYPE_DEVTEST)
        return "dev/test (not used: not a public price)";
    if (r->type == AIVM_PTYPE_CONSUMPTION)
        return r->tier == AIVM_TIER_SPOT ? "spot" : "on-demand";
    if (r->type == AIVM_PTYPE_RESERVATION)
        return r->term_years == 1 ? "reserved-1y" : "reserved-3y";
    return r->term_years == 1 ? "savings-plan-1y" : "savings-plan-3y";
}

/* The --pricing model a row sets, or NULL when it is not used. */
static const char *pricing_of(const aivm_price_row *r)
{
    if (r->excluded || r->tier == AIVM_TIER_LOW_PRIORITY || r->type == AIVM_PTYPE_DEVTEST)
        return NULL;
    return aivm_report_price_row_use(r);
}

static void row_json(aivm_jw *w, const aivm_price_row *r)
{
    aivm_jw_object(w, NULL);
    aivm_jw_str(w, "os", aivm_os_name(r->os));
    aivm_jw_str(w, "tier", aivm_report_price_tier_name(r->tier));
    aivm_jw_str(w, "type", aivm_report_price_type_name(r->type));
    aivm_jw_opt_num(w, "term_years", r->term_years, r->term_years);
    aivm_jw_num(w, "price", r->price);
    aivm_jw_num(w, "hourly", r->hourly);
    aivm_jw_str(w, "pricing", pricing_of(r));
    aivm_jw_str(w, "use", aivm_report_price_row_use(r));
    aivm_jw_str(w, "excluded", r->excluded);
    aivm_jw_bool(w, "ambiguous", r->ambiguous);
    aivm_jw_str(w, "product_name", r->product_name);
    aivm_jw_str(w, "sku_name", r->sku_name);
    aivm_jw_str(w, "meter_name", r->meter_name);
    aivm_jw_str(w, "meter_id", r->meter_id);
    aivm_jw_str(w, "effective_start", r->effective_start);
    aivm_jw_end(w);
}

int aivm_report_price_entry_json(aivm_buf *out, const aivm_price_entry *e, const char *tool_version,
                                 aivm_error *err)
{
    const aivm_price_set *s = e->set;
    aivm_jw w;
    aivm_jw_init(&w, out);
    aivm_jw_object(&w, NULL);
    aivm_jw_str(&w, "schema_version", AIVM_JSON_SCHEMA_VERSION);
    aivm_jw_object(&w, "tool");
    aivm_jw_str(&w, "name", "aivm-advise");
    aivm_jw_str(&w, "version", tool_version ? tool_version : AIVM_VERSION_STRING);
    aivm_jw_end(&w);
    aivm_jw_str(&w, "sku", e->query.sku);
    aivm_jw_str(&w, "region", e->query.region);
    aivm_jw_str(&w, "currency", e->query.currency);
    aivm_jw_str(&w, "source", e->source == AIVM_PRICE_LIVE ? "live" : "cache");
    aivm_jw_str(&w, "fetched_at", e->fetched_at);
    aivm_jw_num(&w, "items", s ? (double)aivm_price_set_items(s) : 0);
    aivm_jw_array(&w, "rows");
    for (size_t i = 0; s && i < aivm_price_set_count(s); i++)
        row_json(&w, aivm_price_set_row(s, i));
    aivm_jw_end(&w);
    aivm_jw_object(&w, "hourly"); /* per OS, every pricing model: null when unknown */
    for (int os = AIVM_OS_LINUX; os <= AIVM_OS_WINDOWS; os++) {
        aivm_jw_object(&w, aivm_os_name((aivm_os)os));
        for (unsigned k = 0; k < AIVM_PRICING_COUNT; k++) {
            double v = 0;
            if (s && aivm_price_set_lookup(s, (aivm_os)os, (aivm_pricing)k, &v, NULL))
                aivm_jw_num(&w, aivm_pricing_name((aivm_pricing)k), v);
            else
                aivm_jw_null(&w, aivm_pricing_name((aivm_pricing)k));
        }
        aivm_jw_end(&w);
    }
    aivm_jw_end(&w);
    aivm_jw_end(&w);
    aivm_buf_puts(out, "\n");
    if (out->overflow)
        return aivm_error_set(err, AIVM_ELIMIT, NULL, "JSON output too large");
    return 0;
}

static void field(aivm_buf *out, const char *s, bool first)
{
    if (!first)
        aivm_buf_puts(out, ",");
    aivm_report__csv_field(out, s);
}

int aivm_report_price_entry_csv(aivm_buf *out, const aivm_price_entry *e, aivm_error *err)
{
    const aivm_price_set *s = e->set;
    aivm_buf_puts(out, "sku,region,currency,os,tier,type,term_years,price,hourly,pricing,use,"
                       "ambiguous,product_name,sku_name,meter_name,meter_id,effective_start\n");
    for (size_t i = 0; s && i < aivm_price_set_count(s); i++) {
        const aivm_price_row *r = aivm_price_set_row(s, i);
        field(out, e->query.sku, true);
        field(out, e->query.region, false);
        field(out, e->query.currency, false);
        field(out, aivm_os_name(r->os), false);
        field(out, aivm_report_price_tier_name(r->tier), false);
        field(out, aivm_report_price_type_name(r->type), false);
        aivm_buf_puts(out, ",");
        if (r->term_years)
            aivm_buf_printf(out, "%u", r->term_years);
        aivm_buf_printf(out, ",%.10g,%.10g", r->price, r->hourly);
        field(out, pricing_of(r), false);
        field(out, aivm_report_price_row_use(r), false);
        field(out, r->ambiguous ? "true" : "false", false);
        field(out, r->product_name, false);
        field(out, r->sku_name, false);
        field(out, r->meter_name, false);
        field(out, r->meter_id, false);
        field(out, r->effective_start, false);
        aivm_buf_puts(out, "\n");
    }
    if (out->overflow)
        return aivm_error_set(err, AIVM_ELIMIT, NULL, "CSV output too large");
    return 0;
}
