/*
 * catalog_overlay.c - the local overlay of `catalog refresh` applied to a
 * catalog (docs/catalog-format.md, "The local overlay"). Its new sizes are
 * read by the catalog's own size loader (same keys, same checks), its
 * changes add to catalog sizes only what they lack (regions, prices of
 * regions without one, a retirement date), and its disagreements are kept
 * for `catalog diff`, never applied: a snapshot does not silently overwrite
 * a sourced fact. The result borrows the base's families, GPU models,
 * regions, images and strings.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aivm/buf.h"
#include "aivm/util.h"
#include "catalog_int.h"
#include "util/rstr.h"
#include "util/yamlutil.h"

/* A copy of a size record at its new address: its relative strings and
 * lists re-pointed at the same strings and arrays. */
static void copy_size(aivm_size *d, const aivm_size *s)
{
    *d = *s;
#define RS(f) aivm_util__rstr_set(&d->f, aivm_str(&s->f))
#define RL(f)                                                                                      \
    aivm_util__roff_set(&d->f.off,                                                                 \
                        s->f.n ? (const void *)((uintptr_t)&s->f + (uintptr_t)s->f.off) : NULL)
    RS(name);
    RS(series);
    RS(family);
    RS(gpu_vendor);
    RS(gpu_model);
    RS(gpu_interconnect);
    RS(gpu_interconnect_detail);
    RS(cpu);
    RS(cpu_arch);
    RS(lifecycle_date);
    RS(lifecycle_note);
    RS(price_currency);
    RS(price_as_of);
    RS(price_source);
    RS(price_reference_region);
    RS(loc.file);
    RL(regions);
    RL(os);
    RL(sources);
    RL(notes);
#undef RS
#undef RL
    aivm_util__roff_set(&d->prices_off, aivm_size_prices(s));
}

typedef struct {
    aivm_catalog *cat;
    size_t cap;
    aivm_error *err;
} ovl;

static void change(ovl *o, aivm_overlay_kind kind, const char *size, const char *fact,
                   const char *catalog, const char *overlay, const char *source)
{
    aivm_catalog *cat = o->cat;
    aivm_overlay_change *c;
    if (cat->n_changes == o->cap) {
        aivm_overlay_change *n;
        o->cap = o->cap ? 2 * o->cap : 16;
        n = aivm_arena_alloc(&cat->arena, o->cap * sizeof *n);
        if (cat->n_changes)
            memcpy(n, cat->changes, cat->n_changes * sizeof *n);
        cat->changes = n;
    }
    c = &cat->changes[cat->n_changes++];
    c->kind = kind;
    c->size = aivm_arena_strdup(&cat->arena, size);
    c->fact = aivm_arena_strdup(&cat->arena, fact);
    c->catalog = catalog ? aivm_arena_strdup(&cat->arena, catalog) : NULL;
    c->overlay = aivm_arena_strdup(&cat->arena, overlay);
    c->source = source ? aivm_arena_strdup(&cat->arena, source) : NULL;
}

static const char *rlist_item_or_null(const aivm_rlist *l, size_t i)
{
    return i < l->n ? aivm_rlist_at(l, i) : NULL;
}

/* Append `extra` (n strings) to the list `l` of a size in `cat`'s arena. */
static void rlist_append(aivm_catalog *cat, aivm_rlist *l, const char *const *extra, size_t n)
{
    const char **items = aivm_xcalloc(l->n + n + 1, sizeof *items);
    size_t k = 0;
    for (size_t i = 0; i < l->n; i++)
        items[k++] = rlist_item_or_null(l, i);
    for (size_t i = 0; i < n; i++)
        items[k++] = extra[i];
    aivm_util__rlist_set(l, items, k, &cat->arena);
    free((void *)items);
}

static bool rlist_has(const aivm_rlist *l, const char *s)
{
    for (size_t i = 0; i < l->n; i++)
        if (strcmp(aivm_rlist_at(l, i), s) == 0)
            return true;
    return false;
}

