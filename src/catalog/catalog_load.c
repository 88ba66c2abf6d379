/*
 * catalog_load.c - YAML → aivm_catalog. Walks the tree from yamlutil with
 * the field tables of fields.c, section by section (one size entry is
 * catalog_load_size.c's), then checks the cross-references (source ids,
 * unique ids) so that everything after loading can trust the catalog.
 * Every error carries file:line:col.
 */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "aivm/buf.h"
#include "aivm/util.h"
#include "catalog_int.h"
#include "util/fields.h"
#include "util/yamlutil.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))

const char *const aivm_catalog__category_names[] = {
    "gpu", "cpu-memory-optimized", "cpu-compute-optimized", "cpu-general-purpose", NULL};

#define OFF(t, f) offsetof(t, f)

static const aivm_field source_fields[] = {
    {"id", AIVM_F_STR, true, OFF(aivm_source, id), NULL},
    {"title", AIVM_F_STR, false, OFF(aivm_source, title), NULL},
    {"url", AIVM_F_STR, false, OFF(aivm_source, url), NULL},
    {"date", AIVM_F_STR, false, OFF(aivm_source, date), NULL},
};

static const aivm_field family_fields[] = {
    {"id", AIVM_F_STR, true, OFF(aivm_family, id), NULL},
    {"name", AIVM_F_STR, true, OFF(aivm_family, name), NULL},
    {"category", AIVM_F_ENUM, true, OFF(aivm_family, category), aivm_catalog__category_names},
    {"description", AIVM_F_STR, false, OFF(aivm_family, description), NULL},
    {"sources", AIVM_F_STRLIST, true, OFF(aivm_family, sources), NULL},
    {"as_of", AIVM_F_DATE, true, OFF(aivm_family, as_of), NULL},
};

static const aivm_field image_fields[] = {
    {"id", AIVM_F_STR, true, OFF(aivm_image, id), NULL},
    {"name", AIVM_F_STR, true, OFF(aivm_image, name), NULL},
    {"kind", AIVM_F_CUSTOM, true, 0, NULL},
    {"os", AIVM_F_CUSTOM, true, 0, NULL},
    {"cpu_arch", AIVM_F_CUSTOM, false, 0, NULL},
    {"publisher", AIVM_F_STR, true, OFF(aivm_image, publisher), NULL},
    {"offer", AIVM_F_STR, true, OFF(aivm_image, offer), NULL},
    {"sku", AIVM_F_STR, true, OFF(aivm_image, sku), NULL},
    {"version", AIVM_F_STR, true, OFF(aivm_image, version), NULL},
    {"hyperv_generations", AIVM_F_GENS, true, OFF(aivm_image, hyperv_generations), NULL},
    {"gpu_vendors", AIVM_F_STRLIST, false, OFF(aivm_image, gpu_vendors), NULL},
    {"ships", AIVM_F_STRLIST, false, OFF(aivm_image, ships), NULL},
    {"gpu_stack", AIVM_F_STRLIST, false, OFF(aivm_image, gpu_stack), NULL},
    {"supported_sizes", AIVM_F_STRLIST, false, OFF(aivm_image, supported_sizes), NULL},
    {"notes", AIVM_F_STRLIST, false, OFF(aivm_image, notes), NULL},
    {"sources", AIVM_F_STRLIST, true, OFF(aivm_image, sources), NULL},
    {"as_of", AIVM_F_DATE, true, OFF(aivm_image, as_of), NULL},
};

static const aivm_field orch_fields[] = {
    {"id", AIVM_F_STR, true, OFF(aivm_orchestrator, id), NULL},
    {"name", AIVM_F_STR, true, OFF(aivm_orchestrator, name), NULL},
    {"summary", AIVM_F_STR, true, OFF(aivm_orchestrator, summary), NULL},
    {"schedulers", AIVM_F_STRLIST, false, OFF(aivm_orchestrator, schedulers), NULL},
    {"features", AIVM_F_STRLIST, false, OFF(aivm_orchestrator, features), NULL},
    {"checklist", AIVM_F_STRLIST, false, OFF(aivm_orchestrator, checklist), NULL},
    {"notes", AIVM_F_STRLIST, false, OFF(aivm_orchestrator, notes), NULL},
    {"sources", AIVM_F_STRLIST, true, OFF(aivm_orchestrator, sources), NULL},
    {"as_of", AIVM_F_DATE, true, OFF(aivm_orchestrator, as_of), NULL},
};

