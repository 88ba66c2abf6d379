/*
 * report_work.c - renders the amount of work and its estimate per size
 * (docs/throughput.md): the top-level JSON "work" (the inputs), each
 * recommendation's "job" (training) or "serving" (inference), the DAYS and
 * JOB_COST or TOK/S and $/MTOK columns of the table, and the arithmetic
 * --explain shows. Only called when the workload has sizing.
 */
#include <stdio.h>

#include "aivm/throughput.h"
#include "report_int.h"
#include "report_work.h"
#include "util/mathutil.h"

#define BOLD(o) aivm_report__sgr((o)->color, AIVM_SGR_BOLD)
#define RESET(o) aivm_report__sgr((o)->color, AIVM_SGR_RESET)

static bool has(const aivm_work_input *in, unsigned which)
{
    return (in->set & (1u << which)) != 0;
}

/* The training job's figures (recommend's candidates and check's resources). */
static void range_json(aivm_jw *w, const char *key, double lo, double hi, int digits)
{
    aivm_jw_array(w, key);
    aivm_jw_num(w, NULL, aivm_round_to(lo, digits));
    aivm_jw_num(w, NULL, aivm_round_to(hi, digits));
    aivm_jw_end(w);
}

static void job_fields(aivm_jw *w, const aivm_work_estimate *e)
{
    aivm_jw_num(w, "tokens", e->tokens);
    if (e->samples > 0) { /* --samples: the amount, a sample's forward FLOPs, the processor */
        aivm_jw_num(w, "samples", e->samples);
        aivm_jw_num(w, "flops_per_sample", e->flops_per_sample);
        aivm_jw_str(w, "processor", e->cpu ? "cpu" : "gpu");
        aivm_jw_opt_num(w, "vcpus", e->cpu, e->vcpus);
        aivm_jw_opt_num(w, "gflops_per_vcpu", e->cpu, e->gflops_per_vcpu);
    }
    aivm_jw_num(w, "flops", e->flops);
    aivm_jw_num(w, "mfu", aivm_round_to(e->mfu, 4));
    aivm_jw_num(w, "gpus", e->gpus);
    aivm_jw_num(w, "gpu_hours", aivm_round_to(e->gpu_hours, 1));
    aivm_jw_num(w, "wall_hours", aivm_round_to(e->wall_hours, 2));
    range_json(w, "gpu_hours_range", e->gpu_hours_lo, e->gpu_hours_hi, 1);
    range_json(w, "wall_hours_range", e->wall_hours_lo, e->wall_hours_hi, 2);
    range_json(w, "mfu_range", e->mfu_lo, e->mfu_hi, 4);
    aivm_jw_str(w, "mfu_source", e->mfu_source);
    aivm_jw_num(w, "recompute", aivm_round_to(e->recompute, 4));
}

/* A token count as the flags spell it: 2T, 1.4T, 20B, 300K. */
static void fmt_tokens(char *out, size_t n, double v)
{
    static const struct {
        double scale;
        const char *suffix;
    } units[] = {{1e12, "T"}, {1e9, "B"}, {1e6, "M"}, {1e3, "K"}};
    for (size_t i = 0; i < sizeof units / sizeof units[0]; i++)
        if (v >= units[i].scale) {
            snprintf(out, n, "%.4g%s", v / units[i].scale, units[i].suffix);
            return;
        }
    snprintf(out, n, "%.0f", v);
}

