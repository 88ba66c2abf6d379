/*
 * advise_work.c - the deployment and the cost of the work (docs/ranking.md,
 * docs/throughput.md): each candidate's time estimate (aivm/throughput.h),
 * its one number of VMs (training scaled out to finish within --max-days;
 * serving as many units as the target needs, never fewer than memory
 * needs), and the one evaluator of a deployment's figures,
 * aivm_deployment_eval(): hourly cost, job cost, the cost per million
 * output tokens at the target and at full load. The ranking, the renderers
 * and check read those figures; none computes its own.
 */
#include <math.h>
#include <string.h>

#include "advise_int.h"
#include "aivm/buf.h"
#include "aivm/prices.h"

/* Training longer than --max-days on the VMs memory needs: data parallelism
 * over more VMs (InfiniBand only: NCCL across VMs over Ethernet is what the
 * guidance rules out, G11) shortens it in proportion at the same cost of the
 * work, up to --max-nodes. A pinned --nodes or --gpus is the user's deployment. */
static void finish_in_time(aivm_candidate *c, const aivm_workload *wl, const aivm_gpu_model *g)
{
    const aivm_sizing *sz = wl->sizing;
    double limit_h = aivm_work_max_days(wl) * 24;
    aivm_work_estimate *e = &c->work;
    e->max_days = limit_h / 24;
    if (!(limit_h > 0) || !e->known || e->wall_hours <= limit_h)
        return;
    if (c->size->infiniband && !(wl->set & AIVM_WL_NODES) && !sz->gpus && c->fit.vms >= 1) {
        double want = ceil(c->fit.vms * e->wall_hours / limit_h - 1e-9);
        unsigned vms = want > sz->max_nodes ? sz->max_nodes : (unsigned)want;
        if (vms > c->fit.vms) {
            aivm_fit f;
            aivm_fit_on(&f, sz, c->size, vms);
            if (f.fits) {
                c->fit = f;
                c->deploy.vms = vms;
                aivm_work_estimate_for(e, wl, &c->fit, c->size, g);
                e->max_days = limit_h / 24;
                e->scaled_out = true;
            }
        }
    }
    e->over_max_days = e->wall_hours > limit_h * (1 + 1e-9);
}

void aivm_advise__work(aivm_advice *adv)
{
    const aivm_workload *wl = adv->workload;
    if (!wl->sizing || !aivm_work_wanted(wl))
        return;
    for (size_t i = 0; i < adv->n_ranked; i++) {
        aivm_candidate *c = &adv->ranked[i];
        const aivm_size *s = c->size;
        const aivm_gpu_model *g = aivm_catalog_size_gpu(adv->catalog, s);
        c->has_work = true;
        aivm_work_estimate_for(&c->work, wl, &c->fit, s, g);
        if (wl->phase == AIVM_PHASE_TRAIN)
            finish_in_time(c, wl, g);
    }
}

/* Serving: as many units (one VM of replicas, or the VMs of one replica) as
 * the target needs, and never fewer VMs than memory (the concurrency) or
 * --nodes asks for. The estimate then speaks of that deployment. */
static void serving_vms(aivm_candidate *c)
{
    aivm_work_estimate *e = &c->work;
    unsigned unit = e->unit_vms ? e->unit_vms : 1;
    unsigned base = c->deploy.vms ? c->deploy.vms : 1;
    unsigned units = e->units ? e->units : 1;
    if ((base + unit - 1) / unit > units)
        units = (base + unit - 1) / unit;
    e->units = units;
    e->vms = units * unit;
    e->replicas = units * e->unit_replicas;
    c->deploy.vms = e->vms;
}

