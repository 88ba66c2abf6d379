/*
 * jsonw.h - the JSON writer: the report renderers describe a document with
 * these calls, the writer builds each part as a cJSON tree and prints it with
 * cJSON_Print() (tabs, "key":\tvalue, arrays on one line). A document's outer
 * AIVM_JSONW_STREAM levels are printed as they are written, each member of
 * them when it is complete, so a long report is never one tree in memory; the
 * text is the whole document's cJSON_Print(). What cJSON passes through raw
 * and no reader should see raw (C1 controls, noncharacters, bytes that are
 * not UTF-8) is escaped in the printed text (jsonw.c).
 */
#ifndef AIVM_JSONW_H
#define AIVM_JSONW_H

#include <stdbool.h>
#include <stddef.h>

#include "aivm/buf.h"
#include "aivm/util.h"

#define AIVM_JSONW_MAX_DEPTH 32
#define AIVM_JSONW_STREAM 2

struct cJSON;

/** A document being written. Its fields are the writer's own. */
typedef struct {
    aivm_buf *out;
    unsigned depth;                               /* open objects and arrays */
    unsigned base;                                /* aivm_jw_init_member(): the depth it adds to */
    unsigned indent;                              /* aivm_jw_set_indent(); 0: cJSON's tabs */
    struct cJSON *open[AIVM_JSONW_MAX_DEPTH + 1]; /* open[1..depth]; open[0]: a member's holder */
    /* The outer AIVM_JSONW_STREAM levels of a document in cJSON's layout are
     * printed as they are written (NULL in open[]): their members, each a
     * cJSON tree, are printed and freed when complete, so a long report is
     * never one tree in memory. `object`, `had`: such a level's kind and
     * whether it has a member yet. */
    bool object[AIVM_JSONW_STREAM + 1], had[AIVM_JSONW_STREAM + 1];
} aivm_jw;

/** Start writing into `out` (appends). A document is printed as its outer
 *  levels' members complete and is whole when its outermost object or array
 *  closes (at once for a top-level scalar). */
void aivm_jw_init(aivm_jw *w, aivm_buf *out);
/** Start writing members into the object that `out` ends inside: one at
 *  depth `depth` (1 = the document's own object, which must already have a
 *  member and whose closing brace the caller writes). Each member is printed
 *  when it is complete, after ",\n" and indented for that depth. */
void aivm_jw_init_member(aivm_jw *w, aivm_buf *out, unsigned depth);
/** Print with every member and element on its own line, `spaces` spaces a
 *  level and `"key": value` (the layout of JSON.stringify(v, null, spaces)),
 *  instead of cJSON's tabs and one-line arrays; 0, the default, keeps
 *  cJSON's. Call before the first value; not with aivm_jw_init_member(). */
void aivm_jw_set_indent(aivm_jw *w, unsigned spaces);
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
/** `s` as a JSON string (quoted, escaped as the writer escapes it) appended
 *  to `b`: the one JSON string escaper. */
void aivm_jw_string(aivm_buf *b, const char *s);
/** An array of strings. */
void aivm_jw_strlist(aivm_jw *w, const char *key, const aivm_strlist *l);

#endif
