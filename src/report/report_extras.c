/*
 * report_extras.c - the human rendering of the advice beyond the size
 * (aivm/extras.h): the image with its URN and what it ships, the ranked
 * orchestrators with their reasons (and the manual checklist), the
 * container tooling, the spot advice, and the notices (pricing pointer,
 * PaaS framing) that appear only here, never in JSON. Lines are wrapped
 * to the width the CLI passes.
 */
#include <string.h>

#include "aivm/extras.h"
#include "report_int.h"

#define VIS(s) aivm_report__vis(s)

#define BOLD(o) aivm_report__sgr((o)->color, AIVM_SGR_BOLD)
#define RESET(o) aivm_report__sgr((o)->color, AIVM_SGR_RESET)

static void put_reason(aivm_buf *out, const aivm_reason *r, unsigned indent,
                       const aivm_render_opts *o, unsigned width)
{
    const aivm_strlist *g = aivm_rule_guidance(r->rule);
    aivm_buf line = AIVM_BUF_INIT;
    aivm_buf_printf(&line, "%s [", VIS(r->message));
    if (o->explain)
        aivm_buf_printf(&line, "%s%s", aivm_rule_id(r->rule), g->n ? ": " : "");
    for (size_t i = 0; i < g->n; i++)
        aivm_buf_printf(&line, "%s%s", i ? "," : "", g->items[i]);
    aivm_buf_puts(&line, "]");
    aivm_buf_printf(out, "%*s- ", (int)indent, "");
    aivm_report__wrap(out, line.ptr, indent + 2, width);
    aivm_buf_dispose(&line);
}

/* At most `max` items: the JSON report has them all. */
static void put_list(aivm_buf *out, const char *label, const aivm_strlist *l, size_t max,
                     unsigned width)
{
    aivm_buf line = AIVM_BUF_INIT;
    if (l->n == 0)
        return;
    for (size_t i = 0; i < l->n && i < max; i++)
        aivm_buf_printf(&line, "%s%s", i ? ", " : "", l->items[i]);
    if (l->n > max)
        aivm_buf_printf(&line, " and %zu more", l->n - max);
    aivm_buf_printf(out, "  %-10s ", label);
    aivm_report__wrap(out, line.ptr, 13, width);
    aivm_buf_dispose(&line);
}

static void image_section(aivm_buf *out, const aivm_extras *ex, const aivm_render_opts *o,
                          unsigned width)
{
    const aivm_image *img = ex->image.image;
    if (!img) {
        aivm_buf_printf(out,
                        "\n%sImage:%s none chosen (no image rule applies, or the catalog "
                        "lists no images)\n",
                        BOLD(o), RESET(o));
        return;
    }
    aivm_buf_printf(out, "\n%sImage:%s %s\n", BOLD(o), RESET(o), VIS(img->name));
    aivm_buf_printf(out, "  %-10s %s:%s:%s:%s\n", "URN", img->publisher, img->offer, img->sku,
                    img->version);
    put_list(out, "Ships", &img->ships, 12, width);
    if (ex->size && ex->size->has_gpu)
        put_list(out, "GPU stack", &img->gpu_stack, 12, width);
    for (size_t i = 0; i < ex->image.n_reasons; i++)
        put_reason(out, &ex->image.reasons[i], 2, o, width);
}

static void orchestration_section(aivm_buf *out, const aivm_extras *ex, const aivm_render_opts *o,
                                  unsigned width)
{
    aivm_buf_printf(out, "\n%sOrchestration:%s%s\n", BOLD(o), RESET(o),
                    ex->n_orchestrators ? ""
                                        : " none chosen (no orchestrator rule applies, or the "
                                          "catalog lists no orchestrators)");
    for (size_t i = 0; i < ex->n_orchestrators; i++) {
        const aivm_orchestrator_choice *c = &ex->orchestrators[i];
        const aivm_strlist *cl = &c->orchestrator->checklist;
        aivm_buf_printf(out, "  %u. %s\n", c->rank, VIS(c->orchestrator->name));
        for (size_t j = 0; j < c->n_reasons; j++)
            put_reason(out, &c->reasons[j], 5, o, width);
        if (cl->n)
            aivm_buf_puts(out, "     Checklist:\n");
        for (size_t j = 0; j < cl->n; j++) {
            aivm_buf_puts(out, "     [ ] ");
            aivm_report__wrap(out, cl->items[j], 9, width);
        }
    }
}

static void containers_section(aivm_buf *out, const aivm_extras *ex, const aivm_render_opts *o,
                               unsigned width)
{
    if (!ex->containers && ex->n_tools == 0 && ex->n_container_notes == 0) {
        aivm_buf_printf(out, "\n%sContainers:%s not requested (--containers)\n", BOLD(o), RESET(o));
        return;
    }
    aivm_buf_printf(out, "\n%sContainers:%s\n", BOLD(o), RESET(o));
    for (size_t i = 0; i < ex->n_tools; i++) {
        aivm_buf_printf(out, "  %s\n", VIS(ex->tools[i].tool->name));
        for (size_t j = 0; j < ex->tools[i].n_reasons; j++)
            put_reason(out, &ex->tools[i].reasons[j], 4, o, width);
    }
    for (size_t i = 0; i < ex->n_container_notes; i++)
        put_reason(out, &ex->container_notes[i], 2, o, width);
}

static void spot_section(aivm_buf *out, const aivm_extras *ex, const aivm_render_opts *o,
                         unsigned width)
{
    const char *advice = aivm_spot_advice_name(ex->spot);
    if (!ex->spot_requested && !advice) {
        aivm_buf_printf(out, "\n%sSpot:%s not requested (--spot)\n", BOLD(o), RESET(o));
        return;
    }
    aivm_buf_printf(out, "\n%sSpot:%s %s\n", BOLD(o), RESET(o),
                    advice ? advice : "no spot rule applies");
    for (size_t i = 0; i < ex->n_spot_reasons; i++)
        put_reason(out, &ex->spot_reasons[i], 2, o, width);
}

void aivm_report__extras_table(aivm_buf *out, const aivm_advice *adv, const aivm_render_opts *o)
{
    const aivm_extras *ex = adv->extras;
    unsigned width = o->width ? o->width : 100;
    if (!ex)
        return;
    image_section(out, ex, o, width);
    orchestration_section(out, ex, o, width);
    containers_section(out, ex, o, width);
    spot_section(out, ex, o, width);
    if (ex->n_notices)
        aivm_buf_puts(out, "\n");
    for (size_t i = 0; i < ex->n_notices; i++) {
        aivm_buf_puts(out, "Note: ");
        aivm_report__wrap(out, VIS(ex->notices[i].message), 6, width);
    }
}