static int add_regions(ovl *o, aivm_size *d, const aivm_ynode *v, const char *src)
{
    const char *name = aivm_str(&d->name);
    const char **add = NULL;
    size_t n = 0;
    aivm_buf now = AIVM_BUF_INIT;
    char was[32];
    int rc = aivm_yexpect(v, AIVM_Y_SEQ, "key 'regions' of a change", o->err);
    for (size_t i = 0; rc == 0 && i < v->n; i++) {
        const char *r = NULL;
        rc = aivm_yget_str(&r, v->kids[i], "key 'regions' of a change", o->err);
        if (rc == 0 && !rlist_has(&d->regions, r)) {
            add = aivm_xrealloc((void *)add, (n + 1) * sizeof *add);
            add[n++] = r;
            aivm_buf_printf(&now, "%s+%s", now.size ? ", " : "", r);
        }
    }
    if (rc == 0 && n) {
        snprintf(was, sizeof was, "%zu regions", d->regions.n);
        change(o, AIVM_OVERLAY_CHANGED, name, "regions", was, now.ptr, src);
        rlist_append(o->cat, &d->regions, add, n);
    }
    free((void *)add);
    aivm_buf_dispose(&now);
    return rc;
}

static int price_num(double *out, const aivm_ynode *m, const char *key, bool need, const char *w,
                     aivm_error *err)
{
    const aivm_ynode *v = aivm_ymap_get(m, key);
    int rc;
    *out = 0;
    if (!v || aivm_yis_null(v))
        return need ? aivm_error_set(err, AIVM_EINVALID, &m->loc, "%s: missing key '%s'", w, key)
                    : 0;
    rc = aivm_yget_num(out, v, w, err);
    if (rc == 0 && *out <= 0)
        rc = aivm_error_set(err, AIVM_EINVALID, &v->loc, "%s: '%s' must be positive", w, key);
    else if (rc == 0 && *out < AIVM_CATALOG_PRICE_FLOOR)
        rc = aivm_error_set(err, AIVM_EINVALID, &v->loc,
                            "%s: '%s' %g is below the floor of %g per hour (it would rank first "
                            "at 0)",
                            w, key, *out, AIVM_CATALOG_PRICE_FLOOR);
    else if (rc == 0 && !(*out < AIVM_CATALOG_PRICE_CEILING))
        rc = aivm_error_set(err, AIVM_EINVALID, &v->loc,
                            "%s: '%s' %g is at or above the ceiling of %g per hour", w, key, *out,
                            AIVM_CATALOG_PRICE_CEILING);
    return rc;
}

/* Prices of regions the size has no reference price in (a price the
 * catalog has is a sourced fact: refresh lists a differing one instead). */
