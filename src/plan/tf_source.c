/*
 * tf_source.c - an index of the `.tf` files of the directories check is
 * told to look in (--source), and the lookup from a Terraform address to
 * the position of its resource block (aivm/tfsource.h). Directories are
 * read lazily, once each (keyed by their real path): a root module when it
 * is given, a child module when an address needs it. Files are opened
 * relative to their directory's descriptor with O_NOFOLLOW (a link is
 * skipped, never followed), must be regular and at most
 * AIVM_TF_MAX_FILE_BYTES; a module directory must lie inside a given one.
 */
#define _XOPEN_SOURCE 700 /* realpath, openat, fdopendir */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "aivm/buf.h"
#include "aivm/tfsource.h"
#include "aivm/util.h"

#define MAX_DIRS 1024
#define MAX_WARNINGS 10

typedef struct {
    char *name; /* as shown: the given path, module sources joined lexically */
    char *real; /* realpath */
    aivm_tf_file **files;
    size_t n_files;
} tf_dir;

struct aivm_tf_source {
    tf_dir *dirs; /* the given ones first (roots), then modules as reached */
    size_t n_dirs, n_roots, n_files;
    char *warnings[MAX_WARNINGS];
    size_t n_warnings;
};

static void warn(aivm_tf_source *src, const char *fmt, ...) AIVM_PRINTF(2, 3);

static void warn(aivm_tf_source *src, const char *fmt, ...)
{
    char msg[1024];
    va_list ap;
    if (src->n_warnings == MAX_WARNINGS)
        return;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    for (size_t i = 0; i < src->n_warnings; i++)
        if (strcmp(src->warnings[i], msg) == 0)
            return; /* once */
    src->warnings[src->n_warnings++] = aivm_xstrdup(msg);
}

/* `dir` + "/" + `rel`, then "." and "x/.." dropped lexically; "." shows as "". */
static char *join(const char *dir, const char *rel)
{
    size_t cap = strlen(dir) + strlen(rel) + 2, n = 0, kept = 0;
    char *in = aivm_xmalloc(cap), *out, *save = NULL, *part;
    bool abs = (dir[0] ? dir[0] : rel[0]) == '/';
    snprintf(in, cap, "%s%s%s", dir, dir[0] ? "/" : "", rel);
    out = aivm_xmalloc(strlen(in) + 2);
    out[0] = '\0';
    if (abs)
        out[n++] = '/';
    for (part = strtok_r(in, "/", &save); part; part = strtok_r(NULL, "/", &save)) {
        if (strcmp(part, ".") == 0)
            continue;
        if (strcmp(part, "..") == 0 && kept > 0) {
            while (n > (abs ? 1u : 0u) && out[n - 1] != '/')
                n--;
            if (n > (abs ? 1u : 0u))
                n--; /* the '/' before it */
            kept--;
            continue;
        }
        if (strcmp(part, "..") == 0 && abs)
            continue; /* /.. is / */
        if (n > (abs ? 1u : 0u))
            out[n++] = '/';
        memcpy(out + n, part, strlen(part));
        n += strlen(part);
        if (strcmp(part, "..") != 0)
            kept++;
    }
    out[n] = '\0';
    free(in);
    return out;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Read and scan one `.tf` file of the open directory `dfd`; NULL (with a
 * warning) when it is a link, not a regular file, too large or not HCL. */
static aivm_tf_file *read_tf(aivm_tf_source *src, int dfd, const char *shown, const char *base)
{
    aivm_buf b = AIVM_BUF_INIT;
    aivm_tf_file *f = NULL;
    aivm_error err = AIVM_ERROR_INIT;
    struct stat st;
    char chunk[65536];
    ssize_t got;
    int fd = openat(dfd, base, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        warn(src, "source file '%s' skipped: %s", shown,
             errno == ELOOP ? "a symbolic link is not followed" : strerror(errno));
        return NULL;
    }
    if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
        warn(src, "source file '%s' skipped: not a regular file", shown);
        goto done;
    }
    if ((unsigned long long)st.st_size > AIVM_TF_MAX_FILE_BYTES) {
        warn(src, "source file '%s' skipped: larger than %zu bytes", shown, AIVM_TF_MAX_FILE_BYTES);
        goto done;
    }
    b.cap = AIVM_TF_MAX_FILE_BYTES;
    while ((got = read(fd, chunk, sizeof chunk)) > 0)
        if (aivm_buf_put(&b, chunk, (size_t)got) < 0) {
            warn(src, "source file '%s' skipped: larger than %zu bytes", shown,
                 AIVM_TF_MAX_FILE_BYTES);
            goto done;
        }
    if (got < 0) {
        warn(src, "source file '%s' skipped: %s", shown, strerror(errno));
        goto done;
    }
    if (aivm_tf_scan_mem(&f, b.ptr, b.size, shown, &err) < 0)
        warn(src, "source file %s:%u:%u skipped: %s", shown, err.line, err.col, err.msg);
done:
    close(fd);
    aivm_buf_dispose(&b);
    return f;
}

