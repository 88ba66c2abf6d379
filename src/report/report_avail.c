/*
 * report_avail.c - availability in the recommend reports
 * (docs/availability.md): the "availability" object of a JSON
 * recommendation and the REGION / AVAILABILITY cells of a table row. The
 * row says itself when its price is the reference price of another region.
 */
#include <stdio.h>
#include <string.h>

#include "aivm/avail.h"
#include "report_avail.h"

/* The region whose catalog price stands in, or NULL when the price is the region's own. */
static const char *reference_region(const aivm_candidate *c)
{
    const aivm_price *p = &c->price;
    if (!p->has_hourly || !p->region || !c->region || strcmp(p->region, c->region) == 0)
        return NULL;
    return p->region;
}

static void quota_json(aivm_jw *w, const aivm_availability *a)
{
    if (!a->has_quota) {
        aivm_jw_null(w, "quota");
        return;
    }
    aivm_jw_object(w, "quota");
    aivm_jw_str(w, "family", a->family); /* null when unknown */
    if (a->family_found) {
        aivm_jw_num(w, "limit", a->limit);
        aivm_jw_num(w, "used", a->used);
    } else {
        aivm_jw_null(w, "limit");
        aivm_jw_null(w, "used");
    }
    aivm_jw_num(w, "needed", a->needed);
    aivm_jw_bool(w, "ok", a->quota_ok);
    aivm_jw_str(w, "family_source", a->family_source);
    aivm_jw_str(w, "short", a->quota_scope); /* "family", "regional", "spot" or null */
    aivm_jw_end(w);
}

/* The zones of a bit set (bit k: zone "k") as a JSON array. */
static void zones_json(aivm_jw *w, unsigned zones)
{
    char z[8];
    aivm_jw_array(w, "zones");
    for (unsigned k = 1; k < 32; k++)
        if (zones & (1u << k)) {
            snprintf(z, sizeof z, "%u", k);
            aivm_jw_str(w, NULL, z);
        }
    aivm_jw_end(w);
}

void aivm_report__avail_json(aivm_jw *w, const aivm_candidate *c)
{
    const aivm_availability *a = c->avail;
    if (!a)
        return;
    aivm_jw_object(w, "availability");
    aivm_jw_str(w, "region", a->region);
    if (a->offered < 0)
        aivm_jw_null(w, "region_offered");
    else
        aivm_jw_bool(w, "region_offered", a->offered == 1);
    aivm_jw_str(w, "offered_source", a->offered_source);
    aivm_jw_str(w, "reference_price_from", reference_region(c));
    quota_json(w, a);
    aivm_jw_array(w, "restrictions");
    for (size_t i = 0; i < a->n_restrictions; i++) {
        const aivm_avail_restriction *r = &a->restrictions[i];
        aivm_jw_object(w, NULL);
        aivm_jw_str(w, "type", r->zone ? "Zone" : "Location");
        aivm_jw_str(w, "reason", r->reason);
        zones_json(w, r->zones);
        aivm_jw_end(w);
    }
    aivm_jw_end(w);
    zones_json(w, a->zones);
    aivm_jw_end(w);
}

void aivm_report__avail_header(aivm_buf *out, const aivm_advice *adv)
{
    if (!adv->n_regions)
        return;
    aivm_buf_printf(out, "Regions: the best of %zu for each size:", adv->n_regions);
    for (size_t i = 0; i < adv->n_regions && i < 8; i++)
        aivm_buf_printf(out, "%s %s", i ? "," : "", adv->regions[i]);
    if (adv->n_regions > 8)
        aivm_buf_printf(out, " and %zu more", adv->n_regions - 8);
    aivm_buf_puts(out, "\n");
}

void aivm_report__avail_regions_json(aivm_jw *w, const aivm_advice *adv)
{
    if (adv->has_skus) { /* what Azure lists that the catalog lacks (--skus only) */
        aivm_jw_array(w, "unknown_sizes");
        for (size_t i = 0; i < adv->n_unknown_sizes; i++)
            aivm_jw_str(w, NULL, adv->unknown_sizes[i]);
        aivm_jw_end(w);
    }
    if (!adv->n_regions)
        return;
    aivm_jw_array(w, "regions");
    for (size_t i = 0; i < adv->n_regions; i++)
        aivm_jw_str(w, NULL, adv->regions[i]);
    aivm_jw_end(w);
}

int aivm_report__avail_region_width(const aivm_advice *adv)
{
    int wr = 6;
    for (size_t i = 0; i < adv->n_shown; i++) {
        const char *r = adv->ranked[i].region;
        int n = r ? (int)strlen(r) : 1;
        wr = n > wr ? n : wr;
    }
    return wr > 24 ? 24 : wr;
}

void aivm_report__avail_text(char cell[AIVM_REPORT_AVAIL_TEXT], const aivm_candidate *c)
{
    const aivm_availability *a = c->avail;
    const char *ref = reference_region(c);
    char zones[48];
    size_t n = 0;
#define PART(...)                                                                                  \
    do {                                                                                           \
        int k_ = snprintf(cell + n, AIVM_REPORT_AVAIL_TEXT - n, "%s", n ? ", " : "");              \
        if (k_ > 0 && (size_t)k_ < AIVM_REPORT_AVAIL_TEXT - n)                                     \
            n += (size_t)k_;                                                                       \
        k_ = snprintf(cell + n, AIVM_REPORT_AVAIL_TEXT - n, __VA_ARGS__);                          \
        if (k_ > 0 && (size_t)k_ < AIVM_REPORT_AVAIL_TEXT - n)                                     \
            n += (size_t)k_;                                                                       \
    } while (0)
    cell[0] = '\0';
    if (ref)
        PART("reference price from %s", ref);
    if (a) {
        PART("%s", a->offered == 1 ? "offered" : a->offered == 0 ? "not offered" : "offered?");
        if (a->zones)
            PART("zones %s", aivm_avail_zones_str(zones, sizeof zones, a->zones));
        for (size_t i = 0; i < a->n_restrictions; i++)
            if (a->restrictions[i].zone)
                PART("zone %s restricted",
                     aivm_avail_zones_str(zones, sizeof zones, a->restrictions[i].zones));
        if (a->has_quota && a->family_found)
            PART("quota %g of %g free, needs %u", a->limit > a->used ? a->limit - a->used : 0,
                 a->limit, a->needed);
        else if (a->has_quota && a->family)
            PART("no quota row for %s, needs %u", a->family, a->needed);
        else if (a->has_quota)
            PART("quota family unknown, needs %u", a->needed);
    }
#undef PART
}

void aivm_report__avail_cells(char *out, size_t cap, const aivm_candidate *c, int wregion)
{
    char cell[200];
    aivm_report__avail_text(cell, c);
    snprintf(out, cap, "%-*.*s  %-s", wregion, wregion, c->region ? c->region : "?", cell);
}
