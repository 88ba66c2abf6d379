/*
 * catalog_gen.c - writes a loaded catalog as C source: static arrays of
 * aivm_size, aivm_family, ... and an aivm_catalog that points at them. The
 * build runs this (src/tools/aivm_gen.c) over data/catalog.yaml, so the
 * shipped catalog is ready at start-up without a YAML parse.
 * Every field of the catalog records is written here: a field added to
 * include/aivm/catalog.h must be added below and to test_catalog_builtin.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aivm/buf.h"
#include "aivm/util.h"
#include "catalog/catalog_int.h"
#include "cgen.h"

typedef struct {
    aivm_buf *out;
    unsigned next; /* counter for helper array names */
} gen;

static void num(aivm_buf *b, double v)
{
    aivm_buf_printf(b, "%.17g", v);
}

/* Emit a string array; returns its id (for strlist initialisers). */
static unsigned strlist_decl(gen *g, const aivm_strlist *l)
{
    unsigned id = g->next++;
    if (!l->n)
        return id;
    aivm_buf_printf(g->out, "static const char *l%u[] = {", id);
    for (size_t i = 0; i < l->n; i++) {
        if (i)
            aivm_buf_puts(g->out, ", ");
        aivm_cgen_str(g->out, l->items[i]);
    }
    aivm_buf_puts(g->out, "};\n");
    return id;
}

static void strlist_init(aivm_buf *b, const aivm_strlist *l, unsigned id)
{
    if (l->n)
        aivm_buf_printf(b, "{l%u, %zu}", id, l->n);
    else
        aivm_buf_puts(b, "{NULL, 0}");
}

static void loc(aivm_buf *b, aivm_loc l)
{
    aivm_buf_printf(b, "{CATALOG_FILE, %u, %u}", l.line, l.col);
}

#define FIELD(name) aivm_buf_puts(b, ", ." name " = ")

/*
 * The sizes go into one read-only object, `image`: the records, their prices,
 * the items of their lists and a pool of their strings (each string once).
 * Records refer to strings and arrays by offsets from the referring field
 * (aivm_rstr, aivm_rlist), which offsetof() gives as constants: the image
 * holds no pointer, so a PIE binary does not relocate (write) it at start-up.
 */
#define POOL_CHUNK 4000 /* a string literal longer than 4095 bytes is not portable */

typedef struct {
    aivm_buf sizes, prices, items, pool;
    size_t n_prices, n_items;
    size_t n_chunks, chunk_len; /* pool members pool0..poolN; bytes in the last */
    size_t *chunk_lens;
    /* string -> pool offset, open addressing */
    const char **keys;
    size_t *offs, cap, used;
    const char *file_name; /* CATALOG_FILE */
} image;

static size_t hash_str(const char *s)
{
    size_t h = 1469598103934665603u;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211u;
    return h;
}

/* Start a new pool member when `len` more bytes would not fit the current one. */
static void pool_room(image *im, size_t len)
{
    if (im->n_chunks && im->chunk_len + len <= POOL_CHUNK)
        return;
    if (im->n_chunks) {
        im->chunk_lens[im->n_chunks - 1] = im->chunk_len;
        aivm_buf_puts(&im->pool, ",\n");
    }
    im->chunk_lens = aivm_xrealloc(im->chunk_lens, (im->n_chunks + 1) * sizeof *im->chunk_lens);
    aivm_buf_printf(&im->pool, ".pool%zu =\n", im->n_chunks++);
    im->chunk_len = 0;
}

/* Where `s` is in the pool: "poolN[k]" (added once). */
static size_t pool_add(image *im, const char *s)
{
    size_t h;
    if (im->used * 2 >= im->cap) {
        size_t ncap = im->cap ? im->cap * 2 : 1024;
        const char **nk = aivm_xcalloc(ncap, sizeof *nk);
        size_t *no = aivm_xcalloc(ncap, sizeof *no);
        for (size_t i = 0; i < im->cap; i++)
            if (im->keys[i]) {
                size_t j = hash_str(im->keys[i]) & (ncap - 1);
                while (nk[j])
                    j = (j + 1) & (ncap - 1);
                nk[j] = im->keys[i];
                no[j] = im->offs[i];
            }
        free(im->keys);
        free(im->offs);
        im->keys = nk;
        im->offs = no;
        im->cap = ncap;
    }
    h = hash_str(s) & (im->cap - 1);
    while (im->keys[h]) {
        if (strcmp(im->keys[h], s) == 0)
            return im->offs[h];
        h = (h + 1) & (im->cap - 1);
    }
    pool_room(im, strlen(s) + 1);
    im->keys[h] = s;
    im->offs[h] = (im->n_chunks - 1) * POOL_CHUNK + im->chunk_len; /* chunk and offset in one */
    im->used++;
    aivm_buf_puts(&im->pool, "    ");
    aivm_cgen_str(&im->pool, s);
    aivm_buf_puts(&im->pool, " \"\\0\"\n");
    im->chunk_len += strlen(s) + 1;
    return im->offs[h];
}

