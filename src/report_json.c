/*
 * report_json.c - the JSON rendering of an advice (schema_version "1",
 * docs/json-output.md). Field names here are a contract with scripts: add
 * fields freely, never rename or remove one.
 */
#include <cjson/cJSON.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "aivm/extras.h"
#include "aivm/report.h"
#include "aivm_version.h"
#include "report_sizing.h"

static double round3(double v)
{
    double r = round(v * 1000) / 1000;
    return r == 0 ? 0 : r; /* no "-0" */
}

static cJSON *strlist(const aivm_strlist *l)
{
    cJSON *a = cJSON_CreateArray();
    for (size_t i = 0; i < l->n; i++)
        cJSON_AddItemToArray(a, cJSON_CreateString(l->items[i]));
    return a;
}

/* Fields of issue 5: the pricing model, its hourly price, when the price
 * was fetched, and every other model known (never 0 for unknown). */
static void price_cost_json(cJSON *o, const aivm_price *p)
{
    cJSON *alt = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "pricing", aivm_pricing_name(p->pricing));
    if (p->has_hourly)
        cJSON_AddNumberToObject(o, "hourly", p->hourly);
    else
        cJSON_AddNullToObject(o, "hourly");
    if (p->fetched_at)
        cJSON_AddStringToObject(o, "fetched_at", p->fetched_at);
    else
        cJSON_AddNullToObject(o, "fetched_at");
    for (unsigned i = 0; i < AIVM_PRICING_COUNT; i++)
        if (p->known[i])
            cJSON_AddNumberToObject(alt, aivm_pricing_name((aivm_pricing)i), p->alt[i]);
    cJSON_AddItemToObject(o, "alternatives", alt);
    if (p->ambiguous)
        cJSON_AddBoolToObject(o, "ambiguous", true);
}

static cJSON *deployment_json(const aivm_candidate *c)
{
    cJSON *o = cJSON_CreateObject();
    unsigned n = c->instances ? c->instances : 1;
    cJSON_AddNumberToObject(o, "instances", n);
    cJSON_AddStringToObject(o, "currency", c->price.currency ? c->price.currency : "USD");
    cJSON_AddStringToObject(o, "pricing", aivm_pricing_name(c->price.pricing));
    if (c->price.has_hourly) {
        cJSON_AddNumberToObject(o, "hourly", round3(c->price.hourly * n));
        cJSON_AddNumberToObject(o, "monthly", round3(c->price.hourly * n * 730.0));
    } else {
        cJSON_AddNullToObject(o, "hourly");
        cJSON_AddNullToObject(o, "monthly");
    }
    cJSON_AddNumberToObject(o, "hours_per_month", 730);
    return o;
}

static cJSON *price_json(const aivm_price *p)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "source", aivm_price_source_name(p->source));
    cJSON_AddStringToObject(o, "currency", p->currency ? p->currency : "USD");
    cJSON_AddStringToObject(o, "region", p->region ? p->region : "");
    cJSON_AddStringToObject(o, "os", aivm_os_name(p->os));
    if (p->has_on_demand)
        cJSON_AddNumberToObject(o, "on_demand_hourly", p->on_demand);
    else
        cJSON_AddNullToObject(o, "on_demand_hourly");
    if (p->has_spot)
        cJSON_AddNumberToObject(o, "spot_hourly", p->spot);
    else
        cJSON_AddNullToObject(o, "spot_hourly");
    if (p->as_of)
        cJSON_AddStringToObject(o, "as_of", p->as_of);
    else
        cJSON_AddNullToObject(o, "as_of");
    price_cost_json(o, p);
    return o;
}

