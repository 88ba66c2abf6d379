/*
 * error.c - filling aivm_error records and naming status codes.
 */
#include "aivm/error.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

int aivm_error_set(aivm_error *err, aivm_status code, const aivm_loc *loc, const char *fmt, ...)
{
    va_list ap;
    if (!err)
        return code;
    memset(err, 0, sizeof *err);
    err->code = code;
    if (loc && loc->file) {
        snprintf(err->file, sizeof err->file, "%s", loc->file);
        err->line = loc->line;
        err->col = loc->col;
    }
    va_start(ap, fmt);
    vsnprintf(err->msg, sizeof err->msg, fmt, ap);
    va_end(ap);
    return code;
}
