/*
 * check_work.c - the time and cost of the work in check (docs/throughput.md):
 * with aivm-tokens or aivm-tokens-per-second (or --tokens ...), each
 * resource's job time on its planned deployment, and AIVM014 (a note) when
 * the suggested size, which the advice ranks by the cost of the same work,
 * does it (meets the same serving target) for at least 30 % less at catalog
 * prices. Both sides' figures come from aivm_deployment_eval().
 */
#include <stdio.h>

#include "aivm/advise.h"
#include "check_int.h"

static const char *const g_g13[] = {"G13"};
static const char *const g_g9[] = {"G9"};
static const char *const g_g9_g11[] = {"G9", "G11"};

/* A token count as the flags spell it: 2T, 20B, 300K. */
static void fmt_tokens(char *out, size_t n, double v)
{
    static const char suffix[] = "TBMK";
    double scale = 1e12;
    for (size_t i = 0; i < 4; i++, scale /= 1e3)
        if (v >= scale) {
            snprintf(out, n, "%.4g%c", v / scale, suffix[i]);
            return;
        }
    snprintf(out, n, "%.0f", v);
}

/* The job's amount as the messages name it: "200B-token", or "115M-sample" (--samples). */
static void fmt_job(char *out, size_t n, const aivm_work_estimate *e)
{
    char amount[24];
    fmt_tokens(amount, sizeof amount, e->samples > 0 ? e->samples : e->tokens);
    snprintf(out, n, "%s-%s", amount, e->samples > 0 ? "sample" : "token");
}

const aivm_candidate *aivm_check__candidate_of(const aivm_advice *adv, const aivm_size *s)
{
    for (size_t i = 0; adv && i < adv->n_ranked; i++)
        if (adv->ranked[i].size == s)
            return &adv->ranked[i];
    return NULL;
}

/* AIVM018 and AIVM019: the planned deployment against the work's own target,
 * as aivm_deployment_eval() judged it (what it sustains, when it finishes). */
static void target_findings(aivm_check__flist *l, aivm_check_item *it)
{
    const aivm_deployment *d = &it->deploy;
    const char *name = aivm_str(&it->size->name);
    aivm_finding *f;
    char tok[48];
    if (!it->work.known || it->res->count_expr)
        return;
    if (it->work.phase == AIVM_PHASE_INFERENCE && d->short_of_target) {
        f = aivm_check__add(l, "AIVM018", AIVM_SEV_WARNING, it->res);
        f->message = aivm_check__fmt(
            "%u x %s sustain%s %.0f %s/s, short of the target %g: it needs %u VMs", d->vms, name,
            d->vms == 1 ? "s" : "",
            it->work.requests ? d->capacity_requests_per_second : d->capacity_tokens_per_second,
            it->work.requests ? "requests" : "output tokens",
            it->work.requests ? it->work.target_requests_per_second
                              : it->work.target_tokens_per_second,
            d->vms_for_target);
        aivm_check__guidance(f, g_g9, 1);
    } else if (it->work.phase == AIVM_PHASE_TRAIN && d->over_max_days) {
        fmt_job(tok, sizeof tok, &it->work);
        f = aivm_check__add(l, "AIVM019", AIVM_SEV_WARNING, it->res);
        if (!it->size->has_gpu) /* --samples on a CPU size: no InfiniBand to scale out */
            f->message = aivm_check__fmt(
                "%u x %s runs the %s job in %.0f days on its vCPUs, past --max-days %g: plan a "
                "GPU size (the job's FLOPs, not the model's parameters, size it)",
                d->vms, name, tok, it->work.wall_hours / 24, it->work.max_days);
        else if (it->size->infiniband)
            f->message = aivm_check__fmt(
                "%u x %s runs the %s job in %.0f days, past --max-days %g: %u VMs would "
                "finish within it",
                d->vms, name, tok, it->work.wall_hours / 24, it->work.max_days,
                d->vms_for_max_days);
        else
            f->message = aivm_check__fmt(
                "%u x %s runs the %s job in %.0f days, past --max-days %g, and without "
                "InfiniBand cannot train across more VMs (%u would finish within it over "
                "InfiniBand): plan an InfiniBand size",
                d->vms, name, tok, it->work.wall_hours / 24, it->work.max_days,
                d->vms_for_max_days);
        if (it->size->has_gpu)
            aivm_check__guidance(f, g_g9_g11, 2);
        else
            aivm_check__guidance(f, g_g9, 1);
    }
}

