/*
 * report_html.c - recommend's HTML report (docs/formats.md, "HTML"): one
 * self-contained page (inline CSS and SVG, no script, no external fetch) to
 * share with people who will not read a terminal: the workload, the charts
 * of report_html_chart.c, the table of the shown sizes with the figures of
 * their deployment record, the reasons, the image / orchestration /
 * containers / spot advice, and the rejected sizes in collapsible sections.
 * Every text from the catalog, rules or the API is escaped
 * (aivm_report__html_text).
 */
#include <stdio.h>
#include <string.h>

#include "aivm/extras.h"
#include "aivm/report.h"
#include "report_int.h"
#include "report_work.h"

#define T(out, s) aivm_report__html_text(out, s)

/* A money cell: `v` with `digits` decimals, or "unknown". */
static void num_cell(aivm_buf *out, bool known, int digits, double v)
{
    aivm_buf_puts(out, "<td class=\"n\">");
    if (known)
        aivm_buf_printf(out, "%.*f", digits, v);
    else
        aivm_buf_puts(out, "unknown");
    aivm_buf_puts(out, "</td>");
}

static void table(aivm_buf *out, const aivm_advice *adv)
{
    const aivm_workload *wl = adv->workload;
    bool work = adv->work.estimated, train = wl->phase == AIVM_PHASE_TRAIN;
    const char *cur = aivm_report__currency(adv);
    aivm_buf_puts(out, "<h2>Ranked sizes</h2>\n<table class=\"ranked\">\n<thead><tr><th>#</th>"
                       "<th>Size</th><th>GPUs</th><th class=\"n\">vCPU</th>"
                       "<th class=\"n\">VMs</th>");
    aivm_buf_printf(out, "<th class=\"n\">%s/hour (all VMs)</th><th class=\"n\">%s/month</th>", cur,
                    cur);
    if (work && train)
        aivm_buf_printf(out, "<th class=\"n\">Days</th><th class=\"n\">Job cost (%s)</th>", cur);
    else if (work && adv->work.encoder)
        aivm_buf_printf(out,
                        "<th class=\"n\">Requests/s</th><th class=\"n\">%s per M requests</th>"
                        "<th class=\"n\">Latency (ms)</th>",
                        cur);
    else if (work) /* the latency columns of the table and Markdown (TTFT_MS, TPOT_MS) */
        aivm_buf_printf(out,
                        "<th class=\"n\">Tokens/s</th><th class=\"n\">%s per M tokens</th>"
                        "<th class=\"n\">TTFT (ms)</th><th class=\"n\">TPOT (ms)</th>",
                        cur);
    aivm_buf_puts(out, "<th>Why</th></tr></thead>\n<tbody>\n");
    for (size_t i = 0; i < adv->n_shown; i++) {
        const aivm_candidate *c = &adv->ranked[i];
        const aivm_deployment *d = &c->deploy;
        const aivm_reason *why = aivm_report__main_reason(c);
        char gpu[64], a[32], b[32];
        aivm_report__gpu_cell(gpu, sizeof gpu, c->size);
        aivm_buf_printf(out, "<tr%s data-sku=\"", c->rank == 1 ? " class=\"top\"" : "");
        T(out, aivm_str(&c->size->name));
        aivm_buf_printf(out, "\"><td>%u</td><td>", c->rank);
        T(out, aivm_str(&c->size->name));
        aivm_buf_puts(out, "</td><td>");
        T(out, gpu);
        aivm_buf_printf(out, "</td><td class=\"n\">%u</td><td class=\"n\">%u</td>", c->size->vcpus,
                        d->vms);
        num_cell(out, d->has_hourly, 3, d->hourly);
        num_cell(out, d->has_hourly, 0, d->monthly);
        if (c->has_work) {
            aivm_report__work_values(a, b, c);
            aivm_buf_printf(out, "<td class=\"n\">%s</td><td class=\"n\">%s</td>", a, b);
        } else if (work) {
            aivm_buf_puts(out, "<td class=\"n\">-</td><td class=\"n\">-</td>");
        }
        if (work && !train) {
            char ttft[32] = "-", tpot[32] = "-";
            if (c->has_work)
                aivm_report__latency_values(ttft, tpot, c);
            aivm_buf_printf(out, "<td class=\"n\">%s</td>", ttft);
            if (!adv->work.encoder) /* prefill: no TPOT */
                aivm_buf_printf(out, "<td class=\"n\">%s</td>", tpot);
        }
        aivm_buf_puts(out, "<td>");
        T(out, why ? why->message : "");
        aivm_buf_puts(out, "</td></tr>\n");
    }
    aivm_buf_puts(out, "</tbody>\n</table>\n");
}