static const aivm_field tool_fields[] = {
    {"id", AIVM_F_STR, true, OFF(aivm_container_tool, id), NULL},
    {"name", AIVM_F_STR, true, OFF(aivm_container_tool, name), NULL},
    {"summary", AIVM_F_STR, true, OFF(aivm_container_tool, summary), NULL},
    {"gpu_vendors", AIVM_F_STRLIST, false, OFF(aivm_container_tool, gpu_vendors), NULL},
    {"notes", AIVM_F_STRLIST, false, OFF(aivm_container_tool, notes), NULL},
    {"sources", AIVM_F_STRLIST, true, OFF(aivm_container_tool, sources), NULL},
    {"as_of", AIVM_F_DATE, true, OFF(aivm_container_tool, as_of), NULL},
};

/* "size 'Standard_X'" when the entry has a usable name/id, else "sizes[3]". */
static void describe(char *out, size_t n, const aivm_ynode *entry, const char *kind,
                     const char *idkey, const char *section, size_t i)
{
    const aivm_ynode *id = aivm_ymap_get(entry, idkey);
    if (id && id->type == AIVM_Y_SCALAR && !aivm_yis_null(id))
        snprintf(out, n, "%s '%s'", kind, id->str);
    else
        snprintf(out, n, "%s[%zu]", section, i);
}

/* Every entry of `entry`'s sources is a source id, or with `urls` also an
 * https URL (an image's publisher page needs no catalog source of its own). */
static int check_source_list(aivm_catalog_loader *c, const aivm_ynode *entry, const char *what,
                             bool urls)
{
    const aivm_ynode *node = aivm_ymap_get(entry, "sources");
    for (size_t i = 0; node && node->type == AIVM_Y_SEQ && i < node->n; i++) {
        const char *id = node->kids[i]->str;
        bool found = urls && strncmp(id, "https://", 8) == 0;
        for (size_t j = 0; !found && j < c->cat->n_sources; j++)
            found = strcmp(c->cat->sources[j].id, id) == 0;
        if (!found)
            return aivm_error_set(c->err, AIVM_EINVALID, &node->kids[i]->loc,
                                  urls ? "unknown source '%s' in %s (a source id or an https URL)"
                                       : "unknown source '%s' in %s",
                                  id, what);
    }
    return 0;
}

int aivm_catalog__check_sources(aivm_catalog_loader *c, const aivm_ynode *entry, const char *what)
{
    return check_source_list(c, entry, what, false);
}

static int load_image_extra(aivm_catalog_loader *c, aivm_image *img, const aivm_ynode *e,
                            const char *what)
{
    static const char *const kinds[] = {"dsvm", "hpc", "marketplace", "platform", NULL};
    static const char *const oses[] = {"linux", "windows", NULL};
    static const char *const arches[] = {"x86_64", "arm64", NULL};
    const aivm_ynode *arch = aivm_ymap_get(e, "cpu_arch");
    char w[400];
    int k = 0, o = 0, a = 0;
    int rc;
    snprintf(w, sizeof w, "key 'kind' in %s", what);
    rc = aivm_yget_enum(&k, aivm_ymap_get(e, "kind"), kinds, w, c->err);
    if (rc < 0)
        return rc;
    snprintf(w, sizeof w, "key 'os' in %s", what);
    rc = aivm_yget_enum(&o, aivm_ymap_get(e, "os"), oses, w, c->err);
    if (rc < 0)
        return rc;
    snprintf(w, sizeof w, "key 'cpu_arch' in %s", what);
    if (arch) {
        rc = aivm_yget_enum(&a, arch, arches, w, c->err);
        if (rc < 0)
            return rc;
    }
    img->kind = kinds[k];
    img->os = oses[o];
    img->cpu_arch = arches[a];
    return 0;
}

typedef enum { SEC_SOURCES, SEC_FAMILIES, SEC_SIZES, SEC_IMAGES, SEC_ORCHS, SEC_TOOLS } section;

#define FIELDS(t) t, N(t)

/* The list sections of a catalog, in the order they load: sources first,
 * which the others cite, and families before the sizes that name them. A
 * size entry is catalog_load_size.c's; the others are a field table, the
 * image's kind and os, and their sources checked. */
