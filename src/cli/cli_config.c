/*
 * cli_config.c - the configuration of aivm-advise: the user's own
 * ($XDG_CONFIG_HOME/aivm-advise/config.yaml), then the project's (--config
 * FILE, or .aivm-advise.yaml found from the working directory up to the
 * repository root or $HOME, read only when its owner and mode say it is the
 * user's, as git's safe.directory does, and then held to its own directory
 * tree and kept from choosing where prices come from). Each is read with the
 * library's settings reader (aivm/config.h) and each value handed to the
 * command's own option callback, as if it were an option given before the
 * command line's: flags > project > user > defaults. docs/config.md.
 */
#define _XOPEN_SOURCE 700 /* realpath */
#include "cli_config.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "aivm/buf.h"
#include "aivm/config.h"
#include "aivm/inputs.h"
#include "msg.h"
#include "safe_file.h"
#include "sources.h"

/* Every key: the long option of the same name, in each command that has it. */
/* clang-format off */
static const aivm_config_key base_keys[] = {
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

#define N_BASE (sizeof base_keys / sizeof base_keys[0])
#define N_KEYS_MAX (N_BASE + AIVM_IN_COUNT)

/* Every key: the base keys, then each workload input that describes the
 * project rather than one job (AIVM_IW_CONFIG of aivm/inputs.h: os, the
 * scheduler, containers, spot, ...) by its flag's name: a team's defaults,
 * below the workload file and the flags. */
static aivm_config_key keys[N_KEYS_MAX];
static size_t N_KEYS;

static void init_keys(void)
{
    if (N_KEYS)
        return;
    for (size_t i = 0; i < N_BASE; i++)
        keys[N_KEYS++] = base_keys[i];
    for (size_t i = 0; i < aivm_inputs_count(); i++) {
        const aivm_input *f = aivm_input_at(i);
        if (!(f->where & AIVM_IW_CONFIG))
            continue;
        keys[N_KEYS].key = f->flag;
        keys[N_KEYS].type = f->type == AIVM_IV_SWITCH ? AIVM_CFG_BOOL : AIVM_CFG_STRING;
        N_KEYS++;
    }
}

/* The values are borrowed by the options until exit: the user's own
 * configuration, then the project's (named by --config, or found). */
static aivm_config *loaded[2];
static const aivm_loc *counts[N_KEYS_MAX]; /* the config position of each key's value that counts */
static char found_root[PATH_MAX];          /* the real directory of a found configuration, or "" */
static bool refused;                       /* a found configuration was not trusted */

static void release(void)
{
    cli_msg_dispose();
    for (size_t i = 0; i < 2; i++) {
        aivm_config_free(loaded[i]);
        loaded[i] = NULL;
    }
}

static int key_index(const char *name)
{
    init_keys();
    for (size_t i = 0; i < N_KEYS; i++)
        if (strcmp(keys[i].key, name) == 0)
            return (int)i;
    return -1;
}

/* Owned by us or by root, and writable by nobody else: git's safe.directory
 * test, plus the mode (a 1777 directory is everyone's). */
static const char *untrusted(const struct stat *st, char *why, size_t cap)
{
    if (st->st_uid != geteuid() && st->st_uid != 0)
        snprintf(why, cap, "owned by uid %u, not by you or root", (unsigned)st->st_uid);
    else if (st->st_mode & (S_IWGRP | S_IWOTH))
        snprintf(why, cap, "writable by group or others (mode %04o)",
                 (unsigned)(st->st_mode & 07777));
    else
        return NULL;
    return why;
}

/* Why the entry at `path` in directory `dir` is not to be read (into
 * `reason`), or NULL when it may be. */
static const char *trust_problem(const char *path, const char *dir, char *reason, size_t cap)
{
    struct stat st;
    char why[96];
    if (lstat(path, &st) < 0 || !S_ISREG(st.st_mode))
        return "it is not a regular file";
    if (untrusted(&st, why, sizeof why))
        snprintf(reason, cap, "it is %s", why);
    else if (stat(dir, &st) < 0 || untrusted(&st, why, sizeof why))
        snprintf(reason, cap, "its directory is %s", why);
    else if (access(path, R_OK) < 0)
        snprintf(reason, cap, "it cannot be read: %s", strerror(errno));
    else
        return NULL;
    return reason;
}

bool cli_found_file_trusted(const char *path, const char *what, const char *hint)
{
    char reason[160], dir[4096];
    const char *slash = strrchr(path, '/'), *bad;
    snprintf(dir, sizeof dir, "%.*s", slash ? (int)(slash - path) : 1, slash ? path : ".");
    if (slash == path)
        snprintf(dir, sizeof dir, "/");
    bad = trust_problem(path, dir, reason, sizeof reason);
    if (bad) {
        char note[200];
        cli_run_warnf(strcmp(what, "the catalog overlay") == 0 ? "overlay-not-read"
                                                               : "config-not-read",
                      "ignoring %s '%s': %s; %s", what, path, bad, hint);
        snprintf(note, sizeof note, "not read: %s", bad);
        cli_sources_note(strcmp(what, "the catalog overlay") == 0 ? "catalog" : "config", "none",
                         path, note);
    }
    return !bad;
}

/* Whether the configuration entry at `path` in directory `dir` may be read;
 * when not, one warning naming it and why. */
static bool trusted(const char *path, const char *dir)
{
    char reason[160];
    const char *bad = trust_problem(path, dir, reason, sizeof reason);
    if (bad) {
        cli_run_warnf("config-not-read",
                      "ignoring '%s': %s; name it with --config to read it anyway (docs/config.md)",
                      path, bad);
        char note[200];
        snprintf(note, sizeof note, "not read: %s", bad);
        cli_sources_note("config", "none", path, note);
        refused = true;
    }
    return !bad;
}

/* Where discovery stops: a repository's root (it holds .git) or $HOME. */
static bool ceiling(const char *dir)
{
    struct stat st, home;
    const char *h = getenv("HOME");
    aivm_buf git = AIVM_BUF_INIT;
    bool stop;
    aivm_buf_printf(&git, "%s/.git", dir);
    stop = lstat(git.ptr, &st) == 0;
    aivm_buf_dispose(&git);
    if (!stop && h && h[0] && stat(h, &home) == 0 && stat(dir, &st) == 0)
        stop = st.st_dev == home.st_dev && st.st_ino == home.st_ino;
    return stop;
}

/* The nearest .aivm-advise.yaml from the working directory up to the
 * repository root or $HOME, into `out` (the bare name in the working
 * directory) and its directory into `dir_out` ("" for the working
 * directory). False when none, or when the nearest is not to be trusted. */
static bool find(aivm_buf *out, aivm_buf *dir_out)
{
    char dir[4096];
    if (!getcwd(dir, sizeof dir))
        return false;
    for (bool here = true;; here = false) {
        struct stat st;
        const char *d = here ? "." : dir[0] ? dir : "/";
        aivm_buf_clear(out);
        if (here)
            aivm_buf_puts(out, AIVM_CONFIG_FILE_NAME);
        else
            aivm_buf_printf(out, "%s/%s", dir, AIVM_CONFIG_FILE_NAME);
        if (lstat(out->ptr, &st) == 0) {
            aivm_buf_puts(dir_out, here ? "" : dir);
            return trusted(out->ptr, d);
        }
        if (ceiling(d) || !dir[0])
            return false;
        *strrchr(dir, '/') = '\0'; /* the parent; "" is the root */
    }
}

/* Whether `value`, a path of the configuration found in `dir` ("": the
 * working directory) as config.c joined it, names something inside dir's
 * tree: relative, no "..", and no symbolic link out of it. */
static bool inside(const char *value, const char *dir)
{
    size_t dl = strlen(dir);
    const char *rel = value;
    char rv[PATH_MAX], rd[PATH_MAX];
    if (dir[0] && (strncmp(value, dir, dl) != 0 || value[dl] != '/'))
        return false;
    if (dir[0])
        rel = value + dl + 1;
    else if (value[0] == '/')
        return false;
    for (const char *p = rel; *p;) {
        size_t n = strcspn(p, "/");
        if (n == 2 && p[0] == '.' && p[1] == '.')
            return false;
        p += n;
        p += strspn(p, "/");
    }
    if (!realpath(value, rv))
        return errno == ENOENT; /* not there: reading it fails, as on the command line */
    if (!realpath(dir[0] ? dir : ".", rd))
        return false;
    dl = strcmp(rd, "/") == 0 ? 0 : strlen(rd);
    return strncmp(rv, rd, dl) == 0 && (rv[dl] == '/' || rv[dl] == '\0');
}

/* A found configuration is the repository's, so a pull request's: it may
 * not say where prices come from, nor name files outside its own tree. */
static int check_found(const aivm_config *c, const char *dir)
{
    aivm_error err = AIVM_ERROR_INIT;
    for (size_t i = 0; i < aivm_config_count(c); i++) {
        const aivm_config_entry *e = aivm_config_entry_at(c, i);
        const aivm_config_key *k = &keys[key_index(e->key)];
        if (strcmp(e->key, "prices-url") == 0 || strcmp(e->key, "cache-dir") == 0)
            aivm_error_set(&err, AIVM_EINVALID, &e->loc,
                           "key '%s' is not taken from a found %s: give --%s, or put it in "
                           "your own ~/.config/aivm-advise/config.yaml",
                           e->key, AIVM_CONFIG_FILE_NAME, e->key);
        else if (k->type != AIVM_CFG_STRING && k->type != AIVM_CFG_BOOL && !inside(e->value, dir))
            aivm_error_set(&err, AIVM_EINVALID, &e->loc,
                           "path '%s' is outside the directory of %s: a found configuration "
                           "names only files below it",
                           e->value, AIVM_CONFIG_FILE_NAME);
        else {
            if (k->type != AIVM_CFG_STRING && k->type != AIVM_CFG_BOOL)
                cli_msg_no_excerpt(e->value); /* its errors say where, never what it holds */
            continue;
        }
        return cli_report_error(&err);
    }
    return 0;
}

/* The user's own configuration: $XDG_CONFIG_HOME/aivm-advise/config.yaml,
 * else ~/.config/aivm-advise/config.yaml; false when there is none. */
static bool user_config(aivm_buf *out)
{
    const char *xdg = getenv("XDG_CONFIG_HOME"), *home = getenv("HOME");
    struct stat st;
    if (xdg && xdg[0] == '/')
        aivm_buf_printf(out, "%s/aivm-advise/config.yaml", xdg);
    else if (home && home[0])
        aivm_buf_printf(out, "%s/.config/aivm-advise/config.yaml", home);
    else
        return false;
    return lstat(out->ptr, &st) == 0 &&
           cli_found_file_trusted(out->ptr, "your configuration",
                                  "make it yours and not writable by others (docs/config.md)");
}

static const cli_opt *option_named(const cli_opt *opts, size_t n, const char *name)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(opts[i].long_name, name) == 0)
            return &opts[i];
    return NULL;
}

