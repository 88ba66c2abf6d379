/*
 * rstr.h - setting relative strings and lists (aivm_rstr, aivm_rlist in
 * aivm/util.h), as catalog records hold them. A record must be at its final
 * address when these run: the offsets are measured from the field itself.
 */
#ifndef AIVM_RSTR_H
#define AIVM_RSTR_H

#include <stdint.h>

#include "aivm/util.h"
#include "util/arena.h"

/** Point `r` at `s` (NULL allowed). */
static inline void aivm_util__rstr_set(aivm_rstr *r, const char *s)
{
    r->off = s ? (ptrdiff_t)((uintptr_t)s - (uintptr_t)r) : 0;
}

/** Point `p` (a relative array field) at `to` (NULL gives 0). */
static inline void aivm_util__roff_set(ptrdiff_t *p, const void *to)
{
    *p = to ? (ptrdiff_t)((uintptr_t)to - (uintptr_t)p) : 0;
}

/** Make `l` the list of the `n` strings `items` (copied into `arena` as
 *  relative strings; the strings themselves are not copied). */
void aivm_util__rlist_set(aivm_rlist *l, const char *const *items, size_t n, aivm_arena *arena);

#endif
