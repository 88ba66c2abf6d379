/*
 * arena.c - bump allocation for documents (catalog, rules, YAML trees).
 * Built with AIVM_DEBUG_ARENA every allocation is its own malloc, so ASan
 * and valgrind see each object's bounds (as libgit2's DEBUG_POOL does).
 */
#include "arena.h"

#include <stdalign.h>
#include <stdlib.h>
#include <string.h>

#include "aivm/util.h"

struct aivm_arena_chunk {
    aivm_arena_chunk *next;
    size_t used, size;
    alignas(max_align_t) unsigned char data[];
};

#define ALIGN (alignof(max_align_t))
#define CHUNK_SIZE ((size_t)64 * 1024)

void *aivm_arena_alloc(aivm_arena *a, size_t n)
{
    aivm_arena_chunk *c = a->head;
    void *p;
    n = (n + ALIGN - 1) / ALIGN * ALIGN;
#ifndef AIVM_DEBUG_ARENA
    if (!c || c->size - c->used < n) {
        size_t size = n > CHUNK_SIZE ? n : CHUNK_SIZE;
        c = aivm_xmalloc(sizeof *c + size);
        c->size = size;
        c->used = 0;
        c->next = a->head;
        a->head = c;
    }
#else
    c = aivm_xmalloc(sizeof *c + n);
    c->size = n;
    c->used = 0;
    c->next = a->head;
    a->head = c;
#endif
    p = c->data + c->used;
    c->used += n;
    memset(p, 0, n);
    return p;
}

char *aivm_arena_strndup(aivm_arena *a, const char *s, size_t n)
{
    char *p = aivm_arena_alloc(a, n + 1);
    memcpy(p, s, n);
    p[n] = '\0';
    return p;
}

char *aivm_arena_strdup(aivm_arena *a, const char *s)
{
    return aivm_arena_strndup(a, s, strlen(s));
}

void aivm_arena_dispose(aivm_arena *a)
{
    aivm_arena_chunk *c;
    if (!a)
        return;
    c = a->head;
    while (c) {
        aivm_arena_chunk *next = c->next;
        free(c);
        c = next;
    }
    a->head = NULL;
}

void aivm_arena_adopt(aivm_arena *dst, aivm_arena *src)
{
    aivm_arena_chunk *tail = src->head;
    if (!tail)
        return;
    while (tail->next)
        tail = tail->next;
    tail->next = dst->head;
    dst->head = src->head;
    src->head = NULL;
}