/* `{OFF(pool[k], array[i].member)}` for string `s` referred to from that
 * field (member NULL: the element itself), or {0} for NULL. */
static void rstr(image *im, aivm_buf *b, const char *s, const char *array, size_t i,
                 const char *member)
{
    if (!s) {
        aivm_buf_puts(b, "{0}");
        return;
    }
    size_t at = pool_add(im, s);
    aivm_buf_printf(b, "{OFF(pool%zu[%zu], %s[%zu]%s%s)}", at / POOL_CHUNK, at % POOL_CHUNK, array,
                    i, member ? "." : "", member ? member : "");
}

#define SFIELD(key, val) (aivm_buf_puts(b, ", ." key " = "), rstr(im, b, (val), "sizes", i, key))

static void rlist(image *im, aivm_buf *b, const aivm_rlist *l, const char *key, size_t i)
{
    size_t first = im->n_items;
    aivm_buf_printf(b, ", .%s = ", key);
    if (!l->n) {
        aivm_buf_puts(b, "{0, 0}");
        return;
    }
    for (size_t k = 0; k < l->n; k++) {
        aivm_buf_puts(&im->items, "    ");
        rstr(im, &im->items, aivm_rlist_at(l, k), "items", im->n_items, NULL);
        aivm_buf_puts(&im->items, ",\n");
        im->n_items++;
    }
    aivm_buf_printf(b, "{OFF(items[%zu], sizes[%zu].%s), %zu}", first, i, key, l->n);
}