/* Hand each entry of `c` that is an option of `opts` to `fn`. */
static int apply(const aivm_config *c, const cli_opt *opts, size_t n, cli_opt_fn fn, void *ctx)
{
    int rc = 0;
    for (size_t i = 0; rc == 0 && i < aivm_config_count(c); i++) {
        const aivm_config_entry *e = aivm_config_entry_at(c, i);
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

int cli_config_apply(const cli_opt *opts, size_t n, cli_opt_fn fn, void *ctx, const char *path,
                     bool none)
{
    aivm_buf user = AIVM_BUF_INIT, found = AIVM_BUF_INIT, dir = AIVM_BUF_INIT;
    aivm_error err = AIVM_ERROR_INIT;
    int rc = 0;
    init_keys();
    if (none) {
        cli_sources_note("config", "none", NULL, "--no-config");
        return 0;
    }
    atexit(release);
    cli_safe_file_input(path); /* no output replaces a configuration (safe_file.c) */
    if (user_config(&user) && aivm_config_load_file(&loaded[0], user.ptr, keys, N_KEYS, &err) < 0)
        rc = cli_report_error(&err);
    else if (loaded[0]) {
        cli_sources_note("config", "file", user.ptr, "your own configuration");
        cli_safe_file_input(user.ptr);
    }
    if (rc == 0 && !path && find(&found, &dir)) {
        cli_sources_note("config", "file", found.ptr, "found here or above");
        cli_safe_file_input(found.ptr);
        if (aivm_config_load_file(&loaded[1], found.ptr, keys, N_KEYS, &err) < 0)
            rc = cli_report_error(&err);
        else
            rc = check_found(loaded[1], dir.ptr);
        if (!realpath(dir.ptr[0] ? dir.ptr : ".", found_root))
            found_root[0] = '\0';
    } else if (rc == 0 && path && aivm_config_load_file(&loaded[1], path, keys, N_KEYS, &err) < 0) {
        rc = cli_report_error(&err);
    } else if (rc == 0 && path) {
        cli_sources_note("config", "file", path, "--config");
    } else if (rc == 0 && !refused) {
        cli_sources_note("config", "none", NULL,
                         "no .aivm-advise.yaml here or above (up to the repository root or $HOME)");
    }
    aivm_buf_dispose(&user);
    aivm_buf_dispose(&found);
    aivm_buf_dispose(&dir);
    for (size_t i = 0; rc == 0 && i < 2; i++)
        if (loaded[i])
            rc = apply(loaded[i], opts, n, fn, ctx);
    return rc;
}

bool cli_config_inside_cwd(const char *path)
{
    return inside(path, "");
}

bool cli_config_in_found_tree(const char *path)
{
    char real[PATH_MAX], cwd[PATH_MAX];
    aivm_buf abs = AIVM_BUF_INIT;
    size_t n = strlen(found_root);
    bool in;
    const char *home = getenv("HOME");
    if (!found_root[0] || (home && realpath(home, cwd) && strcmp(cwd, found_root) == 0))
        return false;         /* none, or the user's own ~/.aivm-advise.yaml: not a repository's */
    if (realpath(path, real)) /* else not there yet: the path as written, made absolute */
        aivm_buf_puts(&abs, real);
    else if (path[0] != '/' && getcwd(cwd, sizeof cwd))
        aivm_buf_printf(&abs, "%s/%s", cwd, path);
    else
        aivm_buf_puts(&abs, path);
    in = strcmp(found_root, "/") == 0 ||
         (strncmp(abs.ptr, found_root, n) == 0 && (abs.ptr[n] == '/' || abs.ptr[n] == '\0'));
    aivm_buf_dispose(&abs);
    return in;
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
