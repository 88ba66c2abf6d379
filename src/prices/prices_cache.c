/*
 * prices_cache.c - the price cache on disk: one file per query under
 * <cache_dir>/prices/, named after the endpoint (a hash of the base URL),
 * currency, region and size (`<hash>-USD-eastus-Standard_X.json`), or for a
 * region's whole price list `<hash>-USD-eastus.all.json`. An entry holds metadata (URL, fetch time,
 * pages, item count, currency, API and tool version) and the merged Items,
 * so classification can change without refetching. Writes go to a temp
 * file in the same directory and are renamed into place, so a crash never
 * leaves a torn entry. Only complete fetches are ever written (prices.c).
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "aivm/util.h"
#include "prices_int.h"

static uint64_t fnv1a(const char *s)
{
    uint64_t h = 1469598103934665603ull;
    for (; *s; s++) {
        h ^= (unsigned char)*s;
        h *= 1099511628211ull;
    }
    return h;
}

static void put_safe(aivm_buf *out, const char *s)
{
    for (; *s; s++) {
        char c = *s;
        bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                  c == '_' || c == '-';
        aivm_buf_put(out, ok ? &c : "_", 1);
    }
}

void aivm_prices__cache_path(aivm_buf *out, const char *dir, const char *base_url,
                             const aivm_price_query *q)
{
    aivm_buf_clear(out);
    aivm_buf_printf(out, "%s/prices/%016llx-", dir, (unsigned long long)fnv1a(base_url));
    put_safe(out, q->currency);
    aivm_buf_puts(out, "-");
    put_safe(out, q->region);
    if (q->sku) {
        aivm_buf_puts(out, "-");
        put_safe(out, q->sku);
        aivm_buf_puts(out, ".json");
    } else { /* a region's whole list: no size name holds a '.' */
        aivm_buf_puts(out, ".all.json");
    }
}

/* A cache entry is one the tool wrote: a regular file (no link) of ours,
 * readable by us only (mkstemp's 0600). Anything else is refused unread. */
static int entry_safe(const char *path, aivm_error *err)
{
    struct stat st;
    if (lstat(path, &st) != 0)
        return 0; /* absent: the read says so */
    if (!S_ISREG(st.st_mode) || st.st_uid != geteuid() || (st.st_mode & 077))
        return aivm_error_set(err, AIVM_EINVALID, NULL,
                              "cache entry '%s' is not one aivm-advise wrote (%s, mode %04o, uid "
                              "%u; entries are the user's files of mode 0600)",
                              path, S_ISREG(st.st_mode) ? "a file" : "not a regular file",
                              (unsigned)(st.st_mode & 07777), (unsigned)st.st_uid);
    return 0;
}

int aivm_prices__cache_read(aivm_price_items **items, aivm_cache_meta *m, const char *dir,
                            const char *base_url, const aivm_price_query *q, const char *expect_url,
                            aivm_error *err)
{
    aivm_buf path = AIVM_BUF_INIT, body = AIVM_BUF_INIT;
    aivm_error e = AIVM_ERROR_INIT;
    int rc;
    *items = NULL;
    aivm_prices__cache_path(&path, dir, base_url, q);
    rc = entry_safe(path.ptr, err);
    if (rc < 0)
        goto done;
    rc = aivm_buf_read_file(&body, path.ptr, (size_t)256 << 20, &e);
    if (rc == AIVM_ENOTFOUND)
        goto done;
    if (rc < 0) {
        aivm_error_set(err, rc, NULL, "%s", e.msg);
        goto done;
    }
    rc = aivm_prices__cache_parse(items, m, body.ptr, body.size, &e);
    if (rc < 0) {
        aivm_error_set(err, rc, NULL, "corrupt cache entry '%s': %s", path.ptr, e.msg);
        goto done;
    }
    if (strcmp(m->url, expect_url) != 0 || strcmp(m->currency, q->currency) != 0 ||
        strcmp(m->region, q->region) != 0 || strcmp(m->sku, q->sku ? q->sku : "") != 0) {
        rc = aivm_error_set(err, AIVM_EINVALID, NULL, "cache entry '%s' belongs to another query",
                            path.ptr);
        aivm_prices__items_free(*items);
        *items = NULL;
    }
done:
    aivm_buf_dispose(&path);
    aivm_buf_dispose(&body);
    return rc;
}