void aivm_report__work_json(aivm_jw *w, const aivm_advice *adv)
{
    const aivm_workload *wl = adv->workload;
    const aivm_work_input *in = &wl->work;
    const aivm_work_basis *b = &adv->work;
    if (!b->wanted) {
        aivm_jw_null(w, "work");
        return;
    }
    aivm_jw_object(w, "work");
    if (wl->phase == AIVM_PHASE_TRAIN) {
        aivm_jw_num(w, "tokens", b->training_tokens);
        if (b->by_samples) { /* only then: the other training keys stay as they were */
            aivm_jw_num(w, "samples", in->samples);
            aivm_jw_num(w, "flops_per_sample", b->flops_per_sample);
        }
        aivm_jw_opt_num(w, "epochs", has(in, AIVM_WK_EPOCHS), in->epochs);
        aivm_jw_opt_num(w, "dataset_tokens", has(in, AIVM_WK_DATASET_TOKENS), in->dataset_tokens);
        aivm_jw_opt_num(w, "mfu", has(in, AIVM_WK_MFU), in->mfu);
        aivm_jw_str(w, "mfu_source", has(in, AIVM_WK_MFU) ? "flag" : "gpu-generation");
    } else if (b->encoder) {
        /* an encoder: requests of prompt tokens, no output tokens (the engine's count) */
        aivm_jw_num(w, "requests_per_second", in->requests_per_second);
        aivm_jw_num(w, "prompt_tokens", b->prompt_tokens);
        aivm_jw_num(w, "mbu", b->mbu);
        aivm_jw_num(w, "compute_efficiency", b->compute_efficiency);
    } else {
        aivm_jw_num(w, "tokens_per_second", in->tokens_per_second);
        aivm_jw_num(w, "prompt_tokens", b->prompt_tokens);
        aivm_jw_num(w, "output_tokens", b->output_tokens);
        aivm_jw_num(w, "mbu", b->mbu);
        aivm_jw_num(w, "compute_efficiency", b->compute_efficiency);
    }
    aivm_jw_end(w);
}

