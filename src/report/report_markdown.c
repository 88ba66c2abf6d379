/*
 * report_markdown.c - the Markdown rendering of an advice (GitHub-flavoured,
 * for a README, a wiki or a pull-request comment; docs/formats.md): the
 * workload line, a table of the ranked sizes with the table report's columns
 * in its order, where the prices come from, then the advice beyond the size
 * (image, orchestration, containers, spot, notes) as bullet lists, and with
 * `explain` the rejected sizes. Every text from the catalog, rules or the
 * API is escaped (aivm_report__md_text).
 */
#include <stdio.h>
#include <string.h>

#include "aivm/extras.h"
#include "aivm/report.h"
#include "report_avail.h"
#include "report_int.h"
#include "report_work.h"

#define MD(out, s) aivm_report__md_text(out, s, false)
#define CELL(out, s) aivm_report__md_text(out, s, true)

static void put_price(aivm_buf *out, bool known, double v, bool other_region)
{
    if (known)
        aivm_buf_printf(out, " %.3f%s |", v, other_region ? "\\*" : "");
    else
        aivm_buf_puts(out, " - |");
}

static void header_row(aivm_buf *out, const aivm_advice *adv)
{
    const aivm_workload *wl = adv->workload;
    aivm_buf_printf(out, "| # | SIZE | SERIES | GPUS | VCPU | RAM\\_GIB | IB | %s |",
                    aivm_report__price_heading(adv));
    if (wl->spot)
        aivm_buf_puts(out, " SPOT/HOUR |");
    bool work = adv->work.estimated;
    const char *cur = aivm_report__currency(adv);
    if (aivm_report__has_deploy_columns(adv))
        aivm_buf_printf(out, " VMS | %s/H\\_ALL |", cur);
    bool req = work && adv->work.encoder;
    if (work && wl->phase == AIVM_PHASE_TRAIN)
        aivm_buf_puts(out, " DAYS | JOB\\_COST |");
    else if (req) /* an encoder: requests, their latency, no output tokens (as the table) */
        aivm_buf_printf(out, " REQ/S | %s/MREQ | LAT\\_MS |", cur);
    else if (work)
        aivm_buf_printf(out, " TOK/S | %s/MTOK | TTFT\\_MS | TPOT\\_MS |", cur);
    if (adv->has_avail)
        aivm_buf_puts(out, " REGION | AVAILABILITY |");
    aivm_buf_puts(out, " WHY |\n|--:|---|---|---|--:|--:|---|--:|");
    if (wl->spot)
        aivm_buf_puts(out, "--:|");
    if (aivm_report__has_deploy_columns(adv))
        aivm_buf_puts(out, "--:|--:|");
    if (work)
        aivm_buf_puts(out, wl->phase == AIVM_PHASE_TRAIN ? "--:|--:|"
                           : req                         ? "--:|--:|--:|"
                                                         : "--:|--:|--:|--:|");
    if (adv->has_avail)
        aivm_buf_puts(out, "---|---|");
    aivm_buf_puts(out, "---|\n");
}

/* One row; returns true when its price is the size's reference region's. */
static bool size_row(aivm_buf *out, const aivm_advice *adv, const aivm_candidate *c,
                     bool deploy_columns)
{
    const aivm_workload *wl = adv->workload;
    bool has_avail = adv->has_avail;
    const aivm_price *p = &c->price;
    const aivm_reason *why = aivm_report__main_reason(c);
    bool other = p->has_hourly && p->region && strcmp(p->region, wl->region) != 0;
    bool both = wl->spot && p->pricing == AIVM_PRICING_SPOT; /* as the table shows them */
    char gpu[64];
    aivm_report__gpu_cell(gpu, sizeof gpu, c->size);
    aivm_buf_printf(out, "| %u | ", c->rank);
    CELL(out, aivm_str(&c->size->name));
    aivm_buf_puts(out, " | ");
    CELL(out, aivm_str(&c->size->series));
    aivm_buf_puts(out, " | ");
    CELL(out, gpu);
    aivm_buf_printf(out, " | %u | %g | %s |", c->size->vcpus, c->size->memory_gib,
                    c->size->infiniband ? "yes" : "no");
    put_price(out, both ? p->has_on_demand : p->has_hourly, both ? p->on_demand : p->hourly, other);
    if (wl->spot)
        put_price(out, p->has_spot, p->spot, other);
    if (deploy_columns) {
        aivm_buf_printf(out, " %u |", c->deploy.vms);
        put_price(out, c->deploy.has_hourly, c->deploy.hourly, false);
    }
    if (adv->work.estimated) { /* the header's columns, "-" without an estimate */
        char a[32] = "-", b[32] = "-", ttft[32] = "-", tpot[32] = "-";
        if (c->has_work)
            aivm_report__work_values(a, b, c);
        aivm_buf_printf(out, " %s | %s |", a, b);
        if (wl->phase == AIVM_PHASE_INFERENCE) {
            if (c->has_work)
                aivm_report__latency_values(ttft, tpot, c);
            aivm_buf_printf(out, " %s |", ttft);
            if (!adv->work.encoder) /* prefill: no TPOT */
                aivm_buf_printf(out, " %s |", tpot);
        }
    }
    if (has_avail) {
        char cell[AIVM_REPORT_AVAIL_TEXT];
        aivm_report__avail_text(cell, c);
        aivm_buf_puts(out, " ");
        CELL(out, c->region ? c->region : "?");
        aivm_buf_puts(out, " | ");
        CELL(out, cell);
        aivm_buf_puts(out, " |");
    }
    aivm_buf_puts(out, " ");
    CELL(out, why ? why->message : "");
    aivm_buf_puts(out, " |\n");
    return other;
}