static void write_size(image *im, const aivm_size *s, size_t i)
{
    aivm_buf *b = &im->sizes;
    const aivm_region_price *p = aivm_size_prices(s);
    size_t first_price = im->n_prices;
    for (size_t k = 0; k < s->n_prices; k++) {
        aivm_buf *pb = &im->prices;
        aivm_buf_puts(pb, "    {.region = ");
        rstr(im, pb, aivm_str(&p[k].region), "prices", im->n_prices, "region");
        aivm_buf_puts(pb, ", .on_demand = ");
        num(pb, p[k].on_demand);
        aivm_buf_puts(pb, ", .spot = ");
        num(pb, p[k].spot);
        aivm_buf_printf(pb, ", .has_spot = %s},\n", p[k].has_spot ? "true" : "false");
        im->n_prices++;
    }
    aivm_buf_puts(b, "    {.name = ");
    rstr(im, b, aivm_str(&s->name), "sizes", i, "name");
    SFIELD("series", aivm_str(&s->series));
    SFIELD("family", aivm_str(&s->family));
    aivm_buf_printf(b, ", .category = %d, .vcpus = %u", (int)s->category, s->vcpus);
    FIELD("memory_gib"), num(b, s->memory_gib);
    aivm_buf_printf(b, ", .has_gpu = %s", s->has_gpu ? "true" : "false");
    SFIELD("gpu_vendor", aivm_str(&s->gpu_vendor));
    SFIELD("gpu_model", aivm_str(&s->gpu_model));
    FIELD("gpu_count"), num(b, s->gpu_count);
    FIELD("gpu_memory_gb"), num(b, s->gpu_memory_gb);
    SFIELD("gpu_interconnect", aivm_str(&s->gpu_interconnect));
    SFIELD("gpu_interconnect_detail", aivm_str(&s->gpu_interconnect_detail));
    aivm_buf_printf(b, ", .infiniband = %s", s->infiniband ? "true" : "false");
    FIELD("infiniband_gbps"), num(b, s->infiniband_gbps);
    aivm_buf_printf(b,
                    ", .accelerated_networking = %s, .accelerated_networking_known = %s"
                    ", .hyperv_generations = %uu",
                    s->accelerated_networking ? "true" : "false",
                    s->accelerated_networking_known ? "true" : "false", s->hyperv_generations);
    SFIELD("cpu", aivm_str(&s->cpu));
    SFIELD("cpu_arch", aivm_str(&s->cpu_arch));
    aivm_buf_printf(b, ", .confidential = %s, .lifecycle = %d", s->confidential ? "true" : "false",
                    (int)s->lifecycle);
    SFIELD("lifecycle_date", aivm_str(&s->lifecycle_date));
    SFIELD("lifecycle_note", aivm_str(&s->lifecycle_note));
    aivm_buf_printf(b, ", .generation_year = %d", s->generation_year);
    rlist(im, b, &s->regions, "regions", i);
    rlist(im, b, &s->os, "os", i);
    aivm_buf_printf(b, ", .gpu_precisions = %uu, .unverified = %s", s->gpu_precisions,
                    s->unverified ? "true" : "false");
    aivm_buf_printf(b, ", .has_price = %s", s->has_price ? "true" : "false");
    SFIELD("price_currency", aivm_str(&s->price_currency));
    SFIELD("price_as_of", aivm_str(&s->price_as_of));
    SFIELD("price_source", aivm_str(&s->price_source));
    SFIELD("price_reference_region", aivm_str(&s->price_reference_region));
    if (s->n_prices)
        aivm_buf_printf(b,
                        ", .prices_off = OFF(prices[%zu], sizes[%zu].prices_off), .n_prices = %zu",
                        first_price, i, s->n_prices);
    rlist(im, b, &s->sources, "sources", i);
    rlist(im, b, &s->notes, "notes", i);
    aivm_buf_printf(b, ", .loc = {.file = ");
    rstr(im, b, aivm_str(&s->loc.file) ? im->file_name : NULL, "sizes", i, "loc.file");
    aivm_buf_printf(b, ", .line = %u, .col = %u}},\n", s->loc.line, s->loc.col);
}

/* The image type and its initialiser (see `image` above). */
static void write_size_image(aivm_buf *out, const aivm_catalog *cat, const char *file_name)
{
    image im;
    memset(&im, 0, sizeof im);
    im.file_name = file_name;
    for (size_t i = 0; i < cat->n_sizes; i++)
        write_size(&im, &cat->sizes[i], i);
    pool_room(&im, POOL_CHUNK + 1); /* closes the last member (or opens pool0 when empty) */
    if (!im.chunk_len)
        aivm_buf_puts(&im.pool, "    \"\"\n");
    im.chunk_lens[im.n_chunks - 1] = 1;
    aivm_buf_printf(out,
                    "typedef struct {\n    aivm_size sizes[%zu];\n    aivm_region_price "
                    "prices[%zu];\n    aivm_rstr items[%zu];\n",
                    cat->n_sizes ? cat->n_sizes : 1, im.n_prices ? im.n_prices : 1,
                    im.n_items ? im.n_items : 1);
    for (size_t k = 0; k < im.n_chunks; k++)
        aivm_buf_printf(out, "    char pool%zu[%zu];\n", k, im.chunk_lens[k]);
    aivm_buf_puts(out, "} image_t;\n\n#define OFF(to, from) \\\n    ((ptrdiff_t)offsetof(image_t, "
                       "to) - (ptrdiff_t)offsetof(image_t, from))\n\n"
                       "static const image_t image = {\n.sizes = {\n");
    aivm_buf_puts(out, im.sizes.ptr ? im.sizes.ptr : "    {.name = {0}}\n");
    aivm_buf_puts(out, "},\n.prices = {\n");
    aivm_buf_puts(out, im.prices.ptr ? im.prices.ptr : "    {.region = {0}}\n");
    aivm_buf_puts(out, "},\n.items = {\n");
    aivm_buf_puts(out, im.items.ptr ? im.items.ptr : "    {0}\n");
    aivm_buf_puts(out, "},\n");
    aivm_buf_puts(out, im.pool.ptr);
    aivm_buf_puts(out, "};\n\n");
    aivm_buf_dispose(&im.sizes);
    aivm_buf_dispose(&im.prices);
    aivm_buf_dispose(&im.items);
    aivm_buf_dispose(&im.pool);
    free(im.chunk_lens);
    free(im.keys);
    free(im.offs);
}

