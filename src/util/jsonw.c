/*
 * jsonw.c - the JSON writer (see jsonw.h): each call adds an item to a cJSON
 * tree, and cJSON_Print() prints it (numbers as %1.15g, or %1.17g when that
 * does not read back; strings escaped as cJSON escapes them). The outer
 * levels of a document are not trees: their brackets and separators are
 * written as cJSON_Print() lays them out, and each member is a tree printed
 * and freed when complete (a 60 KB recommend report had 140 more page faults
 * as one tree: docs/performance.md). cJSON copies bytes past 0x7f as they
 * are: put_text() writes the printed text with C1 controls and
 * noncharacters as \u escapes and bytes that are not UTF-8 as \ufffd (such
 * bytes can only be inside its strings and keys, where an escape means the
 * same character).
 */
#include "jsonw.h"
#include "aivm/libs.h"
#include "utf8.h"

#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* cJSON allocates through aivm_xmalloc, so running out of memory aborts as
 * everywhere else (docs/architecture.md) instead of losing part of a report. */
static void use_xmalloc(void)
{
    static bool set;
    if (!set) {
        cJSON_Hooks h = {aivm_xmalloc, free};
        cJSON_InitHooks(&h);
        set = true;
    }
}

/* In pieces, so a buffer that streams to a sink stays small (the printed
 * document is already in memory). */
static void put(aivm_buf *b, const unsigned char *p, size_t n)
{
    while (n > 0) {
        size_t k = n < 512 ? n : 512;
        aivm_buf_put(b, p, k);
        p += k;
        n -= k;
    }
}

/* cJSON's printed text `p[0..n)` appended to `b`, with what cJSON left raw
 * past 0x7f escaped: a printable character stays as it is. */
static void put_text(aivm_buf *b, const unsigned char *p, size_t n)
{
    while (n > 0) {
        size_t k = 0, len;
        unsigned long cp = 0;
        char u[8];
        while (k < n && p[k] < 0x80)
            k++;
        put(b, p, k);
        if (k == n)
            break;
        len = aivm_util__utf8_decode(&cp, p + k, p + n);
        if (len > 0 && !aivm_util__unprintable(cp)) {
            aivm_buf_put(b, p + k, len); /* a character: as it is */
        } else {
            /* a C1 control or a noncharacter as \u, a byte that is not UTF-8 as U+FFFD */
            snprintf(u, sizeof u, "\\u%04lx", len > 0 && cp <= 0xFFFF ? cp : 0xFFFDul);
            aivm_buf_put(b, u, 6);
            len = len > 0 ? len : 1;
        }
        p += k + len;
        n -= k + len;
    }
}

static void indent_by(aivm_buf *b, unsigned n)
{
    static const char sp[] = "                                ";
    while (n > 0) {
        unsigned k = n < 32 ? n : 32;
        aivm_buf_put(b, sp, k);
        n -= k;
    }
}

/* A scalar or a key as cJSON prints it, escaped as put_text() escapes. */
static void put_scalar(aivm_buf *b, const cJSON *item)
{
    char *text = cJSON_PrintUnformatted(item);
    put_text(b, (const unsigned char *)text, strlen(text));
    cJSON_free(text);
}

static void put_key(aivm_buf *b, const char *key)
{
    cJSON *k = cJSON_CreateStringReference(key);
    put_scalar(b, k);
    cJSON_Delete(k);
}

static void put_tabs(aivm_buf *b, unsigned n)
{
    for (; n > 0; n--)
        aivm_buf_put(b, "\t", 1);
}

/* `item` printed by cJSON_Print() inside `tabs` streamed levels: `tabs` more
 * tabs after each of its newlines, as cJSON indents it inside those levels. */
static void put_tree(aivm_buf *b, const cJSON *item, unsigned tabs)
{
    char *text = cJSON_Print(item);
    const unsigned char *p = (const unsigned char *)text;
    size_t n = strlen(text);
    for (;;) {
        const unsigned char *nl = memchr(p, '\n', n);
        size_t k = nl ? (size_t)(nl - p) + 1 : n;
        put_text(b, p, k);
        if (!nl)
            break;
        put_tabs(b, tabs);
        p += k;
        n -= k;
    }
    cJSON_free(text);
}