static int add_prices(ovl *o, aivm_size *d, const aivm_ynode *v, const char *as_of, const char *src)
{
    static const char *const keys[] = {"on_demand", "spot", NULL};
    const aivm_region_price *old = aivm_size_prices(d);
    aivm_region_price *p;
    aivm_buf now = AIVM_BUF_INIT;
    size_t n = d->n_prices;
    int rc = aivm_yexpect(v, AIVM_Y_MAP, "key 'prices' of a change", o->err);
    if (rc < 0)
        return rc;
    p = aivm_arena_alloc(&o->cat->arena, (n + v->n + 1) * sizeof *p);
    for (size_t i = 0; i < n; i++) {
        p[i] = old[i];
        aivm_util__rstr_set(&p[i].region, aivm_str(&old[i].region));
    }
    for (size_t i = 0; rc == 0 && i < v->n; i++) {
        const aivm_ynode *k = v->kids[2 * i], *m = v->kids[2 * i + 1];
        const char *w = "a region of key 'prices'";
        aivm_region_price *x = &p[n];
        if (aivm_size_price_in(d, k->str))
            continue;
        rc = aivm_yexpect(m, AIVM_Y_MAP, w, o->err);
        if (rc == 0)
            rc = aivm_ycheck_keys(m, keys, w, o->err);
        if (rc == 0)
            rc = price_num(&x->on_demand, m, "on_demand", true, w, o->err);
        if (rc == 0)
            rc = price_num(&x->spot, m, "spot", false, w, o->err);
        if (rc < 0)
            break;
        x->has_spot = x->spot > 0 && x->spot <= x->on_demand;
        if (!x->has_spot)
            x->spot = 0;
        aivm_util__rstr_set(&x->region, k->str);
        aivm_buf_printf(&now, "%s+%s %.4f/h", now.size ? ", " : "", k->str, x->on_demand);
        n++;
    }
    if (rc == 0 && n > d->n_prices) {
        char note[320];
        snprintf(note, sizeof note, "Reference prices of %s from the price lists of %s (overlay).",
                 now.ptr, as_of);
        change(o, AIVM_OVERLAY_CHANGED, aivm_str(&d->name), "prices",
               d->n_prices ? "priced elsewhere" : "none", now.ptr, src);
        if (!d->has_price) {
            d->has_price = true;
            aivm_util__rstr_set(&d->price_currency, "USD");
            aivm_util__rstr_set(&d->price_as_of, aivm_arena_strdup(&o->cat->arena, as_of));
            aivm_util__rstr_set(&d->price_source,
                                aivm_arena_strdup(&o->cat->arena, src ? src : "overlay"));
            aivm_util__rstr_set(&d->price_reference_region, aivm_str(&p[0].region));
        }
        aivm_util__roff_set(&d->prices_off, p);
        d->n_prices = n;
        const char *nn = aivm_arena_strdup(&o->cat->arena, note);
        rlist_append(o->cat, &d->notes, &nn, 1);
    }
    aivm_buf_dispose(&now);
    return rc;
}

static int retiring(ovl *o, aivm_size *d, const aivm_ynode *v, const char *src)
{
    const char *date = NULL;
    const char *had = aivm_str(&d->lifecycle_date);
    int rc = aivm_yget_date(&date, v, "key 'retiring' of a change", o->err);
    if (rc < 0)
        return rc;
    if (had) {
        if (strcmp(had, date) != 0)
            change(o, AIVM_OVERLAY_DISAGREES, aivm_str(&d->name), "retirement date", had, date,
                   src);
        return 0;
    }
    char what[40];
    snprintf(what, sizeof what, "retiring on %s", date);
    change(o, AIVM_OVERLAY_CHANGED, aivm_str(&d->name), "lifecycle",
           aivm_lifecycle_name(d->lifecycle), what, src);
    d->lifecycle = AIVM_LC_RETIRING;
    aivm_util__rstr_set(&d->lifecycle_date, date);
    return 0;
}

static int apply_change(ovl *o, aivm_size *merged, const aivm_catalog *base, const aivm_ynode *e,
                        const char *as_of)
{
    static const char *const keys[] = {"size",         "source",   "regions", "prices",
                                       "prices_as_of", "retiring", NULL};
    const char *name = NULL, *src = NULL, *p_as_of = as_of;
    const aivm_ynode *v;
    const aivm_size *s;
    aivm_size *d;
    int rc = aivm_yexpect(e, AIVM_Y_MAP, "a change", o->err);
    if (rc == 0)
        rc = aivm_ycheck_keys(e, keys, "a change", o->err);
    if (rc == 0)
        rc = aivm_yrequire(&v, e, "size", "a change", o->err);
    if (rc == 0)
        rc = aivm_yget_str(&name, v, "key 'size' of a change", o->err);
    if (rc == 0 && (v = aivm_ymap_get(e, "source")) != NULL)
        rc = aivm_yget_str(&src, v, "key 'source' of a change", o->err);
    if (rc == 0 && (v = aivm_ymap_get(e, "prices_as_of")) != NULL)
        rc = aivm_yget_date(&p_as_of, v, "key 'prices_as_of' of a change", o->err);
    if (rc < 0)
        return rc;
    s = aivm_catalog_find_size(base, name);
    if (!s)
        return aivm_error_set(o->err, AIVM_EINVALID, &aivm_ymap_get(e, "size")->loc,
                              "a change of size '%s', which the catalog does not have", name);
    d = &merged[s - &base->sizes[0]];
    if ((v = aivm_ymap_get(e, "regions")) != NULL && (rc = add_regions(o, d, v, src)) < 0)
        return rc;
    if ((v = aivm_ymap_get(e, "prices")) != NULL && (rc = add_prices(o, d, v, p_as_of, src)) < 0)
        return rc;
    if ((v = aivm_ymap_get(e, "retiring")) != NULL && (rc = retiring(o, d, v, src)) < 0)
        return rc;
    return 0;
}

