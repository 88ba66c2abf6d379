/*
 * report_check_md.c - a check report as GitHub-flavoured Markdown for a
 * pull-request comment (docs/formats.md): the verdict line (the report's:
 * aivm_check_judge), a summary line with the counts by severity, a table of
 * the findings (rule id, severity, resource, file:line, message) and the
 * cost line. Every text from the plan, the
 * rules or the waivers is escaped (aivm_report__md_text), so a hostile
 * address or tag cannot break the table or inject markup.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aivm/util.h"

#include "aivm/check.h"
#include "report_int.h"

/* Plan text in a cell: escaped, and an @mention neutralised with a zero-width
 * space after the '@' (GitHub would notify the user or team it names). */
static void cell(aivm_buf *out, const char *s)
{
    const char *at;
    while (s && (at = strchr(s, '@')) != NULL) {
        char *part = aivm_xstrndup(s, (size_t)(at - s));
        aivm_report__md_text(out, part, true);
        free(part);
        aivm_buf_puts(out, "@&#8203;");
        s = at + 1;
    }
    aivm_report__md_text(out, s, true);
}

#define CELL(out, s) cell(out, s)

static void finding_row(aivm_buf *out, const aivm_finding *f)
{
    aivm_buf_puts(out, "| ");
    if (f->baseline != AIVM_BASELINE_NONE) /* --base: the State column */
        aivm_buf_printf(out, "%s | ",
                        f->baseline == AIVM_BASELINE_NEW         ? "**new**"
                        : f->baseline == AIVM_BASELINE_UNCHANGED ? "unchanged"
                                                                 : "fixed");
    CELL(out, f->id);
    aivm_buf_printf(out, " | %s%s | ", aivm_severity_name(f->severity),
                    f->waiver ? " (waived)" : "");
    CELL(out, f->res ? f->res->address : "-");
    aivm_buf_puts(out, " | ");
    if (f->loc.file) {
        CELL(out, f->loc.file);
        if (f->loc.line)
            aivm_buf_printf(out, ":%u", f->loc.line);
    } else {
        aivm_buf_puts(out, "-");
    }
    aivm_buf_puts(out, " | ");
    CELL(out, f->message);
    if (f->suggested && !f->waiver) {
        aivm_buf_printf(out, " (suggested: %u x ", f->suggested_vms);
        CELL(out, aivm_str(&f->suggested->name));
        aivm_buf_puts(out, ")");
    }
    if (f->waiver) {
        aivm_buf_puts(out, " (waived until ");
        CELL(out, f->waiver->expires);
        aivm_buf_puts(out, ": ");
        CELL(out, f->waiver->reason);
        aivm_buf_puts(out, ")");
    }
    aivm_buf_puts(out, " |\n");
}

static void table_head(aivm_buf *out, bool state)
{
    aivm_buf_puts(out, state ? "| State | Rule | Severity | Resource | Location | Message |\n"
                               "|---|---|---|---|---|---|\n"
                             : "| Rule | Severity | Resource | Location | Message |\n"
                               "|---|---|---|---|---|\n");
}

/* "--fail-on LEVEL": the gate the report was judged against. */
static const char *gate_level(const aivm_check_report *rep)
{
    return rep->gate.never ? "never" : aivm_severity_name(rep->gate.level);
}

/* With --base: the verdict on the new findings and the cost change. */
static void diff_verdict(aivm_buf *out, const aivm_check_report *rep)
{
    const aivm_check_diff *d = rep->diff;
    aivm_buf_printf(out, "**aivm-advise check: %s** (--fail-on %s%s): %zu new finding%s, ",
                    aivm_check_verdict_name(rep->verdict), gate_level(rep),
                    rep->gate.new_only ? ", new findings only" : "", d->n_new_open,
                    d->n_new_open == 1 ? "" : "s");
    aivm_buf_printf(out, "%zu fixed; ", d->n_fixed);
    aivm_report__diff_cost_line(out, d);
    aivm_buf_puts(out, "\n\n");
}

int aivm_check_render_markdown(aivm_buf *out, const aivm_check_report *rep,
                               const aivm_check_render_opts *o, aivm_error *err)
{
    (void)o;
    char ov[AIVM_OVERLAY_SUMMARY_CAP];
    if (rep->diff) {
        diff_verdict(out, rep);
        goto summary;
    }
    /* the verdict first: what a reviewer reads in the notification */
    aivm_buf_printf(out, "**aivm-advise check: %s** (--fail-on %s): %zu open finding%s",
                    aivm_check_verdict_name(rep->verdict), gate_level(rep), rep->n_open,
                    rep->n_open == 1 ? "" : "s");
    if (!rep->has_cost)
        aivm_buf_puts(out, "; cost unknown\n\n");
    else
        aivm_buf_printf(out, "; cost %s %.2f/month%s\n\n", rep->currency, rep->monthly_total,
                        rep->n_unpriced ? " (some resources unpriced)" : "");
summary:
    aivm_buf_puts(out, "**Summary:** ");
    aivm_report__check_counts(out, rep);
    if (rep->diff) {
        aivm_buf_puts(out, "; against the base: ");
        aivm_report__diff_counts(out, rep->diff);
    }
    aivm_buf_puts(out, "\n\n");
    if (aivm_catalog_overlay_summary(ov, sizeof ov, rep->catalog)) {
        aivm_buf_puts(out, "**Catalog overlay:** ");
        CELL(out, ov);
        aivm_buf_puts(out, "\n\n");
    }
    for (size_t i = 0; i < rep->warnings.n; i++) {
        aivm_buf_puts(out, i ? "- " : "**Warnings:**\n\n- ");
        CELL(out, rep->warnings.text[i]);
        aivm_buf_puts(out, i + 1 < rep->warnings.n ? "\n" : "\n\n");
    }
    if (rep->n_findings == 0) {
        aivm_buf_puts(out, "No findings.\n");
    } else {
        table_head(out, rep->diff != NULL);
        for (size_t i = 0; i < rep->n_findings; i++)
            finding_row(out, &rep->findings[i]);
    }
    if (rep->diff && rep->diff->n_fixed) {
        aivm_buf_puts(out, "\n**Fixed** (in the base, not in this plan):\n\n");
        table_head(out, true);
        for (size_t i = 0; i < rep->diff->n_fixed; i++)
            finding_row(out, rep->diff->fixed[i]);
    }
    if (!rep->has_cost)
        aivm_buf_puts(out, "\nCost: unknown (no resource could be priced).\n");
    else
        aivm_buf_printf(out, "\nCost: %s %.2f/hour, %.2f/month for %zu priced resource%s",
                        rep->currency, rep->hourly_total, rep->monthly_total, rep->n_priced,
                        rep->n_priced == 1 ? "" : "s");
    if (rep->has_cost && rep->n_unpriced)
        aivm_buf_printf(out, "; %zu without a price", rep->n_unpriced);
    if (rep->has_cost && rep->n_reference_priced)
        aivm_buf_printf(out, "; %zu at another region's reference rate", rep->n_reference_priced);
    if (rep->has_cost)
        aivm_buf_puts(out, ".\n");
    if (out->overflow)
        return aivm_error_set(err, AIVM_ELIMIT, NULL, "Markdown output too large");
    return 0;
}
