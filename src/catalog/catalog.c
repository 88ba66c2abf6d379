/*
 * catalog.c - read access to a loaded catalog: getters, the case-insensitive
 * name index used by lookups (check mode looks up every planned size), the
 * per-region price lookup and the spelled names of enums.
 */
#include <stdlib.h>
#include <string.h>

#include "aivm/util.h"
#include "catalog_int.h"
#include "util/rstr.h"

/* A size's index with its name beside it: the sort key the comparators read
 * (qsort has no context argument, and no file-scope state is needed). */
typedef struct {
    const char *name;
    unsigned index;
} named;

static int name_order_cmp(const void *a, const void *b)
{
    const named *x = a, *y = b;
    int c = strcmp(x->name, y->name);
    return c ? c : (x->index < y->index ? -1 : x->index > y->index);
}

static int name_nocase_cmp(const void *a, const void *b)
{
    const named *x = a, *y = b;
    int c = aivm_strcmp_nocase(x->name, y->name);
    if (c)
        return c;
    return x->index < y->index ? -1 : x->index > y->index;
}

/* `out` (n entries): the sizes' indexes in the order `cmp` gives their names. */
static void sort_names(unsigned *out, const aivm_catalog *cat, named *keys,
                       int (*cmp)(const void *, const void *))
{
    for (size_t i = 0; i < cat->n_sizes; i++) {
        keys[i].name = aivm_str(&cat->sizes[i].name);
        keys[i].index = (unsigned)i;
    }
    qsort(keys, cat->n_sizes, sizeof *keys, cmp);
    for (size_t i = 0; i < cat->n_sizes; i++)
        out[i] = keys[i].index;
}

const unsigned *aivm_catalog_name_order(const aivm_catalog *cat)
{
    return cat->name_order;
}

int aivm_catalog__index(aivm_catalog *cat, aivm_error *err)
{
    unsigned *order =
        aivm_arena_alloc(&cat->arena, (cat->n_sizes ? cat->n_sizes : 1) * sizeof *order);
    for (size_t i = 0; i < cat->n_sizes; i++)
        order[i] = (unsigned)i;
    unsigned *by_name =
        aivm_arena_alloc(&cat->arena, (cat->n_sizes ? cat->n_sizes : 1) * sizeof *by_name);
    named *keys = aivm_xcalloc(cat->n_sizes ? cat->n_sizes : 1, sizeof *keys);
    sort_names(order, cat, keys, name_order_cmp);
    sort_names(by_name, cat, keys, name_nocase_cmp);
    free(keys);
    cat->name_order = order;
    cat->by_name = by_name;
    for (size_t i = 1; i < cat->n_sizes; i++) {
        const aivm_size *s = &cat->sizes[by_name[i]];
        if (aivm_strcmp_nocase(aivm_str(&s->name), aivm_str(&cat->sizes[by_name[i - 1]].name)) ==
            0) {
            aivm_loc loc = {aivm_str(&s->loc.file), s->loc.line, s->loc.col};
            return aivm_error_set(err, AIVM_EINVALID, &loc, "duplicate size '%s'",
                                  aivm_str(&s->name));
        }
    }
    return 0;
}

void aivm_catalog_free(aivm_catalog *cat)
{
    if (!cat || cat->is_static)
        return;
    aivm_arena_dispose(&cat->arena);
    free(cat);
}

const char *aivm_catalog_version(const aivm_catalog *cat)
{
    return cat->version;
}

const char *aivm_catalog_as_of(const aivm_catalog *cat)
{
    return cat->as_of;
}

size_t aivm_catalog_size_count(const aivm_catalog *cat)
{
    return cat->n_sizes;
}

const aivm_size *aivm_catalog_size_at(const aivm_catalog *cat, size_t i)
{
    return i < cat->n_sizes ? &cat->sizes[i] : NULL;
}

const aivm_size *aivm_catalog_find_size(const aivm_catalog *cat, const char *name)
{
    size_t lo = 0, hi = cat->n_sizes;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        const aivm_size *s = &cat->sizes[cat->by_name[mid]];
        int c = aivm_strcmp_nocase(name, aivm_str(&s->name));
        if (c == 0)
            return s;
        if (c < 0)
            hi = mid;
        else
            lo = mid + 1;
    }
    return NULL;
}

size_t aivm_catalog_family_count(const aivm_catalog *cat)
{
    return cat->n_families;
}

const aivm_family *aivm_catalog_family_at(const aivm_catalog *cat, size_t i)
{
    return i < cat->n_families ? &cat->families[i] : NULL;
}

size_t aivm_catalog_source_count(const aivm_catalog *cat)
{
    return cat->n_sources;
}

const aivm_source *aivm_catalog_source_at(const aivm_catalog *cat, size_t i)
{
    return i < cat->n_sources ? &cat->sources[i] : NULL;
}

size_t aivm_catalog_image_count(const aivm_catalog *cat)
{
    return cat->n_images;
}

