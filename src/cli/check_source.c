/*
 * check_source.c - check --source DIR: the findings of a Terraform plan on
 * the `.tf` lines of the pull request (the library finds the blocks:
 * aivm/tfsource.h, aivm_check_locate_source).
 */
#include <stdlib.h>
#include <string.h>

#include "aivm/util.h"
#include "check_source.h"
#include "msg.h"

int cli_source_option(char ***dirs, size_t *n, const char *arg)
{
    const char *p = arg;
    size_t before = *n;
    for (;;) {
        size_t len = strcspn(p, ",");
        if (len) {
            *dirs = aivm_xrealloc(*dirs, (*n + 1) * sizeof **dirs);
            (*dirs)[(*n)++] = aivm_xstrndup(p, len);
        }
        if (!p[len])
            break;
        p += len + 1;
    }
    return *n > before ? 0 : cli_usagef("--source needs a directory");
}

int cli_check_source_load(aivm_tf_source **src, char *const *dirs, size_t n_dirs,
                          char *const *inputs, size_t n_inputs)
{
    aivm_error err = AIVM_ERROR_INIT;
    char **defaults = NULL;
    const char *const *list = (const char *const *)dirs;
    bool *required = NULL;
    size_t n = n_dirs;
    int rc = 0;
    *src = NULL;
    if (n_dirs) {
        required = aivm_xcalloc(n_dirs, sizeof *required);
        for (size_t i = 0; i < n_dirs; i++)
            required[i] = true;
    } else { /* each plan's directory, then the working directory */
        defaults = aivm_xcalloc(n_inputs + 1, sizeof *defaults);
        n = 0;
        for (size_t i = 0; i < n_inputs; i++) {
            const char *slash = strrchr(inputs[i], '/');
            if (strcmp(inputs[i], "-") == 0)
                continue;
            defaults[n++] =
                slash
                    ? aivm_xstrndup(inputs[i], slash == inputs[i] ? 1 : (size_t)(slash - inputs[i]))
                    : aivm_xstrdup(".");
        }
        defaults[n++] = aivm_xstrdup(".");
        list = (const char *const *)defaults;
    }
    if (aivm_tf_source_load(src, list, required, n, &err) < 0) {
        rc = cli_report_error(&err);
        goto done;
    }
done:
    for (size_t i = 0; defaults && i < n; i++)
        free(defaults[i]);
    free(defaults);
    free(required);
    return rc;
}