void aivm_check__work_findings(aivm_check__flist *l, aivm_check_item *it, const aivm_catalog *cat,
                               const aivm_advice *adv)
{
    const aivm_size *s = it->size;
    const aivm_candidate *alt;
    const aivm_deployment *a;
    aivm_deployment planned;
    aivm_price rate;
    aivm_finding *f;
    unsigned count = it->res->count ? it->res->count : 1;
    char tok[48];
    aivm_fit fit = it->fit;
    if (!it->has_workload || !it->wl.sizing || !aivm_work_wanted(&it->wl) || !s)
        return;
    it->has_work = true;
    if (!it->fit_known)
        return; /* no fit of the planned deployment (the gpu_need hook): no estimate */
    if (it->wl.phase == AIVM_PHASE_INFERENCE)
        aivm_fit_compute(&fit, it->wl.sizing, s); /* the smallest replica, as many per VM as fit */
    aivm_work_estimate_for(&it->work, &it->wl, fit.fits ? &fit : &it->fit, s,
                           aivm_catalog_size_gpu(cat, s));
    aivm_check__deploy(it); /* the planned deployment now has its work */
    target_findings(l, it);
    if (!it->work.known || !it->suggested || it->suggested == s || it->res->count_expr)
        return;
    /* What the advice compares: the planned size at catalog pay-as-you-go prices doing the
     * same work, training on the planned VMs, serving on the VMs that meet the target. */
    aivm_price_from_catalog(&rate, s, it->wl.region, it->wl.os, AIVM_PRICING_ON_DEMAND, NULL);
    if (!rate.has_hourly)
        return;
    aivm_deployment_eval(
        &planned,
        it->work.phase == AIVM_PHASE_TRAIN ? count : (it->work.vms > count ? it->work.vms : count),
        &rate, &it->work, AIVM_PREC_UNSET);
    alt = aivm_check__candidate_of(adv, it->suggested);
    if (!alt)
        return;
    a = &alt->deploy;
    if (it->work.phase == AIVM_PHASE_TRAIN) {
        if (!a->has_job_cost || !planned.has_job_cost || !(planned.job_cost > 0) ||
            !(a->job_cost <= planned.job_cost * AIVM_CHECK_WORK_CHEAPER))
            return;
        fmt_job(tok, sizeof tok, &it->work);
        f = aivm_check__add(l, "AIVM014", AIVM_SEV_NOTE, it->res);
        f->message = aivm_check__fmt(
            "%u x %s finishes the %s job in %.0f hours for %.0f %s; %u x %s does it in "
            "%.0f hours for %.0f %s (%.0f%% less)",
            count, aivm_str(&s->name), tok, it->work.wall_hours, planned.job_cost, planned.currency,
            a->vms, aivm_str(&alt->size->name), alt->work.wall_hours, a->job_cost, a->currency,
            (1 - a->job_cost / planned.job_cost) * 100);
    } else {
        if (!a->has_hourly || !planned.has_hourly || !(planned.hourly > 0) ||
            !(a->hourly <= planned.hourly * AIVM_CHECK_WORK_CHEAPER))
            return;
        f = aivm_check__add(l, "AIVM014", AIVM_SEV_NOTE, it->res);
        f->message = aivm_check__fmt(
            "meeting %g output tokens/s takes %u x %s at %.3f %s/hour (%.3f per million output "
            "tokens); %u x %s meets it at %.3f %s/hour (%.3f per million, %.0f%% less)",
            it->work.target_tokens_per_second, planned.vms, aivm_str(&s->name), planned.hourly,
            planned.currency, planned.per_mtok, a->vms, aivm_str(&alt->size->name), a->hourly,
            a->currency, a->per_mtok, (1 - a->hourly / planned.hourly) * 100);
    }
    f->suggested = it->suggested;
    aivm_check__guidance(f, g_g13, 1);
}
