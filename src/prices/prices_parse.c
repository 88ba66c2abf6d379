/*
 * prices_parse.c - bytes to price items, streaming. Reads Azure Retail
 * Prices API pages (the envelope with Items, Count, NextPageLink) and the
 * cache documents that hold the merged Items of one query with a strict pull
 * scanner (json_scan.c): no tree is built. A page parsed for classification
 * hands each item's fields to prices_classify.c as it is read; pages and
 * cache entries kept for later keep each item's JSON text unchanged (the
 * cache stores the API's items as they came). Pure: no I/O, no network.
 */
#include <stdlib.h>
#include <string.h>

#include "aivm/util.h"
#include "prices_int.h"
#include "util/json_scan.h"
#include "util/jsonw.h"

struct aivm_price_items {
    aivm_buf text; /* every item's JSON, back to back */
    size_t *span;  /* item i is text[span[2i], span[2i] + span[2i+1]) */
    size_t n, cap;
};

void aivm_prices__items_new(aivm_price_items **out)
{
    *out = aivm_xcalloc(1, sizeof **out);
}

void aivm_prices__items_free(aivm_price_items *it)
{
    if (!it)
        return;
    aivm_buf_dispose(&it->text);
    free(it->span);
    free(it);
}

size_t aivm_prices__items_count(const aivm_price_items *it)
{
    return it->n;
}

int aivm_prices__items_append(aivm_price_items *dst, const aivm_price_items *src)
{
    size_t base = dst->text.size;
    if (aivm_buf_put(&dst->text, src->text.ptr ? src->text.ptr : "", src->text.size) < 0)
        return AIVM_ELIMIT;
    if (dst->n + src->n > dst->cap) {
        dst->cap = dst->n + src->n;
        dst->span = aivm_xrealloc(dst->span, 2 * dst->cap * sizeof *dst->span);
    }
    for (size_t i = 0; i < src->n; i++) {
        dst->span[2 * dst->n] = base + src->span[2 * i];
        dst->span[2 * dst->n + 1] = src->span[2 * i + 1];
        dst->n++;
    }
    return 0;
}

/* One top-level member of a document that the caller wants (first one wins,
 * as for any JSON object lookup). */
typedef struct {
    const char *key;
    bool seen;
    char type; /* 's' string, 'n' number, 'z' null, 'o' anything else */
    double num;
    aivm_buf str;
} top_field;

/* Called with the cursor on one element of Items; must consume it. */
typedef bool (*item_fn)(void *ctx, aivm_json *j);

typedef struct {
    bool object;      /* the root is an object */
    bool items_array; /* its first Items is an array */
    size_t n_items;
} doc_shape;

static bool read_top(aivm_json *j, top_field *f)
{
    int c = aivm_json__peek(j);
    f->seen = true;
    f->type = c == '"' ? 's' : c == 'n' ? 'z' : c == '-' || (c >= '0' && c <= '9') ? 'n' : 'o';
    if (f->type == 's')
        return aivm_json__string(j, &f->str);
    if (f->type == 'n')
        return aivm_json__number(j, &f->num);
    return aivm_json__skip(j);
}

static bool walk_items(aivm_json *j, doc_shape *d, item_fn fn, void *ctx)
{
    bool first = true;
    if (aivm_json__peek(j) != '[')
        return aivm_json__skip(j);
    d->items_array = true;
    if (!aivm_json__begin(j, '['))
        return false;
    while (aivm_json__element(j, &first)) {
        d->n_items++;
        if (!fn(ctx, j))
            return false;
    }
    return !j->failed;
}

/* Walk a document: Items elements go to `fn`, wanted members to `fields`.
 * False on a syntax error (j says where). */
static bool walk_doc(aivm_json *j, doc_shape *d, top_field *fields, size_t n_fields, item_fn fn,
                     void *ctx)
{
    aivm_buf key = AIVM_BUF_INIT;
    bool first = true, items_seen = false, ok = true;
    memset(d, 0, sizeof *d);
    if (aivm_json__peek(j) != '{') {
        ok = aivm_json__skip(j);
        goto done;
    }
    d->object = true;
    ok = aivm_json__begin(j, '{');
    while (ok && aivm_json__member(j, &first, &key)) {
        top_field *f = NULL;
        if (!items_seen && strcmp(key.ptr, "Items") == 0) {
            items_seen = true;
            ok = walk_items(j, d, fn, ctx);
            continue;
        }
        for (size_t i = 0; i < n_fields && !f; i++)
            if (!fields[i].seen && strcmp(key.ptr, fields[i].key) == 0)
                f = &fields[i];
        ok = f ? read_top(j, f) : aivm_json__skip(j);
    }
done:
    aivm_buf_dispose(&key);
    return ok && !j->failed && aivm_json__at_end(j) ? true : aivm_json__fail(j);
}

