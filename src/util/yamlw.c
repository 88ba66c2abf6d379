/*
 * yamlw.c - YAML from a JSON document (see yamlw.h): cJSON parses it, and
 * libyaml's emitter writes the same tree as block-style YAML, one event per
 * node. The emitter chooses the layout and the escapes; this file chooses
 * only how each scalar is tagged: a string may be plain only when a YAML
 * 1.1 reader (PyYAML, libyaml users) and a 1.2 reader (core schema) both
 * read it back as that string, so `yes`, `1.0`, `2026-12-01`, `a: b`, `#x`
 * and leading spaces stay strings (double-quoted); numbers are written in
 * their shortest exact text, with an exponent YAML 1.1 reads as a float.
 */
#include "yamlw.h"

#include <cjson/cJSON.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "aivm/util.h"
#include "utf8.h"

/* True when `s` may be a plain scalar: a letter first, then letters, digits
 * and a few characters no YAML reader treats specially, not a boolean or
 * null word of YAML 1.1 (y, n, yes, on, ...) or 1.2, no trailing space. */
static bool plain_ok(const char *s, size_t n)
{
    static const char *const words[] = {"y",   "n",    "yes",   "no",  "on",
                                        "off", "true", "false", "null"};
    if (n == 0 || !((s[0] >= 'a' && s[0] <= 'z') || (s[0] >= 'A' && s[0] <= 'Z')) ||
        s[n - 1] == ' ')
        return false;
    for (size_t i = 0; i < n; i++) {
        char ch = s[i];
        if (!((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') ||
              (ch && strchr(" _./()+-=;", ch) != NULL)))
            return false;
    }
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (strlen(words[i]) == n && aivm_strneq_nocase(s, words[i], n))
            return false;
    return true;
}

typedef struct {
    yaml_emitter_t em;
    aivm_buf *out;
    aivm_buf text; /* a scalar's text, made valid UTF-8 */
    bool failed;
} writer;

static int put_out(void *data, unsigned char *p, size_t n)
{
    aivm_buf_put(((writer *)data)->out, p, n);
    return 1;
}

static void emit(writer *w, yaml_event_t *ev, int made)
{
    if (w->failed)
        return;
    if (!made || !yaml_emitter_emit(&w->em, ev))
        w->failed = true;
}

/* `s` in w->text with every byte that is not UTF-8 shown as U+FFFD: libyaml
 * refuses a scalar that is not UTF-8, and YAML text cannot carry the byte. */
static void valid_text(writer *w, const char *s)
{
    const unsigned char *p = (const unsigned char *)s, *end = p + strlen(s);
    aivm_buf_clear(&w->text);
    aivm_buf_put(&w->text, "", 0);
    while (p < end) {
        unsigned long cp;
        size_t k = *p < 0x80 ? 1 : aivm_util__utf8_decode(&cp, p, end);
        if (k == 0) {
            aivm_buf_puts(&w->text, "\xef\xbf\xbd");
            p++;
            continue;
        }
        aivm_buf_put(&w->text, p, k);
        p += k;
    }
}

/* libyaml takes tags and values as `yaml_char_t *` and copies them. */
static yaml_char_t *text_of(const char *s)
{
    yaml_char_t *p;
    memcpy(&p, &s, sizeof p);
    return p;
}

static void scalar(writer *w, const char *tag, const char *v, size_t n, bool plain)
{
    yaml_event_t ev;
    emit(w, &ev,
         yaml_scalar_event_initialize(&ev, NULL, text_of(tag), text_of(v), (int)n, plain, !plain,
                                      plain ? YAML_PLAIN_SCALAR_STYLE
                                            : YAML_DOUBLE_QUOTED_SCALAR_STYLE));
}

static void string(writer *w, const char *s)
{
    valid_text(w, s);
    scalar(w, YAML_STR_TAG, w->text.ptr, w->text.size, plain_ok(w->text.ptr, w->text.size));
}

/* A number's shortest text that reads back as the same double (%.15g, else
 * %.16g or %.17g: cJSON's own printer may round 77777777777777770 to 15
 * digits), an exponent given a "." and a sign: YAML 1.1 reads 1e-05 as a
 * string, 1.0e-05 as a float. Past the double range (cJSON read inf), a float
 * past it too. */
static void number(writer *w, const cJSON *item)
{
    double d = item->valuedouble;
    char t[40], fixed[48];
    const char *e;
    if (!isfinite(d)) {
        scalar(w, YAML_FLOAT_TAG, d < 0 ? "-1.0e+999" : "1.0e+999", d < 0 ? 9 : 8, true);
        return;
    }
    snprintf(t, sizeof t, "0");
    for (int prec = 15; d != 0 && prec <= 17; prec++) { /* 0 and -0 as "0", as cJSON */
        snprintf(t, sizeof t, "%.*g", prec, d);
        if (strtod(t, NULL) == d)
            break;
    }
    e = strpbrk(t, "eE");
    if (e) {
        size_t m = (size_t)(e - t);
        snprintf(fixed, sizeof fixed, "%.*s%s%c%s%s", (int)m, t, memchr(t, '.', m) ? "" : ".0", *e,
                 e[1] >= '0' && e[1] <= '9' ? "+" : "", e + 1);
        scalar(w, YAML_FLOAT_TAG, fixed, strlen(fixed), true);
    } else {
        scalar(w, strchr(t, '.') ? YAML_FLOAT_TAG : YAML_INT_TAG, t, strlen(t), true);
    }
}

static void node(writer *w, const cJSON *item)
{
    yaml_event_t ev;
    if (cJSON_IsObject(item) || cJSON_IsArray(item)) {
        bool map = cJSON_IsObject(item);
        if (map)
            emit(w, &ev,
                 yaml_mapping_start_event_initialize(&ev, NULL, text_of(YAML_MAP_TAG), 1,
                                                     YAML_BLOCK_MAPPING_STYLE));
        else
            emit(w, &ev,
                 yaml_sequence_start_event_initialize(&ev, NULL, text_of(YAML_SEQ_TAG), 1,
                                                      YAML_BLOCK_SEQUENCE_STYLE));
        for (const cJSON *c = item->child; c && !w->failed; c = c->next) {
            if (map)
                string(w, c->string ? c->string : "");
            node(w, c);
        }
        emit(w, &ev,
             map ? yaml_mapping_end_event_initialize(&ev)
                 : yaml_sequence_end_event_initialize(&ev));
    } else if (cJSON_IsString(item)) {
        string(w, item->valuestring ? item->valuestring : "");
    } else if (cJSON_IsNumber(item)) {
        number(w, item);
    } else if (cJSON_IsBool(item)) {
        bool t = cJSON_IsTrue(item);
        scalar(w, YAML_BOOL_TAG, t ? "true" : "false", t ? 4 : 5, true);
    } else {
        scalar(w, YAML_NULL_TAG, "null", 4, true);
    }
}

int aivm_yamlw_from_json(aivm_buf *out, const char *json, size_t len)
{
    const char *end = NULL;
    cJSON *doc = cJSON_ParseWithLengthOpts(json, len, &end, false);
    writer w;
    yaml_event_t ev;
    if (!doc)
        return -1;
    while (end && (size_t)(end - json) < len && strchr(" \t\r\n", *end))
        end++; /* cJSON stops after the value: only white space may follow */
    if (!end || (size_t)(end - json) != len) {
        cJSON_Delete(doc);
        return -1;
    }
    memset(&w, 0, sizeof w);
    w.out = out;
    w.text = (aivm_buf)AIVM_BUF_INIT;
    if (!yaml_emitter_initialize(&w.em)) {
        cJSON_Delete(doc);
        return -2;
    }
    yaml_emitter_set_output(&w.em, put_out, &w);
    yaml_emitter_set_unicode(&w.em, 1); /* UTF-8 as it is, not \u escapes */
    yaml_emitter_set_indent(&w.em, 2);
    yaml_emitter_set_width(&w.em, -1); /* no folding: one line per scalar */
    yaml_emitter_set_break(&w.em, YAML_LN_BREAK);
    emit(&w, &ev, yaml_stream_start_event_initialize(&ev, YAML_UTF8_ENCODING));
    emit(&w, &ev, yaml_document_start_event_initialize(&ev, NULL, NULL, NULL, 1));
    node(&w, doc);
    emit(&w, &ev, yaml_document_end_event_initialize(&ev, 1));
    emit(&w, &ev, yaml_stream_end_event_initialize(&ev));
    yaml_emitter_delete(&w.em);
    aivm_buf_dispose(&w.text);
    cJSON_Delete(doc);
    return w.failed ? -2 : 0;
}