static int disagreement(ovl *o, const aivm_ynode *e)
{
    static const char *const keys[] = {"size", "fact", "catalog", "snapshot", "source", NULL};
    const char *vals[5] = {NULL, NULL, NULL, NULL, NULL};
    int rc = aivm_yexpect(e, AIVM_Y_MAP, "a disagreement", o->err);
    if (rc == 0)
        rc = aivm_ycheck_keys(e, keys, "a disagreement", o->err);
    for (size_t i = 0; rc == 0 && i < 5; i++) {
        const aivm_ynode *v = aivm_ymap_get(e, keys[i]);
        if (!v && i < 4)
            return aivm_error_set(o->err, AIVM_EINVALID, &e->loc,
                                  "a disagreement: missing key '%s'", keys[i]);
        if (v)
            rc = aivm_yget_str(&vals[i], v, "a disagreement", o->err);
    }
    if (rc == 0)
        change(o, AIVM_OVERLAY_DISAGREES, vals[0], vals[1], vals[2], vals[3], vals[4]);
    return rc;
}

static void added(ovl *o, const aivm_size *s)
{
    char what[200];
    if (s->has_gpu)
        snprintf(what, sizeof what, "%g x %s %gGB, %u vCPUs%s", s->gpu_count,
                 aivm_str(&s->gpu_model), s->gpu_memory_gb, s->vcpus,
                 s->unverified ? ", unverified" : "");
    else
        snprintf(what, sizeof what, "%s%u vCPUs%s",
                 s->category == AIVM_CAT_GPU ? "GPU unknown, " : "", s->vcpus,
                 s->unverified ? ", unverified" : "");
    change(o, AIVM_OVERLAY_ADDED, aivm_str(&s->name), "size", NULL, what,
           rlist_item_or_null(&s->sources, 0));
}

/* The header: `overlay: {as_of, base, inputs}`. */
static int header(aivm_catalog *cat, const aivm_ynode *root, aivm_error *err)
{
    static const char *const keys[] = {"as_of", "base", "inputs", NULL};
    const aivm_ynode *h, *v;
    int rc = aivm_yrequire(&h, root, "overlay", "the overlay's top level", err);
    if (rc == 0)
        rc = aivm_yexpect(h, AIVM_Y_MAP, "key 'overlay'", err);
    if (rc == 0)
        rc = aivm_ycheck_keys(h, keys, "the overlay header", err);
    if (rc == 0)
        rc = aivm_yrequire(&v, h, "as_of", "the overlay header", err);
    if (rc == 0)
        rc = aivm_yget_date(&cat->overlay_as_of, v, "key 'as_of' in the overlay header", err);
    return rc;
}

/* Sources: the base's, then the overlay's (which its sizes cite). */
static int sources(aivm_catalog *cat, const aivm_catalog *base, const aivm_ynode *root,
                   aivm_error *err)
{
    aivm_source *all;
    int rc;
    cat->sources = NULL;
    cat->n_sources = 0;
    rc = aivm_catalog__load_entries(cat, root, false, err);
    if (rc < 0)
        return rc;
    all = aivm_arena_alloc(&cat->arena, (base->n_sources + cat->n_sources + 1) * sizeof *all);
    if (base->n_sources)
        memcpy(all, base->sources, base->n_sources * sizeof *all);
    for (size_t i = 0; i < cat->n_sources; i++) {
        for (size_t j = 0; j < base->n_sources; j++)
            if (strcmp(base->sources[j].id, cat->sources[i].id) == 0)
                return aivm_error_set(err, AIVM_EINVALID, &cat->sources[i].loc,
                                      "source id '%s' is the catalog's own", cat->sources[i].id);
        all[base->n_sources + i] = cat->sources[i];
    }
    cat->n_sources += base->n_sources;
    cat->sources = all;
    return 0;
}

