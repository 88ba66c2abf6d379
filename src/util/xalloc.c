/*
 * xalloc.c - allocation wrappers. Out of memory is not an error path we can
 * test or recover from in a CLI, so it aborts (as cmark and jq do); every
 * other failure keeps an error code.
 */
#include "aivm/util.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void oom(void)
{
    static const char msg[] = "aivm-advise: out of memory\n";
    ssize_t r = write(2, msg, sizeof msg - 1);
    (void)r;
    abort();
}

void *aivm_xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p)
        oom();
    return p;
}

void *aivm_xcalloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size ? size : 1);
    if (!p)
        oom();
    return p;
}

void *aivm_xrealloc(void *p, size_t n)
{
    void *q = realloc(p, n ? n : 1);
    if (!q)
        oom();
    return q;
}

char *aivm_xstrdup(const char *s)
{
    return aivm_xstrndup(s, strlen(s));
}

char *aivm_xstrndup(const char *s, size_t n)
{
    char *p = aivm_xmalloc(n + 1);
    memcpy(p, s, n);
    p[n] = '\0';
    return p;
}
