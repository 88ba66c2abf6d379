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

void aivm_error_clear(aivm_error *err)
{
    if (err)
        memset(err, 0, sizeof *err);
}

const char *aivm_status_name(int code)
{
    switch (code) {
    case AIVM_OK:
        return "ok";
    case AIVM_ENOTFOUND:
        return "not found";
    case AIVM_ESYNTAX:
        return "syntax error";
    case AIVM_EINVALID:
        return "invalid input";
    case AIVM_EIO:
        return "i/o error";
    case AIVM_ENET:
        return "network error";
    case AIVM_EHTTP:
        return "http error";
    case AIVM_ELIMIT:
        return "limit exceeded";
    default:
        return "internal error";
    }
}
