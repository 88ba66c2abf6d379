/*
 * prices_classify.c - API items to classified price rows for one (region,
 * size) query, or for every size of a region (query sku NULL), as
 * docs/prices.md describes: VM rows only, Cloud Services and retired meters
 * out, OS from productName, tier from the skuName suffix, reservations turned
 * into hourly, savingsPlan entries as rows, duplicates and competing rows
 * resolved per slot, Spot and reservations sanity-checked. Items arrive one
 * at a time from the streaming parser (prices_parse.c); nothing here parses.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "aivm/util.h"
#include "prices_int.h"
#include "util/arena.h"

struct aivm_price_set {
    aivm_arena arena;
    aivm_price_row *rows;
    size_t n, cap;
    size_t items;
};

void aivm_prices__set_new(aivm_price_set **out)
{
    *out = aivm_xcalloc(1, sizeof **out);
}

static bool ends_with(const char *s, const char *suffix)
{
    size_t a = s ? strlen(s) : 0, b = strlen(suffix);
    return a >= b && strcmp(s + a - b, suffix) == 0;
}

/* Windows if productName contains "Windows" or the token "Win". */
static aivm_os os_of(const char *product)
{
    const char *p;
    if (strstr(product, "Windows"))
        return AIVM_OS_WINDOWS;
    for (p = strstr(product, "Win"); p; p = strstr(p + 1, "Win"))
        if ((p == product || p[-1] == ' ') && (p[3] == '\0' || p[3] == ' '))
            return AIVM_OS_WINDOWS;
    return AIVM_OS_LINUX;
}

static aivm_price_row *add_row(aivm_price_set *s)
{
    if (s->n == s->cap) {
        s->cap = s->cap ? 2 * s->cap : 16;
        s->rows = aivm_xrealloc(s->rows, s->cap * sizeof *s->rows);
    }
    memset(&s->rows[s->n], 0, sizeof s->rows[0]);
    return &s->rows[s->n++];
}

static const char *dup(aivm_price_set *s, const char *v)
{
    return v ? aivm_arena_strdup(&s->arena, v) : NULL;
}

/* The first reason an item is not a usable VM price for `q`, or NULL. */
static const char *exclusion(const aivm_price_item *it, const aivm_price_query *q)
{
    if (!it->has_price)
        return "no price";
    /* 1e400 reads as infinity, 5e-324 as a price of nothing: a price no VM
     * has is no price (reservation totals reach millions, never 1e9; the
     * cheapest spot meters cost about 0.001 an hour, never under 1e-4) */
    if (!(it->price < AIVM_PRICE_CEILING) || (it->price > 0 && it->price < AIVM_PRICE_FLOOR))
        return "price out of range"; /* zero and negative: below */
    if (!it->service || strcmp(it->service, "Virtual Machines") != 0)
        return "not a Virtual Machines meter";
    if (!it->region || !aivm_streq_nocase(it->region, q->region))
        return "another region";
    if (!it->unit || strcmp(it->unit, "1 Hour") != 0)
        return "unit is not 1 Hour";
    if (!it->currency || strcmp(it->currency, q->currency) != 0)
        return "another currency";
    if (it->has_tier_min && it->tier_min != 0)
        return "tiered price";
    if (!(it->price > 0))
        return "zero or negative price (treated as unknown)";
    if (!it->product || strncmp(it->product, "Virtual Machines ", 17) != 0)
        return "not a Virtual Machines product";
    if (strstr(it->product, "Cloud Services") || strstr(it->product, "CloudServices"))
        return "Cloud Services product";
    if (ends_with(it->meter, "Expired") || ends_with(it->meter, "Free"))
        return "expired or free meter";
    return NULL;
}