static int apply(ovl *o, const aivm_catalog *base, const aivm_ynode *root)
{
    static const char *const top[] = {"overlay", "sources",       "sizes",
                                      "changes", "disagreements", NULL};
    aivm_catalog *cat = o->cat;
    const aivm_ynode *list;
    const aivm_size *news;
    aivm_size *merged;
    size_t nn, nb = base->n_sizes;
    int rc = aivm_yexpect_root(root, AIVM_Y_MAP, "overlay document", o->err);
    if (rc == 0)
        rc = aivm_ycheck_keys(root, top, "the overlay's top level", o->err);
    if (rc == 0)
        rc = header(cat, root, o->err);
    if (rc == 0)
        rc = sources(cat, base, root, o->err);
    if (rc == 0)
        rc = aivm_catalog__load_entries(cat, root, true, o->err);
    if (rc < 0)
        return rc;
    news = cat->sizes;
    nn = cat->n_sizes;
    merged = aivm_arena_alloc(&cat->arena, (nb + nn + 1) * sizeof *merged);
    for (size_t i = 0; i < nb; i++)
        copy_size(&merged[i], &base->sizes[i]);
    for (size_t i = 0; i < nn; i++) {
        const aivm_gpu_model *g;
        if (aivm_catalog_find_size(base, aivm_str(&news[i].name))) {
            aivm_loc loc = {aivm_str(&news[i].loc.file), news[i].loc.line, news[i].loc.col};
            return aivm_error_set(o->err, AIVM_EINVALID, &loc,
                                  "size '%s' is in the catalog: list it under 'changes'",
                                  aivm_str(&news[i].name));
        }
        copy_size(&merged[nb + i], &news[i]);
        g = news[i].has_gpu ? aivm_catalog_gpu_model(base, aivm_str(&news[i].gpu_model)) : NULL;
        merged[nb + i].gpu_precisions = g ? g->precisions : 0;
        added(o, &merged[nb + i]);
    }
    list = aivm_ymap_get(root, "changes");
    if (list && (rc = aivm_yexpect(list, AIVM_Y_SEQ, "key 'changes'", o->err)) < 0)
        return rc;
    for (size_t i = 0; list && i < list->n; i++)
        if ((rc = apply_change(o, merged, base, list->kids[i], cat->overlay_as_of)) < 0)
            return rc;
    list = aivm_ymap_get(root, "disagreements");
    if (list && (rc = aivm_yexpect(list, AIVM_Y_SEQ, "key 'disagreements'", o->err)) < 0)
        return rc;
    for (size_t i = 0; list && i < list->n; i++)
        if ((rc = disagreement(o, list->kids[i])) < 0)
            return rc;
    cat->sizes = merged;
    cat->n_sizes = nb + nn;
    return aivm_catalog__index(cat, o->err);
}

