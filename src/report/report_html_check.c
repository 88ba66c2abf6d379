/*
 * report_html_check.c - check's HTML report (docs/formats.md, "HTML"): one
 * self-contained page (inline CSS and SVG, no script) with, per resource,
 * its findings and their severity, a chart of each resource's planned
 * deployment against the suggested one by hourly cost (both figures from
 * the check item's deployment records), and the totals. Every text from
 * the plan, the rules or the waivers is escaped (aivm_report__html_text).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "aivm/check.h"
#include "report_int.h"
#include "util/mathutil.h"

#define T(out, s) aivm_report__html_text(out, s)
#define W 720.0
#define LABEL 260.0

static bool has_suggestion(const aivm_check_item *it)
{
    return it->suggested && it->suggested_deploy.has_hourly;
}

#define GAP 6.0    /* from a bar's end to its label */
#define MARGIN 4.0 /* from a label's end to the chart's edge */

/* The label after a bar, "0.747 USD/h spot (1 × SIZE)": the count first, as
 * every format says a deployment. Into `t` (512 bytes), UTF-8: what is drawn
 * and what is measured are one string. */
static const char *bar_label(char *t, const aivm_check_item *it, const aivm_size *s,
                             const aivm_deployment *d)
{
    snprintf(t, 512, "%.3f %s/h %s (%u \xc3\x97 %s)", d->hourly, d->currency,
             aivm_pricing_name(d->pricing), d->vms, s ? aivm_str(&s->name) : it->res->size);
    return t;
}

static double bar_label_width(const aivm_check_item *it, const aivm_size *s,
                              const aivm_deployment *d)
{
    char t[512];
    return aivm_report__html_text_width(bar_label(t, it, s, d), 11, false);
}

/* A bar's length in px: the hourly cost at `scale`, at least 1 px. */
static double bar_len(const aivm_deployment *d, double scale)
{
    double w = d->hourly * scale;
    return w > 1 ? w : 1;
}

/* The chart's px per hourly unit and its width: the longest bar LABEL px
 * wide at most, every bar's label inside W where it can be, and the width
 * grown to the longest label or address where it cannot (never clipped). */
static double chart_scale(double *width, const aivm_check_report *rep, double top)
{
    double scale = top > 0 ? (W - LABEL - 200) / top : 0, w = W;
    for (size_t i = 0; i < rep->n_items; i++) {
        const aivm_check_item *it = &rep->items[i];
        double lw[2] = {
            it->priced ? bar_label_width(it, it->size, &it->deploy) : 0,
            has_suggestion(it) ? bar_label_width(it, it->suggested, &it->suggested_deploy) : 0};
        double hourly[2] = {it->deploy.hourly, it->suggested_deploy.hourly};
        for (int k = 0; k < 2 && it->priced; k++) /* LABEL + bar + GAP + label + MARGIN <= W */
            if (lw[k] > 0 && hourly[k] > 0 &&
                (W - MARGIN - LABEL - GAP - lw[k]) / hourly[k] < scale)
                scale = (W - MARGIN - LABEL - GAP - lw[k]) / hourly[k];
    }
    if (top > 0 && scale < 120 / top)
        scale = 120 / top; /* the longest bar keeps 120 px; the chart grows instead */
    for (size_t i = 0; i < rep->n_items; i++) {
        const aivm_check_item *it = &rep->items[i];
        double a = 8 + aivm_report__html_text_width(it->res->address, 11, true);
        if (!it->priced)
            continue;
        w = a > w ? a : w;
        a = LABEL + bar_len(&it->deploy, scale) + GAP + bar_label_width(it, it->size, &it->deploy) +
            MARGIN;
        w = a > w ? a : w;
        if (has_suggestion(it)) {
            a = LABEL + bar_len(&it->suggested_deploy, scale) + GAP +
                bar_label_width(it, it->suggested, &it->suggested_deploy) + MARGIN;
            w = a > w ? a : w;
        }
    }
    *width = ceil(w);
    return scale;
}

/* One bar: `role` "planned" (square end mark) or "suggested". */
static void bar(aivm_buf *out, const aivm_check_item *it, const char *role, const aivm_size *s,
                const aivm_deployment *d, double scale, double y)
{
    double w = bar_len(d, scale);
    char t[512];
    aivm_buf_puts(out, "<g class=\"bar\" data-role=\"");
    aivm_buf_puts(out, role);
    aivm_buf_puts(out, "\" data-address=\"");
    T(out, it->res->address);
    aivm_buf_puts(out, "\" data-sku=\"");
    T(out, s ? aivm_str(&s->name) : it->res->size);
    aivm_buf_printf(out, "\" data-vms=\"%u\"", d->vms);
    aivm_report__html_num(out, "data-hourly", true, aivm_round_to(d->hourly, 4));
    aivm_buf_printf(out, " data-pricing=\"%s\"", aivm_pricing_name(d->pricing));
    aivm_buf_printf(out, "><title>%s: %u x ", role, d->vms);
    T(out, s ? aivm_str(&s->name) : it->res->size);
    aivm_buf_printf(out, ", %.3f %s/hour %s</title>", d->hourly, d->currency,
                    aivm_pricing_name(d->pricing));
    aivm_buf_printf(out,
                    "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%s</text>"
                    "<rect class=\"%s\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"14\"/>"
                    "<text x=\"%.1f\" y=\"%.1f\">",
                    LABEL - GAP, y + 11, role, role, LABEL, y, w, LABEL + w + GAP, y + 11);
    T(out, bar_label(t, it, s, d));
    aivm_buf_puts(out, "</text></g>\n");
}