void aivm_report__work_candidate_json(aivm_jw *w, const aivm_candidate *c, const aivm_workload *wl)
{
    const aivm_work_estimate *e = &c->work;
    const aivm_deployment *d = &c->deploy;
    bool train = wl->phase == AIVM_PHASE_TRAIN;
    const char *key = train ? "job" : "serving";
    if (!c->has_work) {
        aivm_jw_null(w, key);
        return;
    }
    aivm_jw_object(w, key);
    if (!e->known) {
        aivm_jw_str(w, "unknown", aivm_tp_unknown_name(e->why));
        aivm_jw_end(w);
        return;
    }
    aivm_jw_num(w, "peak_tflops", e->peak_tflops);
    aivm_jw_str(w, "peak_precision", aivm_dtype_name(e->peak_dtype));
    if (train) {
        job_fields(w, e);
        aivm_jw_opt_num(w, "cost", d->has_job_cost, aivm_round_to(d->job_cost, 2));
        aivm_jw_opt_num(w, "max_days", e->max_days > 0, e->max_days);
        aivm_jw_bool(w, "scaled_out", e->scaled_out);
        aivm_jw_bool(w, "over_max_days", e->over_max_days);
        aivm_jw_num(w, "vms", d->vms);
        aivm_jw_opt_num(w, "cost_per_hour", d->has_hourly, aivm_round_to(d->hourly, 3));
    } else {
        aivm_jw_num(w, "tokens_per_second_per_replica",
                    aivm_round_to(e->tokens_per_second_per_replica, 2));
        aivm_jw_num(w, "replica_gpus", e->replica_gpus);
        aivm_jw_num(w, "batch", aivm_round_to(e->batch, 3));
        aivm_jw_bool(w, "batch_from_memory", e->batch_from_memory);
        aivm_jw_num(w, "replicas", d->replicas);
        aivm_jw_num(w, "vms", d->vms);
        aivm_jw_str(w, "bound", aivm_tp_bound_name(e));
        aivm_jw_num(w, "step_floor_ms", aivm_round_to(e->step_floor_s * 1e3, 3));
        aivm_jw_num(w, "mbu", aivm_round_to(e->mbu, 4));
        aivm_jw_num(w, "compute_efficiency", aivm_round_to(e->compute_efficiency, 4));
        aivm_jw_str(w, "efficiency_source", e->serve_source);
        aivm_jw_num(w, "tensor_parallel", e->tensor_parallel);
        aivm_jw_num(w, "pipeline_parallel", e->pipeline_parallel);
        aivm_jw_num(w, "ttft_ms", aivm_round_to(e->ttft_s * 1e3, 1));
        aivm_jw_num(w, "tpot_ms", aivm_round_to(e->tpot_s * 1e3, 2));
        aivm_jw_bool(w, "batch_capped", e->batch_capped);
        aivm_jw_num(w, "target_tokens_per_second", e->target_tokens_per_second);
        if (e->cpu) { /* a CPU size: its vCPUs at its processor class's rate */
            aivm_jw_str(w, "processor", "cpu");
            aivm_jw_num(w, "vcpus", e->vcpus);
            aivm_jw_str(w, "cpu_isa", e->cpu_isa);
            aivm_jw_num(w, "gflops_per_vcpu", aivm_round_to(e->gflops_per_vcpu, 1));
        }
        if (e->requests) { /* non-generative serving: prefill only */
            aivm_jw_num(w, "prompt_tokens", e->prompt_tokens);
            aivm_jw_num(w, "flops_per_request", e->flops_per_request);
            aivm_jw_num(w, "requests_per_second_per_replica",
                        aivm_round_to(e->requests_per_second_per_replica, 2));
            aivm_jw_num(w, "target_requests_per_second", e->target_requests_per_second);
            aivm_jw_num(w, "capacity_requests_per_second",
                        aivm_round_to(d->capacity_requests_per_second, 1));
            aivm_jw_opt_num(w, "cost_per_million_requests", d->has_per_million_requests,
                            aivm_round_to(d->per_million_requests, 4));
        }
        aivm_jw_num(w, "capacity_tokens_per_second",
                    aivm_round_to(d->capacity_tokens_per_second, 1));
        aivm_jw_opt_num(w, "cost_per_hour", d->has_hourly, aivm_round_to(d->hourly, 3));
        aivm_jw_opt_num(w, "cost_per_million_output_tokens", d->has_per_mtok,
                        aivm_round_to(d->per_mtok, 4));
        aivm_jw_opt_num(w, "cost_per_million_output_tokens_at_capacity",
                        d->has_per_mtok_at_capacity, aivm_round_to(d->per_mtok_at_capacity, 4));
    }
    aivm_jw_str(w, "currency", d->currency);
    aivm_jw_end(w);
}

void aivm_report__work_ranking_json(aivm_jw *w, const aivm_candidate *c)
{
    const aivm_ranking *r = &c->ranking;
    bool known = r->cost_is_work && r->objective == AIVM_OBJ_COST;
    aivm_jw_opt_num(w, "work_cost", known, aivm_round_to(r->cost, 4));
    aivm_jw_opt_num(w, "adjusted_work_cost", known, aivm_round_to(r->adjusted_cost, 4));
    aivm_jw_str(w, "work_cost_unit",
                c->work.phase == AIVM_PHASE_TRAIN ? "job" : "per-hour-meeting-the-target");
}

void aivm_report__work_heading(char *out, size_t n, const aivm_advice *adv, const char *cur)
{
    char mtok[16];
    if (!adv->work.estimated)
        snprintf(out, n, "%s", "");
    else if (adv->workload->phase == AIVM_PHASE_TRAIN)
        snprintf(out, n, "%s", "   DAYS     JOB_COST  ");
    else if (adv->work.encoder) {
        snprintf(mtok, sizeof mtok, "%.3s/MREQ", cur);
        snprintf(out, n, "%9s %9s %7s %7s  ", "REQ/S", mtok, "LAT_MS", "");
    } else {
        snprintf(mtok, sizeof mtok, "%.3s/MTOK", cur);
        snprintf(out, n, "%9s %9s %7s %7s  ", "TOK/S", mtok, "TTFT_MS", "TPOT_MS");
    }
}

