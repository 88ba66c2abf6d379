/*
 * report_table.c - the human rendering of an advice: a header naming the
 * workload, one row per recommended size (rank, size, series, GPUs, vCPUs,
 * RAM, InfiniBand, price and the main reason), and with `explain` every
 * rule that fired plus the rejected sizes. Width-aware; colour only when
 * asked. Warnings are not rendered here: the CLI prints them on stderr.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "aivm/report.h"
#include "aivm/util.h"
#include "report_avail.h"
#include "report_int.h"

#define VIS(s) aivm_report__vis(s)
#include "report_sizing.h"
#include "report_work.h"
#include "util/mathutil.h"

#define BOLD(o) aivm_report__sgr((o)->color, AIVM_SGR_BOLD)
#define DIM(o) aivm_report__sgr((o)->color, AIVM_SGR_DIM)
#define RESET(o) aivm_report__sgr((o)->color, AIVM_SGR_RESET)

static void fmt_price(char *out, size_t n, const aivm_price *p, const char *region, bool spot)
{
    char od[32] = "-", sp[32] = "-";
    /* --spot ranks by the spot price: the first column then shows pay-as-you-go */
    bool both = spot && p->pricing == AIVM_PRICING_SPOT;
    if (both ? p->has_on_demand : p->has_hourly)
        snprintf(od, sizeof od, "%.3f%s", both ? p->on_demand : p->hourly,
                 strcmp(p->region, region) ? "*" : "");
    if (p->has_spot)
        snprintf(sp, sizeof sp, "%.3f%s", p->spot, strcmp(p->region, region) ? "*" : "");
    if (spot) /* --spot: the spot price beside the price asked for */
        snprintf(out, n, "%9s %9s", od, sp);
    else
        snprintf(out, n, "%9s", od);
}

/* The VMS and <CUR>/H_ALL cells (the deployment), appended at `at`; returns
 * the width written. */
static int deploy_cells(char *at, size_t room, const aivm_candidate *c)
{
    char all[32] = "-";
    int n;
    if (c->deploy.has_hourly) /* the price under --pricing (on-demand by default) x VMs */
        snprintf(all, sizeof all, "%.3f", c->deploy.hourly);
    n = snprintf(at, room, "%3u %10s  ", c->deploy.vms, all);
    return n < 0 ? 0 : n;
}

/* Append `s` in at most `room` columns: cut on a character boundary and
 * ended with "..." when longer, so a clipped line is still valid UTF-8 and the
 * fixed columns before it never move. Columns as a terminal shows them
 * (aivm_utf8_width: CJK two); control characters are already made visible. */
static void put_clipped(aivm_buf *out, const char *s, size_t room)
{
    size_t n = strlen(s);
    if (room < 4 || aivm_utf8_width(s, n) <= room) {
        aivm_buf_puts(out, s);
        return;
    }
    aivm_buf_put(out, s, aivm_utf8_fit(s, n, room - 3));
    aivm_buf_puts(out, "...");
}

static void header(aivm_buf *out, const aivm_advice *adv, const aivm_render_opts *o)
{
    const aivm_workload *wl = adv->workload;
    aivm_buf_printf(out, "%sWorkload:%s %s, %s, %s model; region %s, %s\n", BOLD(o), RESET(o),
                    aivm_phase_name(wl->phase), aivm_kind_name(wl->kind),
                    aivm_model_size_name(wl->model_size), wl->region, aivm_os_name(wl->os));
    aivm_report__avail_header(out, adv);    /* --regions: the regions judged */
    char overlay[AIVM_OVERLAY_SUMMARY_CAP]; /* the file, its date and counts: it changed what is
                                               ranked */
    bool has_overlay = aivm_catalog_overlay_summary(overlay, sizeof overlay, adv->catalog);
    aivm_buf_printf(out, "%sCatalog %s (as of %s%s%s); %zu sizes ranked, %zu rejected%s\n\n",
                    DIM(o), aivm_catalog_version(adv->catalog), aivm_catalog_as_of(adv->catalog),
                    has_overlay ? "; local overlay " : "", has_overlay ? VIS(overlay) : "",
                    adv->n_ranked, adv->n_rejected, RESET(o));
}