/* Read the `.tf` files of the open directory `dfd` (closed here) into `d`,
 * in name order. */
static void read_dir(aivm_tf_source *src, tf_dir *d, int dfd)
{
    DIR *dir = fdopendir(dfd);
    struct dirent *e;
    char **names = NULL;
    size_t n = 0, cap = 0;
    if (!dir) {
        close(dfd);
        return;
    }
    while ((e = readdir(dir)) != NULL) {
        size_t len = strlen(e->d_name);
        if (len < 4 || strcmp(e->d_name + len - 3, ".tf") != 0 || e->d_name[0] == '.')
            continue;
        if (n == cap) {
            cap = cap ? cap * 2 : 16;
            names = aivm_xrealloc(names, cap * sizeof *names);
        }
        names[n++] = aivm_xstrdup(e->d_name);
    }
    if (n)
        qsort(names, n, sizeof *names, by_name);
    d->files = n ? aivm_xcalloc(n, sizeof *d->files) : NULL;
    for (size_t i = 0; i < n; i++) {
        char *shown = join(d->name, names[i]);
        if (src->n_files >= AIVM_TF_MAX_FILES) {
            warn(src, "source file '%s' skipped: more than %d .tf files", shown, AIVM_TF_MAX_FILES);
        } else {
            src->n_files++;
            d->files[d->n_files] = read_tf(src, dirfd(dir), shown, names[i]);
            if (d->files[d->n_files])
                d->n_files++;
        }
        free(shown);
        free(names[i]);
    }
    free(names);
    closedir(dir);
}

/* The directory `name` (read on first use), or NULL when it cannot be
 * opened, lies outside every root (modules) or the caps are reached.
 * `errno_out` gets the reason when it cannot be opened. */
static tf_dir *get_dir(aivm_tf_source *src, const char *name, bool root, int *errno_out)
{
    char *real;
    tf_dir *d;
    int dfd;
    *errno_out = 0;
    real = realpath(name[0] ? name : ".", NULL);
    if (!real) {
        *errno_out = errno;
        return NULL;
    }
    for (size_t i = 0; i < src->n_dirs; i++)
        if (strcmp(src->dirs[i].real, real) == 0) {
            free(real);
            return &src->dirs[i];
        }
    if (!root) { /* a module: inside a given directory, whatever links say */
        bool inside = false;
        for (size_t i = 0; i < src->n_roots && !inside; i++) {
            size_t n = strlen(src->dirs[i].real);
            inside = strncmp(real, src->dirs[i].real, n) == 0 &&
                     (real[n] == '/' || real[n] == '\0' || strcmp(src->dirs[i].real, "/") == 0);
        }
        if (!inside || src->n_dirs >= MAX_DIRS) {
            *errno_out = inside ? EMFILE : EXDEV;
            free(real);
            return NULL;
        }
    }
    dfd = open(real, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dfd < 0) {
        *errno_out = errno;
        free(real);
        return NULL;
    }
    src->dirs = aivm_xrealloc(src->dirs, (src->n_dirs + 1) * sizeof *src->dirs);
    d = &src->dirs[src->n_dirs++];
    memset(d, 0, sizeof *d);
    d->name = join("", name[0] ? name : ".");
    d->real = real;
    if (root)
        src->n_roots = src->n_dirs;
    read_dir(src, d, dfd);
    return d;
}

int aivm_tf_source_load(aivm_tf_source **out, const char *const *dirs, const bool *required,
                        size_t n, aivm_error *err)
{
    aivm_tf_source *src = aivm_xcalloc(1, sizeof *src);
    *out = NULL;
    for (size_t i = 0; i < n; i++) {
        int e;
        struct stat st;
        if (stat(dirs[i], &st) == 0 && !S_ISDIR(st.st_mode)) {
            if (required && required[i]) {
                aivm_tf_source_free(src);
                return aivm_error_set(err, AIVM_EIO, NULL, "source '%s' is not a directory",
                                      dirs[i]);
            }
            continue;
        }
        if (!get_dir(src, dirs[i], true, &e) && required && required[i]) {
            int rc = aivm_error_set(err, e == ENOENT ? AIVM_ENOTFOUND : AIVM_EIO, NULL,
                                    "cannot read source directory '%s': %s", dirs[i],
                                    strerror(e ? e : EINVAL));
            if (err)
                err->sys_errno = e;
            aivm_tf_source_free(src);
            return rc;
        }
    }
    *out = src;
    return 0;
}

