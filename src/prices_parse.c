/*
 * prices_parse.c - bytes to classified price rows. Parses Azure Retail
 * Prices API pages (the envelope with Items, Count, NextPageLink) and the
 * cache documents that hold the merged Items of one query, then classifies
 * each item for one (region, size) as docs/prices.md describes: VM rows
 * only, Cloud Services and retired meters out, OS from productName, tier
 * from the skuName suffix, reservations turned into hourly, savingsPlan
 * entries as rows, duplicates and competing rows resolved, Spot and
 * reservations sanity-checked. Pure: no I/O, no network.
 */
#include <cjson/cJSON.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "prices_int.h"
#include "strutil.h"
#include "xalloc.h"

struct aivm_price_items {
    cJSON *arr;
};

struct aivm_price_set {
    aivm_arena arena;
    aivm_price_row *rows;
    size_t n, cap;
    size_t items;
};

void aivm_prices__items_new(aivm_price_items **out)
{
    aivm_price_items *it = aivm_xcalloc(1, sizeof *it);
    it->arr = cJSON_CreateArray();
    if (!it->arr)
        abort();
    *out = it;
}

void aivm_prices__items_free(aivm_price_items *it)
{
    if (!it)
        return;
    cJSON_Delete(it->arr);
    free(it);
}

size_t aivm_prices__items_count(const aivm_price_items *it)
{
    return (size_t)cJSON_GetArraySize(it->arr);
}

static int parse_json(cJSON **out, const char *buf, size_t len, const char *what, aivm_error *err)
{
    const char *end = NULL;
    *out = cJSON_ParseWithLengthOpts(buf, len, &end, 0);
    if (!*out) {
        size_t off = end && end >= buf ? (size_t)(end - buf) : 0;
        if (len > 0 && buf[0] == '<')
            return aivm_error_set(err, AIVM_ESYNTAX, NULL, "%s is HTML, not JSON", what);
        return aivm_error_set(err, AIVM_ESYNTAX, NULL, "%s is not valid JSON (byte %zu of %zu)",
                              what, off, len);
    }
    return 0;
}

/* Move every element of `from` to the end of `to`. */
static void move_items(cJSON *to, cJSON *from)
{
    cJSON *c;
    while ((c = from->child) != NULL) {
        cJSON_DetachItemViaPointer(from, c);
        cJSON_AddItemToArray(to, c);
    }
}

int aivm_prices__page_add(aivm_price_items *it, const char *buf, size_t len, char **next,
                          aivm_error *err)
{
    cJSON *root = NULL, *items, *count, *link;
    int rc;
    *next = NULL;
    rc = parse_json(&root, buf, len, "the price page", err);
    if (rc < 0)
        goto done;
    items = cJSON_IsObject(root) ? cJSON_GetObjectItemCaseSensitive(root, "Items") : NULL;
    count = cJSON_IsObject(root) ? cJSON_GetObjectItemCaseSensitive(root, "Count") : NULL;
    link = cJSON_IsObject(root) ? cJSON_GetObjectItemCaseSensitive(root, "NextPageLink") : NULL;
    if (!cJSON_IsArray(items)) {
        rc = aivm_error_set(err, AIVM_EINVALID, NULL, "the price page has no Items array");
        goto done;
    }
    if (!cJSON_IsNumber(count) || count->valuedouble != cJSON_GetArraySize(items)) {
        rc = aivm_error_set(err, AIVM_EINVALID, NULL,
                            "the price page's Count does not match its %d Items",
                            cJSON_GetArraySize(items));
        goto done;
    }
    if (link && !cJSON_IsNull(link) && !cJSON_IsString(link)) {
        rc = aivm_error_set(err, AIVM_EINVALID, NULL,
                            "the price page's NextPageLink is neither a string nor null");
        goto done;
    }
    move_items(it->arr, items);
    if (cJSON_IsString(link) && link->valuestring[0])
        *next = aivm_xstrdup(link->valuestring);
done:
    cJSON_Delete(root);
    return rc;
}

static const char *str_of(const cJSON *o, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    return cJSON_IsString(v) ? v->valuestring : NULL;
}

