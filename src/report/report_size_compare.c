/*
 * report_size_compare.c - the renderer of `catalog compare`: the sizes side
 * by side, one column per size and one row per fact (as many columns as the
 * width holds, tables one under another, a size too wide stacked), as JSON
 * (each size as `catalog show` writes it) or the names alone.
 */
#include <stdio.h>
#include <string.h>

#include "aivm/catalog.h"
#include "report_int.h"
#include "util/jsonw.h"

typedef void (*cell_fn)(char *out, size_t cap, const aivm_catalog *cat, const aivm_size *s,
                        const char *today);

static void c_family(char *o, size_t c, const aivm_catalog *cat, const aivm_size *s, const char *t)
{
    (void)cat;
    (void)t;
    snprintf(o, c, "%s (%s)", aivm_report__str_or(&s->family, "-"),
             aivm_report__str_or(&s->series, "-"));
}
static void c_vcpu(char *o, size_t c, const aivm_catalog *cat, const aivm_size *s, const char *t)
{
    (void)cat;
    (void)t;
    snprintf(o, c, "%u", s->vcpus);
}
static void c_mem(char *o, size_t c, const aivm_catalog *cat, const aivm_size *s, const char *t)
{
    (void)cat;
    (void)t;
    snprintf(o, c, "%g GiB", s->memory_gib);
}
static void c_gpu(char *o, size_t c, const aivm_catalog *cat, const aivm_size *s, const char *t)
{
    (void)cat;
    (void)t;
    aivm_report__size_gpu_text(o, c, s);
}
static void c_gpumem(char *o, size_t c, const aivm_catalog *cat, const aivm_size *s, const char *t)
{
    (void)cat;
    (void)t;
    if (s->has_gpu)
        snprintf(o, c, "%g GB", s->gpu_count * s->gpu_memory_gb);
    else
        snprintf(o, c, "-");
}
static void c_link(char *o, size_t c, const aivm_catalog *cat, const aivm_size *s, const char *t)
{
    (void)cat;
    (void)t;
    snprintf(o, c, "%s", s->has_gpu ? aivm_report__str_or(&s->gpu_interconnect, "unknown") : "-");
}
static void c_prec(char *o, size_t c, const aivm_catalog *cat, const aivm_size *s, const char *t)
{
    (void)cat;
    (void)t;
    if (s->has_gpu)
        aivm_report__precisions_text(o, c, s->gpu_precisions);
    else
        snprintf(o, c, "-");
}
static void c_ib(char *o, size_t c, const aivm_catalog *cat, const aivm_size *s, const char *t)
{
    (void)cat;
    (void)t;
    if (s->infiniband && s->infiniband_gbps > 0)
        snprintf(o, c, "%g Gb/s", s->infiniband_gbps);
    else
        snprintf(o, c, "%s", s->infiniband ? "yes" : "no");
}
static void c_os(char *o, size_t c, const aivm_catalog *cat, const aivm_size *s, const char *t)
{
    size_t k = 0;
    (void)cat;
    (void)t;
    o[0] = '\0';
    for (size_t i = 0; i < s->os.n && k + 2 < c; i++)
        k += (size_t)snprintf(o + k, c - k, "%s%s", i ? ", " : "", aivm_rlist_at(&s->os, i));
    if (!s->os.n)
        snprintf(o, c, "unknown");
}
static void c_life(char *o, size_t c, const aivm_catalog *cat, const aivm_size *s, const char *t)
{
    (void)cat;
    snprintf(o, c, "%s%s%s", aivm_lifecycle_name(aivm_size_lifecycle_on(s, t)),
             aivm_str(&s->lifecycle_date) ? " " : "", aivm_report__str_or(&s->lifecycle_date, ""));
}
static void c_regions(char *o, size_t c, const aivm_catalog *cat, const aivm_size *s, const char *t)
{
    (void)cat;
    (void)t;
    snprintf(o, c, "%zu", s->regions.n);
}
static void c_price(char *o, size_t c, const aivm_catalog *cat, const aivm_size *s, const char *t)
{
    const aivm_region_price *p = aivm_size_price_for(s, NULL, NULL);
    (void)cat;
    (void)t;
    if (p)
        snprintf(o, c, "%.2f %s (%s)", p->on_demand, aivm_report__str_or(&s->price_currency, "USD"),
                 aivm_str(&p->region));
    else
        snprintf(o, c, "-");
}
static void c_spot(char *o, size_t c, const aivm_catalog *cat, const aivm_size *s, const char *t)
{
    const aivm_region_price *p = aivm_size_price_for(s, NULL, NULL);
    (void)cat;
    (void)t;
    if (p && p->has_spot)
        snprintf(o, c, "%.2f", p->spot);
    else
        snprintf(o, c, "-");
}
static void c_gpuhour(char *o, size_t c, const aivm_catalog *cat, const aivm_size *s, const char *t)
{
    double per_gpu = aivm_size_gpu_hour_price(s, aivm_size_price_for(s, NULL, NULL));
    (void)cat;
    (void)t;
    if (per_gpu > 0)
        snprintf(o, c, "%.2f", per_gpu);
    else
        snprintf(o, c, "-");
}