static void write_family(gen *g, const aivm_family *f, size_t i)
{
    aivm_buf *b = g->out;
    unsigned sources = strlist_decl(g, &f->sources);
    aivm_buf_printf(b, "#define FAMILY%zu {.id = ", i);
    aivm_cgen_str(b, f->id);
    FIELD("name"), aivm_cgen_str(b, f->name);
    aivm_buf_printf(b, ", .category = %d", (int)f->category);
    FIELD("description"), aivm_cgen_str(b, f->description);
    FIELD("sources"), strlist_init(b, &f->sources, sources);
    FIELD("as_of"), aivm_cgen_str(b, f->as_of);
    FIELD("loc"), loc(b, f->loc);
    aivm_buf_puts(b, "}\n");
}

static void write_source(gen *g, const aivm_source *s, size_t i)
{
    aivm_buf *b = g->out;
    aivm_buf_printf(b, "#define SOURCE%zu {.id = ", i);
    aivm_cgen_str(b, s->id);
    FIELD("title"), aivm_cgen_str(b, s->title);
    FIELD("url"), aivm_cgen_str(b, s->url);
    FIELD("date"), aivm_cgen_str(b, s->date);
    FIELD("loc"), loc(b, s->loc);
    aivm_buf_puts(b, "}\n");
}

static void write_image(gen *g, const aivm_image *m, size_t i)
{
    aivm_buf *b = g->out;
    unsigned l[6];
    l[0] = strlist_decl(g, &m->gpu_vendors);
    l[1] = strlist_decl(g, &m->ships);
    l[2] = strlist_decl(g, &m->gpu_stack);
    l[3] = strlist_decl(g, &m->supported_sizes);
    l[4] = strlist_decl(g, &m->notes);
    l[5] = strlist_decl(g, &m->sources);
    aivm_buf_printf(b, "#define IMAGE%zu {.id = ", i);
    aivm_cgen_str(b, m->id);
    FIELD("name"), aivm_cgen_str(b, m->name);
    FIELD("kind"), aivm_cgen_str(b, m->kind);
    FIELD("os"), aivm_cgen_str(b, m->os);
    FIELD("cpu_arch"), aivm_cgen_str(b, m->cpu_arch);
    FIELD("publisher"), aivm_cgen_str(b, m->publisher);
    FIELD("offer"), aivm_cgen_str(b, m->offer);
    FIELD("sku"), aivm_cgen_str(b, m->sku);
    FIELD("version"), aivm_cgen_str(b, m->version);
    aivm_buf_printf(b, ", .hyperv_generations = %uu", m->hyperv_generations);
    FIELD("gpu_vendors"), strlist_init(b, &m->gpu_vendors, l[0]);
    FIELD("ships"), strlist_init(b, &m->ships, l[1]);
    FIELD("gpu_stack"), strlist_init(b, &m->gpu_stack, l[2]);
    FIELD("supported_sizes"), strlist_init(b, &m->supported_sizes, l[3]);
    FIELD("notes"), strlist_init(b, &m->notes, l[4]);
    FIELD("sources"), strlist_init(b, &m->sources, l[5]);
    FIELD("as_of"), aivm_cgen_str(b, m->as_of);
    FIELD("loc"), loc(b, m->loc);
    aivm_buf_puts(b, "}\n");
}

static void write_orchestrator(gen *g, const aivm_orchestrator *o, size_t i)
{
    aivm_buf *b = g->out;
    unsigned l[5];
    l[0] = strlist_decl(g, &o->schedulers);
    l[1] = strlist_decl(g, &o->features);
    l[2] = strlist_decl(g, &o->checklist);
    l[3] = strlist_decl(g, &o->notes);
    l[4] = strlist_decl(g, &o->sources);
    aivm_buf_printf(b, "#define ORCH%zu {.id = ", i);
    aivm_cgen_str(b, o->id);
    FIELD("name"), aivm_cgen_str(b, o->name);
    FIELD("summary"), aivm_cgen_str(b, o->summary);
    FIELD("schedulers"), strlist_init(b, &o->schedulers, l[0]);
    FIELD("features"), strlist_init(b, &o->features, l[1]);
    FIELD("checklist"), strlist_init(b, &o->checklist, l[2]);
    FIELD("notes"), strlist_init(b, &o->notes, l[3]);
    FIELD("sources"), strlist_init(b, &o->sources, l[4]);
    FIELD("as_of"), aivm_cgen_str(b, o->as_of);
    FIELD("loc"), loc(b, o->loc);
    aivm_buf_puts(b, "}\n");
}