static void classify_tier_type(aivm_price_row *r, const aivm_price_item *it)
{
    const char *type = it->type, *term = it->term;
    const char *name = r->sku_name ? r->sku_name : r->meter_name;
    if (ends_with(name, " Spot") || (!r->sku_name && ends_with(r->meter_name, " Spot")))
        r->tier = AIVM_TIER_SPOT;
    else if (ends_with(name, " Low Priority"))
        r->tier = AIVM_TIER_LOW_PRIORITY;
    r->hourly = r->price;
    if (type && strcmp(type, "Consumption") == 0) {
        r->type = AIVM_PTYPE_CONSUMPTION;
    } else if (type && strcmp(type, "DevTestConsumption") == 0) {
        r->type = AIVM_PTYPE_DEVTEST;
    } else if (type && strcmp(type, "Reservation") == 0) {
        r->type = AIVM_PTYPE_RESERVATION;
        if (term && strcmp(term, "1 Year") == 0)
            r->term_years = 1;
        else if (term && strcmp(term, "3 Years") == 0)
            r->term_years = 3;
        else
            r->excluded = "unsupported reservation term";
        if (r->term_years)
            r->hourly = r->price / (8760.0 * r->term_years);
    } else {
        r->excluded = "unknown price type";
    }
}

/* Savings-plan entries of a regular Consumption row become rows of their own. */
static void add_savings(aivm_price_set *s, const aivm_price_item *it, size_t base)
{
    for (size_t i = 0; i < it->n_plans; i++) {
        const aivm_price_plan *sp = &it->plans[i];
        const char *term = sp->term;
        aivm_price_row *r;
        unsigned years = term && strcmp(term, "1 Year") == 0    ? 1
                         : term && strcmp(term, "3 Years") == 0 ? 3
                                                                : 0;
        if (!sp->has_price || !AIVM_PRICE_BELIEVABLE(sp->price))
            continue;
        r = add_row(s);
        *r = s->rows[base];
        r->type = AIVM_PTYPE_SAVINGS_PLAN;
        r->term_years = years;
        r->price = r->hourly = sp->price;
        r->ambiguous = false;
        if (!years)
            r->excluded = "unsupported savings plan term";
        else if (!(sp->price > 0))
            r->excluded = "zero or negative price (treated as unknown)";
    }
}

void aivm_prices__set_add(aivm_price_set *s, const aivm_price_item *it, const aivm_price_query *q)
{
    aivm_price_row *r;
    size_t base;
    s->items++;
    if (!it || !it->arm_sku)
        return;
    if (q->sku ? !aivm_streq_nocase(it->arm_sku, q->sku) : !it->arm_sku[0])
        return; /* another size (or a non-VM meter): not part of this query */
    base = s->n;
    r = add_row(s);
    r->excluded = exclusion(it, q);
    /* rows of one size come in runs: share the string, and sorting compares pointers */
    if (base > 0 && strcmp(s->rows[base - 1].sku, it->arm_sku) == 0)
        r->sku = s->rows[base - 1].sku;
    else
        r->sku = dup(s, it->arm_sku);
    r->region = dup(s, it->region);
    r->currency = dup(s, it->currency);
    r->product_name = dup(s, it->product);
    r->sku_name = dup(s, it->sku_name);
    r->meter_name = dup(s, it->meter);
    r->meter_id = dup(s, it->meter_id);
    r->effective_start = dup(s, it->start);
    r->price = it->has_price ? it->price : 0;
    r->os = r->product_name ? os_of(r->product_name) : AIVM_OS_LINUX;
    classify_tier_type(r, it);
    if (!r->excluded && r->type == AIVM_PTYPE_CONSUMPTION && r->tier == AIVM_TIER_REGULAR)
        add_savings(s, it, base);
}

static bool streq0(const char *a, const char *b)
{
    return a == b || (a && b && strcmp(a, b) == 0);
}

static uint64_t hash_nocase(const char *s)
{
    uint64_t h = 1469598103934665603ull;
    for (; *s; s++) {
        h ^= (unsigned char)aivm_ascii_lower(*s);
        h *= 1099511628211ull;
    }
    return h;
}

/* Rows in slot order: size (ignoring case, as the query matches), OS, tier,
 * type, term, then input order. A slot is a run of equal keys. `sku` numbers
 * the sizes, so sorting compares integers. */
typedef struct {
    const aivm_price_row *r;
    size_t i, sku;
} slot_ref;