static void reason_item(aivm_buf *out, const aivm_reason *r, unsigned indent)
{
    const aivm_strlist *g = aivm_rule_guidance(r->rule);
    aivm_buf_printf(out, "%*s- ", (int)indent, "");
    MD(out, r->message);
    if (g->n) {
        aivm_buf_puts(out, " (");
        for (size_t i = 0; i < g->n; i++) {
            aivm_buf_puts(out, i ? ", " : "");
            MD(out, g->items[i]);
        }
        aivm_buf_puts(out, ")");
    }
    aivm_buf_puts(out, "\n");
}

static void list_item(aivm_buf *out, const char *label, const aivm_strlist *l)
{
    if (l->n == 0)
        return;
    aivm_buf_printf(out, "- %s: ", label);
    for (size_t i = 0; i < l->n; i++) {
        aivm_buf_puts(out, i ? ", " : "");
        MD(out, l->items[i]);
    }
    aivm_buf_puts(out, "\n");
}

static void image_section(aivm_buf *out, const aivm_extras *ex)
{
    const aivm_image *img = ex->image.image;
    aivm_buf_puts(out, "\n### Image\n\n");
    if (!img) {
        aivm_buf_puts(out, "- none chosen (no image rule applies, or the catalog lists no "
                           "images)\n");
        return;
    }
    aivm_buf_puts(out, "- **");
    MD(out, img->name);
    aivm_buf_puts(out, "**\n- URN: ");
    MD(out, img->publisher);
    aivm_buf_puts(out, ":");
    MD(out, img->offer);
    aivm_buf_puts(out, ":");
    MD(out, img->sku);
    aivm_buf_puts(out, ":");
    MD(out, img->version);
    aivm_buf_puts(out, "\n");
    list_item(out, "Ships", &img->ships);
    if (ex->size && ex->size->has_gpu)
        list_item(out, "GPU stack", &img->gpu_stack);
    for (size_t i = 0; i < ex->image.n_reasons; i++)
        reason_item(out, &ex->image.reasons[i], 0);
}

static void orchestration_section(aivm_buf *out, const aivm_extras *ex)
{
    aivm_buf_puts(out, "\n### Orchestration\n\n");
    if (ex->n_orchestrators == 0)
        aivm_buf_puts(out, "- none chosen (no orchestrator rule applies, or the catalog lists "
                           "no orchestrators)\n");
    for (size_t i = 0; i < ex->n_orchestrators; i++) {
        const aivm_orchestrator_choice *c = &ex->orchestrators[i];
        const aivm_strlist *cl = &c->orchestrator->checklist;
        aivm_buf_printf(out, "- **%u. ", c->rank);
        MD(out, c->orchestrator->name);
        aivm_buf_puts(out, "**\n");
        for (size_t j = 0; j < c->n_reasons; j++)
            reason_item(out, &c->reasons[j], 2);
        for (size_t j = 0; j < cl->n; j++) {
            aivm_buf_puts(out, "  - [ ] ");
            MD(out, cl->items[j]);
            aivm_buf_puts(out, "\n");
        }
    }
}

