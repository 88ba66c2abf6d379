/*
 * report_csv.c - the CSV rendering of an advice (RFC 4180 fields, LF line
 * ends, docs/formats.md): a header row, then one row per recommended size
 * with the table report's columns (rank, size, series, gpus, vcpus,
 * ram_gib, infiniband, the hourly prices, vms, hourly_all, why) and the
 * columns a script wants (currency, pricing, price source and region,
 * on-demand price, GPU count, model and memory, deployment hourly and
 * monthly, score, lifecycle). Numbers are plain decimals; an unknown value
 * is an empty field, never 0. The header is always the same.
 */
#include <stdio.h>
#include <string.h>

#include "aivm/prices.h"
#include "aivm/report.h"
#include "report_int.h"
#include "util/mathutil.h"

#define CSV_HEADER                                                                                 \
    "rank,size,series,gpus,vcpus,ram_gib,infiniband,hourly,spot_hourly,vms,hourly_all,why,"        \
    "currency,pricing,price_source,price_region,on_demand_hourly,gpu_count,gpu_model,"             \
    "gpu_memory_gb,deployment_hourly,deployment_monthly,score,lifecycle,precision,job_cost,"       \
    "cost_per_million_output_tokens,cost_per_million_output_tokens_at_capacity,ttft_ms,tpot_ms,"   \
    "tensor_parallel"

static void num(aivm_buf *out, bool known, double v)
{
    aivm_buf_puts(out, ",");
    if (known)
        aivm_buf_printf(out, "%.10g", v);
}

static void text(aivm_buf *out, const char *s)
{
    aivm_buf_puts(out, ",");
    aivm_report__csv_field(out, s);
}

static void row(aivm_buf *out, const aivm_candidate *c, const aivm_workload *wl)
{
    const aivm_size *s = c->size;
    const aivm_price *p = &c->price;
    const aivm_reason *why = aivm_report__main_reason(c);
    const aivm_deployment *d = &c->deploy;
    bool serving = c->has_work && c->work.known && c->work.phase == AIVM_PHASE_INFERENCE;
    char gpu[64];
    aivm_report__gpu_cell(gpu, sizeof gpu, s);
    aivm_buf_printf(out, "%u", c->rank);
    text(out, aivm_str(&s->name));
    text(out, aivm_str(&s->series));
    text(out, gpu);
    num(out, true, s->vcpus);
    num(out, true, s->memory_gib);
    text(out, s->infiniband ? "yes" : "no");
    num(out, p->has_hourly, p->hourly);
    num(out, p->has_spot, p->spot);
    num(out, true, d->vms);
    num(out, d->has_hourly, aivm_round_to(d->hourly, 6));
    text(out, why ? why->message : "");
    text(out, p->currency ? p->currency : "USD");
    text(out, aivm_pricing_name(p->pricing));
    text(out, aivm_price_source_name(p->source));
    text(out, p->region);
    num(out, p->has_on_demand, p->on_demand);
    num(out, s->has_gpu, s->gpu_count);
    text(out, s->has_gpu ? aivm_str(&s->gpu_model) : NULL);
    num(out, s->has_gpu, s->gpu_memory_gb);
    num(out, d->has_hourly, aivm_round_to(d->hourly, 3));
    num(out, d->has_hourly, aivm_round_to(d->monthly, 3));
    num(out, true, aivm_round_to(c->score, 3));
    text(out, aivm_lifecycle_name(aivm_size_lifecycle_on(s, wl->today)));
    text(out, d->precision ? aivm_precision_name(d->precision) : NULL);
    num(out, d->has_job_cost, aivm_round_to(d->job_cost, 2));
    num(out, d->has_per_mtok && c->work.phase == AIVM_PHASE_INFERENCE,
        aivm_round_to(d->per_mtok, 4));
    num(out, d->has_per_mtok_at_capacity, aivm_round_to(d->per_mtok_at_capacity, 4));
    num(out, serving, aivm_round_to(c->work.ttft_s * 1e3, 1));
    num(out, serving, aivm_round_to(c->work.tpot_s * 1e3, 2));
    num(out, serving, c->work.tensor_parallel);
    aivm_buf_puts(out, "\n");
}

int aivm_report_csv(aivm_buf *out, const aivm_advice *adv, const aivm_render_opts *o,
                    aivm_error *err)
{
    (void)o;
    aivm_buf_puts(out, CSV_HEADER "\n");
    for (size_t i = 0; i < adv->n_shown; i++)
        row(out, &adv->ranked[i], adv->workload);
    if (out->overflow)
        return aivm_error_set(err, AIVM_ELIMIT, NULL, "CSV output too large");
    return 0;
}