static int syntax_error(const aivm_json *j, const char *buf, size_t len, const char *what,
                        aivm_error *err)
{
    if (len > 0 && buf[0] == '<')
        return aivm_error_set(err, AIVM_ESYNTAX, NULL, "%s is HTML, not JSON", what);
    if (j->too_deep)
        return aivm_error_set(
            err, AIVM_ESYNTAX, NULL,
            "%s is not valid JSON: nested deeper than %d levels (byte %zu of %zu)", what,
            AIVM_JSON_MAX_DEPTH, j->err_off, len);
    return aivm_error_set(err, AIVM_ESYNTAX, NULL, "%s is not valid JSON (byte %zu of %zu)", what,
                          j->err_off, len);
}

/* Page envelope checks, after a clean walk. */
static int check_page(const doc_shape *d, const top_field *count, const top_field *link,
                      aivm_error *err)
{
    if (!d->object || !d->items_array)
        return aivm_error_set(err, AIVM_EINVALID, NULL, "the price page has no Items array");
    if (count->type != 'n' || count->num != (double)d->n_items)
        return aivm_error_set(err, AIVM_EINVALID, NULL,
                              "the price page's Count does not match its %zu Items", d->n_items);
    if (link->seen && link->type != 'z' && link->type != 's')
        return aivm_error_set(err, AIVM_EINVALID, NULL,
                              "the price page's NextPageLink is neither a string nor null");
    return 0;
}

/* Keep an item's JSON text as it came. */
static bool keep_item(void *ctx, aivm_json *j)
{
    aivm_price_items *it = ctx;
    const char *start = j->p;
    if (!aivm_json__skip(j))
        return false;
    if (it->n == it->cap) {
        it->cap = it->cap ? 2 * it->cap : 64;
        it->span = aivm_xrealloc(it->span, 2 * it->cap * sizeof *it->span);
    }
    it->span[2 * it->n] = it->text.size;
    it->span[2 * it->n + 1] = (size_t)(j->p - start);
    it->n++;
    if (aivm_buf_put(&it->text, start, (size_t)(j->p - start)) < 0)
        return aivm_json__fail(j); /* over the buffer cap (256 MiB): cannot happen under the
                                      callers' body caps */
    return true;
}

int aivm_prices__page_add(aivm_price_items *it, const char *buf, size_t len, char **next,
                          aivm_error *err)
{
    top_field f[2] = {{"Count", false, 0, 0, AIVM_BUF_INIT},
                      {"NextPageLink", false, 0, 0, AIVM_BUF_INIT}};
    size_t n0 = it->n, size0 = it->text.size;
    aivm_json j;
    doc_shape d;
    int rc;
    *next = NULL;
    aivm_json__init(&j, buf, len);
    if (!walk_doc(&j, &d, f, 2, keep_item, it))
        rc = syntax_error(&j, buf, len, "the price page", err);
    else
        rc = check_page(&d, &f[0], &f[1], err);
    if (rc == 0 && f[1].type == 's' && f[1].str.ptr[0])
        *next = aivm_xstrdup(f[1].str.ptr);
    if (rc < 0) { /* a failed page adds nothing: it is retried */
        it->n = n0;
        it->text.size = size0;
        if (it->text.ptr)
            it->text.ptr[size0] = '\0';
    }
    aivm_buf_dispose(&f[0].str);
    aivm_buf_dispose(&f[1].str);
    return rc;
}

/* Reading items for classification: the fields aivm_price_item names. */
enum {
    S_ARM_SKU,
    S_SERVICE,
    S_REGION,
    S_UNIT,
    S_CURRENCY,
    S_PRODUCT,
    S_METER,
    S_SKU_NAME,
    S_METER_ID,
    S_START,
    S_TYPE,
    S_TERM,
    N_STR
};
enum { N_RETAIL, N_UNIT, N_TIER_MIN, N_NUM };
static const char *const str_keys[N_STR] = {
    "armSkuName",   "serviceName",        "armRegionName", "unitOfMeasure",
    "currencyCode", "productName",        "meterName",     "skuName",
    "meterId",      "effectiveStartDate", "type",          "reservationTerm"};
