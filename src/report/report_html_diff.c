/*
 * report_html_diff.c - the change against a base plan (check --base) in
 * check's HTML report: the totals before and after and the change, and a
 * chart of each resource's monthly cost before (hollow bar) and after
 * (filled bar), labelled so it reads without colour. Every figure is the
 * diff's (src/check/check_diff.c); an unknown one is drawn as no bar and
 * written "unknown", never 0.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "aivm/check.h"
#include "report_int.h"
#include "util/mathutil.h"

#define T(out, s) aivm_report__html_text(out, s)
#define W 720.0
#define LABEL 200.0
#define ROW 56.0

static void figure_attrs(aivm_buf *out, const char *role, aivm_cost_figure c)
{
    char name[64];
    snprintf(name, sizeof name, "data-hourly-%s", role);
    aivm_report__html_num(out, name, c.known, aivm_round_to(c.hourly, 4));
    snprintf(name, sizeof name, "data-monthly-%s", role);
    aivm_report__html_num(out, name, c.known, aivm_round_to(c.monthly, 4));
}

static void money(aivm_buf *out, aivm_cost_figure c, bool sign)
{
    double v = aivm_round_to(c.monthly, 2);
    if (!c.known)
        aivm_buf_puts(out, "unknown");
    else if (sign)
        aivm_buf_printf(out, "%s%.2f", v < 0 ? "&#8722;" : "+", fabs(v));
    else
        aivm_buf_printf(out, "%.2f", v);
}

/* One bar of a resource: "before" hollow, "after" filled; `it` NULL on the
 * side that does not have the resource (data-sku "-", cost 0). */
static void bar(aivm_buf *out, const char *role, const char *address, const aivm_check_item *it,
                aivm_cost_figure c, double scale, double y)
{
    double w = c.known ? c.monthly * scale : 0;
    const char *sku = it ? (it->size ? aivm_str(&it->size->name) : it->res->size) : NULL;
    aivm_buf_printf(out, "<g class=\"bar\" data-role=\"%s\" data-address=\"", role);
    T(out, address);
    aivm_buf_puts(out, "\" data-sku=\"");
    T(out, sku && sku[0] ? sku : "-");
    aivm_buf_puts(out, "\"");
    aivm_report__html_num(out, "data-hourly", c.known, aivm_round_to(c.hourly, 4));
    aivm_report__html_num(out, "data-monthly", c.known, aivm_round_to(c.monthly, 4));
    aivm_buf_printf(out, "><title>%s: ", role);
    T(out, address);
    aivm_buf_puts(out, " (");
    T(out, sku && sku[0] ? sku : it ? "size unknown" : "not planned");
    aivm_buf_puts(out, "), ");
    money(out, c, false);
    aivm_buf_printf(out, "%s</title>", c.known ? "/month" : "");
    aivm_buf_printf(out, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%s</text>", LABEL - 6,
                    y + 11, role);
    if (c.known)
        aivm_buf_printf(out,
                        "<rect class=\"%s\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"14\"/>",
                        strcmp(role, "before") == 0 ? "off" : "planned", LABEL, y, w > 1 ? w : 1);
    aivm_buf_printf(out, "<text x=\"%.1f\" y=\"%.1f\">", LABEL + w + 6, y + 11);
    money(out, c, false);
    aivm_buf_printf(out, "%s</text></g>\n", c.known ? "/month" : "");
}

static void chart(aivm_buf *out, const aivm_check_diff *d)
{
    double top = 0, h = 10 + ROW * (double)d->n_resources, y = 10, scale, width = W;
    for (size_t i = 0; i < d->n_resources; i++) {
        const aivm_check_resource_change *c = &d->resources[i];
        if (c->cost_before.known && c->cost_before.monthly > top)
            top = c->cost_before.monthly;
        if (c->cost_after.known && c->cost_after.monthly > top)
            top = c->cost_after.monthly;
    }
    if (!d->n_resources)
        return;
    scale = top > 0 ? (W - LABEL - 200) / top : 0;
    for (size_t i = 0; i < d->n_resources; i++) { /* a long address widens the chart */
        const aivm_check_resource_change *c = &d->resources[i];
        double a =
            8 + 90 + /* " (resized, +12345.67 USD)" */
            aivm_report__html_text_width((c->after ? c->after : c->before)->res->address, 11, true);
        width = a > width ? ceil(a) : width;
    }
    aivm_buf_printf(out,
                    "<figure class=\"chart\" id=\"check-change\" data-chart=\"check-change\">\n"
                    "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %.0f %.0f\" "
                    "width=\"%.0f\" height=\"%.0f\" role=\"img\">\n<title>Monthly cost of each "
                    "resource in the base and in this plan</title>\n",
                    width, h, width, h);
    for (size_t i = 0; i < d->n_resources; i++, y += ROW) {
        const aivm_check_resource_change *c = &d->resources[i];
        const char *address = (c->after ? c->after : c->before)->res->address;
        aivm_buf_printf(out, "<g class=\"resource-change\" data-change=\"%s\" data-address=\"",
                        aivm_change_kind_name(c->kind));
        T(out, address);
        aivm_buf_puts(out, "\"");
        aivm_report__html_num(out, "data-monthly-change", c->change.known,
                              aivm_round_to(c->change.monthly, 4));
        aivm_buf_printf(out, "><text x=\"4\" y=\"%.1f\" font-weight=\"bold\">", y + 8);
        T(out, address);
        aivm_buf_printf(out, " (%s, ", aivm_change_kind_name(c->kind));
        money(out, c->change, true);
        aivm_buf_puts(out, ")</text>\n");
        bar(out, "before", address, c->before, c->cost_before, scale, y + 14);
        bar(out, "after", address, c->after, c->cost_after, scale, y + 32);
        aivm_buf_puts(out, "</g>\n");
    }
    aivm_buf_puts(out, "</svg>\n<figcaption>Each resource: its monthly cost in the base plan "
                       "(hollow bar) and in this plan (filled bar); a resource the plan adds "
                       "or removes costs 0 on the other side; an unpriced side has no bar and "
                       "reads unknown.</figcaption>\n</figure>\n");
}

void aivm_report__html_diff(aivm_buf *out, const aivm_check_report *rep)
{
    const aivm_check_diff *d = rep->diff;
    aivm_buf_puts(out, "<h2>Change against the base</h2>\n<p class=\"change\"");
    figure_attrs(out, "before", d->cost_before);
    figure_attrs(out, "after", d->cost_after);
    figure_attrs(out, "change", d->change);
    aivm_buf_printf(out, " data-new=\"%zu\" data-unchanged=\"%zu\" data-fixed=\"%zu\">", d->n_new,
                    d->n_unchanged, d->n_fixed);
    aivm_buf_printf(out,
                    "%zu new, %zu unchanged, %zu fixed finding%s. Monthly cost (%s): ", d->n_new,
                    d->n_unchanged, d->n_fixed, d->n_fixed == 1 ? "" : "s", d->currency);
    money(out, d->cost_before, false);
    aivm_buf_puts(out, " in the base, ");
    money(out, d->cost_after, false);
    aivm_buf_puts(out, " in this plan, change ");
    money(out, d->change, true);
    if (d->unpriced_before || d->unpriced_after)
        aivm_buf_printf(out, " (without a price: %zu before, %zu after)", d->unpriced_before,
                        d->unpriced_after);
    aivm_buf_puts(out, ".</p>\n");
    chart(out, d);
}
