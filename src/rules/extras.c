/*
 * extras.c - evaluating target rules (docs/advice.md). A target rule fires
 * when its `when` holds for the workload, its `if` for the chosen size and
 * its `orchestrator` list names the rank-1 orchestrator. Firing rules that
 * `select` an id add their weight to it: the image with the highest total
 * wins, orchestrators and container tools with a positive total are listed
 * best first (ties in catalog order), and the spot advice with the highest
 * total wins. Rules that select nothing are notes attached to the winner.
 */
#include "aivm/extras.h"

#include <stdlib.h>
#include <string.h>

#include "aivm/buf.h"
#include "aivm/util.h"
#include "rules_int.h"

typedef struct {
    double score;
    bool hit;
    aivm_reason *reasons;
    size_t n_reasons;
} tally;

typedef struct {
    const aivm_rules *rules;
    const aivm_workload *wl;
    const aivm_size *size;
    const char *orchestrator; /* rank-1 id, once chosen */
} ctx;

static bool fires(const ctx *c, const aivm_rule *r, aivm_target t)
{
    bool in = r->orchestrator.n == 0;
    if (!r->enabled || r->target != (int)t)
        return false;
    if (!aivm_rules__conds_hold(r->when, r->n_when, c->wl, NULL))
        return false;
    if (r->n_if && (!c->size || !aivm_rules__conds_hold(r->ifc, r->n_if, c->wl, c->size)))
        return false;
    for (size_t i = 0; !in && c->orchestrator && i < r->orchestrator.n; i++)
        in = strcmp(r->orchestrator.items[i], c->orchestrator) == 0;
    return in;
}

static void add_reason(aivm_reason **list, size_t *n, const ctx *c, const aivm_rule *r)
{
    aivm_buf b = AIVM_BUF_INIT;
    aivm_rule_render_message(&b, r, c->wl, c->size);
    *list = aivm_xrealloc(*list, (*n + 1) * sizeof **list);
    (*list)[*n].rule = r;
    (*list)[*n].message = aivm_buf_detach(&b);
    (*list)[*n].delta = r->select || r->spot_advice ? r->weight : 0;
    (*list)[*n].scaled = false;
    (*n)++;
}

static void free_reasons(aivm_reason *list, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(list[i].message);
    free(list);
}

/* Tally the firing select rules of target `t` over `n` ids; notes go to
 * `notes`. `id_at` maps an index to the catalog id. */
static void run(tally *tl, size_t n, const char *(*id_at)(const aivm_catalog *, size_t),
                const aivm_catalog *cat, const ctx *c, aivm_target t, aivm_reason **notes,
                size_t *n_notes)
{
    for (size_t i = 0; i < aivm_rules_count(c->rules); i++) {
        const aivm_rule *r = aivm_rules_at(c->rules, i);
        if (!fires(c, r, t))
            continue;
        if (!r->select && !r->spot_advice) {
            add_reason(notes, n_notes, c, r);
            continue;
        }
        for (size_t k = 0; k < n; k++) {
            bool match = r->spot_advice ? (size_t)r->spot_advice == k + 1
                                        : strcmp(id_at(cat, k), r->select) == 0;
            if (!match)
                continue;
            tl[k].score += r->weight;
            tl[k].hit = true;
            add_reason(&tl[k].reasons, &tl[k].n_reasons, c, r);
        }
    }
}

/* Indices of the tallies with a positive score, best first (stable). */
static size_t rank(size_t *order, const tally *tl, size_t n)
{
    size_t m = 0;
    for (size_t k = 0; k < n; k++) {
        size_t j;
        if (!tl[k].hit || !(tl[k].score > 0))
            continue;
        for (j = m; j > 0 && tl[order[j - 1]].score < tl[k].score; j--)
            order[j] = order[j - 1];
        order[j] = k;
        m++;
    }
    return m;
}

