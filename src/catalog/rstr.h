/*
 * rstr.h - setting the relative strings and lists of catalog records
 * (aivm_rstr, aivm_rlist in aivm/catalog.h). A record must be at its final
 * address when these run: the offsets are measured from the field itself.
 */
#ifndef AIVM_RSTR_H
#define AIVM_RSTR_H

#include <stdint.h>

#include "aivm/catalog.h"
#include "util/arena.h"

/** Point `r` at `s` (NULL allowed). */
static inline void aivm__rstr_set(aivm_rstr *r, const char *s)
{
    r->off = s ? (ptrdiff_t)((uintptr_t)s - (uintptr_t)r) : 0;
}

/** Point `p` (a relative array field) at `to` (NULL gives 0). */
static inline void aivm__roff_set(ptrdiff_t *p, const void *to)
{
    *p = to ? (ptrdiff_t)((uintptr_t)to - (uintptr_t)p) : 0;
}

/** Make `l` the list of the `n` strings `items` (copied into `arena` as
 *  relative strings; the strings themselves are not copied). */
void aivm__rlist_set(aivm_rlist *l, const char *const *items, size_t n, aivm_arena *arena);

#endif