static void write_tool(gen *g, const aivm_container_tool *t, size_t i)
{
    aivm_buf *b = g->out;
    unsigned l[3];
    l[0] = strlist_decl(g, &t->gpu_vendors);
    l[1] = strlist_decl(g, &t->notes);
    l[2] = strlist_decl(g, &t->sources);
    aivm_buf_printf(b, "#define TOOL%zu {.id = ", i);
    aivm_cgen_str(b, t->id);
    FIELD("name"), aivm_cgen_str(b, t->name);
    FIELD("summary"), aivm_cgen_str(b, t->summary);
    FIELD("gpu_vendors"), strlist_init(b, &t->gpu_vendors, l[0]);
    FIELD("notes"), strlist_init(b, &t->notes, l[1]);
    FIELD("sources"), strlist_init(b, &t->sources, l[2]);
    FIELD("as_of"), aivm_cgen_str(b, t->as_of);
    FIELD("loc"), loc(b, t->loc);
    aivm_buf_puts(b, "}\n");
}

static void write_gpu_model(gen *g, const aivm_gpu_model *m, size_t i)
{
    aivm_buf *b = g->out;
    unsigned l[3];
    l[0] = strlist_decl(g, &m->sources);
    l[1] = strlist_decl(g, &m->notes);
    l[2] = strlist_decl(g, &m->series);
    aivm_buf_printf(b, "#define GPU%zu {.model = ", i);
    aivm_cgen_str(b, m->model);
    FIELD("vendor"), aivm_cgen_str(b, m->vendor);
    FIELD("architecture"), aivm_cgen_str(b, m->architecture);
    FIELD("memory_gb"), num(b, m->memory_gb);
    aivm_buf_printf(b, ", .precisions = %uu, .tflops = {", m->precisions);
    for (unsigned d = 0; d < AIVM_DTYPE_COUNT; d++) {
        if (d)
            aivm_buf_puts(b, ", ");
        num(b, m->tflops[d]);
    }
    aivm_buf_puts(b, "}");
    FIELD("memory_bandwidth_gbs"), num(b, m->memory_bandwidth_gbs);
    FIELD("interconnect_gbs"), num(b, m->interconnect_gbs);
    FIELD("sources"), strlist_init(b, &m->sources, l[0]);
    FIELD("notes"), strlist_init(b, &m->notes, l[1]);
    FIELD("as_of"), aivm_cgen_str(b, m->as_of);
    FIELD("loc"), loc(b, m->loc);
    FIELD("variant_of"), aivm_cgen_str(b, m->variant_of);
    FIELD("series"), strlist_init(b, &m->series, l[2]);
    aivm_buf_puts(b, "}\n");
}

static void write_region(gen *g, const aivm_region *r, size_t i)
{
    aivm_buf *b = g->out;
    aivm_buf_printf(b, "#define REGION%zu {.name = ", i);
    aivm_cgen_str(b, r->name);
    FIELD("display"), aivm_cgen_str(b, r->display);
    FIELD("geography"), aivm_cgen_str(b, r->geography);
    FIELD("loc"), loc(b, r->loc);
    aivm_buf_puts(b, "}\n");
}

/* `static T name[] = {MACRO0, MACRO1, ...};` (or a one-element dummy when empty). */
static void array(aivm_buf *b, const char *type, const char *name, const char *macro, size_t n)
{
    aivm_buf_printf(b, "static %s %s[%zu] = {", type, name, n ? n : 1);
    for (size_t i = 0; i < n; i++)
        aivm_buf_printf(b, "%s%s%zu", i ? ", " : "", macro, i);
    aivm_buf_puts(b, n ? "};\n" : "{0}};\n");
}

