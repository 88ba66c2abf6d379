/*
 * jsonw.h - a streaming JSON writer into an aivm_buf whose output is byte for
 * byte what cJSON_Print() formats (tabs, "key":\tvalue, arrays on one line),
 * without building a tree: the recommend report is the hot path of a cold
 * start and its document lists every rejected size.
 */
#ifndef AIVM_JSONW_H
#define AIVM_JSONW_H

#include <stdbool.h>
#include <stddef.h>

#include "aivm/buf.h"
#include "aivm/util.h"

#define AIVM_JSONW_MAX_DEPTH 32

typedef struct {
    aivm_buf *out;
    unsigned depth;
    bool array[AIVM_JSONW_MAX_DEPTH + 1]; /* the container at each depth is an array */
    bool first[AIVM_JSONW_MAX_DEPTH + 1]; /* nothing written in it yet */
} aivm_jw;

/** Start writing into `out` (appends). */
void aivm_jw_init(aivm_jw *w, aivm_buf *out);
/* Every value call takes the member's key inside an object, NULL inside an
 * array (or for the top-level value). */
void aivm_jw_object(aivm_jw *w, const char *key);
void aivm_jw_array(aivm_jw *w, const char *key);
/** Close the innermost object or array. */
void aivm_jw_end(aivm_jw *w);
void aivm_jw_str(aivm_jw *w, const char *key, const char *s); /* NULL writes null */
void aivm_jw_num(aivm_jw *w, const char *key, double v);
void aivm_jw_bool(aivm_jw *w, const char *key, bool v);
void aivm_jw_null(aivm_jw *w, const char *key);
/** `v` when `known`, else null (an unknown number is never written as 0). */
void aivm_jw_opt_num(aivm_jw *w, const char *key, bool known, double v);
/** `s` as a JSON string (quoted, escaped as cJSON prints it) appended to `b`:
 *  the one JSON string escaper. */
void aivm_jw_string(aivm_buf *b, const char *s);
/** An array of strings. */
void aivm_jw_strlist(aivm_jw *w, const char *key, const aivm_strlist *l);

#endif
