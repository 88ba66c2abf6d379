/*
 * report_check_md.c - a check report as GitHub-flavoured Markdown for a
 * pull-request comment (docs/formats.md): a summary line with the counts
 * by severity, a table of the findings (rule id, severity, resource,
 * file:line, message) and the cost line. Every text from the plan, the
 * rules or the waivers is escaped (aivm_report__md_text), so a hostile
 * address or tag cannot break the table or inject markup.
 */
#include <stdio.h>
#include <string.h>

#include "aivm/check.h"
#include "report_int.h"

#define CELL(out, s) aivm_report__md_text(out, s, true)

static void finding_row(aivm_buf *out, const aivm_finding *f)
{
    aivm_buf_puts(out, "| ");
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
        aivm_buf_puts(out, " (suggested: ");
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

int aivm_check_render_markdown(aivm_buf *out, const aivm_check_report *rep,
                               const aivm_check_render_opts *o, aivm_error *err)
{
    (void)o;
    aivm_buf_puts(out, "**aivm-advise check:** ");
    aivm_report__check_counts(out, rep);
    aivm_buf_puts(out, "\n\n");
    if (rep->n_findings == 0) {
        aivm_buf_puts(out, "No findings.\n");
    } else {
        aivm_buf_puts(out, "| Rule | Severity | Resource | Location | Message |\n"
                           "|---|---|---|---|---|\n");
        for (size_t i = 0; i < rep->n_findings; i++)
            finding_row(out, &rep->findings[i]);
    }
    if (rep->n_items && rep->n_unpriced == rep->n_items)
        aivm_buf_puts(out, "\nCost: unknown (no resource could be priced).\n");
    else
        aivm_buf_printf(out, "\nCost: %s %.2f/hour, %.2f/month for %zu priced resource%s.\n",
                        rep->currency, rep->hourly_total, rep->monthly_total,
                        rep->n_items - rep->n_unpriced,
                        rep->n_items - rep->n_unpriced == 1 ? "" : "s");
    if (out->overflow)
        return aivm_error_set(err, AIVM_ELIMIT, NULL, "Markdown output too large");
    return 0;
}