static const struct {
    const char *name, *kind, *idkey; /* the key, an entry's noun, the key naming an entry */
    size_t elem, loc_off;
    const aivm_field *fields;
    size_t n_fields;
} sections[] = {
    [SEC_SOURCES] = {"sources", "source", "id", sizeof(aivm_source), OFF(aivm_source, loc),
                     FIELDS(source_fields)},
    [SEC_FAMILIES] = {"families", "family", "id", sizeof(aivm_family), OFF(aivm_family, loc),
                      FIELDS(family_fields)},
    [SEC_SIZES] = {"sizes", "size", "name", sizeof(aivm_size), 0, NULL, 0},
    [SEC_IMAGES] = {"images", "image", "id", sizeof(aivm_image), OFF(aivm_image, loc),
                    FIELDS(image_fields)},
    [SEC_ORCHS] = {"orchestrators", "orchestrator", "id", sizeof(aivm_orchestrator),
                   OFF(aivm_orchestrator, loc), FIELDS(orch_fields)},
    [SEC_TOOLS] = {"container_tools", "container tool", "id", sizeof(aivm_container_tool),
                   OFF(aivm_container_tool, loc), FIELDS(tool_fields)},
};

/* Fill `obj` from entry `e` of section `sec`, described as `what`. Returns 0
 * or the loader's error. */
static int load_entry(aivm_catalog_loader *c, section sec, void *obj, const aivm_ynode *e,
                      const char *what)
{
    int rc;
    if (sec == SEC_SIZES)
        return aivm_catalog__load_size(c, obj, e, what);
    rc = aivm_fields_load(obj, e, sections[sec].fields, sections[sec].n_fields, &c->cat->arena,
                          what, c->err);
    if (rc == 0 && sec == SEC_IMAGES)
        rc = load_image_extra(c, obj, e, what);
    if (rc == 0 && sec != SEC_SOURCES)
        rc = check_source_list(c, e, what, sec == SEC_IMAGES);
    *(aivm_loc *)(void *)((char *)obj + sections[sec].loc_off) = e->loc;
    return rc;
}

/* Hand the `n` loaded entries `arr` of section `sec` to the catalog. */
static void store_section(aivm_catalog *cat, section sec, char *arr, size_t n)
{
    switch (sec) {
    case SEC_SOURCES:
        cat->sources = (aivm_source *)(void *)arr;
        cat->n_sources = n;
        break;
    case SEC_FAMILIES:
        cat->families = (aivm_family *)(void *)arr;
        cat->n_families = n;
        break;
    case SEC_SIZES:
        cat->sizes = (aivm_size *)(void *)arr;
        cat->n_sizes = n;
        break;
    case SEC_IMAGES:
        cat->images = (aivm_image *)(void *)arr;
        cat->n_images = n;
        break;
    case SEC_ORCHS:
        cat->orchestrators = (aivm_orchestrator *)(void *)arr;
        cat->n_orchestrators = n;
        break;
    case SEC_TOOLS:
        cat->tools = (aivm_container_tool *)(void *)arr;
        cat->n_tools = n;
        break;
    }
}

/* Load section `sec` of `root` (absent: nothing) into the catalog. */
static int load_section(aivm_catalog_loader *c, const aivm_ynode *root, section sec)
{
    const aivm_ynode *list = aivm_ymap_get(root, sections[sec].name);
    size_t elem = sections[sec].elem;
    char *arr;
    int rc;
    if (!list)
        return 0;
    rc = aivm_yexpect(list, AIVM_Y_SEQ, sections[sec].name, c->err);
    if (rc < 0)
        return rc;
    arr = aivm_arena_alloc(&c->cat->arena, (list->n ? list->n : 1) * elem);
    for (size_t i = 0; i < list->n; i++) {
        const aivm_ynode *e = list->kids[i];
        char what[300];
        describe(what, sizeof what, e, sections[sec].kind, sections[sec].idkey, sections[sec].name,
                 i);
        rc = load_entry(c, sec, arr + i * elem, e, what);
        if (rc < 0)
            return rc;
    }
    store_section(c->cat, sec, arr, list->n);
    return 0;
}

int aivm_catalog__load_entries(aivm_catalog *cat, const aivm_ynode *root, bool sizes,
                               aivm_error *err)
{
    aivm_catalog_loader c = {cat, err};
    return load_section(&c, root, sizes ? SEC_SIZES : SEC_SOURCES);
}

/* Ids must be unique within sources, families, images, orchestrators, tools. */
static int check_unique_ids(aivm_catalog_loader *c, const void *arr, size_t n, size_t elem,
                            size_t id_off, size_t loc_off, const char *kind)
{
    for (size_t i = 1; i < n; i++) {
        const char *a = *(const char *const *)(const void *)((const char *)arr + i * elem + id_off);
        for (size_t j = 0; j < i; j++) {
            const char *b =
                *(const char *const *)(const void *)((const char *)arr + j * elem + id_off);
            if (strcmp(a, b) == 0) {
                const aivm_loc *loc =
                    (const aivm_loc *)(const void *)((const char *)arr + i * elem + loc_off);
                return aivm_error_set(c->err, AIVM_EINVALID, loc, "duplicate %s id '%s'", kind, a);
            }
        }
    }
    return 0;
}

