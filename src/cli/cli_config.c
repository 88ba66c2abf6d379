/*
 * cli_config.c - the project configuration of aivm-advise: finds
 * .aivm-advise.yaml (the working directory, then each parent up to /) or
 * takes --config FILE, reads it with the library's settings reader
 * (aivm/config.h: keys, shapes, paths relative to the file) and hands each
 * value to the command's own option callback, as if it were an option given
 * before the command line's: flags > config > defaults, and every value is
 * checked by the code that checks the flag. The key list is docs/config.md.
 */
#include "cli_config.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "aivm/buf.h"
#include "aivm/config.h"
#include "msg.h"

/* Every key: the long option of the same name, in each command that has it. */
/* clang-format off */
static const aivm_config_key keys[] = {
    {"region", AIVM_CFG_STRING},
    {"regions", AIVM_CFG_STRING},
    {"skus", AIVM_CFG_PATHS},
    {"workload", AIVM_CFG_PATH},
    {"catalog", AIVM_CFG_PATH},
    {"rules", AIVM_CFG_PATHS},
    {"waivers", AIVM_CFG_PATH},
    {"fail-on", AIVM_CFG_STRING},
    {"prices", AIVM_CFG_STRING},
    {"allow-partial", AIVM_CFG_BOOL},
    {"pricing", AIVM_CFG_STRING},
    {"sort", AIVM_CFG_STRING},
    {"currency", AIVM_CFG_STRING},
    {"prices-url", AIVM_CFG_STRING},
    {"cache-dir", AIVM_CFG_PATH},
    {"cache-ttl", AIVM_CFG_STRING},
    {"timeout", AIVM_CFG_STRING},
    {"retries", AIVM_CFG_STRING},
    {"retry-delay", AIVM_CFG_STRING},
    {"color", AIVM_CFG_STRING},
};
/* clang-format on */

#define N_KEYS (sizeof keys / sizeof keys[0])

static aivm_config *loaded;            /* the values are borrowed by the options until exit */
static const aivm_loc *counts[N_KEYS]; /* the config position of each key's value that counts */

static void release(void)
{
    aivm_config_free(loaded);
    loaded = NULL;
}

static int key_index(const char *name)
{
    for (size_t i = 0; i < N_KEYS; i++)
        if (strcmp(keys[i].key, name) == 0)
            return (int)i;
    return -1;
}

/* The nearest .aivm-advise.yaml from the working directory up, into `out`:
 * the bare name when it is in the working directory. False when none. */
static bool find(aivm_buf *out)
{
    char dir[4096];
    if (access(AIVM_CONFIG_FILE_NAME, F_OK) == 0) {
        aivm_buf_puts(out, AIVM_CONFIG_FILE_NAME);
        return true;
    }
    if (!getcwd(dir, sizeof dir))
        return false;
    for (;;) {
        char *slash = strrchr(dir, '/');
        if (!slash)
            return false;
        *slash = '\0'; /* the parent; "" is the root */
        aivm_buf_clear(out);
        aivm_buf_printf(out, "%s/%s", dir, AIVM_CONFIG_FILE_NAME);
        if (access(out->ptr, F_OK) == 0)
            return true;
        if (!dir[0])
            return false;
    }
}

static const cli_opt *option_named(const cli_opt *opts, size_t n, const char *name)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(opts[i].long_name, name) == 0)
            return &opts[i];
    return NULL;
}

int cli_config_apply(const cli_opt *opts, size_t n, cli_opt_fn fn, void *ctx, const char *path,
                     bool none)
{
    aivm_buf found = AIVM_BUF_INIT;
    aivm_error err = AIVM_ERROR_INIT;
    int rc = 0;
    if (none)
        return 0;
    if (!path && find(&found))
        path = found.ptr;
    if (path && aivm_config_load_file(&loaded, path, keys, N_KEYS, &err) < 0)
        rc = cli_report_error(&err);
    aivm_buf_dispose(&found);
    if (rc || !loaded)
        return rc;
    atexit(release);
    for (size_t i = 0; rc == 0 && i < aivm_config_count(loaded); i++) {
        const aivm_config_entry *e = aivm_config_entry_at(loaded, i);
        const cli_opt *o = option_named(opts, n, e->key);
        if (!o || (!o->arg && strcmp(e->value, "true") != 0))
            continue; /* another command's key, or a flag set to false */
        cli_msg_config_origin(&e->loc, e->key);
        rc = fn(ctx, o->id, o->arg ? e->value : NULL);
        cli_msg_config_origin(NULL, NULL);
        counts[key_index(e->key)] = &e->loc;
    }
    return rc;
}

void cli_config_overridden(const char *long_name)
{
    int i = key_index(long_name);
    if (i >= 0)
        counts[i] = NULL;
}

const aivm_loc *cli_config_loc(const char *key)
{
    int i = key_index(key);
    return i >= 0 ? counts[i] : NULL;
}
