/* catalog_int.h - the catalog object and its loader's internals (shared by
 * the catalog files: catalog.c, catalog_load.c, catalog_load_size.c, ...). */
#ifndef AIVM_CATALOG_INT_H
#define AIVM_CATALOG_INT_H

#include <stdbool.h>

#include "aivm/buf.h"
#include "aivm/catalog.h"
#include "util/arena.h"
#include "util/yamlutil.h"

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
    aivm_gpu_model *gpu_models;
    size_t n_gpu_models;
    aivm_region *regions;
    size_t n_regions;
    const char *regions_source, *regions_as_of;
    bool is_static; /* compiled in (catalog_gen.c): aivm_catalog_free leaves it alone */
    const char *overlay_name, *overlay_as_of; /* NULL unless an overlay was applied */
    aivm_overlay_change *changes;             /* what the overlay added, changed, disputes */
    size_t n_changes;
};

/** Write `cat` as C source defining aivm_catalog_builtin() (catalog_gen.c). */
int aivm_catalog_write_c(aivm_buf *out, const aivm_catalog *cat, const char *file_name);

/** Load the optional `gpu_models` and `regions` sections of `root` into `cat`
 *  (catalog_facts.c). Returns 0 or AIVM_EINVALID with the position. */
int aivm_catalog__load_facts(aivm_catalog *cat, const aivm_ynode *root, aivm_error *err);

/** Load the `sources` (sizes false) or `sizes` section of `root` into `cat`,
 *  checked against its families and sources (catalog_load.c). Returns 0 or
 *  the loader's error. */
int aivm_catalog__load_entries(aivm_catalog *cat, const aivm_ynode *root, bool sizes,
                               aivm_error *err);

/** Sort the name index; false (and `*dup` set) when two sizes share a name. */
int aivm_catalog__index(aivm_catalog *cat, aivm_error *err);

/** A catalog being loaded and where its errors go (catalog_load*.c). */
typedef struct {
    aivm_catalog *cat;
    aivm_error *err;
} aivm_catalog_loader;

/** The spellings of aivm_category, NULL-terminated, for field tables
 *  (catalog_load.c). */
extern const char *const aivm_catalog__category_names[];

/** 0 when every id of the entry's (already loaded) `sources` list names a
 *  source of the catalog, else AIVM_EINVALID at the id (catalog_load.c). */
int aivm_catalog__check_sources(aivm_catalog_loader *c, const aivm_ynode *entry, const char *what);

/** Load one entry `e` of `sizes`, described as `what` in errors, into `s`
 *  and check it against the families and sources already loaded
 *  (catalog_load_size.c). Returns 0 or the loader's error. */
int aivm_catalog__load_size(aivm_catalog_loader *c, aivm_size *s, const aivm_ynode *e,
                            const char *what);

#endif
