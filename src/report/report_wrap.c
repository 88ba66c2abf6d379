/*
 * report_wrap.c - prose fitted to the width the CLI passes: words moved to
 * the next line, indented under the first, so a long message, condition or
 * help text of the human renderers (the advice's sections, models show,
 * rules show) reads within the terminal. A word longer than the line (a
 * URL) is kept whole. Columns as a terminal shows them (aivm_utf8_width).
 */
#include <string.h>

#include "aivm/util.h"
#include "report_int.h"

void aivm_report__wrap(aivm_buf *out, const char *text, unsigned indent, unsigned width)
{
    unsigned col = indent;
    const char *p = text;
    if (width < indent + 20)
        width = indent + 20;
    while (*p) {
        size_t len = strcspn(p, " "), cols = aivm_utf8_width(p, len);
        if (col > indent && col + 1 + cols > width) {
            aivm_buf_printf(out, "\n%*s", (int)indent, "");
            col = indent;
        } else if (col > indent) {
            aivm_buf_puts(out, " ");
            col++;
        }
        aivm_buf_put(out, p, len);
        col += (unsigned)cols;
        p += len;
        while (*p == ' ')
            p++;
    }
    aivm_buf_puts(out, "\n");
}

void aivm_report__pad(aivm_buf *out, const char *s, size_t width)
{
    size_t cols = aivm_utf8_width(s, strlen(s));
    aivm_buf_puts(out, s);
    for (; cols < width; cols++)
        aivm_buf_puts(out, " ");
}