/* Move the reasons of `from` (then `extra`) into a new list. */
static void take(aivm_reason **out, size_t *n_out, tally *from, aivm_reason **extra,
                 size_t *n_extra)
{
    size_t n = from->n_reasons + (extra ? *n_extra : 0);
    *out = aivm_xcalloc(n ? n : 1, sizeof **out);
    memcpy(*out, from->reasons, from->n_reasons * sizeof **out);
    if (extra && *n_extra)
        memcpy(*out + from->n_reasons, *extra, *n_extra * sizeof **out);
    *n_out = n;
    free(from->reasons);
    from->reasons = NULL;
    from->n_reasons = 0;
    if (extra) {
        free(*extra);
        *extra = NULL;
        *n_extra = 0;
    }
}

static void dispose_tallies(tally *tl, size_t n)
{
    for (size_t k = 0; k < n; k++)
        free_reasons(tl[k].reasons, tl[k].n_reasons);
    free(tl);
}

static const char *image_id(const aivm_catalog *cat, size_t i)
{
    return aivm_catalog_image_at(cat, i)->id;
}

static const char *orchestrator_id(const aivm_catalog *cat, size_t i)
{
    return aivm_catalog_orchestrator_at(cat, i)->id;
}

static const char *tool_id(const aivm_catalog *cat, size_t i)
{
    return aivm_catalog_container_tool_at(cat, i)->id;
}

static const char *no_id(const aivm_catalog *cat, size_t i)
{
    (void)cat;
    (void)i;
    return "";
}

static void choose_orchestrators(aivm_extras *ex, const aivm_catalog *cat, ctx *c)
{
    size_t n = aivm_catalog_orchestrator_count(cat), m;
    tally *tl = aivm_xcalloc(n ? n : 1, sizeof *tl);
    size_t *order = aivm_xcalloc(n ? n : 1, sizeof *order);
    aivm_reason *notes = NULL;
    size_t n_notes = 0;
    run(tl, n, orchestrator_id, cat, c, AIVM_TARGET_ORCHESTRATOR, &notes, &n_notes);
    m = rank(order, tl, n);
    ex->orchestrators = aivm_xcalloc(m ? m : 1, sizeof *ex->orchestrators);
    for (size_t j = 0; j < m; j++) {
        aivm_orchestrator_choice *o = &ex->orchestrators[j];
        o->rank = (unsigned)j + 1;
        o->orchestrator = aivm_catalog_orchestrator_at(cat, order[j]);
        o->score = tl[order[j]].score;
        take(&o->reasons, &o->n_reasons, &tl[order[j]], j == 0 ? &notes : NULL, &n_notes);
    }
    ex->n_orchestrators = m;
    c->orchestrator = m ? ex->orchestrators[0].orchestrator->id : NULL;
    free_reasons(notes, n_notes);
    dispose_tallies(tl, n);
    free(order);
}

/* Whether `img` boots on `size`'s CPU architecture (an image or size that
 * names none is x86_64, the catalog's default; no size: any image). */
static bool same_arch(const aivm_image *img, const aivm_size *size)
{
    const char *ia = img->cpu_arch ? img->cpu_arch : "x86_64";
    const char *sa = size ? aivm_str(&size->cpu_arch) : NULL;
    return !sa || strcmp(ia, sa) == 0;
}

/* The image with the highest total among those of the size's architecture:
 * however the weights add up, an x86_64 image is never advised for an Arm64
 * size, nor the reverse (its votes and reasons are dropped). */
static void choose_image(aivm_extras *ex, const aivm_catalog *cat, const ctx *c)
{
    size_t n = aivm_catalog_image_count(cat);
    tally *tl = aivm_xcalloc(n ? n : 1, sizeof *tl);
    size_t *order = aivm_xcalloc(n ? n : 1, sizeof *order);
    aivm_reason *notes = NULL;
    size_t n_notes = 0;
    run(tl, n, image_id, cat, c, AIVM_TARGET_IMAGE, &notes, &n_notes);
    for (size_t k = 0; k < n; k++)
        if (!same_arch(aivm_catalog_image_at(cat, k), c->size))
            tl[k].hit = false;
    if (rank(order, tl, n) > 0) {
        ex->image.image = aivm_catalog_image_at(cat, order[0]);
        ex->image.score = tl[order[0]].score;
        take(&ex->image.reasons, &ex->image.n_reasons, &tl[order[0]], &notes, &n_notes);
    }
    free_reasons(notes, n_notes);
    dispose_tallies(tl, n);
    free(order);
}

