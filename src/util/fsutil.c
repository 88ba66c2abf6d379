/*
 * fsutil.c - what the atomic writers share (the price cache, check's
 * --output files): removing the temp files a killed run left behind.
 */
#include <dirent.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "aivm/buf.h"
#include "aivm/util.h"

void aivm_remove_stale_temps(const char *path, long long now)
{
    const char *slash = strrchr(path, '/');
    const char *stem = slash ? slash + 1 : path;
    size_t stem_len = strlen(stem);
    aivm_buf dir = AIVM_BUF_INIT, p = AIVM_BUF_INIT;
    struct dirent *de;
    DIR *d;
    if (slash)
        aivm_buf_put(&dir, path, (size_t)(slash - path) + 1);
    else
        aivm_buf_puts(&dir, "./");
    d = opendir(dir.ptr);
    while (d && (de = readdir(d)) != NULL) {
        struct stat st;
        const char *n = de->d_name;
        if (strncmp(n, stem, stem_len) != 0 || strncmp(n + stem_len, ".tmp.", 5) != 0 ||
            strlen(n + stem_len + 5) != 6)
            continue;
        aivm_buf_clear(&p);
        aivm_buf_printf(&p, "%s%s", dir.ptr, n);
        if (lstat(p.ptr, &st) == 0 && S_ISREG(st.st_mode) && st.st_uid == geteuid() &&
            now - (long long)st.st_mtime > 600)
            unlink(p.ptr);
    }
    if (d)
        closedir(d);
    aivm_buf_dispose(&dir);
    aivm_buf_dispose(&p);
}
