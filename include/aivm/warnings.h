/*
 * aivm/warnings.h - the warnings of one run: one line each, in the order
 * they arose, each beside its stable id ("catalog-stale", "many-vms", ...).
 *
 * recommend's advice (aivm_advice.warnings) and check's report
 * (aivm_check_report.warnings) hold one each; every renderer and the CLI's
 * stderr read the same list (docs/json-output.md, `warnings`/`warning_ids`).
 */
#ifndef AIVM_WARNINGS_H
#define AIVM_WARNINGS_H

#include <stdbool.h>
#include <stddef.h>

/** Zero it (or AIVM_WARNINGS_INIT) before use; dispose with aivm_warnings_dispose(). */
typedef struct {
    char **text;      /* owned: the warnings, one line each */
    const char **ids; /* beside each text (same index): its stable id, a static string */
    size_t n;
} aivm_warnings;

#define AIVM_WARNINGS_INIT                                                                         \
    {                                                                                              \
        NULL, NULL, 0                                                                              \
    }

/** Append a copy of `msg` (NULL: "") with the stable `id` (static: not copied). */
void aivm_warnings_add(aivm_warnings *w, const char *id, const char *msg);

/** Append `msg` (malloc'd; `w` takes it and frees it) with the stable `id`. */
void aivm_warnings_take(aivm_warnings *w, const char *id, char *msg);

/** Remove every warning with `id` (freed), keeping the order of the rest.
 *  Returns how many were removed. */
size_t aivm_warnings_drop(aivm_warnings *w, const char *id);

/** Whether a warning with `id` is in the list. */
bool aivm_warnings_has(const aivm_warnings *w, const char *id);

/** Free what the list holds; it is empty (AIVM_WARNINGS_INIT) afterwards. Accepts NULL. */
void aivm_warnings_dispose(aivm_warnings *w);

#endif