int aivm_catalog_write_c(aivm_buf *out, const aivm_catalog *cat, const char *file_name)
{
    gen g = {out, 0};
    aivm_buf_puts(
        out, "/* Generated by aivm-gen from the catalog YAML: do not edit. */\n"
             "#include <stdbool.h>\n#include <stddef.h>\n\n#include \"catalog/catalog_int.h\"\n\n"
             "#define CATALOG_FILE ");
    aivm_cgen_str(out, file_name);
    aivm_buf_puts(out, "\n\n");
    for (size_t i = 0; i < cat->n_sources; i++)
        write_source(&g, &cat->sources[i], i);
    for (size_t i = 0; i < cat->n_families; i++)
        write_family(&g, &cat->families[i], i);
    for (size_t i = 0; i < cat->n_images; i++)
        write_image(&g, &cat->images[i], i);
    for (size_t i = 0; i < cat->n_orchestrators; i++)
        write_orchestrator(&g, &cat->orchestrators[i], i);
    for (size_t i = 0; i < cat->n_tools; i++)
        write_tool(&g, &cat->tools[i], i);
    for (size_t i = 0; i < cat->n_gpu_models; i++)
        write_gpu_model(&g, &cat->gpu_models[i], i);
    for (size_t i = 0; i < cat->n_regions; i++)
        write_region(&g, &cat->regions[i], i);
    array(out, "aivm_source", "sources", "SOURCE", cat->n_sources);
    array(out, "aivm_family", "families", "FAMILY", cat->n_families);
    write_size_image(out, cat, file_name);
    array(out, "aivm_image", "images", "IMAGE", cat->n_images);
    array(out, "aivm_orchestrator", "orchestrators", "ORCH", cat->n_orchestrators);
    array(out, "aivm_container_tool", "tools", "TOOL", cat->n_tools);
    array(out, "aivm_gpu_model", "gpu_models", "GPU", cat->n_gpu_models);
    array(out, "aivm_region", "regions", "REGION", cat->n_regions);
    aivm_buf_printf(out, "static const unsigned by_name[%zu] = {", cat->n_sizes ? cat->n_sizes : 1);
    for (size_t i = 0; i < cat->n_sizes; i++)
        aivm_buf_printf(out, "%s%u", i ? ", " : "", cat->by_name[i]);
    aivm_buf_puts(out, cat->n_sizes ? "};\n\n" : "0};\n\n");
    aivm_buf_printf(out, "static const unsigned name_order[%zu] = {",
                    cat->n_sizes ? cat->n_sizes : 1);
    for (size_t i = 0; i < cat->n_sizes; i++)
        aivm_buf_printf(out, "%s%u", i ? ", " : "", cat->name_order[i]);
    aivm_buf_puts(out, cat->n_sizes ? "};\n\n" : "0};\n\n");
    aivm_buf_puts(out, "static aivm_catalog builtin = {.arena = {NULL}, .version = ");
    aivm_cgen_str(out, cat->version);
    aivm_buf_puts(out, ", .as_of = ");
    aivm_cgen_str(out, cat->as_of);
    aivm_buf_puts(out, ", .description = ");
    aivm_cgen_str(out, cat->description);
    aivm_buf_printf(
        out,
        ",\n    .sources = sources, .n_sources = %zu, .families = families, "
        ".n_families = %zu,\n    .sizes = image.sizes, .n_sizes = %zu, .by_name = by_name, "
        ".name_order = name_order, .images = images, .n_images = %zu,\n    "
        ".orchestrators = orchestrators, "
        ".n_orchestrators = %zu, .tools = tools, .n_tools = %zu,\n"
        "    .gpu_models = gpu_models, .n_gpu_models = %zu, .regions = regions, "
        ".n_regions = %zu,\n    .is_static = true",
        cat->n_sources, cat->n_families, cat->n_sizes, cat->n_images, cat->n_orchestrators,
        cat->n_tools, cat->n_gpu_models, cat->n_regions);
    aivm_buf_puts(out, ", .regions_source = ");
    aivm_cgen_str(out, cat->regions_source);
    aivm_buf_puts(out, ", .regions_as_of = ");
    aivm_cgen_str(out, cat->regions_as_of);
    aivm_buf_puts(out, "};\n\n");
    return aivm_buf_puts(out, "aivm_catalog *aivm_catalog_builtin(void)\n{\n"
                              "    return &builtin;\n}\n");
}
