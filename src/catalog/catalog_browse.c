/*
 * catalog_browse.c - what `catalog list|show|compare` need from the catalog:
 * a size named the way people type it ("nd96isr_h100_v5", "Standard_" left
 * out), the closest name when it is a typo, and the filters of `catalog list`.
 */
#include <stdlib.h>
#include <string.h>

#include "aivm/catalog.h"
#include "catalog_int.h"

const aivm_size *aivm_catalog_lookup_size(const aivm_catalog *cat, const char *name)
{
    char full[128];
    const aivm_size *s = aivm_catalog_find_size(cat, name);
    if (s || aivm_strneq_nocase(name, "Standard_", 9) || strlen(name) + 10 > sizeof full)
        return s;
    memcpy(full, "Standard_", 9);
    strcpy(full + 9, name);
    return aivm_catalog_find_size(cat, full);
}

const char *aivm_catalog_suggest_size(const aivm_catalog *cat, const char *name)
{
    size_t n = cat->n_sizes;
    const char **names = aivm_xcalloc(n ? n : 1, sizeof *names);
    const char *guess;
    bool bare = !aivm_strneq_nocase(name, "Standard_", 9);
    for (size_t i = 0; i < n; i++) {
        const char *nm = aivm_str(&cat->sizes[i].name);
        names[i] = bare && aivm_strneq_nocase(nm, "Standard_", 9) ? nm + 9 : nm;
    }
    guess = aivm_did_you_mean(name, names, n);
    for (size_t i = 0; guess && i < n; i++)
        if (names[i] == guess)
            guess = aivm_str(&cat->sizes[i].name); /* the full name, from the catalog */
    free((void *)names);
    return guess;
}

static bool offered_in(const aivm_size *s, const char *region)
{
    for (size_t i = 0; i < s->regions.n; i++)
        if (strcmp(aivm_rlist_at(&s->regions, i), region) == 0)
            return true;
    return false;
}

bool aivm_size_filter_match(const aivm_size_filter *f, const aivm_size *s)
{
    if (f->family && !aivm_streq_nocase(f->family, aivm_str(&s->family)))
        return false;
    if (f->categories && !(f->categories & (1u << s->category)))
        return false;
    if (f->gpu && (!s->has_gpu || !aivm_streq_nocase(f->gpu, aivm_str(&s->gpu_model))))
        return false;
    if (f->min_gpu_memory_gb > 0 && (!s->has_gpu || s->gpu_memory_gb < f->min_gpu_memory_gb))
        return false;
    if (f->infiniband && !s->infiniband)
        return false;
    if (f->region && s->regions.n && !offered_in(s, f->region))
        return false;
    if (!f->include_retired && aivm_size_lifecycle_on(s, f->today) == AIVM_LC_RETIRED)
        return false;
    if (!f->include_unverified && s->unverified)
        return false;
    return true;
}