const aivm_image *aivm_catalog_image_at(const aivm_catalog *cat, size_t i)
{
    return i < cat->n_images ? &cat->images[i] : NULL;
}

/* Whether `s` holds `word`, ASCII case ignored. */
static bool has_word(const char *s, const char *word)
{
    size_t n = strlen(word);
    for (; *s; s++)
        if (aivm_strneq_nocase(s, word, n))
            return true;
    return false;
}

const char *aivm_catalog_image_arch(const aivm_catalog *cat, const char *publisher,
                                    const char *offer, const char *sku)
{
    /* Publishers whose Arm64 SKUs all say so: Canonical's image list for Azure
     * (every Arm64 URN ends in -arm64); no Arm64 Windows Server, Data Science
     * VM or Azure HPC image is published (catalog images, azhpc-images). */
    static const char *const x64_unless_named[] = {"Canonical", "MicrosoftWindowsServer",
                                                   "microsoft-dsvm"};
    const char *const parts[] = {publisher, offer, sku};
    if (!publisher || !offer || !sku)
        return NULL;
    for (size_t i = 0; cat && i < cat->n_images; i++) {
        const aivm_image *m = &cat->images[i];
        if (aivm_streq_nocase(m->publisher, publisher) && aivm_streq_nocase(m->offer, offer) &&
            aivm_streq_nocase(m->sku, sku))
            return m->cpu_arch && strcmp(m->cpu_arch, "arm64") == 0 ? "arm64" : "x86_64";
    }
    for (size_t i = 0; i < 3; i++)
        if (has_word(parts[i], "arm64") || has_word(parts[i], "aarch64"))
            return "arm64";
    for (size_t i = 0; i < sizeof x64_unless_named / sizeof x64_unless_named[0]; i++)
        if (aivm_streq_nocase(publisher, x64_unless_named[i]))
            return "x86_64";
    return NULL;
}

size_t aivm_catalog_orchestrator_count(const aivm_catalog *cat)
{
    return cat->n_orchestrators;
}

const aivm_orchestrator *aivm_catalog_orchestrator_at(const aivm_catalog *cat, size_t i)
{
    return i < cat->n_orchestrators ? &cat->orchestrators[i] : NULL;
}

size_t aivm_catalog_container_tool_count(const aivm_catalog *cat)
{
    return cat->n_tools;
}

const aivm_container_tool *aivm_catalog_container_tool_at(const aivm_catalog *cat, size_t i)
{
    return i < cat->n_tools ? &cat->tools[i] : NULL;
}

const aivm_region_price *aivm_size_price_in(const aivm_size *size, const char *region)
{
    const aivm_region_price *p = aivm_size_prices(size);
    for (size_t i = 0; i < size->n_prices; i++)
        if (aivm_streq_nocase(aivm_str(&p[i].region), region))
            return &p[i];
    return NULL;
}

const aivm_region_price *aivm_size_price_for(const aivm_size *size, const char *region,
                                             bool *reference)
{
    const aivm_region_price *rp;
    if (reference)
        *reference = false;
    if (!size->has_price)
        return NULL;
    rp = region ? aivm_size_price_in(size, region) : NULL;
    if (rp)
        return rp;
    if (reference)
        *reference = true;
    return aivm_size_price_in(size, aivm_str(&size->price_reference_region));
}

double aivm_size_gpu_hour_price(const aivm_size *size, const aivm_region_price *p)
{
    return p && size->has_gpu && size->gpu_count > 0 ? p->on_demand / size->gpu_count : 0;
}

const char *aivm_category_name(aivm_category c)
{
    switch (c) {
    case AIVM_CAT_GPU:
        return "gpu";
    case AIVM_CAT_CPU_MEMORY:
        return "cpu-memory-optimized";
    case AIVM_CAT_CPU_COMPUTE:
        return "cpu-compute-optimized";
    case AIVM_CAT_CPU_GENERAL:
        return "cpu-general-purpose";
    }
    return "?";
}

const char *aivm_lifecycle_name(aivm_lifecycle l)
{
    switch (l) {
    case AIVM_LC_GA:
        return "ga";
    case AIVM_LC_PREVIEW:
        return "preview";
    case AIVM_LC_RETIRING:
        return "retiring";
    case AIVM_LC_RETIRED:
        return "retired";
    }
    return "?";
}

aivm_lifecycle aivm_size_lifecycle_on(const aivm_size *size, const char *today)
{
    const char *date = aivm_str(&size->lifecycle_date);
    if (size->lifecycle == AIVM_LC_RETIRING && today && date && strcmp(date, today) <= 0)
        return AIVM_LC_RETIRED;
    if (size->lifecycle == AIVM_LC_RETIRED && today && date && strcmp(date, today) > 0)
        return AIVM_LC_RETIRING; /* judged as of a date before the retirement */
    return size->lifecycle;
}