static const char *const num_keys[N_NUM] = {"retailPrice", "unitPrice", "tierMinimumUnits"};
#define NO_STR ((size_t)-1)

typedef struct {
    aivm_price_set *set;
    const aivm_price_query *q;
    aivm_buf key, strs; /* the current key; the item's decoded strings */
    size_t str_off[N_STR];
    aivm_price_plan *plans;
    size_t *term_off; /* per plan, into strs */
    size_t n_plans, cap_plans;
} reader;

static int key_index(const char *key, const char *const *keys, int n)
{
    for (int i = 0; i < n; i++)
        if (key[0] == keys[i][0] && strcmp(key, keys[i]) == 0)
            return i;
    return -1;
}

static bool is_number_start(int c)
{
    return c == '-' || (c >= '0' && c <= '9');
}

/* A string value into r->strs; `*off` gets its offset (NO_STR if not a string). */
static bool read_str(reader *r, aivm_json *j, size_t *off)
{
    if (aivm_json__peek(j) != '"')
        return aivm_json__skip(j);
    *off = r->strs.size;
    if (!aivm_json__string(j, &r->strs))
        return false;
    aivm_buf_put(&r->strs, "", 1); /* keep the NUL: offsets point at C strings */
    return true;
}

static bool read_num(aivm_json *j, bool *has, double *v)
{
    if (!is_number_start(aivm_json__peek(j)))
        return aivm_json__skip(j);
    *has = true;
    return aivm_json__number(j, v);
}

/* One savingsPlan entry; only objects count (as with any key lookup). */
static bool read_plan(reader *r, aivm_json *j)
{
    bool first = true, seen[3] = {false, false, false}, has[2] = {false, false};
    double v[2] = {0, 0};
    size_t term = NO_STR;
    aivm_price_plan *p;
    if (aivm_json__peek(j) != '{')
        return aivm_json__skip(j);
    if (!aivm_json__begin(j, '{'))
        return false;
    while (aivm_json__member(j, &first, &r->key)) {
        int k = strcmp(r->key.ptr, "term") == 0 ? 2 : key_index(r->key.ptr, num_keys, 2);
        bool ok = k < 0 || seen[k] ? aivm_json__skip(j)
                  : k == 2         ? read_str(r, j, &term)
                                   : read_num(j, &has[k], &v[k]);
        if (k >= 0)
            seen[k] = true;
        if (!ok)
            return false;
    }
    if (j->failed)
        return false;
    if (r->n_plans == r->cap_plans) {
        r->cap_plans = r->cap_plans ? 2 * r->cap_plans : 4;
        r->plans = aivm_xrealloc(r->plans, r->cap_plans * sizeof *r->plans);
        r->term_off = aivm_xrealloc(r->term_off, r->cap_plans * sizeof *r->term_off);
    }
    p = &r->plans[r->n_plans];
    r->term_off[r->n_plans++] = term;
    p->has_price = has[0] || has[1];
    p->price = has[0] ? v[0] : v[1];
    return true;
}

/* savingsPlan: the entries of an array, or the member values of an object. */
static bool read_plans(reader *r, aivm_json *j)
{
    int c = aivm_json__peek(j);
    bool first = true;
    if (c != '[' && c != '{')
        return aivm_json__skip(j);
    if (!aivm_json__begin(j, (char)c))
        return false;
    while (c == '[' ? aivm_json__element(j, &first) : aivm_json__member(j, &first, NULL))
        if (!read_plan(r, j))
            return false;
    return !j->failed;
}

static void add_item(reader *r, const bool *has, const double *num)
{
    const char *str[N_STR];
    aivm_price_item it;
    for (int i = 0; i < N_STR; i++)
        str[i] = r->str_off[i] == NO_STR ? NULL : r->strs.ptr + r->str_off[i];
    for (size_t i = 0; i < r->n_plans; i++)
        r->plans[i].term = r->term_off[i] == NO_STR ? NULL : r->strs.ptr + r->term_off[i];
    it = (aivm_price_item){
        .arm_sku = str[S_ARM_SKU],
        .service = str[S_SERVICE],
        .region = str[S_REGION],
        .unit = str[S_UNIT],
        .currency = str[S_CURRENCY],
        .product = str[S_PRODUCT],
        .meter = str[S_METER],
        .sku_name = str[S_SKU_NAME],
        .meter_id = str[S_METER_ID],
        .start = str[S_START],
        .type = str[S_TYPE],
        .term = str[S_TERM],
        .has_price = has[N_RETAIL] || has[N_UNIT], /* retailPrice, else unitPrice */
        .price = has[N_RETAIL] ? num[N_RETAIL] : num[N_UNIT],
        .has_tier_min = has[N_TIER_MIN],
        .tier_min = num[N_TIER_MIN],
        .plans = r->plans,
        .n_plans = r->n_plans,
    };
    aivm_prices__set_add(r->set, &it, r->q);
}