#define UNIQUE(c, arr, n, T, kind)                                                                 \
    check_unique_ids(c, arr, n, sizeof(T), offsetof(T, id), offsetof(T, loc), kind)

static int load_root(aivm_catalog_loader *c, const aivm_ynode *root, const char *name)
{
    static const char *const top[] = {
        "catalog",       "sources",    "families", "sizes",           "images",
        "orchestrators", "gpu_models", "regions",  "container_tools", NULL};
    static const char *const hdr_keys[] = {"version", "as_of", "description", NULL};
    const aivm_ynode *hdr, *v;
    aivm_loc start = {name, 1, 1};
    int rc;
    if (!root)
        return aivm_error_set(c->err, AIVM_EINVALID, &start, "empty catalog");
    rc = aivm_yexpect_root(root, AIVM_Y_MAP, "catalog document", c->err);
    if (rc == 0)
        rc = aivm_ycheck_keys(root, top, "the catalog's top level", c->err);
    if (rc == 0)
        rc = aivm_yrequire(&hdr, root, "catalog", "the catalog's top level", c->err);
    if (rc == 0)
        rc = aivm_yexpect(hdr, AIVM_Y_MAP, "key 'catalog'", c->err);
    if (rc == 0)
        rc = aivm_ycheck_keys(hdr, hdr_keys, "the catalog header", c->err);
    if (rc == 0)
        rc = aivm_yrequire(&v, hdr, "version", "the catalog header", c->err);
    if (rc == 0)
        rc = aivm_yget_str(&c->cat->version, v, "key 'version' in the catalog header", c->err);
    if (rc == 0)
        rc = aivm_yrequire(&v, hdr, "as_of", "the catalog header", c->err);
    if (rc == 0)
        rc = aivm_yget_date(&c->cat->as_of, v, "key 'as_of' in the catalog header", c->err);
    if (rc == 0 && (v = aivm_ymap_get(hdr, "description")) != NULL)
        rc = aivm_yget_str(&c->cat->description, v, "key 'description'", c->err);
    if (rc == 0 && !aivm_ymap_get(root, "sizes"))
        rc = aivm_error_set(c->err, AIVM_EINVALID, &root->loc,
                            "missing key 'sizes' in the catalog's top level");
    for (section s = SEC_SOURCES; rc == 0 && s <= SEC_TOOLS; s++)
        rc = load_section(c, root, s);
    if (rc == 0)
        rc = aivm_catalog__load_facts(c->cat, root, c->err);
    if (rc == 0)
        rc = UNIQUE(c, c->cat->sources, c->cat->n_sources, aivm_source, "source");
    if (rc == 0)
        rc = UNIQUE(c, c->cat->families, c->cat->n_families, aivm_family, "family");
    if (rc == 0)
        rc = UNIQUE(c, c->cat->images, c->cat->n_images, aivm_image, "image");
    if (rc == 0)
        rc = UNIQUE(c, c->cat->orchestrators, c->cat->n_orchestrators, aivm_orchestrator,
                    "orchestrator");
    if (rc == 0)
        rc = UNIQUE(c, c->cat->tools, c->cat->n_tools, aivm_container_tool, "container tool");
    if (rc == 0)
        rc = aivm_catalog__index(c->cat, c->err);
    return rc;
}

int aivm_catalog_load_mem(aivm_catalog **out, const char *buf, size_t len, const char *name,
                          aivm_error *err)
{
    aivm_catalog *cat = aivm_xcalloc(1, sizeof *cat);
    aivm_ynode *root = NULL;
    aivm_catalog_loader c;
    int rc;
    *out = NULL;
    c.cat = cat;
    c.err = err;
    rc = aivm_yaml_parse(&root, &cat->arena, buf, len, name, err);
    if (rc == 0)
        rc = load_root(&c, root, name);
    if (rc < 0) {
        aivm_catalog_free(cat);
        return rc;
    }
    *out = cat;
    return 0;
}

int aivm_catalog_load_file(aivm_catalog **out, const char *path, aivm_error *err)
{
    aivm_buf b = AIVM_BUF_INIT;
    int rc;
    *out = NULL;
    rc = aivm_buf_read_file(&b, path, 0, err);
    if (rc == 0)
        rc = aivm_catalog_load_mem(out, b.ptr, b.size, path, err);
    aivm_buf_dispose(&b);
    return rc;
}
