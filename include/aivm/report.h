/*
 * aivm/report.h - renderers: turn an aivm_advice into a table for people or
 * JSON for scripts (docs/json-output.md). Renderers append to a caller-owned
 * aivm_buf and never print.
 */
#ifndef AIVM_REPORT_H
#define AIVM_REPORT_H

#include <stdbool.h>

#include "aivm/advise.h"
#include "aivm/buf.h"
#include "aivm/error.h"

typedef struct {
    bool color;     /* ANSI colour (tables only) */
    unsigned width; /* terminal width, 0 = 100 */
    bool explain;   /* every rule per candidate, and the rejected ones */
    const char *tool_version;
} aivm_render_opts;

#define AIVM_RENDER_OPTS_INIT                                                                      \
    {                                                                                              \
        false, 0, false, NULL                                                                      \
    }

/** The JSON schema version this library writes. */
#define AIVM_JSON_SCHEMA_VERSION "1"

/** Append the table rendering of `adv` to `out`. Returns 0 or AIVM_ELIMIT. */
int aivm_report_table(aivm_buf *out, const aivm_advice *adv, const aivm_render_opts *o,
                      aivm_error *err);
/** Append the JSON rendering of `adv` (one document, newline-terminated). */
int aivm_report_json(aivm_buf *out, const aivm_advice *adv, const aivm_render_opts *o,
                     aivm_error *err);

#endif