void aivm_report__latency_values(char ttft[32], char tpot[32], const aivm_candidate *c)
{
    const aivm_work_estimate *e = &c->work;
    snprintf(ttft, 32, "-");
    snprintf(tpot, 32, "-");
    if (e->known && e->phase == AIVM_PHASE_INFERENCE) {
        snprintf(ttft, 32, "%.0f", e->ttft_s * 1e3);
        if (e->requests) /* prefill only: no output tokens */
            tpot[0] = '\0';
        else
            snprintf(tpot, 32, "%.1f", e->tpot_s * 1e3);
    }
}

void aivm_report__work_values(char a[32], char b[32], const aivm_candidate *c)
{
    const aivm_work_estimate *e = &c->work;
    const aivm_deployment *d = &c->deploy;
    snprintf(a, 32, "-");
    snprintf(b, 32, "-");
    if (e->known && e->phase == AIVM_PHASE_TRAIN) {
        snprintf(a, 32, e->wall_hours < 240 ? "%.2f" : "%.1f", e->wall_hours / 24);
        if (d->has_job_cost)
            snprintf(b, 32, d->job_cost < 100 ? "%.2f" : "%.0f", d->job_cost);
    } else if (e->known && e->requests) {
        snprintf(a, 32, "%.0f", d->capacity_requests_per_second);
        if (d->has_per_million_requests)
            snprintf(b, 32, "%.3f", d->per_million_requests);
    } else if (e->known) {
        snprintf(a, 32, "%.0f", d->capacity_tokens_per_second);
        if (d->has_per_mtok)
            snprintf(b, 32, "%.3f", d->per_mtok);
    }
}

int aivm_report__work_cells(char *at, size_t room, const aivm_candidate *c)
{
    char a[32], b[32], ttft[32], tpot[32];
    int n;
    if (!c->has_work)
        return 0;
    aivm_report__work_values(a, b, c);
    aivm_report__latency_values(ttft, tpot, c);
    if (c->work.phase == AIVM_PHASE_TRAIN)
        n = snprintf(at, room, "%7s %12s  ", a, b);
    else
        n = snprintf(at, room, "%9s %9s %7s %7s  ", a, b, ttft, tpot);
    return n < 0 ? 0 : n;
}

void aivm_report__work_table(aivm_buf *out, const aivm_advice *adv, const aivm_render_opts *o)
{
    const aivm_workload *wl = adv->workload;
    const aivm_work_input *in = &wl->work;
    const aivm_work_basis *b = &adv->work;
    char tok[32];
    if (!b->estimated)
        return;
    fmt_tokens(tok, sizeof tok, b->training_tokens);
    if (wl->phase == AIVM_PHASE_TRAIN && b->by_samples) {
        fmt_tokens(tok, sizeof tok, in->samples);
        aivm_buf_printf(out,
                        "%sWork:%s %s training samples x 3 x %.4g forward FLOPs; GPUs at a "
                        "published vision utilisation, CPU sizes at %g GFLOP/s per vCPU "
                        "(--explain shows each); DAYS = wall-clock days on the deployment, "
                        "JOB_COST = its price x hours\n\n",
                        BOLD(o), RESET(o), tok, b->flops_per_sample, AIVM_TP_CPU_GFLOPS_PER_VCPU);
    } else if (wl->phase == AIVM_PHASE_TRAIN)
        aivm_buf_printf(out,
                        "%sWork:%s %s training tokens; MFU %s; DAYS = wall-clock days "
                        "on the deployment, JOB_COST = its price x hours\n\n",
                        BOLD(o), RESET(o), tok,
                        has(in, AIVM_WK_MFU) ? "as --mfu"
                                             : "per GPU generation from published runs (x0.5 "
                                               "across VMs without IB; --explain shows each)");
    else if (b->encoder)
        aivm_buf_printf(out,
                        "%sWork:%s %g requests/s of %u prompt tokens (prefill only); REQ/S = "
                        "what the VMs deployed sustain, /MREQ = per million requests at the "
                        "target, LAT_MS = a request's latency (its batch's forward pass)\n\n",
                        BOLD(o), RESET(o), in->requests_per_second, b->prompt_tokens);
    else
        aivm_buf_printf(
            out,
            "%sWork:%s %g output tokens/s; %u prompt + %u output tokens per request; TOK/S = "
            "what the VMs deployed sustain, /MTOK = per million output tokens at the target, "
            "TTFT_MS/TPOT_MS = time to first token / per output token\n\n",
            BOLD(o), RESET(o), in->tokens_per_second, b->prompt_tokens, b->output_tokens);
}

