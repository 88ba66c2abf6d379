/*
 * warnings.c - the warnings list of a run (aivm/warnings.h): texts owned,
 * ids static, order kept.
 */
#include "aivm/warnings.h"

#include <stdlib.h>
#include <string.h>

#include "aivm/util.h"

void aivm_warnings_take(aivm_warnings *w, const char *id, char *msg)
{
    w->text = aivm_xrealloc(w->text, (w->n + 1) * sizeof *w->text);
    w->ids = aivm_xrealloc(w->ids, (w->n + 1) * sizeof *w->ids);
    w->ids[w->n] = id;
    w->text[w->n++] = msg ? msg : aivm_xstrdup("");
}

void aivm_warnings_add(aivm_warnings *w, const char *id, const char *msg)
{
    aivm_warnings_take(w, id, aivm_xstrdup(msg ? msg : ""));
}

size_t aivm_warnings_drop(aivm_warnings *w, const char *id)
{
    size_t k = 0, n = w->n;
    for (size_t i = 0; i < n; i++) {
        if (strcmp(w->ids[i], id) == 0) {
            free(w->text[i]);
            continue;
        }
        w->text[k] = w->text[i];
        w->ids[k++] = w->ids[i];
    }
    w->n = k;
    return n - k;
}

bool aivm_warnings_has(const aivm_warnings *w, const char *id)
{
    for (size_t i = 0; i < w->n; i++)
        if (strcmp(w->ids[i], id) == 0)
            return true;
    return false;
}

void aivm_warnings_dispose(aivm_warnings *w)
{
    if (!w)
        return;
    for (size_t i = 0; i < w->n; i++)
        free(w->text[i]);
    free(w->text);
    free(w->ids);
    w->text = NULL;
    w->ids = NULL;
    w->n = 0;
}
