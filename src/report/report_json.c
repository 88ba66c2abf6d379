/*
 * report_json.c - the JSON rendering of an advice (schema_version "1",
 * docs/json-output.md). Field names here are a contract with scripts: add
 * fields freely, never rename or remove one. Written through jsonw.c (a
 * cJSON tree printed by cJSON_Print).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "aivm/extras.h"
#include "aivm/prices.h"
#include "aivm/report.h"
#include "aivm_version.h"
#include "report_avail.h"
#include "report_int.h"
#include "report_sizing.h"
#include "report_work.h"
#include "util/jsonw.h"
#include "util/mathutil.h"

/* Price fields: the pricing model, its hourly price, when the price
 * was fetched, and every other model known (never 0 for unknown). */
static void price_cost_json(aivm_jw *w, const aivm_price *p)
{
    aivm_jw_str(w, "pricing", aivm_pricing_name(p->pricing));
    if (p->has_hourly)
        aivm_jw_num(w, "hourly", p->hourly);
    else
        aivm_jw_null(w, "hourly");
    aivm_jw_str(w, "fetched_at", p->fetched_at);
    aivm_jw_object(w, "alternatives");
    for (unsigned i = 0; i < AIVM_PRICING_COUNT; i++)
        if (p->known[i])
            aivm_jw_num(w, aivm_pricing_name((aivm_pricing)i), p->alt[i]);
    aivm_jw_end(w);
    if (p->ambiguous)
        aivm_jw_bool(w, "ambiguous", true);
}

static void deployment_json(aivm_jw *w, const aivm_candidate *c)
{
    const aivm_deployment *d = &c->deploy;
    aivm_jw_object(w, "deployment");
    aivm_jw_num(w, "instances", d->vms);
    aivm_jw_str(w, "currency", d->currency);
    aivm_jw_str(w, "pricing", aivm_pricing_name(d->pricing));
    aivm_jw_opt_num(w, "hourly", d->has_hourly, aivm_round_to(d->hourly, 3));
    aivm_jw_opt_num(w, "monthly", d->has_hourly, aivm_round_to(d->monthly, 3));
    aivm_jw_num(w, "hours_per_month", AIVM_HOURS_PER_MONTH);
    aivm_jw_str(w, "precision", d->precision ? aivm_precision_name(d->precision) : NULL);
    aivm_jw_opt_num(w, "replicas", d->replicas > 0, d->replicas);
    aivm_jw_opt_num(w, "job_cost", d->has_job_cost, aivm_round_to(d->job_cost, 2));
    aivm_jw_opt_num(w, "cost_per_million_output_tokens",
                    d->has_per_mtok && c->work.phase == AIVM_PHASE_INFERENCE,
                    aivm_round_to(d->per_mtok, 4));
    if (c->has_work && c->work.requests) /* only where the target is in requests */
        aivm_jw_opt_num(w, "cost_per_million_requests", d->has_per_million_requests,
                        aivm_round_to(d->per_million_requests, 4));
    aivm_jw_end(w);
}

static void price_json(aivm_jw *w, const aivm_candidate *c)
{
    const aivm_price *p = &c->price;
    aivm_jw_object(w, "price");
    aivm_jw_str(w, "source", aivm_price_source_name(p->source));
    aivm_jw_str(w, "currency", p->currency ? p->currency : "USD");
    aivm_jw_str(w, "region", p->region ? p->region : "");
    aivm_jw_str(w, "os", aivm_os_name(p->os));
    aivm_jw_opt_num(w, "on_demand_hourly", p->has_on_demand, p->on_demand);
    aivm_jw_opt_num(w, "spot_hourly", p->has_spot, p->spot);
    aivm_jw_str(w, "as_of", p->as_of);
    price_cost_json(w, p);
    if (c->has_fit)
        aivm_report__fit_price_json(w, c);
    aivm_jw_end(w);
}

void aivm_report__warnings_json(aivm_jw *w, const aivm_warnings *ws)
{
    aivm_jw_array(w, "warnings");
    for (size_t i = 0; i < ws->n; i++)
        aivm_jw_str(w, NULL, ws->text[i]);
    aivm_jw_end(w);
    aivm_jw_array(w, "warning_ids"); /* beside each warning, its stable id */
    for (size_t i = 0; i < ws->n; i++)
        aivm_jw_str(w, NULL, ws->ids[i]);
    aivm_jw_end(w);
}

