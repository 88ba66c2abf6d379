/*
 * report_json.c - the JSON rendering of an advice (schema_version "1",
 * docs/json-output.md). Field names here are a contract with scripts: add
 * fields freely, never rename or remove one.
 */
#include <cjson/cJSON.h>
#include <math.h>
#include <string.h>

#include "aivm/report.h"
#include "aivm_version.h"
#include "report_int.h"

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

static const char *price_source_name(aivm_price_source s)
{
    switch (s) {
    case AIVM_PRICE_CATALOG:
        return "catalog";
    case AIVM_PRICE_LIVE:
        return "live";
    case AIVM_PRICE_CACHE:
        return "cache";
    default:
        return "none";
    }
}

static cJSON *price_json(const aivm_price *p)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "source", price_source_name(p->source));
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
    return o;
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
        cJSON_AddStringToObject(r, "rule", aivm_rule_id(adv->rejected[i].rule));
        cJSON_AddItemToObject(r, "guidance", strlist(aivm_rule_guidance(adv->rejected[i].rule)));
        cJSON_AddStringToObject(r, "message", adv->rejected[i].message);
        cJSON_AddItemToArray(rej, r);
    }
    cJSON_AddItemToObject(root, "rejected", rej);
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
