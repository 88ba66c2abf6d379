/*
 * attr_sizing.c - the sizing attributes rules may test: workload inputs as
 * resolved (params, precision, ...) and, per candidate, how the job fits
 * (fit.fits, fit.vms, fit.memory_utilization, ...). The fit is computed on
 * demand from the workload's resolved sizing (fit.c), so advise.c needs no
 * extra pass; without sizing every getter returns null.
 */
#include <math.h>

#include "aivm/sizing.h"
#include "aivm/throughput.h"
#include "attr_sizing.h"
#include "util/mathutil.h"

const char *const aivm_attr__precisions[] = {"fp32", "bf16", "fp16",  "fp8", "int8",
                                             "int4", "fp4",  "mxfp4", NULL};
const char *const aivm_attr__finetunes[] = {"full", "lora", "qlora", NULL};
const char *const aivm_attr__shardings[] = {"none", "zero1", "zero2", "zero3", NULL};
const char *const aivm_attr__fit_limits[] = {"fits",    "max-nodes",  "per-gpu",
                                             "partial", "cpu-memory", NULL};

/* Messages print numbers with %g: keep one decimal for GiB figures. */
static double r1(double x)
{
    return aivm_round(x * 10) / 10;
}

aivm_value aivm_attr__w_params(const aivm_workload *wl, const aivm_size *s)
{
    (void)s;
    return wl->sizing ? aivm_attr__vnum(wl->sizing->params) : aivm_attr__vnull();
}

aivm_value aivm_attr__w_total_gib(const aivm_workload *wl, const aivm_size *s)
{
    (void)s;
    return wl->sizing ? aivm_attr__vnum(r1(wl->sizing->mem.total)) : aivm_attr__vnull();
}

aivm_value aivm_attr__w_precision(const aivm_workload *wl, const aivm_size *s)
{
    (void)s;
    return wl->sizing ? aivm_attr__vstr(aivm_precision_name(wl->sizing->precision))
                      : aivm_attr__vnull();
}

aivm_value aivm_attr__w_finetune(const aivm_workload *wl, const aivm_size *s)
{
    (void)s;
    if (!wl->sizing || wl->sizing->phase != AIVM_PHASE_TRAIN)
        return aivm_attr__vnull();
    return aivm_attr__vstr(aivm_finetune_name(wl->sizing->finetune));
}

aivm_value aivm_attr__w_sharding(const aivm_workload *wl, const aivm_size *s)
{
    (void)s;
    if (!wl->sizing || wl->sizing->phase != AIVM_PHASE_TRAIN)
        return aivm_attr__vnull();
    return aivm_attr__vstr(aivm_sharding_name(wl->sizing->sharding));
}

aivm_value aivm_attr__w_act_ckpt(const aivm_workload *wl, const aivm_size *s)
{
    (void)s;
    if (!wl->sizing || wl->sizing->phase != AIVM_PHASE_TRAIN)
        return aivm_attr__vnull();
    return aivm_attr__vbool(wl->sizing->act_ckpt);
}

aivm_value aivm_attr__w_max_nodes(const aivm_workload *wl, const aivm_size *s)
{
    (void)s;
    if (!wl->sizing)
        return aivm_attr__vnull();
    return aivm_attr__vnum((wl->set & AIVM_WL_NODES) && wl->nodes ? wl->nodes
                                                                  : wl->sizing->max_nodes);
}

/* The candidate's fit; false when there is no sizing or no candidate. */
static bool fit_of(aivm_fit *f, const aivm_workload *wl, const aivm_size *s)
{
    if (!wl->sizing || !s)
        return false;
    aivm_fit_for(f, wl, s);
    return true;
}

aivm_value aivm_attr__c_fits(const aivm_workload *wl, const aivm_size *s)
{
    aivm_fit f;
    aivm_value v = {AIVM_V_BOOL, false, 0, NULL};
    if (!fit_of(&f, wl, s))
        return aivm_attr__vnull();
    v.b = f.fits;
    return v;
}

aivm_value aivm_attr__c_limit(const aivm_workload *wl, const aivm_size *s)
{
    aivm_fit f;
    return fit_of(&f, wl, s) ? aivm_attr__vstr(aivm_attr__fit_limits[f.limit]) : aivm_attr__vnull();
}

aivm_value aivm_attr__c_vms(const aivm_workload *wl, const aivm_size *s)
{
    aivm_fit f;
    return fit_of(&f, wl, s) ? aivm_attr__vnum(f.vms) : aivm_attr__vnull();
}

aivm_value aivm_attr__c_multi_vm(const aivm_workload *wl, const aivm_size *s)
{
    aivm_fit f;
    aivm_value v = {AIVM_V_BOOL, false, 0, NULL};
    v.b = fit_of(&f, wl, s) && f.fits && f.replica_vms > 1; /* false without sizing */
    return v;
}

aivm_value aivm_attr__c_replica_vms(const aivm_workload *wl, const aivm_size *s)
{
    aivm_fit f;
    return fit_of(&f, wl, s) ? aivm_attr__vnum(f.replica_vms) : aivm_attr__vnull();
}