void aivm_report__gpu_fields(aivm_jw *w, const aivm_size *s)
{
    aivm_jw_str(w, "vendor", aivm_str(&s->gpu_vendor));
    aivm_jw_str(w, "model", aivm_str(&s->gpu_model));
    aivm_jw_num(w, "count", s->gpu_count);
    aivm_jw_num(w, "memory_gb", s->gpu_memory_gb);
    aivm_jw_str(w, "interconnect", aivm_str(&s->gpu_interconnect));
    aivm_jw_array(w, "precisions"); /* native formats; [] when the catalog has no facts */
    for (unsigned d = 0; d < AIVM_DTYPE_COUNT; d++)
        if (s->gpu_precisions & (1u << d))
            aivm_jw_str(w, NULL, aivm_dtype_name((aivm_dtype)d));
    aivm_jw_end(w);
}

void aivm_report__gpu_json(aivm_jw *w, const aivm_size *s)
{
    if (!s->has_gpu) {
        aivm_jw_null(w, "gpu");
        return;
    }
    aivm_jw_object(w, "gpu");
    aivm_report__gpu_fields(w, s);
    aivm_jw_end(w);
}

/* A reason: {rule, guidance, [effect,] score_delta, [effect_pct,] message}. */
static void reason_json(aivm_jw *w, const aivm_reason *r, bool effect)
{
    aivm_jw_object(w, NULL);
    aivm_jw_str(w, "rule", aivm_rule_id(r->rule));
    aivm_jw_strlist(w, "guidance", aivm_rule_guidance(r->rule));
    if (effect)
        aivm_jw_str(w, "effect", aivm_effect_name(aivm_rule_effect(r->rule)));
    aivm_jw_num(w, "score_delta", aivm_round_to(r->delta, 3));
    if (effect)
        aivm_jw_num(w, "effect_pct", aivm_round_to(r->effect_pct, 3));
    aivm_jw_str(w, "message", r->message);
    aivm_jw_end(w);
}

static const char *const objective_names[] = {"guidance", "cost", "sort"};

/* How the candidate was ranked (docs/ranking.md): the decomposition. */
static void ranking_json(aivm_jw *w, const aivm_candidate *c)
{
    const aivm_ranking *r = &c->ranking;
    aivm_jw_object(w, "ranking");
    aivm_jw_str(w, "objective", objective_names[r->objective]);
    aivm_jw_num(w, "tier", r->tier);
    aivm_jw_str(w, "tier_id", r->tier_id);
    aivm_jw_opt_num(w, "deployment_hourly", r->has_cost, aivm_round_to(r->deployment_hourly, 3));
    aivm_jw_str(w, "cost_basis",
                !r->has_cost                 ? NULL
                : r->cost_is_linux_reference ? "linux-reference"
                                             : "price");
    aivm_jw_num(w, "preference_pct", aivm_round_to(r->preference_pct, 3));
    aivm_jw_opt_num(w, "adjusted_hourly", r->has_cost, aivm_round_to(r->adjusted_hourly, 3));
    if (c->has_work)
        aivm_report__work_ranking_json(w, c);
    aivm_jw_str(w, "reason", r->reason);
    aivm_jw_end(w);
}