static cJSON *gpu_json(const aivm_size *s)
{
    cJSON *g;
    if (!s->has_gpu)
        return cJSON_CreateNull();
    g = cJSON_CreateObject();
    cJSON_AddStringToObject(g, "vendor", s->gpu_vendor);
    cJSON_AddStringToObject(g, "model", s->gpu_model);
    cJSON_AddNumberToObject(g, "count", s->gpu_count);
    cJSON_AddNumberToObject(g, "memory_gb", s->gpu_memory_gb);
    cJSON_AddStringToObject(g, "interconnect", s->gpu_interconnect);
    return g;
}

static cJSON *reason_json(const aivm_reason *r)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "rule", aivm_rule_id(r->rule));
    cJSON_AddItemToObject(o, "guidance", strlist(aivm_rule_guidance(r->rule)));
    cJSON_AddStringToObject(o, "effect", aivm_effect_name(aivm_rule_effect(r->rule)));
    cJSON_AddNumberToObject(o, "score_delta", round3(r->delta));
    cJSON_AddStringToObject(o, "message", r->message);
    return o;
}

static cJSON *candidate_json(const aivm_candidate *c, const aivm_workload *wl)
{
    const aivm_size *s = c->size;
    cJSON *o = cJSON_CreateObject();
    cJSON *gens = cJSON_CreateArray();
    cJSON *reasons = cJSON_CreateArray();
    cJSON_AddNumberToObject(o, "rank", c->rank);
    cJSON_AddStringToObject(o, "sku", s->name);
    cJSON_AddStringToObject(o, "series", s->series);
    cJSON_AddStringToObject(o, "family", s->family);
    cJSON_AddStringToObject(o, "category", aivm_category_name(s->category));
    cJSON_AddNumberToObject(o, "vcpus", s->vcpus);
    cJSON_AddNumberToObject(o, "memory_gib", s->memory_gib);
    cJSON_AddItemToObject(o, "gpu", gpu_json(s));
    cJSON_AddBoolToObject(o, "infiniband", s->infiniband);
    if (s->infiniband_gbps > 0)
        cJSON_AddNumberToObject(o, "infiniband_gbps", s->infiniband_gbps);
    else
        cJSON_AddNullToObject(o, "infiniband_gbps");
    cJSON_AddStringToObject(o, "lifecycle",
                            aivm_lifecycle_name(aivm_size_lifecycle_on(s, wl->today)));
    if (s->lifecycle_date)
        cJSON_AddStringToObject(o, "lifecycle_date", s->lifecycle_date);
    else
        cJSON_AddNullToObject(o, "lifecycle_date");
    cJSON_AddNumberToObject(o, "generation_year", s->generation_year);
    for (unsigned g = 1; g <= 2; g++)
        if (s->hyperv_generations & (1u << g))
            cJSON_AddItemToArray(gens, cJSON_CreateNumber(g));
    cJSON_AddItemToObject(o, "hyperv_generations", gens);
    cJSON_AddNumberToObject(o, "score", round3(c->score));
    cJSON_AddItemToObject(o, "price", price_json(&c->price));
    cJSON_AddItemToObject(o, "deployment", deployment_json(c));
    for (size_t i = 0; i < c->n_reasons; i++)
        cJSON_AddItemToArray(reasons, reason_json(&c->reasons[i]));
    cJSON_AddItemToObject(o, "reasons", reasons);
    if (c->has_fit)
        aivm_report__fit_json(o, c);
    return o;
}

static cJSON *workload_json(const aivm_workload *wl)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "phase", aivm_phase_name(wl->phase));
    cJSON_AddStringToObject(o, "kind", aivm_kind_name(wl->kind));
    cJSON_AddStringToObject(o, "model_size", aivm_model_size_name(wl->model_size));
    cJSON_AddStringToObject(o, "region", wl->region);
    cJSON_AddStringToObject(o, "os", aivm_os_name(wl->os));
    cJSON_AddBoolToObject(o, "include_retired", wl->include_retired);
    cJSON_AddNumberToObject(o, "nodes", wl->nodes ? wl->nodes : 1);
    cJSON_AddStringToObject(o, "scheduler",
                            aivm_scheduler_name(wl->scheduler ? wl->scheduler : AIVM_SCHED_NONE));
    cJSON_AddBoolToObject(o, "managed", wl->managed);
    cJSON_AddBoolToObject(o, "containers", wl->containers);
    cJSON_AddBoolToObject(o, "spot", wl->spot);
    cJSON_AddBoolToObject(o, "checkpointing", wl->checkpointing);
    return o;
}