static void containers_section(aivm_buf *out, const aivm_extras *ex)
{
    aivm_buf_puts(out, "\n### Containers\n\n");
    if (!ex->containers && ex->n_tools == 0 && ex->n_container_notes == 0) {
        aivm_buf_puts(out, "- not requested (--containers)\n");
        return;
    }
    for (size_t i = 0; i < ex->n_tools; i++) {
        aivm_buf_puts(out, "- **");
        MD(out, ex->tools[i].tool->name);
        aivm_buf_puts(out, "**\n");
        for (size_t j = 0; j < ex->tools[i].n_reasons; j++)
            reason_item(out, &ex->tools[i].reasons[j], 2);
    }
    for (size_t i = 0; i < ex->n_container_notes; i++)
        reason_item(out, &ex->container_notes[i], 0);
}

static void spot_section(aivm_buf *out, const aivm_extras *ex)
{
    const char *advice = aivm_spot_advice_name(ex->spot);
    aivm_buf_puts(out, "\n### Spot\n\n");
    if (!ex->spot_requested && !advice) {
        aivm_buf_puts(out, "- not requested (--spot)\n");
        return;
    }
    aivm_buf_puts(out, "- **");
    MD(out, advice ? advice : "no spot rule applies");
    aivm_buf_puts(out, "**\n");
    for (size_t i = 0; i < ex->n_spot_reasons; i++)
        reason_item(out, &ex->spot_reasons[i], 0);
}

static void extras_sections(aivm_buf *out, const aivm_extras *ex)
{
    image_section(out, ex);
    orchestration_section(out, ex);
    containers_section(out, ex);
    spot_section(out, ex);
    if (ex->n_notices)
        aivm_buf_puts(out, "\n### Notes\n\n");
    for (size_t i = 0; i < ex->n_notices; i++) {
        aivm_buf_puts(out, "- ");
        MD(out, ex->notices[i].message);
        aivm_buf_puts(out, "\n");
    }
}

int aivm_report_markdown(aivm_buf *out, const aivm_advice *adv, const aivm_render_opts *o,
                         aivm_error *err)
{
    const aivm_workload *wl = adv->workload;
    bool other_region = false;
    aivm_buf footer = AIVM_BUF_INIT;
    aivm_buf_printf(out, "## Azure VM sizes: %s, %s, %s model\n\n", aivm_phase_name(wl->phase),
                    aivm_kind_name(wl->kind), aivm_model_size_name(wl->model_size));
    aivm_buf_puts(out, "Region ");
    MD(out, wl->region);
    aivm_buf_printf(out, ", %s; catalog ", aivm_os_name(wl->os));
    MD(out, aivm_catalog_version(adv->catalog));
    aivm_buf_puts(out, " (as of ");
    MD(out, aivm_catalog_as_of(adv->catalog));
    {
        char ov[AIVM_OVERLAY_SUMMARY_CAP]; /* the file, its date and counts: it changed what is
                                              ranked */
        if (aivm_catalog_overlay_summary(ov, sizeof ov, adv->catalog)) {
            aivm_buf_puts(out, "; local overlay ");
            MD(out, ov);
        }
    }
    aivm_buf_printf(out, "); %zu sizes ranked, %zu rejected.\n\n", adv->n_ranked, adv->n_rejected);
    if (adv->n_shown == 0)
        aivm_buf_puts(out, "No size fits this workload.\n");
    else
        header_row(out, adv);
    for (size_t i = 0; i < adv->n_shown; i++)
        other_region |= size_row(out, adv, &adv->ranked[i], aivm_report__has_deploy_columns(adv));
    if (other_region)
        aivm_buf_puts(out, "\n\\* price of the size's reference region: no catalog price in "
                           "this region\n");
    if (adv->n_shown) {
        aivm_report__price_footer(&footer, adv, "", "");
        if (footer.size && footer.ptr[footer.size - 1] == '\n')
            footer.ptr[--footer.size] = '\0';
        aivm_buf_puts(out, "\n"); /* a blank line ends the table; the footer has its own */
        MD(out, footer.ptr + 1);
        aivm_buf_puts(out, "\n");
        aivm_buf_dispose(&footer);
    }
    if (adv->extras)
        extras_sections(out, adv->extras);
    if (o && o->explain && adv->n_rejected) {
        aivm_buf_printf(out, "\n### Rejected (%zu)\n\n", adv->n_rejected);
        for (size_t i = 0; i < adv->n_rejected; i++) {
            aivm_buf_puts(out, "- ");
            MD(out, aivm_str(&adv->rejected[i].size->name));
            aivm_buf_puts(out, ": ");
            MD(out, aivm_rejection_id(&adv->rejected[i]));
            aivm_buf_puts(out, ": ");
            MD(out, adv->rejected[i].message);
            aivm_buf_puts(out, "\n");
        }
    }
    if (out->overflow)
        return aivm_error_set(err, AIVM_ELIMIT, NULL, "Markdown output too large");
    return 0;
}
