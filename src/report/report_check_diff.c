/*
 * report_check_diff.c - the change against a base plan (check --base) in
 * the text, JSON and GitHub renderers: the new/unchanged/fixed counts, the
 * cost before, after and the change (unknown stays unknown, never 0), each
 * resource's change and the fixed findings. Every figure is the diff's
 * (src/check/check_diff.c); nothing is computed here.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "aivm/check.h"
#include "report_int.h"
#include "util/jsonw.h"
#include "util/mathutil.h"

#define VIS(s) aivm_report__vis(s)

void aivm_report__diff_counts(aivm_buf *b, const aivm_check_diff *d)
{
    aivm_buf_printf(b, "%zu new, %zu unchanged, %zu fixed", d->n_new, d->n_unchanged, d->n_fixed);
}

/* "+12.34" / "-0.50" / "+0.00"; "unknown" when not known. */
static void signed_money(aivm_buf *b, bool known, double v)
{
    if (!known) {
        aivm_buf_puts(b, "unknown");
        return;
    }
    v = aivm_round_to(v, 2);
    aivm_buf_printf(b, "%s%.2f", v < 0 ? "-" : "+", fabs(v));
}

static void money(aivm_buf *b, bool known, double v)
{
    if (known)
        aivm_buf_printf(b, "%.2f", v);
    else
        aivm_buf_puts(b, "unknown");
}

/* "USD 12.34/month" or "unknown". */
static void side(aivm_buf *b, const char *currency, aivm_cost_figure c)
{
    if (c.known)
        aivm_buf_printf(b, "%s %.2f/month", currency, c.monthly);
    else
        aivm_buf_puts(b, "unknown");
}

void aivm_report__diff_cost_line(aivm_buf *b, const aivm_check_diff *d)
{
    aivm_buf_puts(b, "cost change: ");
    if (d->change.known) {
        aivm_buf_printf(b, "%s ", d->currency);
        signed_money(b, true, d->change.monthly);
        aivm_buf_puts(b, "/month, ");
        signed_money(b, true, d->change.hourly);
        aivm_buf_puts(b, "/hour");
    } else {
        aivm_buf_puts(b, "unknown");
    }
    aivm_buf_puts(b, " (base ");
    side(b, d->currency, d->cost_before);
    aivm_buf_puts(b, ", this plan ");
    side(b, d->currency, d->cost_after);
    aivm_buf_puts(b, ")");
    if (d->unpriced_before || d->unpriced_after)
        aivm_buf_printf(b, "; without a price: %zu in the base, %zu in this plan",
                        d->unpriced_before, d->unpriced_after);
}

/* The change record of the plan's item `i` (the diff lists the plan's items
 * first, in order). */
static const aivm_check_resource_change *change_of_item(const aivm_check_diff *d, size_t i)
{
    return i < d->n_resources ? &d->resources[i] : NULL;
}

void aivm_report__diff_item_text(aivm_buf *b, const aivm_check_report *rep, size_t i)
{
    const aivm_check_resource_change *c = rep->diff ? change_of_item(rep->diff, i) : NULL;
    if (!c)
        return;
    if (c->kind == AIVM_CHANGE_ADDED) {
        aivm_buf_puts(b, "  change: added by this plan");
    } else {
        aivm_buf_printf(b, "  change: %s",
                        c->kind == AIVM_CHANGE_SAME ? "same size and count" : "resized from ");
        if (c->kind == AIVM_CHANGE_RESIZED) {
            const aivm_plan_resource *r = c->before->res;
            aivm_buf_printf(b, "%s", VIS(r->size ? r->size : "(unknown size)"));
            if (r->count_expr)
                aivm_buf_puts(b, " x ?");
            else
                aivm_buf_printf(b, " x %u", r->count);
        }
    }
    aivm_buf_puts(b, "; cost ");
    signed_money(b, c->change.known, c->change.monthly);
    aivm_buf_puts(b, "/month (was ");
    money(b, c->cost_before.known, c->cost_before.monthly);
    aivm_buf_puts(b, ")\n");
}