/* Training in samples (--samples): forward FLOPs x 3 on the GPUs or the vCPUs. */
static void explain_train_samples(aivm_buf *out, const aivm_work_estimate *e,
                                  const aivm_deployment *d)
{
    if (e->cpu)
        aivm_buf_printf(out,
                        "      work: 3 x %.4g FLOPs/sample x %.4g samples = %.4g FLOPs / "
                        "(%g vCPUs x %g GFLOP/s) = %.1f hours (%.1f days; %.1f-%.1f for "
                        "%g-%g GFLOP/s per vCPU)\n",
                        e->flops_per_sample, e->samples, e->flops, e->vcpus, e->gflops_per_vcpu,
                        e->wall_hours, e->wall_hours / 24, e->wall_hours_lo / 24,
                        e->wall_hours_hi / 24, AIVM_TP_CPU_GFLOPS_PER_VCPU_HI,
                        AIVM_TP_CPU_GFLOPS_PER_VCPU_LO);
    else
        aivm_buf_printf(out,
                        "      work: 3 x %.4g FLOPs/sample x %.4g samples = %.4g FLOPs / (%g "
                        "GPUs x %g TFLOP/s %s x utilisation %.3g) = %.1f hours (%.1f days; "
                        "%.1f-%.1f for %.2f-%.2f), %.1f GPU-hours\n",
                        e->flops_per_sample, e->samples, e->flops, e->gpus, e->peak_tflops,
                        aivm_dtype_name(e->peak_dtype), e->mfu, e->wall_hours, e->wall_hours / 24,
                        e->wall_hours_lo / 24, e->wall_hours_hi / 24, e->mfu_hi, e->mfu_lo,
                        e->gpu_hours);
    aivm_buf_printf(out, "      work: source: %s\n", e->mfu_source);
    if (e->mfu_no_ib)
        aivm_buf_puts(out, "      work: utilisation halved: the job spans VMs without "
                           "InfiniBand\n");
    if (d->has_job_cost)
        aivm_buf_printf(out, "      work: %u VMs: %.3f %s/hour x %.1f hours = %.2f %s\n", d->vms,
                        d->hourly, d->currency, e->wall_hours, d->job_cost, d->currency);
}

/* Training in tokens: FLOPs per token x tokens over the GPUs at their MFU. */
static void explain_train_tokens(aivm_buf *out, const aivm_work_estimate *e,
                                 const aivm_deployment *d)
{
    aivm_buf_printf(out,
                    "      work: %.4g FLOPs/token x %.4g tokens = %.4g FLOPs / (%g GPUs x "
                    "%g TFLOP/s %s x MFU %.3g)%s = %.1f hours (%.1f days; %.1f-%.1f for MFU "
                    "%.2f-%.2f), %.0f GPU-hours\n",
                    e->flops_per_token, e->tokens, e->flops, e->gpus, e->peak_tflops,
                    aivm_dtype_name(e->peak_dtype), e->mfu,
                    e->recompute > 1.2 ? " x 8/6 (full recomputation)"
                    : e->recompute > 1 ? " x 1.04 (selective recomputation)"
                                       : "",
                    e->wall_hours, e->wall_hours / 24, e->wall_hours_lo / 24, e->wall_hours_hi / 24,
                    e->mfu_hi, e->mfu_lo, e->gpu_hours);
    aivm_buf_printf(out, "      work: MFU source: %s\n", e->mfu_source);
    if (e->fp8_as_bf16)
        aivm_buf_puts(out, "      work: fp8 training counted at the bf16 peak x 1.2 (NVIDIA "
                           "NeMo: over 1.2x on 8 x H100), not the raw FP8 peak\n");
    if (e->mfu_no_ib)
        aivm_buf_puts(out, "      work: MFU halved: the job spans VMs without InfiniBand\n");
    if (d->has_job_cost)
        aivm_buf_printf(out, "      work: %u VMs: %.3f %s/hour x %.1f hours = %.0f %s\n", d->vms,
                        d->hourly, d->currency, e->wall_hours, d->job_cost, d->currency);
}