static void explain_candidate(aivm_buf *out, const aivm_candidate *c)
{
    bool cost = c->ranking.objective == AIVM_OBJ_COST;
    if (c->ranking.reason)
        aivm_buf_printf(out, "      rank: %s\n", VIS(c->ranking.reason));
    for (size_t i = 0; i < c->n_reasons; i++) {
        const aivm_reason *r = &c->reasons[i];
        const aivm_strlist *g = aivm_rule_guidance(r->rule);
        /* a zero is printed unsigned: "-0.00" says nothing */
        aivm_buf_printf(out, "      %+6.2f", fabs(r->delta) < 0.005 ? 0.0 : r->delta);
        if (cost)
            aivm_buf_printf(out, " (%+5.1f%%)", fabs(r->effect_pct) < 0.05 ? 0.0 : r->effect_pct);
        aivm_buf_printf(out, "  %s [", aivm_rule_id(r->rule));
        for (size_t j = 0; j < g->n; j++)
            aivm_buf_printf(out, "%s%s", j ? "," : "", g->items[j]);
        aivm_buf_printf(out, "] %s\n", VIS(r->message));
    }
}

/* A 16-bit default runs bf16, or fp16 where the GPU has no bf16: name those. */
static void fp16_note(aivm_buf *out, const aivm_advice *adv)
{
    size_t n = 0;
    for (size_t i = 0; i < adv->n_shown; i++) {
        const aivm_candidate *c = &adv->ranked[i];
        if (!adv->workload->sizing || !adv->workload->sizing->any_16bit ||
            c->deploy.precision != AIVM_PREC_FP16)
            continue;
        aivm_buf_printf(out, "%s%s", n++ ? ", " : "\n16-bit runs as fp16 (no bf16 on the GPU) on ",
                        VIS(aivm_str(&c->size->name)));
    }
    if (n)
        aivm_buf_puts(out, "; bf16 on the others\n");
}

/* Under 80 columns the table is stacked, so no row wraps: rank, size and price
 * on the first line; GPUs, vCPUs, RAM and InfiniBand on the second; the
 * deployment's VMs and price on a third when it spans VMs; the main reason last;
 * every line clipped to `width`. The series, work and availability columns are
 * left out, and a note says so (--format json has every field). */
#define AIVM_NARROW_TABLE 80

/* The work columns of a stacked row: "DAYS 29.3  JOB_COST 380932", each name of
 * the heading beside its cell, on a line of their own. */
static void stacked_pairs(aivm_buf *out, const char *head, const char *cells, unsigned width)
{
    char line[256];
    size_t n = (size_t)snprintf(line, sizeof line, "   ");
    while (n < sizeof line) {
        size_t hl, cl;
        head += strspn(head, " ");
        cells += strspn(cells, " ");
        hl = strcspn(head, " ");
        cl = strcspn(cells, " ");
        if (!hl || !cl)
            break;
        n += (size_t)snprintf(line + n, sizeof line - n, " %.*s %.*s", (int)hl, head, (int)cl,
                              cells);
        head += hl;
        cells += cl;
    }
    aivm_buf_puts(out, "\n");
    put_clipped(out, line, width);
}