static char *over_latency(aivm_advice *adv, aivm_candidate *c, const char **id, const void *ctx)
{
    const aivm_work_input *in = &adv->workload->work;
    const aivm_work_estimate *e = &c->work;
    aivm_buf b = AIVM_BUF_INIT;
    bool tpot;
    (void)ctx;
    if (!c->has_work || !e->known || !e->latency_infeasible)
        return NULL;
    tpot = (in->set & (1u << AIVM_WK_MAX_TPOT_MS)) && e->tpot_s * 1e3 > in->max_tpot_ms;
    *id = tpot ? "max-tpot-ms" : "max-ttft-ms";
    if (tpot)
        aivm_buf_printf(&b,
                        "cannot meet --max-tpot-ms %g: %.1f ms per output token at batch 1 "
                        "(tensor parallel %u%s)",
                        in->max_tpot_ms, e->tpot_s * 1e3, e->tensor_parallel,
                        e->pipeline_parallel > 1 ? ", pipelined across VMs" : "");
    else
        aivm_buf_printf(&b,
                        "cannot meet --max-ttft-ms %g: %.0f ms to the first token at batch 1 "
                        "(tensor parallel %u)",
                        in->max_ttft_ms, e->ttft_s * 1e3, e->tensor_parallel);
    return aivm_buf_detach(&b);
}

void aivm_advise__latency(aivm_advice *adv)
{
    aivm_advise__filter(adv, over_latency, NULL);
}

void aivm_advise__deploy_vms(aivm_advice *adv)
{
    for (size_t i = 0; i < adv->n_ranked; i++) {
        aivm_candidate *c = &adv->ranked[i];
        if (c->has_work && c->work.known && c->work.phase == AIVM_PHASE_INFERENCE)
            serving_vms(c);
        if (!c->deploy.vms)
            c->deploy.vms = 1;
    }
}

void aivm_advise__deploy_costs(aivm_advice *adv)
{
    const aivm_sizing *sz = adv->workload->sizing;
    for (size_t i = 0; i < adv->n_ranked; i++) {
        aivm_candidate *c = &adv->ranked[i];
        aivm_deployment_eval(&c->deploy, c->deploy.vms, &c->price, c->has_work ? &c->work : NULL,
                             sz ? aivm_sizing_runs_as(sz, c->size) : AIVM_PREC_UNSET);
    }
}

void aivm_deployment_eval(aivm_deployment *out, unsigned vms, const aivm_price *p,
                          const aivm_work_estimate *e, aivm_precision precision)
{
    aivm_deployment *d = out;
    bool serving = e && e->known && e->phase == AIVM_PHASE_INFERENCE;
    memset(d, 0, sizeof *d);
    d->vms = vms ? vms : 1;
    d->precision = precision;
    d->currency = p && p->currency ? p->currency : "USD";
    d->pricing = p ? p->pricing : AIVM_PRICING_ON_DEMAND;
    if (serving) {
        unsigned unit = e->unit_vms ? e->unit_vms : 1;
        d->replicas = (d->vms / unit) * e->unit_replicas;
        d->capacity_tokens_per_second = (d->vms / unit) * e->unit_tokens_per_second;
        d->capacity_requests_per_second = (d->vms / unit) * e->unit_requests_per_second;
        d->vms_for_target = e->vms;
        d->short_of_target =
            e->requests
                ? d->capacity_requests_per_second < e->target_requests_per_second * (1 - 1e-9)
                : d->capacity_tokens_per_second < e->target_tokens_per_second * (1 - 1e-9);
    }
    if (e && e->known && e->phase == AIVM_PHASE_TRAIN && e->max_days > 0 &&
        e->wall_hours > e->max_days * 24 * (1 + 1e-9)) {
        d->over_max_days = true; /* data parallelism shortens it in proportion (G11) */
        double need = ceil(d->vms * e->wall_hours / (e->max_days * 24) - 1e-9);
        d->vms_for_max_days = need < 1e6 ? (unsigned)need : 1000000u;
    }
    if (!p)
        return;
    d->has_hourly = p->has_hourly;
    d->hourly = p->has_hourly ? p->hourly * d->vms : 0;
    d->monthly = d->hourly * AIVM_HOURS_PER_MONTH;
    d->has_on_demand_hourly = p->has_on_demand;
    d->on_demand_hourly = p->has_on_demand ? p->on_demand * d->vms : 0;
    d->has_spot_hourly = p->has_spot;
    d->spot_hourly = p->has_spot ? p->spot * d->vms : 0;
    if (!e || !e->known || !d->has_hourly)
        return;
    if (e->phase == AIVM_PHASE_TRAIN) {
        d->has_job_cost = true;
        d->job_cost = d->hourly * e->wall_hours;
        d->has_per_mtok = e->tokens > 0;
        d->per_mtok = e->tokens > 0 ? d->job_cost / e->tokens * 1e6 : 0;
        return;
    }
    if (e->target_requests_per_second > 0) {
        d->has_per_million_requests = true;
        d->per_million_requests = d->hourly / (e->target_requests_per_second * 3600) * 1e6;
    }
    if (e->target_tokens_per_second > 0) {
        d->has_per_mtok = true;
        d->per_mtok = d->hourly / (e->target_tokens_per_second * 3600) * 1e6;
    }
    if (d->capacity_tokens_per_second > 0) {
        d->has_per_mtok_at_capacity = true;
        d->per_mtok_at_capacity = d->hourly / (d->capacity_tokens_per_second * 3600) * 1e6;
    }
}