/* Serving a request rate: a request's FLOPs, the batch step and the replicas. */
static void explain_requests(aivm_buf *out, const aivm_work_estimate *e, const aivm_deployment *d)
{
    if (e->cpu)
        aivm_buf_printf(out,
                        "      work: a request = %.4g FLOPs (2N + 2 x layers x %g x hidden per "
                        "token, %g tokens) over %g vCPUs x %.0f GFLOP/s (%s) = %.3g ms -> %.1f "
                        "requests/s per VM\n      work: rate source: %s\n",
                        e->flops_per_request, e->prompt_tokens, e->prompt_tokens, e->vcpus,
                        e->gflops_per_vcpu, e->cpu_isa, e->prefill_s * 1e3,
                        e->requests_per_second_per_replica, e->serve_source);
    else
        aivm_buf_printf(out,
                        "      work: a request = %.4g FLOPs (2N + 2 x layers x %g x hidden per "
                        "token, %g tokens); batch %g = max(compute %.3g ms at %g TFLOP/s x %.2f "
                        "on %g GPUs, weights %.3g ms) -> %s-bound, %.1f requests/s per replica\n",
                        e->flops_per_request, e->prompt_tokens, e->prompt_tokens, e->batch,
                        e->step_compute_s * 1e3, e->peak_tflops, e->compute_efficiency,
                        e->replica_gpus, e->step_memory_s * 1e3, aivm_tp_bound_name(e),
                        e->requests_per_second_per_replica);
    aivm_buf_printf(out,
                    "      work: %u replica%s per VM; %u VM%s sustain %.0f requests/s for a "
                    "target of %g\n",
                    e->unit_replicas, e->unit_replicas == 1 ? "" : "s", d->vms,
                    d->vms == 1 ? "" : "s", d->capacity_requests_per_second,
                    e->target_requests_per_second);
    if (d->has_hourly)
        aivm_buf_printf(out, "      work: %u VMs = %.3f %s/hour; %.4f %s per million requests\n",
                        d->vms, d->hourly, d->currency, d->per_million_requests, d->currency);
}