static void choose_tools(aivm_extras *ex, const aivm_catalog *cat, const ctx *c)
{
    size_t n = aivm_catalog_container_tool_count(cat), m;
    tally *tl = aivm_xcalloc(n ? n : 1, sizeof *tl);
    size_t *order = aivm_xcalloc(n ? n : 1, sizeof *order);
    run(tl, n, tool_id, cat, c, AIVM_TARGET_CONTAINER_TOOL, &ex->container_notes,
        &ex->n_container_notes);
    m = rank(order, tl, n);
    ex->tools = aivm_xcalloc(m ? m : 1, sizeof *ex->tools);
    for (size_t j = 0; j < m; j++) {
        ex->tools[j].tool = aivm_catalog_container_tool_at(cat, order[j]);
        ex->tools[j].score = tl[order[j]].score;
        take(&ex->tools[j].reasons, &ex->tools[j].n_reasons, &tl[order[j]], NULL, NULL);
    }
    ex->n_tools = m;
    dispose_tallies(tl, n);
    free(order);
}

static void choose_spot(aivm_extras *ex, const aivm_catalog *cat, const ctx *c)
{
    tally tl[3];
    size_t order[3];
    aivm_reason *notes = NULL;
    size_t n_notes = 0;
    memset(tl, 0, sizeof tl);
    run(tl, 3, no_id, cat, c, AIVM_TARGET_SPOT, &notes, &n_notes);
    if (rank(order, tl, 3) > 0) {
        ex->spot = (aivm_spot_advice)(order[0] + 1);
        take(&ex->spot_reasons, &ex->n_spot_reasons, &tl[order[0]], &notes, &n_notes);
    }
    free_reasons(notes, n_notes);
    for (size_t k = 0; k < 3; k++)
        free_reasons(tl[k].reasons, tl[k].n_reasons);
}

int aivm_extras_eval(aivm_extras **out, const aivm_catalog *cat, const aivm_rules *rules,
                     const aivm_workload *wl, const aivm_size *size, aivm_error *err)
{
    aivm_extras *ex = aivm_xcalloc(1, sizeof *ex);
    ctx c = {rules, wl, size, NULL};
    (void)err;
    ex->size = size;
    ex->containers = wl->containers;
    ex->spot_requested = wl->spot;
    choose_orchestrators(ex, cat, &c);
    choose_image(ex, cat, &c);
    choose_tools(ex, cat, &c);
    choose_spot(ex, cat, &c);
    for (size_t i = 0; i < aivm_rules_count(rules); i++)
        if (fires(&c, aivm_rules_at(rules, i), AIVM_TARGET_NOTICE))
            add_reason(&ex->notices, &ex->n_notices, &c, aivm_rules_at(rules, i));
    *out = ex;
    return 0;
}

void aivm_extras_free(aivm_extras *ex)
{
    if (!ex)
        return;
    free_reasons(ex->image.reasons, ex->image.n_reasons);
    for (size_t i = 0; i < ex->n_orchestrators; i++)
        free_reasons(ex->orchestrators[i].reasons, ex->orchestrators[i].n_reasons);
    free(ex->orchestrators);
    for (size_t i = 0; i < ex->n_tools; i++)
        free_reasons(ex->tools[i].reasons, ex->tools[i].n_reasons);
    free(ex->tools);
    free_reasons(ex->container_notes, ex->n_container_notes);
    free_reasons(ex->spot_reasons, ex->n_spot_reasons);
    free_reasons(ex->notices, ex->n_notices);
    free(ex);
}