static bool num_of(const cJSON *o, const char *key, double *out)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    if (!cJSON_IsNumber(v))
        return false;
    *out = v->valuedouble;
    return true;
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
static const char *exclusion(const cJSON *item, const aivm_price_query *q, double *price)
{
    const char *svc = str_of(item, "serviceName"), *region = str_of(item, "armRegionName");
    const char *unit = str_of(item, "unitOfMeasure"), *cur = str_of(item, "currencyCode");
    const char *product = str_of(item, "productName"), *meter = str_of(item, "meterName");
    double tier_min = 0;
    if (!num_of(item, "retailPrice", price) && !num_of(item, "unitPrice", price))
        return "no price";
    if (!svc || strcmp(svc, "Virtual Machines") != 0)
        return "not a Virtual Machines meter";
    if (!region || !aivm_streq_nocase(region, q->region))
        return "another region";
    if (!unit || strcmp(unit, "1 Hour") != 0)
        return "unit is not 1 Hour";
    if (!cur || strcmp(cur, q->currency) != 0)
        return "another currency";
    if (num_of(item, "tierMinimumUnits", &tier_min) && tier_min != 0)
        return "tiered price";
    if (!(*price > 0))
        return "zero or negative price (treated as unknown)";
    if (!product || strncmp(product, "Virtual Machines ", 17) != 0)
        return "not a Virtual Machines product";
    if (strstr(product, "Cloud Services") || strstr(product, "CloudServices"))
        return "Cloud Services product";
    if (ends_with(meter, "Expired") || ends_with(meter, "Free"))
        return "expired or free meter";
    return NULL;
}

