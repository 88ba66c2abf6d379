/*
 * report_html_common.c - the pieces every HTML report shares (docs/formats.md,
 * "HTML"): the document's head with its inline style sheet (no script, no
 * external fetch, printable), the escaper every plan, catalog, rule or API
 * text goes through, and data attributes that carry a figure of the
 * deployment record as the JSON writes it. Used by report_html.c (recommend),
 * report_html_chart.c (its charts) and report_html_check.c (check).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report_int.h"

/* Okabe-Ito colours (colour-blind safe); every mark also has a shape and a label.
 * Narrow windows (390 px): a table or a chart wider than the window scrolls
 * sideways inside its own box, so the page never does and a chart's text keeps
 * its size (an SVG shrunk to 390 px would print 11 px labels at 5 px). */
static const char style[] =
    "body{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;margin:2em auto;"
    "max-width:60em;padding:0 1em;color:#222;background:#fff;line-height:1.4;"
    "overflow-wrap:anywhere}\n"
    "h1{font-size:1.5em}h2{font-size:1.2em;margin-top:1.6em;border-bottom:1px solid #ccc}\n"
    "table{border-collapse:collapse;font-size:.9em;margin:.5em 0;display:block;"
    "max-width:100%;overflow-x:auto;overflow-wrap:normal}\n"
    "th,td{border:1px solid #ccc;padding:.2em .5em;text-align:left;vertical-align:top}\n"
    "td.n,th.n{text-align:right;font-variant-numeric:tabular-nums}td.n{white-space:nowrap}\n"
    "tr.top td{font-weight:bold}\n"
    "figure{margin:1em 0;max-width:100%;overflow-x:auto}figcaption{margin-top:.3em}\n"
    "svg{display:block;font-size:11px;overflow:visible}\n"
    "svg text{fill:#222}svg .axis{stroke:#222;stroke-width:1}\n"
    "svg .grid{stroke:#ddd;stroke-width:1}\n"
    "svg .frontier{fill:none;stroke:#0072B2;stroke-width:2}\n"
    "svg .deadline{stroke:#D55E00;stroke-width:2;stroke-dasharray:6 4}\n"
    "svg .on{fill:#0072B2;stroke:#000}svg .off{fill:#fff;stroke:#E69F00;stroke-width:2}\n"
    "svg .best{fill:#009E73;stroke:#000;stroke-width:1.5}\n"
    "svg .m-weights{fill:#0072B2}svg .m-gradients{fill:#E69F00}svg .m-optimizer{fill:#CC79A7}\n"
    "svg .m-activations{fill:#009E73}svg .m-kv{fill:#56B4E9}svg .m-overhead{fill:#999}\n"
    "svg .usable{fill:none;stroke:#000;stroke-width:1.5}\n"
    "svg .planned{fill:#E69F00;stroke:#000}svg .suggested{fill:#0072B2;stroke:#000}\n"
    ".sev-error{color:#b00;font-weight:bold}.sev-warning{color:#8a5a00;font-weight:bold}\n"
    ".note{color:#555;font-size:.9em}details{margin:.3em 0}\n"
    "@media print{body{margin:0;max-width:none}details{display:block}"
    "h2{break-after:avoid}figure,table{break-inside:avoid}}\n";

/* Advance widths of DejaVu Sans (the widest common sans) in em, rounded up,
 * so a width estimated here is never short of the drawn one. */
double aivm_report__html_text_width(const char *s, double font_px, bool bold)
{
    double em = 0;
    if (!s)
        return 0;
    s = aivm_report__vis(s); /* as aivm_report__html_text draws it */
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        unsigned char c = *p;
        if ((c & 0xC0) == 0x80)
            continue; /* a UTF-8 continuation byte: counted with its lead */
        if (c >= 0x80)
            em += 1.0; /* ×, wide letters, CJK: at most one em */
        else if (c == 'm' || c == 'w' || c == 'M' || c == 'W' || c == '@' || c == '%')
            em += 1.0;
        else if (c >= 'A' && c <= 'Z')
            em += 0.78;
        else if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '#' || c == '&' ||
                 c == '_' || c == '=' || c == '+' || c == '<' || c == '>' || c == '~')
            em += 0.7;
        else
            em += 0.42; /* space, punctuation */
    }
    return em * font_px * (bold ? 1.12 : 1.0);
}

void aivm_report__html_text(aivm_buf *out, const char *s)
{
    if (!s)
        return;
    s = aivm_report__vis(s); /* control characters made visible, as in the text reports */
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
        case '"':
            aivm_buf_puts(out, "&quot;");
            break;
        case '\'':
            aivm_buf_puts(out, "&#39;");
            break;
        default:
            aivm_buf_put(out, s, 1);
        }
    }
}

void aivm_report__html_begin(aivm_buf *out, const char *title)
{
    aivm_buf_puts(out, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                       "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
                       "<title>");
    aivm_report__html_text(out, title);
    aivm_buf_printf(out, "</title>\n<style>\n%s</style>\n</head>\n<body>\n<h1>", style);
    aivm_report__html_text(out, title);
    aivm_buf_puts(out, "</h1>\n");
}

void aivm_report__html_end(aivm_buf *out, const char *tool_version)
{
    aivm_buf_puts(out, "<p class=\"note\">Made by aivm-advise");
    if (tool_version) {
        aivm_buf_puts(out, " ");
        aivm_report__html_text(out, tool_version);
    }
    aivm_buf_puts(out, ". Every figure is the one the JSON output (--format json) shows.</p>\n"
                       "</body>\n</html>\n");
}

void aivm_report__html_note(aivm_buf *out, const char *text)
{
    size_t n = text ? strspn(text, "\n") : 0, len = text ? strlen(text + n) : 0;
    char *line;
    while (len && text[n + len - 1] == '\n')
        len--; /* a text report's line ends are no part of the note */
    if (!len)
        return;
    line = aivm_xstrndup(text + n, len);
    aivm_buf_puts(out, "<p class=\"note\">");
    aivm_report__html_text(out, line);
    aivm_buf_puts(out, "</p>\n");
    free(line);
}

void aivm_report__html_num(aivm_buf *out, const char *name, bool known, double v)
{
    if (known && isfinite(v))
        aivm_buf_printf(out, " %s=\"%.15g\"", name, v);
}