/* ord[i].sku: the index of the first row of the same size (ignoring case). */
static void number_sizes(slot_ref *ord, size_t n)
{
    size_t cap = 16, *tab;
    while (cap < 2 * n)
        cap *= 2;
    tab = aivm_xcalloc(cap, sizeof *tab); /* row index + 1; 0 = empty */
    for (size_t i = 0; i < n; i++) {
        size_t k;
        if (i > 0 && ord[i].r->sku == ord[i - 1].r->sku) {
            ord[i].sku = ord[i - 1].sku;
            continue;
        }
        for (k = hash_nocase(ord[i].r->sku) & (cap - 1); tab[k]; k = (k + 1) & (cap - 1))
            if (aivm_streq_nocase(ord[tab[k] - 1].r->sku, ord[i].r->sku))
                break;
        if (!tab[k])
            tab[k] = i + 1;
        ord[i].sku = tab[k] - 1;
    }
    free(tab);
}

static int slot_key_cmp(const slot_ref *x, const slot_ref *y, bool with_kind)
{
    const aivm_price_row *a = x->r, *b = y->r;
    if (x->sku != y->sku)
        return x->sku < y->sku ? -1 : 1;
    if (a->os != b->os)
        return (int)a->os - (int)b->os;
    if (!with_kind)
        return 0;
    if (a->tier != b->tier)
        return (int)a->tier - (int)b->tier;
    if (a->type != b->type)
        return (int)a->type - (int)b->type;
    return (int)a->term_years - (int)b->term_years;
}

static int slot_ref_cmp(const void *va, const void *vb)
{
    const slot_ref *a = va, *b = vb;
    int c = slot_key_cmp(a, b, true);
    return c ? c : (a->i > b->i) - (a->i < b->i);
}

static bool same_key(const aivm_price_row *a, const aivm_price_row *b)
{
    return streq0(a->product_name, b->product_name) && streq0(a->sku_name, b->sku_name) &&
           streq0(a->meter_id, b->meter_id);
}

/* Exact duplicates (the paging boundary row) and rows competing for one
 * slot: the newer effectiveStartDate wins and the winner is flagged. Rows
 * [lo, hi) of `ord` are one slot, in input order. */
static void resolve_slot(aivm_price_set *s, const slot_ref *ord, size_t lo, size_t hi)
{
    for (size_t i = lo; i < hi; i++) {
        aivm_price_row *a = &s->rows[ord[i].i];
        for (size_t j = i + 1; a->excluded == NULL && j < hi; j++) {
            aivm_price_row *b = &s->rows[ord[j].i];
            bool a_wins;
            if (b->excluded)
                continue;
            if (a->hourly == b->hourly) {
                b->excluded = same_key(a, b) ? "duplicate row" : "same price as another row";
                continue;
            }
            a_wins = strcmp(a->effective_start ? a->effective_start : "",
                            b->effective_start ? b->effective_start : "") >= 0;
            (a_wins ? b : a)->excluded = "superseded by a row with a newer effectiveStartDate";
            (a_wins ? a : b)->ambiguous = true;
        }
    }
}

/* Spot must be cheaper than on-demand, and so must a reservation per hour.
 * Rows [lo, hi) of `ord` share size and OS; on-demand sorts first. */
static void sanity(aivm_price_set *s, const slot_ref *ord, size_t lo, size_t hi)
{
    const aivm_price_row *od = NULL;
    for (size_t i = lo; i < hi && !od; i++) {
        const aivm_price_row *r = ord[i].r;
        if (r->tier != AIVM_TIER_REGULAR || r->type != AIVM_PTYPE_CONSUMPTION || r->term_years)
            break;
        if (!r->excluded)
            od = r; /* the one row left in its slot */
    }
    for (size_t i = lo; od && i < hi; i++) {
        aivm_price_row *r = &s->rows[ord[i].i];
        if (r->excluded || (r->tier != AIVM_TIER_SPOT && r->type != AIVM_PTYPE_RESERVATION))
            continue;
        if (!(r->hourly < od->hourly))
            r->excluded = r->tier == AIVM_TIER_SPOT
                              ? "Spot price not below on-demand (suspect)"
                              : "reservation not below on-demand per hour (suspect)";
    }
}