/* `item` at `depth` in the layout of aivm_jw_set_indent(): every member and
 * element on its own line, `indent` spaces a level, "key": value, empty
 * containers as {} and []; scalars and keys printed by cJSON. */
static void put_indented(aivm_buf *b, const cJSON *item, unsigned depth, unsigned indent)
{
    bool object = cJSON_IsObject(item);
    if (!cJSON_IsObject(item) && !cJSON_IsArray(item)) {
        put_scalar(b, item);
        return;
    }
    if (!item->child) {
        aivm_buf_puts(b, object ? "{}" : "[]");
        return;
    }
    aivm_buf_puts(b, object ? "{\n" : "[\n");
    for (const cJSON *c = item->child; c; c = c->next) {
        indent_by(b, (depth + 1) * indent);
        if (object) {
            put_key(b, c->string);
            aivm_buf_puts(b, ": ");
        }
        put_indented(b, c, depth + 1, indent);
        aivm_buf_puts(b, c->next ? ",\n" : "\n");
    }
    indent_by(b, depth * indent);
    aivm_buf_puts(b, object ? "}" : "]");
}

/* Print the finished item w->open[0] and free it. A member of an object
 * already in `out` (aivm_jw_init_member) was put in a holder object: its
 * printed lines without the holder's braces, after ",\n", each indented
 * for its depth. */
static void flush(aivm_jw *w)
{
    char *text;
    const unsigned char *p;
    size_t n;
    if (w->indent > 0 && w->base == 0) {
        put_indented(w->out, w->open[0], 0, w->indent);
        cJSON_Delete(w->open[0]);
        w->open[0] = NULL;
        return;
    }
    text = cJSON_Print(w->open[0]);
    p = (const unsigned char *)text;
    n = strlen(text);
    if (w->base == 0) {
        put_text(w->out, p, n);
    } else {
        p += 2; /* "{\n" ... "\n}" */
        n -= 4;
        aivm_buf_put(w->out, ",\n", 2);
        for (;;) {
            const unsigned char *nl = memchr(p, '\n', n);
            size_t k = nl ? (size_t)(nl - p) + 1 : n;
            for (unsigned i = 1; i < w->base; i++)
                aivm_buf_put(w->out, "\t", 1);
            put_text(w->out, p, k);
            if (!nl)
                break;
            p += k;
            n -= k;
        }
    }
    cJSON_free(text);
    cJSON_Delete(w->open[0]);
    w->open[0] = NULL;
}

/* Add `item` under `key` to the innermost open container (or make it the
 * document); a container becomes the innermost, a finished document is printed. */
/* Whether the document's outer levels are streamed: cJSON's layout, not a
 * member of a document already written (aivm_jw_init_member). */
static bool streams(const aivm_jw *w)
{
    return w->indent == 0 && w->base == 0;
}

/* Open streamed level `level` for `item` (an object or array), which is freed. */
static void stream_open(aivm_jw *w, unsigned level, cJSON *item)
{
    w->object[level] = cJSON_IsObject(item);
    w->had[level] = false;
    aivm_buf_puts(w->out, w->object[level] ? "{\n" : "[");
    cJSON_Delete(item);
    w->open[level] = NULL;
    w->depth = level;
}

/* A member of streamed level `level` about to be printed: the separator and,
 * in an object, the indentation and key, as cJSON_Print() lays them out. */
static void stream_member(aivm_jw *w, unsigned level, const char *key)
{
    if (w->object[level]) {
        if (w->had[level])
            aivm_buf_put(w->out, ",\n", 2);
        put_tabs(w->out, level);
        put_key(w->out, key ? key : "");
        aivm_buf_put(w->out, ":\t", 2);
    } else if (w->had[level]) {
        aivm_buf_put(w->out, ", ", 2);
    }
    w->had[level] = true;
}

/* The closing bracket of streamed level `level`. */
static void stream_close(aivm_jw *w, unsigned level)
{
    if (w->object[level]) {
        if (w->had[level])
            aivm_buf_put(w->out, "\n", 1);
        put_tabs(w->out, level - 1);
        aivm_buf_put(w->out, "}", 1);
    } else {
        aivm_buf_put(w->out, "]", 1);
    }
}

