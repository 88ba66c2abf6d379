/*
 * check_sizing.c - the memory fit of check mode (AIVM007, AIVM008): the
 * resource's model-size tags over the --workload file, resolved with the
 * sizing library (docs/sizing.md), and fitted on exactly the planned
 * deployment with aivm_fit_on(). A plain GB figure from the
 * aivm_check_opts.gpu_need hook can replace the sizing (tests).
 */
#include <string.h>

#include "check_int.h"

/* AIVM008 below this share of the deployment's GPU memory: the threshold of
 * recommend's fit-underutilized rule (utilization under 25%), so both modes agree. */
#define UNDERUSED 0.25

static const char *const g_g9[] = {"G9"};

/* AIVM007/AIVM008 from a plain GB figure (the aivm_check_opts.gpu_need hook). */
static void hook_findings(aivm_check__flist *l, aivm_check_item *it, const aivm_check_opts *o,
                          unsigned vms)
{
    const aivm_plan_resource *r = it->res;
    double need = o->gpu_need(o->gpu_need_ctx, r, &it->wl), have;
    aivm_finding *f;
    it->gpu_need_gb = need > 0 ? need : 0;
    if (!(need > 0))
        return;
    have = aivm_check__gpu_total(it->size) * vms;
    if (have < need) {
        f = aivm_check__add(l, "AIVM007", AIVM_SEV_ERROR, r);
        f->message =
            aivm_check__fmt("the model needs about %.0f GB of GPU memory, but %u x %s %s %.0f GB",
                            need, vms, aivm_str(&it->size->name), vms == 1 ? "has" : "have", have);
    } else if (need < UNDERUSED * have) {
        f = aivm_check__add(l, "AIVM008", AIVM_SEV_WARNING, r);
        f->message =
            aivm_check__fmt("%u x %s %s %.0f GB of GPU memory, more than four times the about "
                            "%.0f GB the model needs",
                            vms, aivm_str(&it->size->name), vms == 1 ? "has" : "have", have, need);
    } else {
        return;
    }
    f->suggested = it->suggested;
    aivm_check__guidance(f, g_g9, 1);
}

/* Pay-as-you-go price of `s` in `region` (else its reference region); < 0 unknown. */
static double price_of(const aivm_size *s, const char *region)
{
    const aivm_region_price *rp = s->has_price ? aivm_size_price_in(s, region) : NULL;
    if (!rp && s->has_price)
        rp = aivm_size_price_in(s, aivm_str(&s->price_reference_region));
    return rp ? rp->on_demand : -1;
}

/* AIVM008 (too much GPU memory) only when a size that does the job costs less:
 * an under-used size that is already the cheapest answer is no finding. */
static bool cheaper(const aivm_size *suggested, const aivm_size *planned, const char *region)
{
    double a, b;
    if (!suggested || suggested == planned)
        return false;
    a = price_of(suggested, region);
    b = price_of(planned, region);
    return a >= 0 && b >= 0 && a < b;
}

/* AIVM007/AIVM008 from the model-memory sizing: does the job fit exactly the
 * planned deployment (all nodes for training, one VM per replica for inference)? */
void aivm_check__sizing_findings(aivm_check__flist *l, aivm_check_item *it,
                                 const aivm_check_opts *o)
{
    const aivm_plan_resource *r = it->res;
    const aivm_sizing *sz = it->wl.sizing;
    unsigned vms = it->wl.phase == AIVM_PHASE_TRAIN && r->nodes ? r->nodes : 1;
    aivm_fit *fit = &it->fit;
    aivm_finding *f;
    if (!it->has_workload || !it->size)
        return;
    if (o->gpu_need) {
        hook_findings(l, it, o, vms);
        return;
    }
    if (!sz)
        return;
    if (it->wl.phase == AIVM_PHASE_INFERENCE && r->nodes > 1) {
        /* a replica may span the planned group (over InfiniBand; the rules judge
         * the network): judge it on the VMs it needs, up to the group */
        aivm_fit need;
        aivm_fit_compute(&need, sz, it->size);
        if (need.fits && need.replicas > 1 && need.replicas <= r->nodes) {
            *fit = need; /* the concurrency split over one-VM replicas of the group */
            vms = 0;
        } else if (need.fits && need.vms > 1) {
            vms = need.vms <= r->nodes ? need.vms : r->nodes;
        }
    }
    if (vms)
        aivm_fit_on(fit, sz, it->size, vms);
    it->fit_known = true;
    it->gpu_need_gb = sz->mem.total;
    if (!fit->fits) {
        f = aivm_check__add(l, "AIVM007", AIVM_SEV_ERROR, r);
        if (fit->limit == AIVM_FIT_CPU_MEMORY)
            f->message = aivm_check__fmt("the job needs %.1f GiB but %s has %.1f GiB of RAM usable",
                                         fit->need_gib, aivm_str(&it->size->name), fit->usable_gib);
        else if (fit->limit == AIVM_FIT_PARTIAL)
            f->message =
                aivm_check__fmt("%s offers a share of one GPU (%.1f GiB usable) but the job needs "
                                "%.1f GiB; partitions are not combined",
                                aivm_str(&it->size->name), fit->usable_gib, fit->need_gib);
        else
            f->message = aivm_check__fmt(
                "the job (%.1f GiB) does not fit %u x %s: each GPU would hold "
                "%.1f GiB, more than its %.1f GiB usable",
                sz->mem.total, vms, aivm_str(&it->size->name), fit->need_gib, fit->usable_gib);
    } else if (it->size->has_gpu && fit->memory_utilization < UNDERUSED &&
               cheaper(it->suggested, it->size, it->wl.region)) {
        f = aivm_check__add(l, "AIVM008", AIVM_SEV_WARNING, r);
        f->message = aivm_check__fmt(
            "the job (%.1f GiB) fills only %.0f%% of the GPU memory of %u x %s", sz->mem.total,
            fit->memory_utilization * 100, vms, aivm_str(&it->size->name));
    } else {
        return;
    }
    f->suggested = it->suggested;
    aivm_check__guidance(f, g_g9, 1);
}