aivm_value aivm_attr__c_replicas(const aivm_workload *wl, const aivm_size *s)
{
    aivm_fit f;
    return fit_of(&f, wl, s) ? aivm_attr__vnum(f.replicas) : aivm_attr__vnull();
}

aivm_value aivm_attr__c_gpus_total(const aivm_workload *wl, const aivm_size *s)
{
    aivm_fit f;
    return fit_of(&f, wl, s) ? aivm_attr__vnum(f.gpus_total) : aivm_attr__vnull();
}

/* A throughput target: the service deploys as many replicas as fit in each VM. */
static bool serving_target(const aivm_workload *wl)
{
    return wl->work.tokens_per_second > 0 || wl->work.requests_per_second > 0;
}

/* Serving to a target fills every VM with replicas (docs/throughput.md): the
 * GPUs left idle are those of each VM that no whole replica takes, times the
 * VMs; none when a replica spans whole VMs or the replicas fill the VM. */
static double serving_idle(const aivm_fit *f, const aivm_size *s)
{
    double per_replica = f->replicas >= 1 ? f->gpus_needed / f->replicas : f->gpus_needed;
    double per_vm = s->gpu_count, left;
    if (f->replica_vms > 1 || !(per_replica >= 1) || !(per_vm >= per_replica))
        return 0;
    left = per_vm - floor(per_vm / per_replica + 1e-9) * per_replica;
    return left > 0 ? left * (f->vms >= 1 ? f->vms : 1) : 0;
}

/* Serving a target with one-VM replicas: the VM is filled with as many whole
 * replicas as it holds, so the GPUs used are all but the idle ones. */
static bool fills_vm(const aivm_workload *wl, const aivm_fit *f)
{
    return wl->phase == AIVM_PHASE_INFERENCE && serving_target(wl) && f->replica_vms <= 1 &&
           f->gpus_needed >= 1;
}

aivm_value aivm_attr__c_gpus_needed(const aivm_workload *wl, const aivm_size *s)
{
    aivm_fit f;
    if (!fit_of(&f, wl, s))
        return aivm_attr__vnull();
    if (f.fits && fills_vm(wl, &f))
        return aivm_attr__vnum(f.gpus_total - serving_idle(&f, s));
    return aivm_attr__vnum(f.gpus_needed);
}

aivm_value aivm_attr__c_idle_gpus(const aivm_workload *wl, const aivm_size *s)
{
    aivm_fit f;
    if (!fit_of(&f, wl, s) || !f.fits)
        return aivm_attr__vnull();
    /* a training job with an amount of work runs data-parallel over every GPU it is given:
     * more GPUs finish sooner, none sits idle (docs/throughput.md) */
    if (wl->phase == AIVM_PHASE_TRAIN && aivm_work_trains(&wl->work) && !wl->sizing->gpus)
        return aivm_attr__vnum(0);
    if (wl->phase == AIVM_PHASE_INFERENCE && serving_target(wl))
        return aivm_attr__vnum(serving_idle(&f, s));
    return aivm_attr__vnum(f.gpus_total > f.gpus_needed ? f.gpus_total - f.gpus_needed : 0);
}

/* The memory the deployment uses, of its GPU memory. Serving a target, the
 * VM is filled with whole replicas when none of its GPUs is left idle
 * (serving_idle), each replica's GPUs as full as one replica's: the memory
 * of one replica's GPUs, not one replica's share of the VM's (a 4-GPU VM
 * serving four one-GPU replicas of 70B at fp8 is 36% full at one sequence
 * each, and the serving batch's KV cache takes the rest; not 9%). */
static double utilization(const aivm_workload *wl, const aivm_size *s, const aivm_fit *f)
{
    if (fills_vm(wl, f) && f->gpus_total > f->gpus_needed && serving_idle(f, s) == 0)
        return f->memory_utilization * f->gpus_total / f->gpus_needed;
    return f->memory_utilization;
}

aivm_value aivm_attr__c_utilization(const aivm_workload *wl, const aivm_size *s)
{
    aivm_fit f;
    if (!fit_of(&f, wl, s) || !f.fits)
        return aivm_attr__vnull();
    return aivm_attr__vnum(aivm_round(utilization(wl, s, &f) * 1000) / 1000);
}

aivm_value aivm_attr__c_utilization_pct(const aivm_workload *wl, const aivm_size *s)
{
    aivm_fit f;
    if (!fit_of(&f, wl, s) || !f.fits)
        return aivm_attr__vnull();
    return aivm_attr__vnum(aivm_round(utilization(wl, s, &f) * 100));
}

aivm_value aivm_attr__c_need_gib(const aivm_workload *wl, const aivm_size *s)
{
    aivm_fit f;
    return fit_of(&f, wl, s) ? aivm_attr__vnum(r1(f.need_gib)) : aivm_attr__vnull();
}

aivm_value aivm_attr__c_usable_gib(const aivm_workload *wl, const aivm_size *s)
{
    aivm_fit f;
    return fit_of(&f, wl, s) ? aivm_attr__vnum(r1(f.usable_gib)) : aivm_attr__vnull();
}
