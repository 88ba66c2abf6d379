/* xalloc.h - allocation that aborts on out-of-memory (private to libaivm). */
#ifndef AIVM_XALLOC_H
#define AIVM_XALLOC_H

#include <stddef.h>

void *aivm_xmalloc(size_t n);
void *aivm_xcalloc(size_t n, size_t size);
void *aivm_xrealloc(void *p, size_t n);
char *aivm_xstrdup(const char *s);
char *aivm_xstrndup(const char *s, size_t n);

#endif