void aivm_report__diff_text(aivm_buf *b, const aivm_check_report *rep,
                            void (*finding)(aivm_buf *, const aivm_finding *, bool), bool color)
{
    const aivm_check_diff *d = rep->diff;
    bool any = false;
    for (size_t i = 0; i < d->n_resources; i++) {
        const aivm_check_resource_change *c = &d->resources[i];
        if (c->kind != AIVM_CHANGE_REMOVED)
            continue;
        if (!any)
            aivm_buf_puts(b, "removed (in the base only)\n");
        any = true;
        aivm_buf_printf(b, "  %s (%s), size %s; cost ", VIS(c->before->res->address),
                        VIS(c->before->res->type),
                        VIS(c->before->res->size ? c->before->res->size : "(unknown)"));
        signed_money(b, c->change.known, c->change.monthly);
        aivm_buf_puts(b, "/month\n");
    }
    if (any)
        aivm_buf_puts(b, "\n");
    if (d->n_fixed) {
        aivm_buf_puts(b, "fixed (in the base, not in this plan)\n");
        for (size_t i = 0; i < d->n_fixed; i++) {
            if (d->fixed[i]->res)
                aivm_buf_printf(b, "  %s:\n", VIS(d->fixed[i]->res->address));
            finding(b, d->fixed[i], color);
        }
        aivm_buf_puts(b, "\n");
    }
}

static void figure_json(aivm_jw *w, const char *hourly, const char *monthly, aivm_cost_figure c)
{
    aivm_jw_opt_num(w, hourly, c.known, aivm_round_to(c.hourly, 4));
    aivm_jw_opt_num(w, monthly, c.known, aivm_round_to(c.monthly, 4));
}

static void resource_json(aivm_jw *w, const aivm_check_resource_change *c)
{
    const aivm_check_item *any = c->after ? c->after : c->before;
    aivm_jw_object(w, NULL);
    aivm_jw_str(w, "address", any->res->address);
    aivm_jw_str(w, "change", aivm_change_kind_name(c->kind));
    aivm_jw_str(w, "size_before", c->before ? c->before->res->size : NULL);
    aivm_jw_str(w, "size_after", c->after ? c->after->res->size : NULL);
    figure_json(w, "hourly_before", "monthly_before", c->cost_before);
    figure_json(w, "hourly_after", "monthly_after", c->cost_after);
    figure_json(w, "hourly_change", "monthly_change", c->change);
    aivm_jw_end(w);
}

void aivm_report__diff_json(aivm_jw *w, const aivm_check_report *rep)
{
    const aivm_check_diff *d = rep->diff;
    aivm_jw_object(w, "diff");
    aivm_jw_bool(w, "fail_on_new", rep->gate.new_only);
    aivm_jw_object(w, "findings");
    aivm_jw_num(w, "new", (double)d->n_new);
    aivm_jw_num(w, "unchanged", (double)d->n_unchanged);
    aivm_jw_num(w, "fixed", (double)d->n_fixed);
    aivm_jw_num(w, "new_errors", (double)d->new_open[AIVM_SEV_ERROR]);
    aivm_jw_num(w, "new_warnings", (double)d->new_open[AIVM_SEV_WARNING]);
    aivm_jw_num(w, "new_notes", (double)d->new_open[AIVM_SEV_NOTE]);
    aivm_jw_end(w);
    aivm_jw_object(w, "cost");
    aivm_jw_str(w, "currency", d->currency);
    figure_json(w, "hourly_before", "monthly_before", d->cost_before);
    figure_json(w, "hourly_after", "monthly_after", d->cost_after);
    figure_json(w, "hourly_change", "monthly_change", d->change);
    aivm_jw_num(w, "unpriced_before", (double)d->unpriced_before);
    aivm_jw_num(w, "unpriced_after", (double)d->unpriced_after);
    aivm_jw_end(w);
    aivm_jw_array(w, "resources");
    for (size_t i = 0; i < d->n_resources; i++)
        resource_json(w, &d->resources[i]);
    aivm_jw_end(w);
    aivm_jw_array(w, "fixed");
    for (size_t i = 0; i < d->n_fixed; i++)
        aivm_report__check_finding_json(w, d->fixed[i]);
    aivm_jw_end(w);
    aivm_jw_end(w);
}
