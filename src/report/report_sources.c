/*
 * report_sources.c - the `sources` member of `-v/--verbose` runs with
 * --format json (docs/json-output.md, "sources"): which configuration,
 * catalog, overlay, rules, models and prices a run used. The CLI gathers
 * them as aivm_run_source records; this file adds them to a finished JSON
 * document as its last member, so every command's JSON gets the same
 * object without its renderer knowing about it.
 */
#include <string.h>

#include "aivm/report.h"
#include "util/jsonw.h"

/* The index of the first source of kind `kind` in s[0..n). */
static size_t first_of(const aivm_run_source *s, size_t n, const char *kind)
{
    size_t i = 0;
    while (i < n && strcmp(s[i].kind, kind) != 0)
        i++;
    return i;
}

static void write_source(aivm_jw *w, const aivm_run_source *s)
{
    aivm_jw_object(w, NULL);
    aivm_jw_str(w, "from", s->from);
    if (s->path)
        aivm_jw_str(w, "path", s->path);
    if (s->region)
        aivm_jw_str(w, "region", s->region);
    if (s->sku)
        aivm_jw_str(w, "sku", s->sku);
    if (s->as_of)
        aivm_jw_str(w, "as_of", s->as_of);
    if (s->age_s >= 0)
        aivm_jw_num(w, "age_s", (double)s->age_s);
    if (s->note)
        aivm_jw_str(w, "note", s->note);
    aivm_jw_end(w);
}

int aivm_report_json_add_sources(aivm_buf *doc, const aivm_run_source *s, size_t n, aivm_error *err)
{
    aivm_buf tail = AIVM_BUF_INIT;
    aivm_jw w;
    size_t end = doc->size;
    while (end > 0 && doc->ptr[end - 1] != '}')
        end--;
    if (end < 3 || doc->ptr[end - 2] != '\n' || doc->ptr[0] != '{')
        return aivm_error_set(err, AIVM_ERROR, NULL, "not a JSON object document");
    aivm_buf_put(&tail, doc->ptr + end, doc->size - end); /* what followed the '}' */
    doc->size = end - 2;                                  /* before "\n}" */
    doc->ptr[doc->size] = '\0';
    aivm_jw_init_member(&w, doc, 1); /* inside the document's object, after its members */
    aivm_jw_object(&w, "sources");
    for (size_t i = 0; i < n; i++) {
        if (first_of(s, n, s[i].kind) != i)
            continue; /* the kind's array was written at its first source */
        aivm_jw_array(&w, s[i].kind);
        for (size_t k = i; k < n; k++)
            if (strcmp(s[k].kind, s[i].kind) == 0)
                write_source(&w, &s[k]);
        aivm_jw_end(&w);
    }
    aivm_jw_end(&w);
    aivm_buf_puts(doc, "\n}");
    aivm_buf_put(doc, tail.ptr ? tail.ptr : "", tail.size);
    aivm_buf_dispose(&tail);
    return doc->overflow ? aivm_error_set(err, AIVM_ELIMIT, NULL, "JSON output too large") : 0;
}