static void narrow_rows(aivm_buf *out, const aivm_advice *adv, const aivm_render_opts *o,
                        unsigned width, int wsize)
{
    char work_head[64];
    aivm_report__work_heading(work_head, sizeof work_head, adv, aivm_report__currency(adv));
    bool vms = aivm_report__has_deploy_columns(adv);
    aivm_buf_printf(out, "%s%-3s %-*s  %s%s%s\n", BOLD(o), "#", wsize, "SIZE",
                    aivm_report__price_heading(adv), adv->workload->spot ? " SPOT/HOUR" : "",
                    RESET(o));
    for (size_t i = 0; i < adv->n_shown; i++) {
        const aivm_candidate *c = &adv->ranked[i];
        const aivm_reason *why = aivm_report__main_reason(c);
        const char *region = c->region ? c->region : adv->workload->region;
        char gpu[64], price[48], line[256], cells[320];
        aivm_report__gpu_cell(gpu, sizeof gpu, c->size);
        fmt_price(price, sizeof price, &c->price, region, adv->workload->spot);
        snprintf(line, sizeof line, "%-3u %-*s  %s", c->rank, wsize, VIS(aivm_str(&c->size->name)),
                 price);
        put_clipped(out, line, width);
        snprintf(line, sizeof line, "    %s%s%u vCPU, %g GiB RAM%s", gpu, gpu[0] ? ", " : "",
                 c->size->vcpus, c->size->memory_gib, c->size->infiniband ? ", InfiniBand" : "");
        aivm_buf_puts(out, "\n");
        put_clipped(out, line, width);
        if (vms && c->deploy.has_hourly) {
            snprintf(line, sizeof line, "    %u VM%s: %.3f %s/hour in all", c->deploy.vms,
                     c->deploy.vms == 1 ? "" : "s", c->deploy.hourly, aivm_report__currency(adv));
            aivm_buf_puts(out, "\n");
            put_clipped(out, line, width);
        }
        if (c->has_work && aivm_report__work_cells(cells, sizeof cells, c) > 0)
            stacked_pairs(out, work_head, cells, width);
        if (adv->has_avail) {
            aivm_report__avail_cells(cells, sizeof cells, c, aivm_report__avail_region_width(adv));
            aivm_buf_puts(out, "\n    ");
            put_clipped(out, cells, width - 4);
        }
        aivm_buf_puts(out, "\n    ");
        put_clipped(out, why ? VIS(why->message) : "", width - 4);
        aivm_buf_puts(out, "\n");
        if (o->explain) {
            explain_candidate(out, c);
            aivm_report__work_explain(out, c);
        }
    }
    aivm_buf_puts(out, "\n");
    put_clipped(out, "Narrow terminal: rows stacked, SERIES left out (--format json has all).",
                width);
    aivm_buf_puts(out, "\n");
}

/* The SERIES column ("%-16.16s ") and the VCPU and RAM_GIB columns ("%5u %7g "). */
#define SERIES_COLS 17u
#define CPU_COLS 14u

/* Remove the SERIES and/or the VCPU and RAM_GIB columns from a header or row laid
 * out as "#, SIZE (wsize), SERIES, GPUS (wgpu), VCPU, RAM_GIB, ..."; returns its
 * new length. */
static int drop_columns(char *line, int wsize, int wgpu, bool series, bool cpu)
{
    size_t at_series = 4 + (size_t)wsize + 1, len = strlen(line);
    size_t at_cpu = at_series + SERIES_COLS + (size_t)wgpu + 1;
    if (cpu && len >= at_cpu + CPU_COLS) {
        memmove(line + at_cpu, line + at_cpu + CPU_COLS, len - at_cpu - CPU_COLS + 1);
        len -= CPU_COLS;
    }
    if (series && len >= at_series + SERIES_COLS) {
        memmove(line + at_series, line + at_series + SERIES_COLS,
                len - at_series - SERIES_COLS + 1);
        len -= SERIES_COLS;
    }
    return (int)len;
}

/* The table's layout: column widths from the shown rows, the optional columns
 * and which columns the terminal's width drops. */
typedef struct {
    unsigned width;
    int wsize, wgpu, wregion, wavail;
    bool vms, other_region, narrow, drop_series, drop_cpu;
    char vms_head[32], work_head[64];
} layout;

/* The widths before any row is written. Width 0 (a file or a pipe): the full
 * table, 100 wide, whatever it holds. */