void aivm_tf_source_free(aivm_tf_source *src)
{
    if (!src)
        return;
    for (size_t i = 0; i < src->n_dirs; i++) {
        for (size_t j = 0; j < src->dirs[i].n_files; j++)
            aivm_tf_file_free(src->dirs[i].files[j]);
        free(src->dirs[i].files);
        free(src->dirs[i].name);
        free(src->dirs[i].real);
    }
    for (size_t i = 0; i < src->n_warnings; i++)
        free(src->warnings[i]);
    free(src->dirs);
    free(src);
}

size_t aivm_tf_source_warning_count(const aivm_tf_source *src)
{
    return src ? src->n_warnings : 0;
}

const char *aivm_tf_source_warning(const aivm_tf_source *src, size_t i)
{
    return src && i < src->n_warnings ? src->warnings[i] : NULL;
}

/* Past an instance key at `p` ('[' ... ']', quoted keys with escapes). */
static const char *skip_key(const char *p)
{
    if (*p != '[')
        return p;
    for (p++; *p && *p != ']'; p++)
        if (*p == '"')
            for (p++; *p && *p != '"'; p++)
                if (*p == '\\' && p[1])
                    p++;
    return *p == ']' ? p + 1 : p;
}

/* The next name of the address at *p, up to '.', '[' or the end. */
static char *next_name(const char **p)
{
    const char *s = *p;
    size_t n = strcspn(s, ".[");
    *p = skip_key(s + n);
    return n ? aivm_xstrndup(s, n) : NULL;
}

static const aivm_tf_block *find_block(const tf_dir *d, aivm_tf_block_kind kind, const char *type,
                                       const char *name)
{
    for (size_t i = 0; i < d->n_files; i++)
        for (size_t j = 0; j < aivm_tf_file_count(d->files[i]); j++) {
            const aivm_tf_block *b = aivm_tf_file_at(d->files[i], j);
            if (b->kind == kind && strcmp(b->name, name) == 0 &&
                (!type || strcmp(b->type, type) == 0))
                return b;
        }
    return NULL;
}

/* The block at `modules` (n module names) + type.name, from root `root`. */
static const aivm_tf_block *resolve(aivm_tf_source *src, size_t root, char **modules, size_t n,
                                    const char *type, const char *name)
{
    tf_dir *d = &src->dirs[root];
    for (size_t i = 0; i < n; i++) {
        const aivm_tf_block *m = find_block(d, AIVM_TF_MODULE, NULL, modules[i]);
        char *path;
        int e;
        if (!m || !m->source ||
            (strncmp(m->source, "./", 2) != 0 && strncmp(m->source, "../", 3) != 0))
            return NULL; /* only local paths: a registry or git module is not here */
        path = join(d->name, m->source);
        d = get_dir(src, path, false, &e);
        if (!d && e == EXDEV)
            warn(src, "module '%s' (source '%s') is outside the source directories: not followed",
                 m->name, m->source);
        free(path);
        if (!d)
            return NULL;
    }
    return find_block(d, AIVM_TF_RESOURCE, type, name);
}

bool aivm_tf_source_find(aivm_tf_source *src, const char *address, const char *type,
                         const char *size_key, const char *parent, aivm_loc *out)
{
    char *modules[AIVM_TF_MAX_MODULE_DEPTH], *rtype = NULL, *rname = NULL;
    const aivm_tf_block *b = NULL;
    const char *p = address;
    size_t n = 0;
    bool ok = true;
    if (!src || !address)
        return false;
    while (ok && strncmp(p, "module.", 7) == 0) {
        p += 7;
        if (n == AIVM_TF_MAX_MODULE_DEPTH || !(modules[n] = next_name(&p)))
            ok = false;
        else
            n++;
        if (ok && *p++ != '.')
            ok = false;
    }
    if (ok && strncmp(p, "data.", 5) == 0)
        ok = false; /* a data source is not a planned resource */
    if (ok && (rtype = next_name(&p)) != NULL && *p++ == '.')
        rname = next_name(&p);
    if (ok && rtype && rname && (!type || strcmp(type, rtype) == 0))
        for (size_t r = 0; r < src->n_roots && !b; r++)
            b = resolve(src, r, modules, n, rtype, rname);
    if (b) {
        *out = b->loc;
        for (size_t i = 0; size_key && i < b->n_attrs; i++) {
            const aivm_tf_attr *a = &b->attrs[i];
            if (strcmp(a->name, size_key) == 0 &&
                (parent ? a->parent && strcmp(a->parent, parent) == 0 : !a->parent)) {
                if (a->literal)
                    *out = a->loc;
                break;
            }
        }
    }
    for (size_t i = 0; i < n; i++)
        free(modules[i]);
    free(rtype);
    free(rname);
    return b != NULL;
}