/* --- Beyond the size (aivm/extras.h, docs/advice.md) --------------------- */

static cJSON *extra_reasons_json(const aivm_reason *rs, size_t n)
{
    cJSON *a = cJSON_CreateArray();
    for (size_t i = 0; i < n; i++) {
        cJSON *o = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "rule", aivm_rule_id(rs[i].rule));
        cJSON_AddItemToObject(o, "guidance", strlist(aivm_rule_guidance(rs[i].rule)));
        cJSON_AddNumberToObject(o, "score_delta", round3(rs[i].delta));
        cJSON_AddStringToObject(o, "message", rs[i].message);
        cJSON_AddItemToArray(a, o);
    }
    return a;
}

static cJSON *image_json(const aivm_extras *ex)
{
    const aivm_image *img = ex->image.image;
    aivm_strlist none = {NULL, 0};
    char urn[512];
    cJSON *o;
    if (!img)
        return cJSON_CreateNull();
    o = cJSON_CreateObject();
    snprintf(urn, sizeof urn, "%s:%s:%s:%s", img->publisher, img->offer, img->sku, img->version);
    cJSON_AddStringToObject(o, "id", img->id);
    cJSON_AddStringToObject(o, "name", img->name);
    cJSON_AddStringToObject(o, "publisher", img->publisher);
    cJSON_AddStringToObject(o, "offer", img->offer);
    cJSON_AddStringToObject(o, "sku", img->sku);
    cJSON_AddStringToObject(o, "version", img->version);
    cJSON_AddStringToObject(o, "urn", urn);
    cJSON_AddItemToObject(o, "ships", strlist(&img->ships));
    cJSON_AddItemToObject(o, "gpu_stack",
                          strlist(ex->size && ex->size->has_gpu ? &img->gpu_stack : &none));
    cJSON_AddItemToObject(o, "reasons", extra_reasons_json(ex->image.reasons,
                                                           ex->image.n_reasons));
    return o;
}

static void add_extras_json(cJSON *root, const aivm_extras *ex)
{
    cJSON *orch = cJSON_CreateArray(), *cont = cJSON_CreateObject(), *tools = cJSON_CreateArray();
    cJSON *spot = cJSON_CreateObject();
    const char *advice = aivm_spot_advice_name(ex->spot);
    cJSON_AddItemToObject(root, "image", image_json(ex));
    for (size_t i = 0; i < ex->n_orchestrators; i++) {
        const aivm_orchestrator_choice *c = &ex->orchestrators[i];
        cJSON *o = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "id", c->orchestrator->id);
        cJSON_AddStringToObject(o, "name", c->orchestrator->name);
        cJSON_AddNumberToObject(o, "rank", c->rank);
        cJSON_AddNumberToObject(o, "score", round3(c->score));
        cJSON_AddItemToObject(o, "reasons", extra_reasons_json(c->reasons, c->n_reasons));
        cJSON_AddItemToObject(o, "checklist", strlist(&c->orchestrator->checklist));
        cJSON_AddItemToArray(orch, o);
    }
    cJSON_AddItemToObject(root, "orchestrators", orch);
    cJSON_AddBoolToObject(cont, "enabled", ex->containers);
    for (size_t i = 0; i < ex->n_tools; i++) {
        cJSON *t = cJSON_CreateObject();
        cJSON_AddStringToObject(t, "id", ex->tools[i].tool->id);
        cJSON_AddStringToObject(t, "name", ex->tools[i].tool->name);
        cJSON_AddItemToObject(t, "reasons",
                              extra_reasons_json(ex->tools[i].reasons, ex->tools[i].n_reasons));
        cJSON_AddItemToArray(tools, t);
    }
    cJSON_AddItemToObject(cont, "tools", tools);
    cJSON_AddItemToObject(cont, "reasons",
                          extra_reasons_json(ex->container_notes, ex->n_container_notes));
    cJSON_AddItemToObject(root, "containers", cont);
    cJSON_AddBoolToObject(spot, "requested", ex->spot_requested);
    if (advice)
        cJSON_AddStringToObject(spot, "advice", advice);
    else
        cJSON_AddNullToObject(spot, "advice");
    cJSON_AddItemToObject(spot, "reasons", extra_reasons_json(ex->spot_reasons, ex->n_spot_reasons));
    cJSON_AddItemToObject(root, "spot", spot);
}