bool aivm_advise__work_key(const aivm_candidate *c, aivm_sort sort, double *key)
{
    const aivm_work_estimate *e = &c->work;
    const aivm_deployment *d = &c->deploy;
    if (!c->has_work || !e->known)
        return false;
    switch (sort) {
    case AIVM_SORT_TIME:
        *key = e->phase == AIVM_PHASE_TRAIN ? e->wall_hours
               : e->requests                ? e->ttft_s
               : e->tokens_per_second_per_replica > 0
                   ? e->batch * e->output_tokens / e->tokens_per_second_per_replica
                   : 0;
        return true;
    case AIVM_SORT_LATENCY: /* serving: time per output token; ties by time to first token */
        *key = e->phase == AIVM_PHASE_INFERENCE ? e->tpot_s + e->ttft_s * 1e-6 : 0;
        return e->phase == AIVM_PHASE_INFERENCE;
    case AIVM_SORT_JOB_COST: /* training: the job; serving: an hour of meeting the target */
        *key = e->phase == AIVM_PHASE_TRAIN ? d->job_cost : d->hourly;
        return e->phase == AIVM_PHASE_TRAIN ? d->has_job_cost : d->has_hourly;
    default:
        *key = e->requests ? d->per_million_requests : d->per_mtok;
        return e->requests ? d->has_per_million_requests : d->has_per_mtok;
    }
}

void aivm_advise__work_explain(aivm_buf *b, const aivm_candidate *c)
{
    const aivm_work_estimate *e = &c->work;
    const aivm_deployment *d = &c->deploy;
    if (e->phase == AIVM_PHASE_TRAIN) {
        aivm_buf_printf(b, " x %.1f hours = %.0f %s for the job", e->wall_hours, d->job_cost,
                        d->currency);
        return;
    }
    if (e->requests) {
        aivm_buf_printf(b,
                        "; %u VM%s serve%s %.0f requests/s (target %g): %.3f %s per million "
                        "requests",
                        d->vms, d->vms == 1 ? "" : "s", d->vms == 1 ? "s" : "",
                        d->capacity_requests_per_second, e->target_requests_per_second,
                        d->per_million_requests, d->currency);
        return;
    }
    aivm_buf_printf(b,
                    "; %u VM%s serve%s %.0f tokens/s (target %g): %.3f %s per million output "
                    "tokens",
                    d->vms, d->vms == 1 ? "" : "s", d->vms == 1 ? "s" : "",
                    d->capacity_tokens_per_second, e->target_tokens_per_second, d->per_mtok,
                    d->currency);
}

/* The context was the typical default (no request lengths given) below the
 * preset's maximum: say so when one replica of the pick could not hold even one
 * sequence of that maximum, since the context then decides the answer
 * (docs/sizing.md, "Serving context"). Lengths the user gave are not a default. */
