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
 * fixed columns before it never move. A column is a character (a UTF-8 lead
 * byte): control characters are already made visible. */
static void put_clipped(aivm_buf *out, const char *s, size_t room)
{
    size_t cols = 0, cut = 0, i = 0;
    for (; s[i]; i++)
        if (((unsigned char)s[i] & 0xC0) != 0x80) {
            if (cols == (room > 3 ? room - 3 : 0))
                cut = i; /* where "..." starts if the text is too long */
            cols++;
        }
    if (room < 4 || cols <= room) {
        aivm_buf_puts(out, s);
        return;
    }
    aivm_buf_put(out, s, cut);
    aivm_buf_puts(out, "...");
}

static void header(aivm_buf *out, const aivm_advice *adv, const aivm_render_opts *o)
{
    const aivm_workload *wl = adv->workload;
    aivm_buf_printf(out, "%sWorkload:%s %s, %s, %s model; region %s, %s\n", BOLD(o), RESET(o),
                    aivm_phase_name(wl->phase), aivm_kind_name(wl->kind),
                    aivm_model_size_name(wl->model_size), wl->region, aivm_os_name(wl->os));
    aivm_report__avail_header(out, adv); /* --regions: the regions judged */
    const char *overlay = aivm_catalog_overlay_as_of(adv->catalog);
    aivm_buf_printf(out, "%sCatalog %s (as of %s%s%s); %zu sizes ranked, %zu rejected%s\n\n",
                    DIM(o), aivm_catalog_version(adv->catalog), aivm_catalog_as_of(adv->catalog),
                    overlay ? "; local overlay of " : "", overlay ? overlay : "", adv->n_ranked,
                    adv->n_rejected, RESET(o));
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

int aivm_report_table(aivm_buf *out, const aivm_advice *adv, const aivm_render_opts *o,
                      aivm_error *err)
{
    unsigned width = o->width ? o->width : 100;
    int wsize = 4, wgpu = 4;
    bool other_region = false;
    int wregion = adv->has_avail ? aivm_report__avail_region_width(adv) : 0, wavail = 12;
    bool vms = aivm_report__has_deploy_columns(adv);
    char vms_head[32], work_head[64];
    snprintf(vms_head, sizeof vms_head, "VMS  %s/H_ALL  ", aivm_report__currency(adv));
    aivm_report__work_heading(work_head, sizeof work_head, adv->workload,
                              aivm_report__currency(adv));
    header(out, adv, o);
    if (adv->workload->sizing)
        aivm_report__sizing_table(out, adv->workload->sizing, o);
    aivm_report__work_table(out, adv->workload, o);
    for (size_t i = 0; i < adv->n_shown; i++) {
        char gpu[64];
        int n = (int)strlen(VIS(aivm_str(&adv->ranked[i].size->name)));
        aivm_report__gpu_cell(gpu, sizeof gpu, adv->ranked[i].size);
        wsize = n > wsize ? n : wsize;
        n = (int)strlen(gpu);
        wgpu = n > wgpu ? n : wgpu;
        if (adv->has_avail) {
            char cells[320];
            aivm_report__avail_cells(cells, sizeof cells, &adv->ranked[i], wregion);
            n = (int)strlen(cells) - wregion - 2;
            wavail = n > wavail ? n : wavail;
        }
    }
    if (adv->n_shown == 0) {
        aivm_buf_puts(out, "No size fits this workload.\n");
    } else {
        char avail_head[96] = "";
        if (adv->has_avail)
            snprintf(avail_head, sizeof avail_head, "%-*s  %-*s  ", wregion, "REGION", wavail,
                     "AVAILABILITY");
        aivm_buf_printf(out, "%s%-3s %-*s %-16s %-*s %5s %7s %-3s %9s%s  %s%s%s%s%s\n", BOLD(o),
                        "#", wsize, "SIZE", "SERIES", wgpu, "GPUS", "VCPU", "RAM_GIB", "IB",
                        aivm_report__price_heading(adv), adv->workload->spot ? " SPOT/HOUR" : "",
                        vms ? vms_head : "", work_head, avail_head, "WHY", RESET(o));
    }
    for (size_t i = 0; i < adv->n_shown; i++) {
        const aivm_candidate *c = &adv->ranked[i];
        const aivm_reason *why = aivm_report__main_reason(c, adv->workload);
        char gpu[64], price[48], line[640];
        const char *region = c->region ? c->region : adv->workload->region;
        int used;
        aivm_report__gpu_cell(gpu, sizeof gpu, c->size);
        fmt_price(price, sizeof price, &c->price, region, adv->workload->spot);
        if (c->price.has_hourly && strcmp(c->price.region, region))
            other_region = true;
        used = snprintf(line, sizeof line, "%-3u %-*s %-16.16s %-*s %5u %7g %-3s %s  ", c->rank,
                        wsize, VIS(aivm_str(&c->size->name)), VIS(aivm_str(&c->size->series)), wgpu,
                        gpu, c->size->vcpus, c->size->memory_gib,
                        c->size->infiniband ? "yes" : "no", price);
        if (vms && used > 0 && (size_t)used < sizeof line)
            used += deploy_cells(line + used, sizeof line - (size_t)used, c);
        if (c->has_work && used > 0 && (size_t)used < sizeof line)
            used += aivm_report__work_cells(line + used, sizeof line - (size_t)used, c);
        if (adv->has_avail && used > 0 && (size_t)used < sizeof line) {
            char cells[320];
            aivm_report__avail_cells(cells, sizeof cells, c, wregion);
            used += snprintf(line + used, sizeof line - (size_t)used, "%-*s  ",
                             wregion + 2 + wavail, cells);
        }
        if (used < 0 || (unsigned)used + 30 > width) {
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
        put_clipped(out, why ? VIS(why->message) : "", width - (unsigned)used);
        aivm_buf_puts(out, "\n");
        if (o->explain)
            explain_candidate(out, c);
        if (o->explain)
            aivm_report__work_explain(out, c);
    }
    if (other_region)
        aivm_buf_puts(out, "\n* price of the size's reference region: no catalog price in this "
                           "region\n");
    fp16_note(out, adv);
    if (adv->n_shown)
        aivm_report__price_footer(out, adv, DIM(o), RESET(o));
    aivm_report__extras_table(out, adv, o);
    if (o->explain && adv->n_rejected) {
        aivm_buf_printf(out, "\n%sRejected (%zu):%s\n", BOLD(o), adv->n_rejected, RESET(o));
        for (size_t i = 0; i < adv->n_rejected; i++) {
            const char *name = aivm_str(&adv->rejected[i].size->name); /* never NULL */
            aivm_buf_printf(out, "  %-36s %s: %s\n", name ? VIS(name) : "",
                            aivm_rejection_id(&adv->rejected[i]), VIS(adv->rejected[i].message));
        }
    }
    if (out->overflow)
        return aivm_error_set(err, AIVM_ELIMIT, NULL, "table output too large");
    return 0;
}