static const struct {
    const char *label;
    cell_fn fn;
} rows[] = {
    {"family (series)", c_family},
    {"vCPUs", c_vcpu},
    {"memory", c_mem},
    {"GPUs", c_gpu},
    {"GPU memory per VM", c_gpumem},
    {"GPU interconnect", c_link},
    {"native precisions", c_prec},
    {"InfiniBand", c_ib},
    {"OS", c_os},
    {"lifecycle", c_life},
    {"regions offered", c_regions},
    {"on-demand per hour", c_price},
    {"spot per hour", c_spot},
    {"per GPU-hour", c_gpuhour},
};

#define N_ROWS (sizeof rows / sizeof rows[0])
#define CELL 64

/* Sizes [from, to) side by side: a column each, `w[j]` wide, the last unpadded. */
static void compare_columns(aivm_buf *out, const aivm_catalog *cat, const aivm_size *const *sizes,
                            size_t from, size_t to, const size_t *w, const char *today)
{
    char cell[CELL];
    aivm_buf_printf(out, "%-20s", "");
    for (size_t j = from; j < to; j++) {
        aivm_buf_puts(out, "  ");
        aivm_report__pad(out, aivm_report__vis(aivm_str(&sizes[j]->name)), j + 1 < to ? w[j] : 0);
    }
    aivm_buf_puts(out, "\n");
    for (size_t r = 0; r < N_ROWS; r++) {
        aivm_buf_printf(out, "%-20s", rows[r].label);
        for (size_t j = from; j < to; j++) {
            rows[r].fn(cell, sizeof cell, cat, sizes[j], today);
            aivm_buf_puts(out, "  ");
            aivm_report__pad(out, aivm_report__vis(cell), j + 1 < to ? w[j] : 0);
        }
        aivm_buf_puts(out, "\n");
    }
}

/* One size too wide for a column beside the labels: its name, then a line per
 * fact, each value cut to what `width` leaves (on a UTF-8 lead byte, with "..."). */
static void compare_stacked(aivm_buf *out, const aivm_catalog *cat, const aivm_size *s,
                            const char *today, size_t width)
{
    char cell[CELL];
    size_t room = width > 24 + 8 ? width - 24 : 8;
    aivm_buf_printf(out, "%s\n", aivm_report__vis(aivm_str(&s->name)));
    for (size_t r = 0; r < N_ROWS; r++) {
        const char *v;
        size_t len;
        rows[r].fn(cell, sizeof cell, cat, s, today);
        v = aivm_report__vis(cell);
        len = strlen(v);
        if (aivm_utf8_width(v, len) > room)
            len = aivm_utf8_fit(v, len, room - 3);
        aivm_buf_printf(out, "  %-20s  %.*s%s\n", rows[r].label, (int)len, v,
                        len < strlen(v) ? "..." : "");
    }
}

int aivm_report_size_compare(aivm_buf *out, const aivm_catalog *cat, const aivm_size *const *sizes,
                             size_t n, const char *today, aivm_browse_format fmt, unsigned width)
{
    size_t w[16];
    char cell[CELL];
    if (fmt == AIVM_BROWSE_JSON || fmt == AIVM_BROWSE_NAMES) {
        aivm_jw jw;
        if (fmt == AIVM_BROWSE_NAMES) {
            for (size_t i = 0; i < n; i++) {
                const char *name = aivm_str(&sizes[i]->name); /* a size always has one */
                aivm_buf_printf(out, "%s\n", name ? name : "");
            }
            return 0;
        }
        aivm_report__doc_begin(&jw, out);
        aivm_report__catalog_json(&jw, cat);
        aivm_jw_array(&jw, "sizes");
        for (size_t i = 0; i < n; i++)
            aivm_report__size_json(&jw, cat, sizes[i], today);
        aivm_jw_end(&jw);
        aivm_report__doc_end(&jw, out);
        return 0;
    }
    if (n > sizeof w / sizeof w[0])
        n = sizeof w / sizeof w[0];
    for (size_t j = 0; j < n; j++) {
        const char *name = aivm_report__vis(aivm_str(&sizes[j]->name));
        w[j] = aivm_utf8_width(name, strlen(name));
        for (size_t r = 0; r < N_ROWS; r++) {
            rows[r].fn(cell, sizeof cell, cat, sizes[j], today);
            if (aivm_utf8_width(cell, strlen(cell)) > w[j])
                w[j] = aivm_utf8_width(cell, strlen(cell));
        }
    }
    /* As many columns as fit in `width` per table; tables one under another. */
    for (size_t j = 0, k; j < n; j = k) {
        size_t used = 20;
        for (k = j; k < n && (width == 0 || used + 2 + w[k] <= width); k++)
            used += 2 + w[k];
        if (j)
            aivm_buf_puts(out, "\n");
        if (k == j)
            compare_stacked(out, cat, sizes[k++], today, width);
        else
            compare_columns(out, cat, sizes, j, k, w, today);
    }
    aivm_buf_puts(out, "\nPrices: catalog reference, Linux pay-as-you-go, at each size's "
                       "reference region.\n");
    return 0;
}