static void add(aivm_jw *w, const char *key, cJSON *item, bool container)
{
    if (streams(w) && w->depth == 0 && container) {
        stream_open(w, 1, item);
        return;
    }
    if (streams(w) && w->depth >= 1 && w->depth <= AIVM_JSONW_STREAM) {
        stream_member(w, w->depth, key);
        if (container && w->depth < AIVM_JSONW_STREAM) {
            stream_open(w, w->depth + 1, item);
        } else if (container) {
            w->open[++w->depth] = item; /* a tree, printed when it closes */
        } else {
            put_tree(w->out, item, w->depth);
            cJSON_Delete(item);
        }
        return;
    }
    if (w->depth == 0 && w->base > 0) {
        w->open[0] = cJSON_CreateObject();
        cJSON_AddItemToObject(w->open[0], key ? key : "", item);
    } else if (w->depth == 0) {
        w->open[0] = item;
    } else if (cJSON_IsArray(w->open[w->depth])) {
        cJSON_AddItemToArray(w->open[w->depth], item);
    } else {
        cJSON_AddItemToObject(w->open[w->depth], key ? key : "", item);
    }
    if (container) {
        if (w->depth < AIVM_JSONW_MAX_DEPTH)
            w->open[++w->depth] = item;
    } else if (w->depth == 0) {
        flush(w);
    }
}

void aivm_jw_init(aivm_jw *w, aivm_buf *out)
{
    use_xmalloc();
    memset(w, 0, sizeof *w);
    w->out = out;
}

void aivm_jw_init_member(aivm_jw *w, aivm_buf *out, unsigned depth)
{
    aivm_jw_init(w, out);
    w->base = depth;
}

void aivm_jw_set_indent(aivm_jw *w, unsigned spaces)
{
    w->indent = spaces;
}

void aivm_jw_object(aivm_jw *w, const char *key)
{
    add(w, key, cJSON_CreateObject(), true);
}

void aivm_jw_array(aivm_jw *w, const char *key)
{
    add(w, key, cJSON_CreateArray(), true);
}

void aivm_jw_end(aivm_jw *w)
{
    unsigned level = w->depth;
    if (level == 0)
        return;
    w->depth--;
    if (streams(w) && level <= AIVM_JSONW_STREAM) {
        stream_close(w, level);
    } else if (streams(w) && level == AIVM_JSONW_STREAM + 1) {
        put_tree(w->out, w->open[level], level - 1);
        cJSON_Delete(w->open[level]);
        w->open[level] = NULL;
    } else if (w->depth == 0) {
        flush(w);
    }
}

void aivm_jw_str(aivm_jw *w, const char *key, const char *s)
{
    add(w, key, s ? cJSON_CreateString(s) : cJSON_CreateNull(), false);
}

void aivm_jw_num(aivm_jw *w, const char *key, double d)
{
    add(w, key, cJSON_CreateNumber(d), false);
}

void aivm_jw_bool(aivm_jw *w, const char *key, bool v)
{
    add(w, key, cJSON_CreateBool(v), false);
}

void aivm_jw_null(aivm_jw *w, const char *key)
{
    add(w, key, cJSON_CreateNull(), false);
}

void aivm_jw_strlist(aivm_jw *w, const char *key, const aivm_strlist *l)
{
    aivm_jw_array(w, key);
    for (size_t i = 0; i < l->n; i++)
        aivm_jw_str(w, NULL, l->items[i]);
    aivm_jw_end(w);
}

void aivm_jw_string(aivm_buf *b, const char *s)
{
    cJSON *item;
    char *text;
    use_xmalloc();
    item = cJSON_CreateString(s);
    text = cJSON_PrintUnformatted(item);
    put_text(b, (const unsigned char *)text, strlen(text));
    cJSON_free(text);
    cJSON_Delete(item);
}

void aivm_jw_opt_num(aivm_jw *w, const char *key, bool known, double v)
{
    if (known)
        aivm_jw_num(w, key, v);
    else
        aivm_jw_null(w, key);
}

const char *aivm_cjson_version(void)
{
    return cJSON_Version();
}
