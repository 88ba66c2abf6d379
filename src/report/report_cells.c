/*
 * report_cells.c - the cells of a ranked size that the Markdown and CSV
 * renderers share with the table's columns (GPUS, WHY), and the escapers of
 * those formats: Markdown text for a table cell or a bullet (no HTML, link,
 * @mention or table break), an RFC 4180 CSV field (no formula, no control).
 * Both show untrusted text through aivm_report__vis first.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "report_int.h"
#include "util/mathutil.h"

void aivm_report__gpu_cell(char *out, size_t n, const aivm_size *s)
{
    double c = s->gpu_count;
    if (!s->has_gpu)
        snprintf(out, n, "-");
    else if (fabs(c - aivm_round(c)) < 1e-6)
        snprintf(out, n, "%.0fx %s %gGB", c, aivm_report__vis(aivm_str(&s->gpu_model)),
                 s->gpu_memory_gb);
    else
        snprintf(out, n, "1/%.0f %s %gGB", aivm_round(1 / c),
                 aivm_report__vis(aivm_str(&s->gpu_model)), s->gpu_memory_gb);
}

const aivm_reason *aivm_report__main_reason(const aivm_candidate *c)
{
    const aivm_reason *best = NULL, *req = NULL;
    for (size_t i = 0; i < c->n_reasons; i++) {
        const aivm_reason *r = &c->reasons[i];
        aivm_effect e = aivm_rule_effect(r->rule);
        if (e == AIVM_EFFECT_PREFER && !r->scaled && /* the engine's: no rule evaluated here */
            (!best || r->delta > best->delta))
            best = r;
        if (e == AIVM_EFFECT_REQUIRE && !req)
            req = r;
    }
    if (best)
        return best;
    if (req)
        return req;
    return c->n_reasons ? &c->reasons[0] : NULL;
}

static void md_escape(aivm_buf *out, const char *s, bool cell, bool links)
{
    const char *start;
    if (!s)
        return;
    s = aivm_report__vis(s); /* control characters made visible, as in the table */
    start = s;
    for (; *s; s++) {
        switch (*s) {
        case '<':
            aivm_buf_puts(out, "&lt;");
            break;
        case '>':
            aivm_buf_puts(out, "&gt;");
            break;
        case '&':
            aivm_buf_puts(out, "&amp;");
            break;
        case '\n':
            aivm_buf_puts(out, cell ? "<br>" : " ");
            break;
        case '@': /* no @mention or e-mail link: a zero-width space after it */
            aivm_buf_puts(out, "@&#8203;");
            break;
        case ':': /* no bare link: "http:\u200b//" and "www\u200b." are text */
            aivm_buf_puts(out, links || strncmp(s, "://", 3) != 0 ? ":" : ":&#8203;");
            break;
        case '.':
            aivm_buf_puts(
                out, !links && s - start >= 3 && strncmp(s - 3, "www", 3) == 0 ? "&#8203;." : ".");
            break;
        case '\\':
        case '|':
        case '`':
        case '*':
        case '_':
        case '[':
        case ']':
        case '~':
        case '#':
            aivm_buf_printf(out, "\\%c", *s);
            break;
        default:
            aivm_buf_put(out, s, 1);
        }
    }
}

void aivm_report__md_text(aivm_buf *out, const char *s, bool cell)
{
    md_escape(out, s, cell, !cell); /* plan and API text lands in cells; rules' links stay */
}

/* Whether a CSV cell would be read as a formula by a spreadsheet: it
 * begins with = + - @ (OWASP's list; tab and CR are shown as \\t, \\r by
 * then) and is not a plain number such as -5. */
static bool formula(const char *s)
{
    double d;
    return (s[0] == '=' || s[0] == '+' || s[0] == '-' || s[0] == '@') && strcmp(s, "-") != 0 &&
           !aivm_parse_double(&d, s);
}

void aivm_report__csv_field(aivm_buf *out, const char *s)
{
    bool quote;
    if (!s)
        return;
    s = aivm_report__vis(s); /* no line end, control or stray byte in a cell */
    quote = formula(s) || s[strcspn(s, ",\"")];
    if (!quote) {
        aivm_buf_puts(out, s);
        return;
    }
    aivm_buf_puts(out, formula(s) ? "\"'" : "\""); /* a leading ' keeps a formula text */
    for (; *s; s++)
        aivm_buf_puts(out, *s == '"' ? "\"\"" : (char[2]){*s, '\0'});
    aivm_buf_puts(out, "\"");
}