/* Serving a token rate: the decode step, parallelism, the batch and the units. */
static void explain_decode(aivm_buf *out, const aivm_work_estimate *e, const aivm_deployment *d)
{
    aivm_buf_printf(out,
                    "      work: decode step = max(memory (%.4g weight + %.4g KV bytes) / (%g "
                    "GPUs x %g GB/s x MBU %.2f) = %.3g ms, compute %.3g ms) -> %s-bound\n",
                    e->weight_bytes, e->kv_bytes, e->replica_gpus, e->bandwidth_gbs, e->mbu,
                    e->step_memory_s * 1e3, e->step_compute_s * 1e3, aivm_tp_bound_name(e));
    if (e->step_floor_s > 0)
        aivm_buf_printf(out,
                        "      work: a mixture of experts' step is at least its layers' kernel "
                        "chain: %.3g ms per stage (%g us a layer)%s\n",
                        e->step_floor_s * 1e3, AIVM_TP_MOE_LAYER_FLOOR_US,
                        e->floor_bound ? ", which sets the step at this batch" : "");
    aivm_buf_printf(
        out,
        "      work: tensor parallel %u%s (all-reduces %.3g ms per step); time to first "
        "token %.0f ms, per output token %.1f ms%s\n",
        e->tensor_parallel, e->pipeline_parallel > 1 ? ", pipelined across the replica's VMs" : "",
        e->allreduce_s * 1e3, e->ttft_s * 1e3, e->tpot_s * 1e3,
        e->batch_capped ? " (batch capped by --max-ttft-ms/--max-tpot-ms)" : "");
    aivm_buf_printf(out,
                    "      work: batch %.3g x %g output tokens / (prefill %.3g ms + %g x step) = "
                    "%.1f tokens/s per replica; %u replica%s per unit of %u VM%s; %u unit%s (%u "
                    "VM%s) sustain %.0f tokens/s for a target of %g\n",
                    e->batch, e->output_tokens, e->prefill_s * 1e3, e->output_tokens,
                    e->tokens_per_second_per_replica, e->unit_replicas,
                    e->unit_replicas == 1 ? "" : "s", e->unit_vms, e->unit_vms == 1 ? "" : "s",
                    e->units, e->units == 1 ? "" : "s", d->vms, d->vms == 1 ? "" : "s",
                    d->capacity_tokens_per_second, e->target_tokens_per_second);
    if (d->has_hourly)
        aivm_buf_printf(out,
                        "      work: %u VMs = %.3f %s/hour; %.4f %s per million output tokens at "
                        "the target (%.4f at full load)\n",
                        d->vms, d->hourly, d->currency, d->per_mtok, d->currency,
                        d->per_mtok_at_capacity);
}

void aivm_report__work_explain(aivm_buf *out, const aivm_candidate *c)
{
    const aivm_work_estimate *e = &c->work;
    const aivm_deployment *d = &c->deploy;
    if (!c->has_work)
        return;
    if (!e->known)
        aivm_buf_printf(out, "      work: unknown (%s)\n", aivm_tp_unknown_name(e->why));
    else if (e->phase == AIVM_PHASE_TRAIN && e->samples > 0)
        explain_train_samples(out, e, d);
    else if (e->phase == AIVM_PHASE_TRAIN)
        explain_train_tokens(out, e, d);
    else if (e->requests)
        explain_requests(out, e, d);
    else
        explain_decode(out, e, d);
    if (e->known && e->phase != AIVM_PHASE_TRAIN && e->serve_factor != 1)
        aivm_buf_printf(out, "      work: MBU and compute efficiency x %.2f for this GPU: %s\n",
                        e->serve_factor, e->serve_source);
}

/* ---- check: the work on the planned deployment ---- */