static void candidate_json(aivm_jw *w, const aivm_candidate *c, const aivm_workload *wl)
{
    const aivm_size *s = c->size;
    aivm_jw_object(w, NULL);
    aivm_jw_num(w, "rank", c->rank);
    aivm_jw_str(w, "sku", aivm_str(&s->name));
    aivm_jw_str(w, "series", aivm_str(&s->series));
    aivm_jw_str(w, "family", aivm_str(&s->family));
    aivm_jw_str(w, "category", aivm_category_name(s->category));
    aivm_jw_num(w, "vcpus", s->vcpus);
    aivm_jw_num(w, "memory_gib", s->memory_gib);
    aivm_report__gpu_json(w, s);
    aivm_jw_bool(w, "infiniband", s->infiniband);
    aivm_jw_opt_num(w, "infiniband_gbps", s->infiniband_gbps > 0, s->infiniband_gbps);
    aivm_jw_str(w, "lifecycle", aivm_lifecycle_name(aivm_size_lifecycle_on(s, wl->today)));
    aivm_jw_str(w, "lifecycle_date", aivm_str(&s->lifecycle_date));
    aivm_jw_num(w, "generation_year", s->generation_year);
    aivm_jw_array(w, "hyperv_generations");
    for (unsigned g = 1; g <= 2; g++)
        if (s->hyperv_generations & (1u << g))
            aivm_jw_num(w, NULL, g);
    aivm_jw_end(w);
    aivm_jw_num(w, "score", aivm_round_to(c->score, 3));
    price_json(w, c);
    deployment_json(w, c);
    ranking_json(w, c);
    aivm_report__avail_json(w, c); /* only when availability was judged */
    aivm_jw_array(w, "reasons");
    for (size_t i = 0; i < c->n_reasons; i++)
        reason_json(w, &c->reasons[i], true);
    aivm_jw_end(w);
    if (c->has_fit)
        aivm_report__fit_json(w, c);
    if (wl->sizing)
        aivm_report__work_candidate_json(w, c, wl);
    aivm_jw_end(w);
}

static void workload_json(aivm_jw *w, const aivm_workload *wl)
{
    aivm_jw_object(w, "workload");
    aivm_jw_str(w, "phase", aivm_phase_name(wl->phase));
    aivm_jw_str(w, "kind", aivm_kind_name(wl->kind));
    aivm_jw_str(w, "model_size", aivm_model_size_name(wl->model_size));
    aivm_jw_str(w, "region", wl->region);
    aivm_jw_str(w, "os", aivm_os_name(wl->os));
    aivm_jw_bool(w, "include_retired", wl->include_retired);
    aivm_jw_num(w, "nodes", wl->nodes ? wl->nodes : 1);
    aivm_jw_str(w, "scheduler",
                aivm_scheduler_name(wl->scheduler ? wl->scheduler : AIVM_SCHED_NONE));
    aivm_jw_bool(w, "managed", wl->managed);
    aivm_jw_bool(w, "containers", wl->containers);
    aivm_jw_bool(w, "spot", wl->spot);
    aivm_jw_bool(w, "checkpointing", wl->checkpointing);
    aivm_jw_end(w);
}

/* --- Beyond the size (aivm/extras.h, docs/advice.md) --------------------- */

static void extra_reasons_json(aivm_jw *w, const char *key, const aivm_reason *rs, size_t n)
{
    aivm_jw_array(w, key);
    for (size_t i = 0; i < n; i++)
        reason_json(w, &rs[i], false);
    aivm_jw_end(w);
}

static void image_json(aivm_jw *w, const aivm_extras *ex)
{
    const aivm_image *img = ex->image.image;
    aivm_strlist none = {NULL, 0};
    char urn[512];
    if (!img) {
        aivm_jw_null(w, "image");
        return;
    }
    snprintf(urn, sizeof urn, "%s:%s:%s:%s", img->publisher, img->offer, img->sku, img->version);
    aivm_jw_object(w, "image");
    aivm_jw_str(w, "id", img->id);
    aivm_jw_str(w, "name", img->name);
    aivm_jw_str(w, "publisher", img->publisher);
    aivm_jw_str(w, "offer", img->offer);
    aivm_jw_str(w, "sku", img->sku);
    aivm_jw_str(w, "version", img->version);
    aivm_jw_str(w, "urn", urn);
    aivm_jw_str(w, "cpu_arch", img->cpu_arch ? img->cpu_arch : "x86_64");
    aivm_jw_strlist(w, "ships", &img->ships);
    aivm_jw_strlist(w, "gpu_stack", ex->size && ex->size->has_gpu ? &img->gpu_stack : &none);
    extra_reasons_json(w, "reasons", ex->image.reasons, ex->image.n_reasons);
    aivm_jw_end(w);
}