static void cost_chart(aivm_buf *out, const aivm_check_report *rep)
{
    double top = 0, y = 10, h = 10, scale, width;
    for (size_t i = 0; i < rep->n_items; i++) {
        const aivm_check_item *it = &rep->items[i];
        if (!it->priced)
            continue;
        top = it->deploy.hourly > top ? it->deploy.hourly : top;
        if (has_suggestion(it) && it->suggested_deploy.hourly > top)
            top = it->suggested_deploy.hourly;
        h += has_suggestion(it) ? 70 : 50;
    }
    if (h <= 10)
        return;
    scale = chart_scale(&width, rep, top);
    aivm_buf_printf(
        out,
        "<h2>Planned against suggested cost</h2>\n<figure class=\"chart\" "
        "id=\"check-cost\" data-chart=\"check-cost\">\n<svg "
        "xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %.0f %.0f\" width=\"%.0f\" "
        "height=\"%.0f\" role=\"img\">\n<title>Hourly cost of each planned deployment and of the "
        "suggested one</title>\n",
        width, h, width, h);
    for (size_t i = 0; i < rep->n_items; i++) {
        const aivm_check_item *it = &rep->items[i];
        if (!it->priced)
            continue;
        aivm_buf_printf(out, "<text x=\"4\" y=\"%.1f\" font-weight=\"bold\">", y + 10);
        T(out, it->res->address);
        aivm_buf_puts(out, "</text>\n");
        bar(out, it, "planned", it->size, &it->deploy, scale, y + 16);
        if (has_suggestion(it))
            bar(out, it, "suggested", it->suggested, &it->suggested_deploy, scale, y + 36);
        y += has_suggestion(it) ? 70 : 50;
    }
    aivm_buf_puts(out, "</svg>\n<figcaption>Each resource: the planned deployment's hourly cost "
                       "and, where check suggests a size, that size's deployment as recommend "
                       "evaluates it (catalog prices). Bars are labelled, so they read without "
                       "colour.</figcaption>\n</figure>\n");
}

static void finding_row(aivm_buf *out, const aivm_finding *f)
{
    const char *state =
        f->baseline == AIVM_BASELINE_ABSENT ? "fixed" : aivm_baseline_name(f->baseline);
    if (state) /* --base: a State cell, and the row marked for the structure tests */
        aivm_buf_printf(out, "<tr class=\"%s\" data-baseline=\"%s\"><td>%s</td>", state, state,
                        strcmp(state, "unchanged") == 0
                            ? state
                            : (state[0] == 'n' ? "<strong>new</strong>" : "<s>fixed</s>"));
    else
        aivm_buf_puts(out, "<tr>");
    aivm_buf_printf(out, "<td><code>%s</code></td><td class=\"sev-%s\">%s%s</td><td>", f->id,
                    aivm_severity_name(f->severity), aivm_severity_name(f->severity),
                    f->waiver ? " (waived)" : "");
    if (f->loc.file) {
        T(out, f->loc.file);
        if (f->loc.line)
            aivm_buf_printf(out, ":%u", f->loc.line);
    }
    aivm_buf_puts(out, "</td><td>");
    if (f->baseline == AIVM_BASELINE_ABSENT && f->res) { /* a fixed one: whose it was */
        T(out, f->res->address);
        aivm_buf_puts(out, ": ");
    }
    T(out, f->message);
    if (f->suggested && !f->waiver) {
        aivm_buf_printf(out, " (suggested: %u x ", f->suggested_vms);
        T(out, aivm_str(&f->suggested->name));
        aivm_buf_puts(out, ")");
    }
    if (f->waiver) {
        aivm_buf_puts(out, " (waived until ");
        T(out, f->waiver->expires);
        aivm_buf_puts(out, ": ");
        T(out, f->waiver->reason);
        aivm_buf_puts(out, ")");
    }
    aivm_buf_puts(out, "</td></tr>\n");
}

static void table_head(aivm_buf *out, bool state)
{
    aivm_buf_printf(out,
                    "<table class=\"findings\">\n<thead><tr>%s<th>Rule</th><th>Severity</th>"
                    "<th>Location</th><th>Message</th></tr></thead>\n<tbody>\n",
                    state ? "<th>State</th>" : "");
}

