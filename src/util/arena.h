/* arena.h - one bump allocator per loaded document, freed in one call. */
#ifndef AIVM_ARENA_H
#define AIVM_ARENA_H

#include <stddef.h>

typedef struct aivm_arena_chunk aivm_arena_chunk;
typedef struct {
    aivm_arena_chunk *head;
} aivm_arena;

#define AIVM_ARENA_INIT                                                                            \
    {                                                                                              \
        NULL                                                                                       \
    }

/** Zeroed memory aligned for any type; lives until aivm_arena_dispose(). */
void *aivm_arena_alloc(aivm_arena *a, size_t n);
char *aivm_arena_strndup(aivm_arena *a, const char *s, size_t n);
char *aivm_arena_strdup(aivm_arena *a, const char *s);
void aivm_arena_dispose(aivm_arena *a);
/** Move everything allocated in `src` into `dst` (freed with it); `src` is left empty. */
void aivm_arena_adopt(aivm_arena *dst, aivm_arena *src);

#endif