void aivm_report__check_work_text(aivm_buf *b, const aivm_check_item *it)
{
    const aivm_work_estimate *e = &it->work;
    const aivm_deployment *d = &it->deploy;
    char tok[32];
    if (!e->known) {
        aivm_buf_printf(b, "  work: time unknown (%s)\n", aivm_tp_unknown_name(e->why));
        return;
    }
    if (e->phase == AIVM_PHASE_TRAIN && e->samples > 0) {
        fmt_tokens(tok, sizeof tok, e->samples);
        aivm_buf_printf(b, "  work: %s samples in %.1f hours (%.1f days) on ", tok, e->wall_hours,
                        e->wall_hours / 24);
        if (e->cpu)
            aivm_buf_printf(b, "%g vCPUs", e->vcpus);
        else
            aivm_buf_printf(b, "%g GPUs, %.0f GPU-hours", e->gpus, e->gpu_hours);
        if (d->has_job_cost)
            aivm_buf_printf(b, "; job cost %s %.0f", d->currency, d->job_cost);
    } else if (e->phase == AIVM_PHASE_TRAIN) {
        fmt_tokens(tok, sizeof tok, e->tokens);
        aivm_buf_printf(b, "  work: %s tokens in %.1f hours (%.1f days) on %g GPUs, %.0f GPU-hours",
                        tok, e->wall_hours, e->wall_hours / 24, e->gpus, e->gpu_hours);
        if (d->has_job_cost)
            aivm_buf_printf(b, "; job cost %s %.0f", d->currency, d->job_cost);
    } else {
        if (e->unit_vms > 1)
            aivm_buf_printf(b, "  work: one replica of %u VMs serves", e->unit_vms);
        else
            aivm_buf_printf(b, "  work: one VM (%u replica%s) serves", e->unit_replicas,
                            e->unit_replicas == 1 ? "" : "s");
        if (e->requests)
            aivm_buf_printf(b, " %.0f requests/s (%s-bound); %g requests/s need %u VM%s",
                            e->unit_requests_per_second, aivm_tp_bound_name(e),
                            e->target_requests_per_second, e->vms, e->vms == 1 ? "" : "s");
        else
            aivm_buf_printf(b, " %.0f output tokens/s (%s-bound); %g tokens/s need %u VM%s",
                            e->unit_tokens_per_second, aivm_tp_bound_name(e),
                            e->target_tokens_per_second, e->vms, e->vms == 1 ? "" : "s");
        if (d->has_per_million_requests)
            aivm_buf_printf(b, "; %s %.3f per million requests", d->currency,
                            d->per_million_requests);
        else if (d->has_per_mtok_at_capacity)
            aivm_buf_printf(b, "; %s %.3f per million output tokens at full load", d->currency,
                            d->per_mtok_at_capacity);
    }
    aivm_buf_puts(b, "\n");
}

void aivm_report__check_work_json(aivm_jw *w, const aivm_check_item *it)
{
    const aivm_work_estimate *e = &it->work;
    const aivm_deployment *d = &it->deploy;
    aivm_jw_object(w, it->wl.phase == AIVM_PHASE_TRAIN ? "job" : "serving");
    if (!e->known) {
        aivm_jw_str(w, "unknown", aivm_tp_unknown_name(e->why));
        aivm_jw_end(w);
        return;
    }
    if (e->phase == AIVM_PHASE_TRAIN) {
        job_fields(w, e);
        aivm_jw_opt_num(w, "cost", d->has_job_cost, aivm_round_to(d->job_cost, 2));
    } else {
        aivm_jw_num(w, "tokens_per_second_per_replica",
                    aivm_round_to(e->tokens_per_second_per_replica, 2));
        aivm_jw_num(w, "replicas", e->replicas);
        aivm_jw_num(w, "vms", e->vms);
        aivm_jw_str(w, "bound", aivm_tp_bound_name(e));
        aivm_jw_num(w, "planned_vms", d->vms);
        aivm_jw_num(w, "capacity_tokens_per_second",
                    aivm_round_to(d->capacity_tokens_per_second, 1));
        aivm_jw_opt_num(w, "cost_per_million_output_tokens", d->has_per_mtok,
                        aivm_round_to(d->per_mtok, 4));
        aivm_jw_opt_num(w, "cost_per_million_output_tokens_at_capacity",
                        d->has_per_mtok_at_capacity, aivm_round_to(d->per_mtok_at_capacity, 4));
        if (e->requests) {
            aivm_jw_num(w, "target_requests_per_second", e->target_requests_per_second);
            aivm_jw_num(w, "capacity_requests_per_second",
                        aivm_round_to(d->capacity_requests_per_second, 1));
            aivm_jw_opt_num(w, "cost_per_million_requests", d->has_per_million_requests,
                            aivm_round_to(d->per_million_requests, 4));
        }
    }
    aivm_jw_str(w, "currency", it->priced ? d->currency : NULL);
    aivm_jw_end(w);
}