static void findings(aivm_buf *out, const aivm_check_report *rep, size_t first, size_t n)
{
    if (!n) {
        aivm_buf_puts(out, "<p>No findings.</p>\n");
        return;
    }
    table_head(out, rep->diff != NULL);
    for (size_t i = first; i < first + n; i++)
        finding_row(out, &rep->findings[i]);
    aivm_buf_puts(out, "</tbody>\n</table>\n");
}

/* --base: the base's findings this plan no longer has. */
static void fixed_findings(aivm_buf *out, const aivm_check_diff *d)
{
    if (!d->n_fixed)
        return;
    aivm_buf_puts(out, "<section class=\"fixed\">\n<h2>Fixed (in the base, not in this "
                       "plan)</h2>\n");
    table_head(out, true);
    for (size_t i = 0; i < d->n_fixed; i++)
        finding_row(out, d->fixed[i]);
    aivm_buf_puts(out, "</tbody>\n</table>\n</section>\n");
}

static void item(aivm_buf *out, const aivm_check_report *rep, const aivm_check_item *it)
{
    aivm_buf_puts(out, "<section class=\"resource\" data-address=\"");
    T(out, it->res->address);
    aivm_buf_puts(out, "\">\n<h2>");
    T(out, it->res->address);
    aivm_buf_puts(out, "</h2>\n<p>");
    T(out, it->res->size ? it->res->size : "size unknown");
    if (it->res->count_expr)
        aivm_buf_puts(out, " &#215; ? VMs");
    else
        aivm_buf_printf(out, " &#215; %u VM%s", it->res->count, it->res->count == 1 ? "" : "s");
    if (it->priced)
        aivm_buf_printf(out, "; %.2f %s/hour, %.2f/month", it->hourly, it->currency,
                        it->deploy.monthly);
    else
        aivm_buf_puts(out, "; no price");
    if (it->suggested) {
        aivm_buf_printf(out, "; suggested: %u x ", it->suggested_deploy.vms);
        T(out, aivm_str(&it->suggested->name));
    }
    aivm_buf_puts(out, "</p>\n");
    findings(out, rep, it->first, it->n);
    aivm_buf_puts(out, "</section>\n");
}

int aivm_check_render_html(aivm_buf *out, const aivm_check_report *rep,
                           const aivm_check_render_opts *o, aivm_error *err)
{
    char ov[AIVM_OVERLAY_SUMMARY_CAP];
    aivm_report__html_begin(out, "aivm-advise check");
    aivm_buf_puts(out, "<p class=\"summary\">");
    aivm_report__check_counts(out, rep);
    aivm_buf_puts(out, "</p>\n");
    if (aivm_catalog_overlay_summary(ov, sizeof ov, rep->catalog)) {
        aivm_buf_puts(out, "<p class=\"overlay\">Catalog overlay: ");
        T(out, ov);
        aivm_buf_puts(out, "</p>\n");
    }
    for (size_t i = 0; i < rep->warnings.n; i++) {
        aivm_buf_puts(out, i ? "<li>" : "<ul class=\"warnings\">\n<li>");
        T(out, rep->warnings.text[i]);
        aivm_buf_puts(out, i + 1 < rep->warnings.n ? "</li>\n" : "</li>\n</ul>\n");
    }
    if (rep->diff)
        aivm_report__html_diff(out, rep);
    cost_chart(out, rep);
    for (size_t i = 0; i < rep->n_items; i++)
        item(out, rep, &rep->items[i]);
    if (rep->diff)
        fixed_findings(out, rep->diff);
    if (rep->n_orphans) {
        aivm_buf_puts(out, "<h2>Waivers</h2>\n");
        findings(out, rep, rep->n_findings - rep->n_orphans, rep->n_orphans);
    }
    aivm_buf_puts(out, "<h2>Totals</h2>\n<p class=\"totals\"");
    if (rep->has_cost && rep->n_priced) {
        aivm_report__html_num(out, "data-hourly", true, aivm_round_to(rep->hourly_total, 4));
        aivm_buf_printf(out, ">%s %.2f/hour, %.2f/month (%.0f h) for %zu priced resource%s",
                        rep->currency, rep->hourly_total, rep->monthly_total, AIVM_HOURS_PER_MONTH,
                        rep->n_priced, rep->n_priced == 1 ? "" : "s");
        if (rep->n_unpriced)
            aivm_buf_printf(out, "; %zu without a price", rep->n_unpriced);
        if (rep->n_reference_priced)
            aivm_buf_printf(out, "; %zu at another region's reference rate",
                            rep->n_reference_priced);
    } else {
        aivm_buf_puts(out, ">Cost unknown (no resource could be priced)");
    }
    aivm_buf_puts(out, ".</p>\n");
    aivm_report__html_end(out, o ? o->tool_version : NULL);
    if (out->overflow)
        return aivm_error_set(err, AIVM_ELIMIT, NULL, "HTML output too large");
    return 0;
}