static void classify_tier_type(aivm_price_row *r, const cJSON *item)
{
    const char *type = str_of(item, "type"), *term = str_of(item, "reservationTerm");
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
static void add_savings(aivm_price_set *s, const cJSON *item, size_t base)
{
    const cJSON *plans = cJSON_GetObjectItemCaseSensitive(item, "savingsPlan"), *sp;
    cJSON_ArrayForEach(sp, plans)
    {
        const char *term = str_of(sp, "term");
        double v = 0;
        aivm_price_row *r;
        unsigned years = term && strcmp(term, "1 Year") == 0    ? 1
                         : term && strcmp(term, "3 Years") == 0 ? 3
                                                                : 0;
        if (!num_of(sp, "retailPrice", &v) && !num_of(sp, "unitPrice", &v))
            continue;
        r = add_row(s);
        *r = s->rows[base];
        r->type = AIVM_PTYPE_SAVINGS_PLAN;
        r->term_years = years;
        r->price = r->hourly = v;
        r->ambiguous = false;
        if (!years)
            r->excluded = "unsupported savings plan term";
        else if (!(v > 0))
            r->excluded = "zero or negative price (treated as unknown)";
    }
}

static void classify_item(aivm_price_set *s, const cJSON *item, const aivm_price_query *q)
{
    const char *sku = str_of(item, "armSkuName");
    aivm_price_row *r;
    double price = 0;
    size_t base;
    if (!sku || !aivm_streq_nocase(sku, q->sku))
        return; /* another size (or a non-VM meter): not part of this query */
    base = s->n;
    r = add_row(s);
    r->excluded = exclusion(item, q, &price);
    r->sku = dup(s, sku);
    r->region = dup(s, str_of(item, "armRegionName"));
    r->currency = dup(s, str_of(item, "currencyCode"));
    r->product_name = dup(s, str_of(item, "productName"));
    r->sku_name = dup(s, str_of(item, "skuName"));
    r->meter_name = dup(s, str_of(item, "meterName"));
    r->meter_id = dup(s, str_of(item, "meterId"));
    r->effective_start = dup(s, str_of(item, "effectiveStartDate"));
    r->price = price;
    r->os = r->product_name ? os_of(r->product_name) : AIVM_OS_LINUX;
    classify_tier_type(r, item);
    if (!r->excluded && r->type == AIVM_PTYPE_CONSUMPTION && r->tier == AIVM_TIER_REGULAR)
        add_savings(s, item, base);
}

static bool streq0(const char *a, const char *b)
{
    return a == b || (a && b && strcmp(a, b) == 0);
}

static bool same_slot(const aivm_price_row *a, const aivm_price_row *b)
{
    return a->os == b->os && a->tier == b->tier && a->type == b->type &&
           a->term_years == b->term_years;
}

static bool same_key(const aivm_price_row *a, const aivm_price_row *b)
{
    return same_slot(a, b) && streq0(a->product_name, b->product_name) &&
           streq0(a->sku_name, b->sku_name) && streq0(a->meter_id, b->meter_id);
}

/* Exact duplicates (the paging boundary row) and rows competing for one
 * slot: the newer effectiveStartDate wins and the winner is flagged. */
static void resolve_slots(aivm_price_set *s)
{
    for (size_t i = 0; i < s->n; i++) {
        aivm_price_row *a = &s->rows[i];
        for (size_t j = i + 1; a->excluded == NULL && j < s->n; j++) {
            aivm_price_row *b = &s->rows[j];
            bool a_wins;
            if (b->excluded || !same_slot(a, b))
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

/* Spot must be cheaper than on-demand, and so must a reservation per hour. */
static void sanity(aivm_price_set *s)
{
    for (size_t i = 0; i < s->n; i++) {
        aivm_price_row *r = &s->rows[i];
        const aivm_price_row *od;
        if (r->excluded || (r->tier != AIVM_TIER_SPOT && r->type != AIVM_PTYPE_RESERVATION))
            continue;
        od = slot_row(s, r->os, AIVM_TIER_REGULAR, AIVM_PTYPE_CONSUMPTION, 0);
        if (od && !(r->hourly < od->hourly))
            r->excluded = r->tier == AIVM_TIER_SPOT
                              ? "Spot price not below on-demand (suspect)"
                              : "reservation not below on-demand per hour (suspect)";
    }
}

void aivm_prices__classify(aivm_price_set **out, const aivm_price_items *it,
                           const aivm_price_query *q)
{
    aivm_price_set *s = aivm_xcalloc(1, sizeof *s);
    const cJSON *item;
    cJSON_ArrayForEach(item, it->arr)
    {
        s->items++;
        if (cJSON_IsObject(item))
            classify_item(s, item, q);
    }
    resolve_slots(s);
    sanity(s);
    *out = s;
}

int aivm_prices_parse_mem(aivm_price_set **out, const char *buf, size_t len,
                          const aivm_price_query *q, aivm_error *err)
{
    aivm_price_items *it = NULL;
    char *next = NULL;
    int rc;
    *out = NULL;
    aivm_prices__items_new(&it);
    rc = aivm_prices__page_add(it, buf, len, &next, err);
    if (rc == 0)
        aivm_prices__classify(out, it, q);
    free(next);
    aivm_prices__items_free(it);
    return rc;
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

int aivm_prices__cache_render(aivm_buf *out, const aivm_price_items *it, const aivm_cache_meta *m,
                              aivm_error *err)
{
    cJSON *root = cJSON_CreateObject();
    char *text;
    int rc = 0;
    cJSON_AddNumberToObject(root, "aivm_prices_cache", 1);
    cJSON_AddStringToObject(root, "url", m->url);
    cJSON_AddStringToObject(root, "fetched_at", m->fetched_at);
    cJSON_AddNumberToObject(root, "fetched_epoch", (double)m->fetched_epoch);
    cJSON_AddNumberToObject(root, "pages", m->pages);
    cJSON_AddNumberToObject(root, "count", (double)aivm_prices__items_count(it));
    cJSON_AddStringToObject(root, "currency", m->currency);
    cJSON_AddStringToObject(root, "region", m->region);
    cJSON_AddStringToObject(root, "sku", m->sku);
    cJSON_AddStringToObject(root, "api_version", m->api_version);
    cJSON_AddStringToObject(root, "tool_version", m->tool_version);
    cJSON_AddItemReferenceToObject(root, "Items", it->arr);
    text = cJSON_PrintUnformatted(root);
    if (!text)
        rc = aivm_error_set(err, AIVM_ERROR, NULL, "cannot render the cache entry");
    else if (aivm_buf_puts(out, text) < 0 || aivm_buf_puts(out, "\n") < 0)
        rc = aivm_error_set(err, AIVM_ELIMIT, NULL, "cache entry too large");
    cJSON_free(text);
    cJSON_Delete(root);
    return rc;
}

static bool meta_str(char *dst, size_t n, const cJSON *root, const char *key)
{
    const char *v = str_of(root, key);
    if (!v || strlen(v) >= n)
        return false;
    memcpy(dst, v, strlen(v) + 1);
    return true;
}

int aivm_prices__cache_parse(aivm_price_items **out, aivm_cache_meta *m, const char *buf,
                             size_t len, aivm_error *err)
{
    cJSON *root = NULL, *items;
    double version = 0, epoch = 0, pages = 0, count = -1;
    int rc;
    *out = NULL;
    memset(m, 0, sizeof *m);
    rc = parse_json(&root, buf, len, "the cache entry", err);
    if (rc < 0)
        goto done;
    items = cJSON_GetObjectItemCaseSensitive(root, "Items");
    if (!num_of(root, "aivm_prices_cache", &version) || version != 1 ||
        !meta_str(m->url, sizeof m->url, root, "url") ||
        !meta_str(m->fetched_at, sizeof m->fetched_at, root, "fetched_at") ||
        !num_of(root, "fetched_epoch", &epoch) || !num_of(root, "pages", &pages) ||
        !num_of(root, "count", &count) ||
        !meta_str(m->currency, sizeof m->currency, root, "currency") ||
        !meta_str(m->region, sizeof m->region, root, "region") ||
        !meta_str(m->sku, sizeof m->sku, root, "sku") ||
        !meta_str(m->api_version, sizeof m->api_version, root, "api_version") ||
        !meta_str(m->tool_version, sizeof m->tool_version, root, "tool_version") ||
        !cJSON_IsArray(items) || count != cJSON_GetArraySize(items)) {
        rc = aivm_error_set(err, AIVM_EINVALID, NULL,
                            "the cache entry lacks metadata or its item count is wrong");
        goto done;
    }
    m->fetched_epoch = (long long)epoch;
    m->pages = (unsigned)pages;
    m->count = (size_t)count;
    aivm_prices__items_new(out);
    move_items((*out)->arr, items);
done:
    cJSON_Delete(root);
    return rc;
}