static void layout_init(layout *t, const aivm_advice *adv, const aivm_render_opts *o)
{
    memset(t, 0, sizeof *t);
    t->width = o->width ? o->width : 100;
    t->wsize = 4;
    t->wgpu = 4;
    t->narrow = o->width && t->width < AIVM_NARROW_TABLE;
    t->wregion = adv->has_avail ? aivm_report__avail_region_width(adv) : 0;
    t->wavail = 12;
    t->vms = aivm_report__has_deploy_columns(adv);
    snprintf(t->vms_head, sizeof t->vms_head, "VMS  %s/H_ALL  ", aivm_report__currency(adv));
    aivm_report__work_heading(t->work_head, sizeof t->work_head, adv, aivm_report__currency(adv));
}

/* Widen the SIZE, GPUS and AVAILABILITY columns to the shown rows; note a
 * price from another region than the row's. */
static void measure_rows(layout *t, const aivm_advice *adv)
{
    for (size_t i = 0; i < adv->n_shown; i++) {
        const aivm_candidate *c = &adv->ranked[i];
        char gpu[64];
        int n = (int)strlen(VIS(aivm_str(&adv->ranked[i].size->name)));
        if (c->price.has_hourly &&
            strcmp(c->price.region, c->region ? c->region : adv->workload->region))
            t->other_region = true;
        aivm_report__gpu_cell(gpu, sizeof gpu, adv->ranked[i].size);
        t->wsize = n > t->wsize ? n : t->wsize;
        n = (int)strlen(gpu);
        t->wgpu = n > t->wgpu ? n : t->wgpu;
        if (adv->has_avail) {
            char cells[320];
            aivm_report__avail_cells(cells, sizeof cells, &adv->ranked[i], t->wregion);
            n = (int)strlen(cells) - t->wregion - 2;
            t->wavail = n > t->wavail ? n : t->wavail;
        }
    }
}

/* The heading line; too wide for the terminal: drop SERIES, then VCPU and
 * RAM_GIB, then stack (narrow_rows), so no row wraps. */
static void heading(aivm_buf *out, layout *t, const aivm_advice *adv, const aivm_render_opts *o)
{
    char avail_head[96] = "";
    char head[512];
    int len;
    if (adv->has_avail)
        snprintf(avail_head, sizeof avail_head, "%-*s  %-*s  ", t->wregion, "REGION", t->wavail,
                 "AVAILABILITY");
    len = snprintf(head, sizeof head, "%-3s %-*s %-16s %-*s %5s %7s %-3s %9s%s  %s%s%s", "#",
                   t->wsize, "SIZE", "SERIES", t->wgpu, "GPUS", "VCPU", "RAM_GIB", "IB",
                   aivm_report__price_heading(adv), adv->workload->spot ? " SPOT/HOUR" : "",
                   t->vms ? t->vms_head : "", t->work_head, avail_head);
    t->drop_series = o->width && len > 0 && (unsigned)len > t->width;
    t->drop_cpu = t->drop_series && (unsigned)len - SERIES_COLS > t->width;
    t->narrow = t->drop_cpu && (unsigned)len - SERIES_COLS - CPU_COLS > t->width;
    drop_columns(head, t->wsize, t->wgpu, t->drop_series, t->drop_cpu);
    if (t->narrow)
        narrow_rows(out, adv, o, t->width, t->wsize);
    else
        aivm_buf_printf(out, "%s%sWHY%s\n", BOLD(o), head, RESET(o));
}

/* One row of the table, its reason clipped to the width (or on a line of its
 * own), then with `explain` the rules and the work behind it. */