/* Classify one Items element as it is read. */
static bool read_item(void *ctx, aivm_json *j)
{
    reader *r = ctx;
    bool first = true, seen_str[N_STR] = {false}, seen_num[N_NUM] = {false}, seen_plans = false;
    bool has[N_NUM] = {false};
    double num[N_NUM] = {0};
    if (aivm_json__peek(j) != '{') {
        aivm_prices__set_add(r->set, NULL, r->q);
        return aivm_json__skip(j);
    }
    aivm_buf_clear(&r->strs);
    r->n_plans = 0;
    for (int i = 0; i < N_STR; i++)
        r->str_off[i] = NO_STR;
    if (!aivm_json__begin(j, '{'))
        return false;
    while (aivm_json__member(j, &first, &r->key)) {
        int k = key_index(r->key.ptr, str_keys, N_STR);
        int n = k < 0 ? key_index(r->key.ptr, num_keys, N_NUM) : -1;
        bool ok;
        if (k >= 0 && !seen_str[k]) {
            seen_str[k] = true;
            ok = read_str(r, j, &r->str_off[k]);
        } else if (n >= 0 && !seen_num[n]) {
            seen_num[n] = true;
            ok = read_num(j, &has[n], &num[n]);
        } else if (k < 0 && n < 0 && !seen_plans && strcmp(r->key.ptr, "savingsPlan") == 0) {
            seen_plans = true;
            ok = read_plans(r, j);
        } else {
            ok = aivm_json__skip(j);
        }
        if (!ok)
            return false;
    }
    if (j->failed)
        return false;
    add_item(r, has, num);
    return true;
}

static void reader_dispose(reader *r)
{
    aivm_buf_dispose(&r->key);
    aivm_buf_dispose(&r->strs);
    free(r->plans);
    free(r->term_off);
}

void aivm_prices__classify(aivm_price_set **out, const aivm_price_items *it,
                           const aivm_price_query *q)
{
    reader r;
    memset(&r, 0, sizeof r);
    r.q = q;
    aivm_prices__set_new(&r.set);
    for (size_t i = 0; i < it->n; i++) {
        aivm_json j;
        aivm_json__init(&j, it->text.ptr + it->span[2 * i], it->span[2 * i + 1]);
        read_item(&r, &j); /* checked when added */
    }
    aivm_prices__set_finish(r.set);
    reader_dispose(&r);
    *out = r.set;
}

int aivm_prices_parse_mem(aivm_price_set **out, const char *buf, size_t len,
                          const aivm_price_query *q, aivm_error *err)
{
    top_field f[2] = {{"Count", false, 0, 0, AIVM_BUF_INIT},
                      {"NextPageLink", false, 0, 0, AIVM_BUF_INIT}};
    reader r;
    aivm_json j;
    doc_shape d;
    int rc;
    *out = NULL;
    memset(&r, 0, sizeof r);
    r.q = q;
    aivm_prices__set_new(&r.set);
    aivm_json__init(&j, buf, len);
    if (!walk_doc(&j, &d, f, 2, read_item, &r))
        rc = syntax_error(&j, buf, len, "the price page", err);
    else
        rc = check_page(&d, &f[0], &f[1], err);
    if (rc == 0) {
        aivm_prices__set_finish(r.set);
        *out = r.set;
        r.set = NULL;
    }
    aivm_price_set_free(r.set);
    reader_dispose(&r);
    aivm_buf_dispose(&f[0].str);
    aivm_buf_dispose(&f[1].str);
    return rc;
}

