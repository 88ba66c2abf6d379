/*
 * catalog_gen.c - writes a loaded catalog as C source: static arrays of
 * aivm_size, aivm_family, ... and an aivm_catalog that points at them. The
 * build runs this (src/tools/aivm_gen.c) over data/catalog.yaml, so the
 * shipped catalog is ready at start-up without a YAML parse (issue 7).
 * Every field of the catalog records is written here: a field added to
 * include/aivm/catalog.h must be added below and to test_catalog_builtin.c.
 */
#include <stdio.h>
#include <string.h>

#include "aivm/buf.h"
#include "catalog_int.h"
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

static void write_size(gen *g, const aivm_size *s, size_t i)
{
    aivm_buf *b = g->out;
    unsigned regions = strlist_decl(g, &s->regions);
    unsigned sources = strlist_decl(g, &s->sources);
    unsigned notes = strlist_decl(g, &s->notes);
    if (s->n_prices) {
        aivm_buf_printf(b, "static const aivm_region_price p%zu[] = {", i);
        for (size_t k = 0; k < s->n_prices; k++) {
            aivm_buf_puts(b, k ? ", {" : "{");
            aivm_cgen_str(b, s->prices[k].region);
            aivm_buf_puts(b, ", ");
            num(b, s->prices[k].on_demand);
            aivm_buf_puts(b, ", ");
            num(b, s->prices[k].spot);
            aivm_buf_printf(b, ", %s}", s->prices[k].has_spot ? "true" : "false");
        }
        aivm_buf_puts(b, "};\n");
    }
    aivm_buf_printf(b, "#define SIZE%zu {.name = ", i);
    aivm_cgen_str(b, s->name);
    FIELD("series"), aivm_cgen_str(b, s->series);
    FIELD("family"), aivm_cgen_str(b, s->family);
    aivm_buf_printf(b, ", .category = %d, .vcpus = %u", (int)s->category, s->vcpus);
    FIELD("memory_gib"), num(b, s->memory_gib);
    aivm_buf_printf(b, ", .has_gpu = %s", s->has_gpu ? "true" : "false");
    FIELD("gpu_vendor"), aivm_cgen_str(b, s->gpu_vendor);
    FIELD("gpu_model"), aivm_cgen_str(b, s->gpu_model);
    FIELD("gpu_count"), num(b, s->gpu_count);
    FIELD("gpu_memory_gb"), num(b, s->gpu_memory_gb);
    FIELD("gpu_interconnect"), aivm_cgen_str(b, s->gpu_interconnect);
    FIELD("gpu_interconnect_detail"), aivm_cgen_str(b, s->gpu_interconnect_detail);
    aivm_buf_printf(b, ", .infiniband = %s", s->infiniband ? "true" : "false");
    FIELD("infiniband_gbps"), num(b, s->infiniband_gbps);
    aivm_buf_printf(b, ", .accelerated_networking = %s, .hyperv_generations = %uu",
                    s->accelerated_networking ? "true" : "false", s->hyperv_generations);
    FIELD("cpu"), aivm_cgen_str(b, s->cpu);
    FIELD("cpu_arch"), aivm_cgen_str(b, s->cpu_arch);
    aivm_buf_printf(b, ", .confidential = %s, .lifecycle = %d", s->confidential ? "true" : "false",
                    (int)s->lifecycle);
    FIELD("lifecycle_date"), aivm_cgen_str(b, s->lifecycle_date);
    FIELD("lifecycle_note"), aivm_cgen_str(b, s->lifecycle_note);
    aivm_buf_printf(b, ", .generation_year = %d", s->generation_year);
    FIELD("regions"), strlist_init(b, &s->regions, regions);
    aivm_buf_printf(b, ", .has_price = %s", s->has_price ? "true" : "false");
    FIELD("price_currency"), aivm_cgen_str(b, s->price_currency);
    FIELD("price_as_of"), aivm_cgen_str(b, s->price_as_of);
    FIELD("price_source"), aivm_cgen_str(b, s->price_source);
    FIELD("price_reference_region"), aivm_cgen_str(b, s->price_reference_region);
    if (s->n_prices)
        aivm_buf_printf(b, ", .prices = p%zu, .n_prices = %zu", i, s->n_prices);
    FIELD("sources"), strlist_init(b, &s->sources, sources);
    FIELD("notes"), strlist_init(b, &s->notes, notes);
    FIELD("loc"), loc(b, s->loc);
    aivm_buf_puts(b, "}\n");
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
    aivm_buf_puts(out, "/* Generated by aivm-gen from the catalog YAML: do not edit. */\n"
                       "#include <stdbool.h>\n#include <stddef.h>\n\n#include \"catalog_int.h\"\n\n"
                       "#define CATALOG_FILE ");
    aivm_cgen_str(out, file_name);
    aivm_buf_puts(out, "\n\n");
    for (size_t i = 0; i < cat->n_sources; i++)
        write_source(&g, &cat->sources[i], i);
    for (size_t i = 0; i < cat->n_families; i++)
        write_family(&g, &cat->families[i], i);
    for (size_t i = 0; i < cat->n_sizes; i++)
        write_size(&g, &cat->sizes[i], i);
    for (size_t i = 0; i < cat->n_images; i++)
        write_image(&g, &cat->images[i], i);
    for (size_t i = 0; i < cat->n_orchestrators; i++)
        write_orchestrator(&g, &cat->orchestrators[i], i);
    for (size_t i = 0; i < cat->n_tools; i++)
        write_tool(&g, &cat->tools[i], i);
    array(out, "aivm_source", "sources", "SOURCE", cat->n_sources);
    array(out, "aivm_family", "families", "FAMILY", cat->n_families);
    array(out, "aivm_size", "sizes", "SIZE", cat->n_sizes);
    array(out, "aivm_image", "images", "IMAGE", cat->n_images);
    array(out, "aivm_orchestrator", "orchestrators", "ORCH", cat->n_orchestrators);
    array(out, "aivm_container_tool", "tools", "TOOL", cat->n_tools);
    aivm_buf_printf(out, "static const aivm_size *by_name[%zu] = {",
                    cat->n_sizes ? cat->n_sizes : 1);
    for (size_t i = 0; i < cat->n_sizes; i++)
        aivm_buf_printf(out, "%s&sizes[%zu]", i ? ", " : "",
                        (size_t)(cat->by_name[i] - cat->sizes));
    aivm_buf_puts(out, cat->n_sizes ? "};\n\n" : "NULL};\n\n");
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
    aivm_buf_printf(out,
                    ",\n    .sources = sources, .n_sources = %zu, .families = families, "
                    ".n_families = %zu,\n    .sizes = sizes, .n_sizes = %zu, .by_name = by_name, "
                    ".name_order = name_order, .images = images, .n_images = %zu,\n    "
                    ".orchestrators = orchestrators, "
                    ".n_orchestrators = %zu, .tools = tools, .n_tools = %zu,\n"
                    "    .is_static = true};\n\n",
                    cat->n_sources, cat->n_families, cat->n_sizes, cat->n_images,
                    cat->n_orchestrators, cat->n_tools);
    return aivm_buf_puts(out, "aivm_catalog *aivm_catalog_builtin(void)\n{\n"
                              "    return &builtin;\n}\n");
}