static void table_row(aivm_buf *out, const layout *t, const aivm_advice *adv,
                      const aivm_render_opts *o, const aivm_candidate *c)
{
    const aivm_reason *why = aivm_report__main_reason(c);
    char gpu[64], price[48], line[640];
    const char *region = c->region ? c->region : adv->workload->region;
    int used;
    aivm_report__gpu_cell(gpu, sizeof gpu, c->size);
    fmt_price(price, sizeof price, &c->price, region, adv->workload->spot);
    used =
        snprintf(line, sizeof line, "%-3u %-*s %-16.16s %-*s %5u %7g %-3s %s  ", c->rank, t->wsize,
                 VIS(aivm_str(&c->size->name)), VIS(aivm_str(&c->size->series)), t->wgpu, gpu,
                 c->size->vcpus, c->size->memory_gib, c->size->infiniband ? "yes" : "no", price);
    if (t->vms && used > 0 && (size_t)used < sizeof line)
        used += deploy_cells(line + used, sizeof line - (size_t)used, c);
    if (c->has_work && used > 0 && (size_t)used < sizeof line)
        used += aivm_report__work_cells(line + used, sizeof line - (size_t)used, c);
    if (adv->has_avail && used > 0 && (size_t)used < sizeof line) {
        char cells[320];
        aivm_report__avail_cells(cells, sizeof cells, c, t->wregion);
        used += snprintf(line + used, sizeof line - (size_t)used, "%-*s  ",
                         t->wregion + 2 + t->wavail, cells);
    }
    if (used > 0 && (size_t)used < sizeof line)
        used = drop_columns(line, t->wsize, t->wgpu, t->drop_series, t->drop_cpu);
    if (used < 0 || (unsigned)used + 30 > t->width) {
        /* Too narrow for the reason beside the row: give it a line of its own. */
        size_t len = strlen(line);
        while (len > 0 && line[len - 1] == ' ')
            line[--len] = '\0';
        aivm_buf_puts(out, line);
        aivm_buf_puts(out, "\n    ");
        used = 4;
    } else {
        aivm_buf_puts(out, line);
    }
    put_clipped(out, why ? VIS(why->message) : "", t->width - (unsigned)used);
    aivm_buf_puts(out, "\n");
    if (o->explain)
        explain_candidate(out, c);
    if (o->explain)
        aivm_report__work_explain(out, c);
}

/* With `explain`: the sizes the rules rejected, each with its reason. */
static void rejected_sizes(aivm_buf *out, const aivm_advice *adv, const aivm_render_opts *o)
{
    aivm_buf_printf(out, "\n%sRejected (%zu):%s\n", BOLD(o), adv->n_rejected, RESET(o));
    for (size_t i = 0; i < adv->n_rejected; i++) {
        const char *name = aivm_str(&adv->rejected[i].size->name); /* never NULL */
        aivm_buf_printf(out, "  %-36s %s: %s\n", name ? VIS(name) : "",
                        aivm_rejection_id(&adv->rejected[i]), VIS(adv->rejected[i].message));
    }
}

int aivm_report_table(aivm_buf *out, const aivm_advice *adv, const aivm_render_opts *o,
                      aivm_error *err)
{
    layout t;
    layout_init(&t, adv, o);
    header(out, adv, o);
    if (adv->workload->sizing)
        aivm_report__sizing_table(out, adv->workload->sizing, o);
    aivm_report__work_table(out, adv, o);
    measure_rows(&t, adv);
    if (adv->n_shown == 0)
        aivm_buf_puts(out, "No size fits this workload.\n");
    else if (t.narrow)
        narrow_rows(out, adv, o, t.width, t.wsize);
    else
        heading(out, &t, adv, o);
    for (size_t i = 0; !t.narrow && i < adv->n_shown; i++)
        table_row(out, &t, adv, o, &adv->ranked[i]);
    if (t.other_region)
        aivm_buf_puts(out, "\n* price of the size's reference region: no catalog price in this "
                           "region\n");
    fp16_note(out, adv);
    if (adv->n_shown)
        aivm_report__price_footer(out, adv, DIM(o), RESET(o));
    aivm_report__extras_table(out, adv, o);
    if (o->explain && adv->n_rejected)
        rejected_sizes(out, adv, o);
    if (out->overflow)
        return aivm_error_set(err, AIVM_ELIMIT, NULL, "table output too large");
    return 0;
}