void aivm_prices__set_finish(aivm_price_set *s)
{
    slot_ref *ord = aivm_xcalloc(s->n ? s->n : 1, sizeof *ord);
    size_t lo, hi;
    for (size_t i = 0; i < s->n; i++) {
        ord[i].r = &s->rows[i];
        ord[i].i = i;
    }
    number_sizes(ord, s->n);
    qsort(ord, s->n, sizeof *ord, slot_ref_cmp);
    for (lo = 0; lo < s->n; lo = hi) {
        for (hi = lo + 1; hi < s->n && slot_key_cmp(&ord[lo], &ord[hi], true) == 0; hi++)
            ;
        resolve_slot(s, ord, lo, hi);
    }
    for (lo = 0; lo < s->n; lo = hi) {
        for (hi = lo + 1; hi < s->n && slot_key_cmp(&ord[lo], &ord[hi], false) == 0; hi++)
            ;
        sanity(s, ord, lo, hi);
    }
    free(ord);
}

static const aivm_price_row *slot_row(const aivm_price_set *s, aivm_os os, aivm_price_tier tier,
                                      aivm_price_type type, unsigned years)
{
    for (size_t i = 0; i < s->n; i++) {
        const aivm_price_row *r = &s->rows[i];
        if (!r->excluded && r->os == os && r->tier == tier && r->type == type &&
            r->term_years == years)
            return r;
    }
    return NULL;
}

void aivm_prices__set_subset(aivm_price_set **out, const aivm_price_set *all, const char *sku)
{
    aivm_price_set *s;
    aivm_prices__set_new(&s);
    for (size_t i = 0; i < all->n; i++) {
        const aivm_price_row *a = &all->rows[i];
        aivm_price_row *r;
        if (!aivm_streq_nocase(a->sku, sku))
            continue;
        r = add_row(s);
        *r = *a;
        r->sku = s->n > 1 && strcmp(s->rows[s->n - 2].sku, a->sku) == 0 ? s->rows[s->n - 2].sku
                                                                        : dup(s, a->sku);
        r->region = dup(s, a->region);
        r->currency = dup(s, a->currency);
        r->product_name = dup(s, a->product_name);
        r->sku_name = dup(s, a->sku_name);
        r->meter_name = dup(s, a->meter_name);
        r->meter_id = dup(s, a->meter_id);
        r->effective_start = dup(s, a->effective_start);
        s->items += r->type != AIVM_PTYPE_SAVINGS_PLAN; /* one API item per row, plans aside */
    }
    *out = s;
}

void aivm_price_set_free(aivm_price_set *set)
{
    if (!set)
        return;
    aivm_arena_dispose(&set->arena);
    free(set->rows);
    free(set);
}

size_t aivm_price_set_count(const aivm_price_set *set)
{
    return set->n;
}

const aivm_price_row *aivm_price_set_row(const aivm_price_set *set, size_t i)
{
    return i < set->n ? &set->rows[i] : NULL;
}

size_t aivm_price_set_items(const aivm_price_set *set)
{
    return set->items;
}

bool aivm_price_set_lookup(const aivm_price_set *set, aivm_os os, aivm_pricing pricing,
                           double *hourly, bool *ambiguous)
{
    static const struct {
        aivm_price_tier tier;
        aivm_price_type type;
        unsigned years;
    } slots[AIVM_PRICING_COUNT] = {{AIVM_TIER_REGULAR, AIVM_PTYPE_CONSUMPTION, 0},
                                   {AIVM_TIER_SPOT, AIVM_PTYPE_CONSUMPTION, 0},
                                   {AIVM_TIER_REGULAR, AIVM_PTYPE_RESERVATION, 1},
                                   {AIVM_TIER_REGULAR, AIVM_PTYPE_RESERVATION, 3},
                                   {AIVM_TIER_REGULAR, AIVM_PTYPE_SAVINGS_PLAN, 1},
                                   {AIVM_TIER_REGULAR, AIVM_PTYPE_SAVINGS_PLAN, 3}};
    const aivm_price_row *r;
    if ((unsigned)pricing >= AIVM_PRICING_COUNT)
        return false;
    r = slot_row(set, os, slots[pricing].tier, slots[pricing].type, slots[pricing].years);
    if (!r)
        return false;
    *hourly = r->hourly;
    if (ambiguous)
        *ambiguous = r->ambiguous;
    return true;
}