static void extras_json(aivm_jw *w, const aivm_extras *ex)
{
    const char *advice = aivm_spot_advice_name(ex->spot);
    image_json(w, ex);
    aivm_jw_array(w, "orchestrators");
    for (size_t i = 0; i < ex->n_orchestrators; i++) {
        const aivm_orchestrator_choice *c = &ex->orchestrators[i];
        aivm_jw_object(w, NULL);
        aivm_jw_str(w, "id", c->orchestrator->id);
        aivm_jw_str(w, "name", c->orchestrator->name);
        aivm_jw_num(w, "rank", c->rank);
        aivm_jw_num(w, "score", aivm_round_to(c->score, 3));
        extra_reasons_json(w, "reasons", c->reasons, c->n_reasons);
        aivm_jw_strlist(w, "checklist", &c->orchestrator->checklist);
        aivm_jw_end(w);
    }
    aivm_jw_end(w);
    aivm_jw_object(w, "containers");
    aivm_jw_bool(w, "enabled", ex->containers);
    aivm_jw_array(w, "tools");
    for (size_t i = 0; i < ex->n_tools; i++) {
        aivm_jw_object(w, NULL);
        aivm_jw_str(w, "id", ex->tools[i].tool->id);
        aivm_jw_str(w, "name", ex->tools[i].tool->name);
        extra_reasons_json(w, "reasons", ex->tools[i].reasons, ex->tools[i].n_reasons);
        aivm_jw_end(w);
    }
    aivm_jw_end(w);
    extra_reasons_json(w, "reasons", ex->container_notes, ex->n_container_notes);
    aivm_jw_end(w);
    aivm_jw_object(w, "spot");
    aivm_jw_bool(w, "requested", ex->spot_requested);
    aivm_jw_str(w, "advice", advice);
    extra_reasons_json(w, "reasons", ex->spot_reasons, ex->n_spot_reasons);
    aivm_jw_end(w);
}

int aivm_report_json(aivm_buf *out, const aivm_advice *adv, const aivm_render_opts *o,
                     aivm_error *err)
{
    aivm_jw w;
    aivm_jw_init(&w, out);
    aivm_jw_object(&w, NULL);
    aivm_jw_str(&w, "schema_version", AIVM_JSON_SCHEMA_VERSION);
    aivm_jw_object(&w, "tool");
    aivm_jw_str(&w, "name", "aivm-advise");
    aivm_jw_str(&w, "version", o && o->tool_version ? o->tool_version : AIVM_VERSION_STRING);
    aivm_jw_end(&w);
    aivm_report__catalog_json(&w, adv->catalog);
    workload_json(&w, adv->workload);
    aivm_report__avail_regions_json(&w, adv); /* --regions only */
    if (adv->workload->sizing)
        aivm_report__sizing_json(&w, adv->workload->sizing);
    if (adv->workload->sizing)
        aivm_report__work_json(&w, adv);
    aivm_jw_array(&w, "recommendations");
    for (size_t i = 0; i < adv->n_shown; i++)
        candidate_json(&w, &adv->ranked[i], adv->workload);
    aivm_jw_end(&w);
    aivm_jw_num(&w, "candidates_ranked", (double)adv->n_ranked);
    aivm_jw_array(&w, "rejected");
    for (size_t i = 0; i < adv->n_rejected; i++) {
        aivm_jw_object(&w, NULL);
        aivm_jw_str(&w, "sku", aivm_str(&adv->rejected[i].size->name));
        aivm_jw_str(&w, "rule", aivm_rejection_id(&adv->rejected[i]));
        aivm_jw_strlist(&w, "guidance", aivm_rejection_guidance(&adv->rejected[i]));
        aivm_jw_str(&w, "message", adv->rejected[i].message);
        aivm_jw_end(&w);
    }
    aivm_jw_end(&w);
    if (adv->extras) {
        extras_json(&w, adv->extras);
    } else { /* no size fits: no image or orchestrator advice for nothing */
        aivm_jw_null(&w, "image");
        aivm_jw_array(&w, "orchestrators");
        aivm_jw_end(&w);
        aivm_jw_null(&w, "containers");
        aivm_jw_null(&w, "spot");
    }
    aivm_report__warnings_json(&w, &adv->warnings);
    aivm_jw_end(&w);
    aivm_buf_puts(out, "\n");
    if (out->overflow) /* any append of the stream, not only the last one */
        return aivm_error_set(err, AIVM_ELIMIT, NULL, "JSON output too large");
    return 0;
}