int aivm_catalog_overlay_mem(aivm_catalog **out, const aivm_catalog *base, const char *buf,
                             size_t len, const char *name, aivm_error *err)
{
    aivm_catalog *cat = aivm_xcalloc(1, sizeof *cat);
    aivm_ynode *root = NULL;
    ovl o = {cat, 0, err};
    aivm_loc start = {name, 1, 1};
    int rc;
    *out = NULL;
    /* what the overlay does not touch is the base's (borrowed) */
    cat->version = base->version;
    cat->as_of = base->as_of;
    cat->description = base->description;
    cat->families = base->families;
    cat->n_families = base->n_families;
    cat->images = base->images;
    cat->n_images = base->n_images;
    cat->orchestrators = base->orchestrators;
    cat->n_orchestrators = base->n_orchestrators;
    cat->tools = base->tools;
    cat->n_tools = base->n_tools;
    cat->gpu_models = base->gpu_models;
    cat->n_gpu_models = base->n_gpu_models;
    cat->regions = base->regions;
    cat->n_regions = base->n_regions;
    cat->regions_source = base->regions_source;
    cat->regions_as_of = base->regions_as_of;
    cat->overlay_name = aivm_arena_strdup(&cat->arena, name);
    rc = aivm_yaml_parse(&root, &cat->arena, buf, len, name, err);
    if (rc == 0 && !root)
        rc = aivm_error_set(err, AIVM_EINVALID, &start, "empty overlay");
    if (rc == 0)
        rc = apply(&o, base, root);
    if (rc < 0) {
        aivm_catalog_free(cat);
        return rc;
    }
    *out = cat;
    return 0;
}

int aivm_catalog_overlay_file(aivm_catalog **out, const aivm_catalog *base, const char *path,
                              aivm_error *err)
{
    aivm_buf b = AIVM_BUF_INIT;
    int rc;
    *out = NULL;
    rc = aivm_buf_read_file(&b, path, 0, err);
    if (rc == 0)
        rc = aivm_catalog_overlay_mem(out, base, b.ptr, b.size, path, err);
    aivm_buf_dispose(&b);
    return rc;
}

const char *aivm_catalog_overlay_name(const aivm_catalog *cat)
{
    return cat->overlay_name;
}

const char *aivm_catalog_overlay_as_of(const aivm_catalog *cat)
{
    return cat->overlay_as_of;
}

size_t aivm_catalog_overlay_change_count(const aivm_catalog *cat)
{
    return cat->n_changes;
}

const aivm_overlay_change *aivm_catalog_overlay_change_at(const aivm_catalog *cat, size_t i)
{
    return i < cat->n_changes ? &cat->changes[i] : NULL;
}

bool aivm_catalog_overlay_summary(char *out, size_t cap, const aivm_catalog *cat)
{
    const char *overlay = cat ? aivm_catalog_overlay_name(cat) : NULL;
    size_t n[3] = {0, 0, 0};
    out[0] = '\0';
    if (!overlay)
        return false;
    for (size_t i = 0; i < aivm_catalog_overlay_change_count(cat); i++)
        n[aivm_catalog_overlay_change_at(cat, i)->kind]++;
    snprintf(out, cap, "%s (as of %s): %zu added, %zu changed, %zu disagreement%s", overlay,
             aivm_catalog_overlay_as_of(cat), n[AIVM_OVERLAY_ADDED], n[AIVM_OVERLAY_CHANGED],
             n[AIVM_OVERLAY_DISAGREES], n[AIVM_OVERLAY_DISAGREES] == 1 ? "" : "s");
    return true;
}

const char *aivm_catalog_prices_as_of(const aivm_catalog *cat)
{
    const char *newest = NULL;
    for (size_t i = 0; i < cat->n_sizes; i++) {
        const char *d = aivm_str(&cat->sizes[i].price_as_of);
        if (d && (!newest || strcmp(d, newest) > 0))
            newest = d;
    }
    return newest;
}

const char *aivm_catalog_data_as_of(const aivm_catalog *cat)
{
    if (cat->overlay_as_of && strcmp(cat->overlay_as_of, cat->as_of) > 0)
        return cat->overlay_as_of;
    return cat->as_of;
}

/* Days from date `from` to `today`; 0 when either is not a date. */
static long long days_between(const char *from, const char *today)
{
    long long a, b;
    if (!from || !aivm_date_days(&a, from) || !aivm_date_days(&b, today))
        return 0;
    return b - a;
}

long long aivm_catalog_age_days(const aivm_catalog *cat, const char *today)
{
    return days_between(aivm_catalog_data_as_of(cat), today);
}

long long aivm_catalog_prices_age_days(const aivm_catalog *cat, const char *today)
{
    return days_between(aivm_catalog_prices_as_of(cat), today);
}