int aivm_prices__cache_render(aivm_buf *out, const aivm_price_items *it, const aivm_cache_meta *m,
                              aivm_error *err)
{
    const struct {
        const char *key, *val;
    } strs[] = {{"currency", m->currency},
                {"region", m->region},
                {"sku", m->sku},
                {"api_version", m->api_version},
                {"tool_version", m->tool_version}};
    int rc = 0;
    aivm_buf_puts(out, "{\"aivm_prices_cache\":1,\"url\":");
    aivm_jw_string(out, m->url);
    aivm_buf_puts(out, ",\"fetched_at\":");
    aivm_jw_string(out, m->fetched_at);
    aivm_buf_printf(out, ",\"fetched_epoch\":%lld,\"pages\":%u,\"count\":%zu", m->fetched_epoch,
                    m->pages, it->n);
    for (size_t i = 0; i < sizeof strs / sizeof strs[0]; i++) {
        aivm_buf_printf(out, ",\"%s\":", strs[i].key);
        aivm_jw_string(out, strs[i].val);
    }
    aivm_buf_puts(out, ",\"Items\":[");
    for (size_t i = 0; i < it->n; i++) {
        if (i)
            aivm_buf_put(out, ",", 1);
        if (aivm_buf_put(out, it->text.ptr + it->span[2 * i], it->span[2 * i + 1]) < 0)
            rc = AIVM_ELIMIT;
    }
    if (aivm_buf_puts(out, "]}\n") < 0 || rc < 0)
        return aivm_error_set(err, AIVM_ELIMIT, NULL, "cache entry too large");
    return 0;
}

/* `v` is a whole number within [lo, hi] (NaN and infinities are not). */
static bool whole_in(double v, double lo, double hi)
{
    return v >= lo && v <= hi && v == (double)(long long)v;
}

int aivm_prices__cache_parse(aivm_price_items **out, aivm_cache_meta *m, const char *buf,
                             size_t len, aivm_error *err)
{
    enum { VERSION, URL, AT, EPOCH, PAGES, COUNT, CUR, REGION, SKU, API, TOOL, N };
    static const char *const keys[N] = {
        "aivm_prices_cache", "url",    "fetched_at", "fetched_epoch", "pages",       "count",
        "currency",          "region", "sku",        "api_version",   "tool_version"};
    struct {
        int idx;
        char *dst;
        size_t n;
    } const strs[] = {{URL, m->url, sizeof m->url},
                      {AT, m->fetched_at, sizeof m->fetched_at},
                      {CUR, m->currency, sizeof m->currency},
                      {REGION, m->region, sizeof m->region},
                      {SKU, m->sku, sizeof m->sku},
                      {API, m->api_version, sizeof m->api_version},
                      {TOOL, m->tool_version, sizeof m->tool_version}};
    top_field f[N];
    aivm_price_items *it = NULL;
    aivm_json j;
    doc_shape d;
    bool ok;
    int rc = 0;
    *out = NULL;
    memset(m, 0, sizeof *m);
    memset(f, 0, sizeof f);
    for (int i = 0; i < N; i++)
        f[i].key = keys[i];
    aivm_prices__items_new(&it);
    aivm_json__init(&j, buf, len);
    if (!walk_doc(&j, &d, f, N, keep_item, it)) {
        rc = syntax_error(&j, buf, len, "the cache entry", err);
        goto done;
    }
    /* Every number is range-checked before a cast: a hand-edited 1e300, -1e19
     * or -1 is a corrupt entry (warned about and fetched again), never UB. */
    ok = d.items_array && f[VERSION].type == 'n' && f[VERSION].num == 1 && f[EPOCH].type == 'n' &&
         whole_in(f[EPOCH].num, 0, 253402300799.0) && /* 1970 to 9999-12-31 */
         f[PAGES].type == 'n' && whole_in(f[PAGES].num, 0, 100000) && f[COUNT].type == 'n' &&
         f[COUNT].num == (double)d.n_items;
    for (size_t i = 0; ok && i < sizeof strs / sizeof strs[0]; i++) {
        const top_field *s = &f[strs[i].idx];
        ok = s->type == 's' && strlen(s->str.ptr) < strs[i].n;
        if (ok)
            memcpy(strs[i].dst, s->str.ptr, strlen(s->str.ptr) + 1);
    }
    if (!ok) {
        rc = aivm_error_set(err, AIVM_EINVALID, NULL,
                            "the cache entry lacks metadata or its item count is wrong");
        goto done;
    }
    m->fetched_epoch = (long long)f[EPOCH].num;
    m->pages = (unsigned)f[PAGES].num;
    m->count = (size_t)f[COUNT].num;
    *out = it;
    it = NULL;
done:
    for (int i = 0; i < N; i++)
        aivm_buf_dispose(&f[i].str);
    aivm_prices__items_free(it);
    return rc;
}