static void reason_li(aivm_buf *out, const aivm_reason *r)
{
    const aivm_strlist *g = aivm_rule_guidance(r->rule);
    aivm_buf_puts(out, "<li>");
    T(out, r->message);
    for (size_t i = 0; i < g->n; i++) {
        aivm_buf_puts(out, i ? ", " : " (");
        T(out, g->items[i]);
    }
    aivm_buf_puts(out, g->n ? ")</li>\n" : "</li>\n");
}

static void reasons(aivm_buf *out, const aivm_advice *adv)
{
    aivm_buf_puts(out, "<h2>Reasons</h2>\n");
    for (size_t i = 0; i < adv->n_shown; i++) {
        const aivm_candidate *c = &adv->ranked[i];
        aivm_buf_printf(out, "<details%s><summary>#%u ", i == 0 ? " open" : "", c->rank);
        T(out, aivm_str(&c->size->name));
        aivm_buf_puts(out, "</summary>\n<ul>\n");
        if (c->ranking.reason) {
            aivm_buf_puts(out, "<li>");
            T(out, c->ranking.reason);
            aivm_buf_puts(out, "</li>\n");
        }
        for (size_t j = 0; j < c->n_reasons; j++)
            reason_li(out, &c->reasons[j]);
        aivm_buf_puts(out, "</ul>\n</details>\n");
    }
}

static void reason_list(aivm_buf *out, const aivm_reason *r, size_t n)
{
    if (!n)
        return;
    aivm_buf_puts(out, "<ul>\n");
    for (size_t i = 0; i < n; i++)
        reason_li(out, &r[i]);
    aivm_buf_puts(out, "</ul>\n");
}

static void extras(aivm_buf *out, const aivm_extras *ex)
{
    const aivm_image *img = ex->image.image;
    const char *spot = aivm_spot_advice_name(ex->spot);
    aivm_buf_puts(out, "<h2>Image</h2>\n<p>");
    if (img) {
        aivm_buf_puts(out, "<strong>");
        T(out, img->name);
        aivm_buf_puts(out, "</strong> (<code>");
        T(out, img->publisher);
        aivm_buf_puts(out, ":");
        T(out, img->offer);
        aivm_buf_puts(out, ":");
        T(out, img->sku);
        aivm_buf_puts(out, ":");
        T(out, img->version);
        aivm_buf_puts(out, "</code>)</p>\n");
        reason_list(out, ex->image.reasons, ex->image.n_reasons);
    } else {
        aivm_buf_puts(out, "None chosen.</p>\n");
    }
    aivm_buf_puts(out, "<h2>Orchestration</h2>\n");
    if (!ex->n_orchestrators)
        aivm_buf_puts(out, "<p>None chosen.</p>\n");
    for (size_t i = 0; i < ex->n_orchestrators; i++) {
        aivm_buf_printf(out, "<h3>%u. ", ex->orchestrators[i].rank);
        T(out, ex->orchestrators[i].orchestrator->name);
        aivm_buf_puts(out, "</h3>\n");
        reason_list(out, ex->orchestrators[i].reasons, ex->orchestrators[i].n_reasons);
    }
    aivm_buf_puts(out, "<h2>Containers</h2>\n");
    if (!ex->containers && !ex->n_tools && !ex->n_container_notes)
        aivm_buf_puts(out, "<p>Not requested (--containers).</p>\n");
    for (size_t i = 0; i < ex->n_tools; i++) {
        aivm_buf_puts(out, "<h3>");
        T(out, ex->tools[i].tool->name);
        aivm_buf_puts(out, "</h3>\n");
        reason_list(out, ex->tools[i].reasons, ex->tools[i].n_reasons);
    }
    reason_list(out, ex->container_notes, ex->n_container_notes);
    aivm_buf_puts(out, "<h2>Spot</h2>\n<p>");
    T(out, spot ? spot : ex->spot_requested ? "no spot rule applies" : "not requested (--spot)");
    aivm_buf_puts(out, "</p>\n");
    reason_list(out, ex->spot_reasons, ex->n_spot_reasons);
    if (ex->n_notices) {
        aivm_buf_puts(out, "<h2>Notes</h2>\n");
        reason_list(out, ex->notices, ex->n_notices);
    }
}

