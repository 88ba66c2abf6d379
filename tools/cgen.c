/*
 * cgen.c - what the build-time C writers share: C string literals that any
 * C17 compiler reads back byte for byte.
 */
#include "cgen.h"

void aivm_cgen_str(aivm_buf *b, const char *s)
{
    if (!s) {
        aivm_buf_puts(b, "NULL");
        return;
    }
    aivm_buf_puts(b, "\"");
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p == '"' || *p == '\\')
            aivm_buf_printf(b, "\\%c", *p);
        else if (*p == '?')
            aivm_buf_puts(b, "\\?"); /* no trigraphs */
        else if (*p < 0x20 || *p >= 0x7f)
            aivm_buf_printf(b, "\\%03o", *p);
        else
            aivm_buf_put(b, p, 1);
    }
    aivm_buf_puts(b, "\"");
}