int aivm_report_json(aivm_buf *out, const aivm_advice *adv, const aivm_render_opts *o,
                     aivm_error *err)
{
    cJSON *root = cJSON_CreateObject();
    cJSON *tool = cJSON_CreateObject(), *cat = cJSON_CreateObject();
    cJSON *recs = cJSON_CreateArray(), *rej = cJSON_CreateArray(), *warn = cJSON_CreateArray();
    char *text;
    int rc = 0;

    cJSON_AddStringToObject(root, "schema_version", AIVM_JSON_SCHEMA_VERSION);
    cJSON_AddStringToObject(tool, "name", "aivm-advise");
    cJSON_AddStringToObject(tool, "version",
                            o && o->tool_version ? o->tool_version : AIVM_VERSION_STRING);
    cJSON_AddItemToObject(root, "tool", tool);
    cJSON_AddStringToObject(cat, "version", aivm_catalog_version(adv->catalog));
    cJSON_AddStringToObject(cat, "as_of", aivm_catalog_as_of(adv->catalog));
    cJSON_AddItemToObject(root, "catalog", cat);
    cJSON_AddItemToObject(root, "workload", workload_json(adv->workload));
    if (adv->workload->sizing)
        cJSON_AddItemToObject(root, "sizing", aivm_report__sizing_json(adv->workload->sizing));
    for (size_t i = 0; i < adv->n_shown; i++)
        cJSON_AddItemToArray(recs, candidate_json(&adv->ranked[i], adv->workload));
    cJSON_AddItemToObject(root, "recommendations", recs);
    cJSON_AddNumberToObject(root, "candidates_ranked", (double)adv->n_ranked);
    for (size_t i = 0; i < adv->n_rejected; i++) {
        cJSON *r = cJSON_CreateObject();
        cJSON_AddStringToObject(r, "sku", adv->rejected[i].size->name);
        cJSON_AddStringToObject(r, "rule", aivm_rejection_id(&adv->rejected[i]));
        cJSON_AddItemToObject(r, "guidance", strlist(aivm_rejection_guidance(&adv->rejected[i])));
        cJSON_AddStringToObject(r, "message", adv->rejected[i].message);
        cJSON_AddItemToArray(rej, r);
    }
    cJSON_AddItemToObject(root, "rejected", rej);
    if (adv->extras)
        add_extras_json(root, adv->extras);
    for (size_t i = 0; i < adv->n_warnings; i++)
        cJSON_AddItemToArray(warn, cJSON_CreateString(adv->warnings[i]));
    cJSON_AddItemToObject(root, "warnings", warn);

    text = cJSON_Print(root);
    if (!text) {
        rc = aivm_error_set(err, AIVM_ERROR, NULL, "cannot render JSON");
    } else {
        rc = aivm_buf_puts(out, text);
        if (rc == 0)
            rc = aivm_buf_puts(out, "\n");
        if (rc < 0)
            aivm_error_set(err, rc, NULL, "JSON output too large");
        cJSON_free(text);
    }
    cJSON_Delete(root);
    return rc;
}
