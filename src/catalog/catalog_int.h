/* catalog_int.h - the catalog object (shared by catalog.c and catalog_load.c). */
#ifndef AIVM_CATALOG_INT_H
#define AIVM_CATALOG_INT_H

#include <stdbool.h>

#include "aivm/buf.h"
#include "aivm/catalog.h"
#include "util/arena.h"

struct aivm_catalog {
    aivm_arena arena;
    const char *version, *as_of, *description;
    aivm_source *sources;
    size_t n_sources;
    aivm_family *families;
    size_t n_families;
    const aivm_size *sizes;
    size_t n_sizes;
    const unsigned *by_name;    /* size indices sorted case-insensitively, for lookups */
    const unsigned *name_order; /* size indices in strcmp order of their names */
    aivm_image *images;
    size_t n_images;
    aivm_orchestrator *orchestrators;
    size_t n_orchestrators;
    aivm_container_tool *tools;
    size_t n_tools;
    bool is_static; /* compiled in (catalog_gen.c): aivm_catalog_free leaves it alone */
};

/** Indices of the sizes in strcmp() order of their names (the order of the
 *  rejected list); never NULL. */
const unsigned *aivm_catalog__name_order(const aivm_catalog *cat);

/** Write `cat` as C source defining aivm_catalog_builtin() (catalog_gen.c). */
int aivm_catalog_write_c(aivm_buf *out, const aivm_catalog *cat, const char *file_name);

/** Sort the name index; false (and `*dup` set) when two sizes share a name. */
int aivm_catalog__index(aivm_catalog *cat, aivm_error *err);

#endif