static void context_note(aivm_advice *adv)
{
    const aivm_sizing *sz = adv->workload->sizing;
    const aivm_candidate *c = adv->n_ranked ? &adv->ranked[0] : NULL;
    aivm_sizing at_max;
    aivm_fit f;
    if (!c || !sz || sz->phase != AIVM_PHASE_INFERENCE || sz->context_max <= sz->context ||
        sz->context_basis != AIVM_CTX_TYPICAL)
        return;
    at_max = *sz;
    at_max.context = sz->context_max;
    at_max.concurrency = 1;
    aivm_sizing_memory(&at_max.mem, &at_max);
    aivm_fit_on(&f, &at_max, c->size, c->fit.replica_vms ? c->fit.replica_vms : 1);
    if (f.fits)
        return;
    aivm_advise__warn(adv, "context-default",
                      "sized for %u-token sequences (a typical served context, as no "
                      "--prompt-tokens/--output-tokens): one replica of the pick (%u x %s) would "
                      "not hold one sequence of the model's maximum context, %u tokens (%.1f GiB "
                      "of KV cache); --context max sizes for that, --context N for another length",
                      sz->context, c->fit.replica_vms ? c->fit.replica_vms : 1,
                      aivm_str(&c->size->name), sz->context_max, at_max.mem.kv_cache);
}

/* Common interactive bounds for generative serving: MLPerf Inference's server
 * scenario for Llama 2 70B (loadgen/mlperf.conf: ttft_latency 2000 ms,
 * tpot_latency 200 ms). Without --max-ttft-ms / --max-tpot-ms nothing filters on
 * latency, so the #1 is said to exceed them when it does (docs/throughput.md,
 * "Latency"). */
#define INTERACTIVE_TTFT_MS 2000.0
#define INTERACTIVE_TPOT_MS 200.0

static void latency_note(aivm_advice *adv)
{
    const aivm_work_input *in = &adv->workload->work;
    const aivm_candidate *c = adv->n_ranked ? &adv->ranked[0] : NULL;
    const aivm_work_estimate *e = c ? &c->work : NULL;
    double ttft_ms, tpot_ms;
    if (!c || !c->has_work || !e->known || e->phase != AIVM_PHASE_INFERENCE || e->tpot_s <= 0 ||
        (in->set & ((1u << AIVM_WK_MAX_TTFT_MS) | (1u << AIVM_WK_MAX_TPOT_MS))))
        return;
    ttft_ms = e->ttft_s * 1e3;
    tpot_ms = e->tpot_s * 1e3;
    if (ttft_ms <= INTERACTIVE_TTFT_MS && tpot_ms <= INTERACTIVE_TPOT_MS)
        return;
    aivm_advise__warn(adv, "latency-high",
                      "the first deployment (%s) answers in %.0f ms to the first token and %.0f "
                      "ms per output token, above common interactive bounds (%.0f ms and %.0f "
                      "ms, MLPerf Inference's server scenario); --max-ttft-ms and --max-tpot-ms "
                      "rank only sizes that meet a bound",
                      aivm_str(&c->size->name), ttft_ms, tpot_ms, INTERACTIVE_TTFT_MS,
                      INTERACTIVE_TPOT_MS);
}

/* More VMs than a handful: quota, placement and failure domains become the
 * question, so the answer says so (docs/throughput.md, "Large deployments"). */
#define MANY_VMS 8u
/* A training run on spot longer than a day is likely to see an eviction (G14:
 * checkpoint regularly). */
#define LONG_SPOT_HOURS 24.0

static void scale_notes(aivm_advice *adv)
{
    const aivm_candidate *c = adv->n_ranked ? &adv->ranked[0] : NULL;
    if (!c)
        return;
    if (c->deploy.vms > MANY_VMS)
        aivm_advise__warn(adv, "many-vms",
                          "the first deployment needs %u VMs of %s (more than %u): check the "
                          "family's quota (aivm-advise avail)%s",
                          c->deploy.vms, aivm_str(&c->size->name), MANY_VMS,
                          adv->workload->phase == AIVM_PHASE_TRAIN
                              ? " and that the region can place them on one InfiniBand fabric"
                              : " and whether a larger size needs fewer");
    if (adv->workload->spot && adv->workload->phase == AIVM_PHASE_TRAIN && c->has_work &&
        c->work.known && c->work.wall_hours > LONG_SPOT_HOURS)
        aivm_advise__warn(adv, "spot-long-job",
                          "a %.0f-hour training job on spot capacity is likely to be evicted "
                          "at least once: checkpoint regularly and plan for restarts (G14)",
                          c->work.wall_hours);
}

void aivm_advise__serving_notes(aivm_advice *adv)
{
    context_note(adv);
    latency_note(adv);
    scale_notes(adv);
}