static void rejected(aivm_buf *out, const aivm_advice *adv)
{
    if (!adv->n_rejected)
        return;
    aivm_buf_printf(out,
                    "<h2>Rejected sizes</h2>\n<details><summary>%zu sizes rejected</summary>\n"
                    "<ul>\n",
                    adv->n_rejected);
    for (size_t i = 0; i < adv->n_rejected; i++) {
        aivm_buf_puts(out, "<li>");
        T(out, aivm_str(&adv->rejected[i].size->name));
        aivm_buf_puts(out, ": <code>");
        T(out, aivm_rejection_id(&adv->rejected[i]));
        aivm_buf_puts(out, "</code> ");
        T(out, adv->rejected[i].message);
        aivm_buf_puts(out, "</li>\n");
    }
    aivm_buf_puts(out, "</ul>\n</details>\n");
}

int aivm_report_html(aivm_buf *out, const aivm_advice *adv, const aivm_render_opts *o,
                     aivm_error *err)
{
    const aivm_workload *wl = adv->workload;
    aivm_buf footer = AIVM_BUF_INIT;
    char ov[AIVM_OVERLAY_SUMMARY_CAP];
    aivm_report__html_begin(out, "Azure VM sizes for the workload");
    aivm_buf_printf(out, "<p>%s, %s, %s model; region ", aivm_phase_name(wl->phase),
                    aivm_kind_name(wl->kind), aivm_model_size_name(wl->model_size));
    T(out, wl->region);
    aivm_buf_printf(out, ", %s; catalog ", aivm_os_name(wl->os));
    T(out, aivm_catalog_version(adv->catalog));
    aivm_buf_puts(out, " (as of ");
    T(out, aivm_catalog_as_of(adv->catalog));
    aivm_buf_printf(out, "); %zu sizes ranked, %zu rejected.</p>\n", adv->n_ranked,
                    adv->n_rejected);
    if (aivm_catalog_overlay_summary(ov, sizeof ov, adv->catalog)) {
        aivm_buf_puts(out, "<p class=\"overlay\">Catalog overlay: ");
        T(out, ov);
        aivm_buf_puts(out, "</p>\n");
    }
    for (size_t i = 0; i < adv->warnings.n; i++) {
        aivm_buf_puts(out, "<p class=\"note\">Warning: ");
        T(out, adv->warnings.text[i]);
        aivm_buf_puts(out, "</p>\n");
    }
    if (adv->n_shown == 0) {
        aivm_buf_puts(out, "<p>No size fits this workload.</p>\n");
    } else {
        aivm_report__html_charts(out, adv);
        table(out, adv);
        aivm_report__price_footer(&footer, adv, "", "");
        aivm_report__html_note(out, footer.size ? footer.ptr : NULL);
        aivm_buf_dispose(&footer);
        reasons(out, adv);
    }
    if (adv->extras)
        extras(out, adv->extras);
    rejected(out, adv);
    aivm_report__html_end(out, o ? o->tool_version : NULL);
    if (out->overflow)
        return aivm_error_set(err, AIVM_ELIMIT, NULL, "HTML output too large");
    return 0;
}
