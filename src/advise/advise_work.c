/*
 * advise_work.c - the cost of the work (docs/throughput.md): each
 * candidate's time estimate (aivm/throughput.h) times its price. Training:
 * wall-clock hours x price x VMs of the deployment. Inference: serving
 * units (one VM of replicas, or the VMs of one replica) until the target
 * tokens/s is met, and the cost per million output tokens at full load.
 * The ranking (advise_rank.c) turns a deployment's price per hour into the
 * work's cost with aivm_advise__work_scale().
 */
#include <math.h>

#include "advise_int.h"
#include "aivm/buf.h"

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
                c->instances = vms;
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
        const aivm_gpu_model *g =
            s->has_gpu ? aivm_catalog_gpu_model(adv->catalog, aivm_str(&s->gpu_model)) : NULL;
        c->has_work = true;
        aivm_work_estimate_for(&c->work, wl, &c->fit, s, g);
        if (wl->phase == AIVM_PHASE_TRAIN)
            finish_in_time(c, wl, g);
    }
}

static unsigned vms_of(const aivm_candidate *c)
{
    return c->instances ? c->instances : 1;
}

bool aivm_advise__work_scale(const aivm_candidate *c, double *cost)
{
    const aivm_work_estimate *e = &c->work;
    double per_vm = *cost / vms_of(c);
    if (!c->has_work || !e->known)
        return true; /* unknown time: the no-estimate tier orders by the hour */
    if (e->phase == AIVM_PHASE_TRAIN)
        *cost = *cost * e->wall_hours;
    else
        *cost = per_vm * e->unit_vms / (e->unit_tokens_per_second * 3600) * 1e6;
    return true;
}

double aivm_advise__work_per_hour(const aivm_candidate *c, double cost)
{
    const aivm_work_estimate *e = &c->work;
    if (e->phase == AIVM_PHASE_TRAIN)
        return e->wall_hours > 0 ? cost / e->wall_hours : 0;
    return cost * e->unit_tokens_per_second * 3600 / 1e6 / e->unit_vms * vms_of(c);
}

bool aivm_candidate_work_cost(aivm_work_cost *out, const aivm_candidate *c)
{
    const aivm_work_estimate *e = &c->work;
    out->known = false;
    out->price_per_hour = out->job_cost = out->per_hour = out->per_mtok = 0;
    out->vms = 0;
    out->currency = c->price.currency ? c->price.currency : "USD";
    if (!c->has_work || !e->known)
        return false;
    out->vms = e->phase == AIVM_PHASE_TRAIN ? vms_of(c) : e->vms;
    if (!c->price.has_hourly)
        return false;
    out->price_per_hour = c->price.hourly;
    out->per_hour = c->price.hourly * out->vms;
    if (e->phase == AIVM_PHASE_TRAIN) {
        out->job_cost = out->per_hour * e->wall_hours;
        out->per_mtok = e->tokens > 0 ? out->job_cost / e->tokens * 1e6 : 0;
    } else {
        out->per_mtok = c->price.hourly * e->unit_vms / (e->unit_tokens_per_second * 3600) * 1e6;
        out->job_cost = out->per_hour; /* serving the target for one hour */
    }
    out->known = true;
    return true;
}

bool aivm_advise__work_key(const aivm_candidate *c, aivm_sort sort, double *key)
{
    const aivm_work_estimate *e = &c->work;
    aivm_work_cost wc;
    if (!c->has_work || !e->known)
        return false;
    if (sort == AIVM_SORT_TIME) {
        *key = e->phase == AIVM_PHASE_TRAIN ? e->wall_hours
               : e->tokens_per_second_per_replica > 0
                   ? e->batch * e->output_tokens / e->tokens_per_second_per_replica
                   : 0;
        return true;
    }
    if (!aivm_candidate_work_cost(&wc, c))
        return false;
    *key = sort == AIVM_SORT_JOB_COST ? wc.job_cost : wc.per_mtok;
    return true;
}

void aivm_advise__work_explain(aivm_buf *b, const aivm_candidate *c, double deployment_per_hour)
{
    const aivm_work_estimate *e = &c->work;
    const char *cur = c->price.currency ? c->price.currency : "USD";
    double per_vm = deployment_per_hour / vms_of(c);
    if (e->phase == AIVM_PHASE_TRAIN)
        aivm_buf_printf(b, " x %.1f hours = %.0f %s for the job", e->wall_hours,
                        deployment_per_hour * e->wall_hours, cur);
    else
        aivm_buf_printf(b, "; %u VM%s serve%s %.0f tokens/s: %.3f %s per million output tokens",
                        e->unit_vms, e->unit_vms == 1 ? "" : "s", e->unit_vms == 1 ? "s" : "",
                        e->unit_tokens_per_second,
                        per_vm * e->unit_vms / (e->unit_tokens_per_second * 3600) * 1e6, cur);
}