/* mkdir -p for the cache's "prices" directory. */
static int make_dirs(const char *dir, aivm_error *err)
{
    aivm_buf p = AIVM_BUF_INIT;
    int rc = 0;
    aivm_buf_printf(&p, "%s/prices", dir);
    for (char *s = p.ptr + 1; rc == 0; s++) {
        bool last = *s == '\0';
        if (*s != '/' && !last)
            continue;
        *s = '\0';
        if (mkdir(p.ptr, 0700) != 0 && errno != EEXIST) {
            int e = errno;
            rc = aivm_error_set(err, AIVM_EIO, NULL, "cannot create cache directory '%s': %s",
                                p.ptr, strerror(e));
            if (err)
                err->sys_errno = e;
        }
        if (last)
            break;
        *s = '/';
    }
    aivm_buf_dispose(&p);
    return rc;
}

/* One directory level of the cache: ours and writable by us only. `follow`
 * for the root the user named (it may be a link); below it, a link is refused. */
static int level_safe(const char *dir, bool follow, aivm_error *err)
{
    struct stat st;
    if ((follow ? stat(dir, &st) : lstat(dir, &st)) != 0)
        return errno == ENOENT ? 0
                               : aivm_error_set(err, AIVM_EIO, NULL, "cache directory '%s': %s",
                                                dir, strerror(errno));
    if (!S_ISDIR(st.st_mode))
        return aivm_error_set(err, AIVM_EIO, NULL, "cache directory '%s' is not a directory", dir);
    if (st.st_uid != geteuid())
        return aivm_error_set(err, AIVM_EIO, NULL,
                              "cache directory '%s' belongs to another user (uid %u)", dir,
                              (unsigned)st.st_uid);
    if (st.st_mode & (S_IWGRP | S_IWOTH))
        return aivm_error_set(err, AIVM_EIO, NULL,
                              "cache directory '%s' is writable by others (mode %03o): anyone "
                              "could plant prices there",
                              dir, (unsigned)(st.st_mode & 0777));
    return 0;
}

int aivm_prices__cache_dir_safe(const char *dir, aivm_error *err)
{
    aivm_buf sub = AIVM_BUF_INIT;
    int rc = level_safe(dir, true, err);
    if (rc == 0) {
        aivm_buf_printf(&sub, "%s/prices", dir); /* every level the entries sit under */
        rc = level_safe(sub.ptr, false, err);
    }
    aivm_buf_dispose(&sub);
    return rc;
}

int aivm_prices__cache_write(const char *dir, const char *base_url, const aivm_price_query *q,
                             const aivm_price_items *items, const aivm_cache_meta *m,
                             aivm_error *err)
{
    aivm_buf path = AIVM_BUF_INIT, tmp = AIVM_BUF_INIT, body = AIVM_BUF_INIT;
    int fd = -1, rc;
    FILE *f = NULL;
    rc = make_dirs(dir, err);
    if (rc < 0)
        goto done;
    rc = aivm_prices__cache_render(&body, items, m, err);
    if (rc < 0)
        goto done;
    aivm_prices__cache_path(&path, dir, base_url, q);
    aivm_buf_printf(&tmp, "%s.tmp.XXXXXX", path.ptr);
    fd = mkstemp(tmp.ptr);
    if (fd < 0) {
        rc =
            aivm_error_set(err, AIVM_EIO, NULL, "cannot create '%s': %s", tmp.ptr, strerror(errno));
        goto done;
    }
    f = fdopen(fd, "wb");
    if (!f) {
        rc = aivm_error_set(err, AIVM_EIO, NULL, "cannot open '%s': %s", tmp.ptr, strerror(errno));
        goto done;
    }
    fd = -1;
    if (fwrite(body.ptr, 1, body.size, f) != body.size || fflush(f) != 0 || fsync(fileno(f)) != 0) {
        rc = aivm_error_set(err, AIVM_EIO, NULL, "cannot write '%s': %s", tmp.ptr, strerror(errno));
        goto done;
    }
    if (fclose(f) != 0) {
        f = NULL;
        rc = aivm_error_set(err, AIVM_EIO, NULL, "cannot write '%s': %s", tmp.ptr, strerror(errno));
        goto done;
    }
    f = NULL;
    if (rename(tmp.ptr, path.ptr) != 0)
        rc = aivm_error_set(err, AIVM_EIO, NULL, "cannot rename '%s' into place: %s", tmp.ptr,
                            strerror(errno));
    else
        aivm_remove_stale_temps(path.ptr, m->fetched_epoch); /* the run's now */
done:
    if (f)
        fclose(f);
    if (fd >= 0)
        close(fd);
    if (rc < 0 && tmp.ptr)
        unlink(tmp.ptr);
    aivm_buf_dispose(&path);
    aivm_buf_dispose(&tmp);
    aivm_buf_dispose(&body);
    return rc;
}
