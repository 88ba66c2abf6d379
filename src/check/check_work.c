/*
 * check_work.c - the time and cost of the work in check (docs/throughput.md):
 * with aivm-tokens or aivm-tokens-per-second (or --tokens ...), each
 * resource's job time on its planned deployment, and AIVM014 (a note) when
 * the suggested size, which the advice ranks by the cost of the same work,
 * does it for at least 30 % less at catalog prices.
 */
#include <stdio.h>

#include "aivm/advise.h"
#include "check_int.h"

static const char *const g_g13[] = {"G13"};

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

/* The planned VMs' catalog price per VM-hour in the workload's region (or
 * the size's reference region), on demand: what the advice compares with. */
static bool catalog_rate(double *out, const aivm_size *s, const char *region)
{
    const aivm_region_price *rp = s->has_price ? aivm_size_price_in(s, region) : NULL;
    if (!rp && s->has_price)
        rp = aivm_size_price_in(s, aivm_str(&s->price_reference_region));
    if (!rp)
        return false;
    *out = rp->on_demand;
    return true;
}

/* The work's cost at `rate` per VM-hour on `vms` VMs (training) or per
 * million output tokens (inference). */
static double work_cost(const aivm_work_estimate *e, double rate, unsigned vms)
{
    if (e->phase == AIVM_PHASE_TRAIN)
        return rate * vms * e->wall_hours;
    return rate * e->unit_vms / (e->unit_tokens_per_second * 3600) * 1e6;
}

bool aivm_check_item_work_cost(double *out, const aivm_check_item *it)
{
    unsigned count = it->res->count ? it->res->count : 1;
    if (!it->has_work || !it->work.known || !it->priced)
        return false;
    *out = work_cost(&it->work, it->hourly / count, count);
    return true;
}

static const aivm_candidate *candidate_of(const aivm_advice *adv, const aivm_size *s)
{
    for (size_t i = 0; adv && i < adv->n_ranked; i++)
        if (adv->ranked[i].size == s)
            return &adv->ranked[i];
    return NULL;
}

void aivm_check__work_findings(aivm_check__flist *l, aivm_check_item *it, const aivm_catalog *cat,
                               const aivm_advice *adv)
{
    const aivm_size *s = it->size;
    const aivm_candidate *alt;
    aivm_work_cost wc;
    aivm_finding *f;
    unsigned count = it->res->count ? it->res->count : 1;
    double rate = 0, planned;
    char tok[32];
    aivm_fit fit = it->fit;
    if (!it->has_workload || !it->wl.sizing || !aivm_work_wanted(&it->wl) || !s)
        return;
    it->has_work = true;
    if (!it->fit_known)
        return; /* no fit of the planned deployment (the gpu_need hook): no estimate */
    if (it->wl.phase == AIVM_PHASE_INFERENCE)
        aivm_fit_compute(&fit, it->wl.sizing, s); /* the smallest replica, as many per VM as fit */
    aivm_work_estimate_for(&it->work, &it->wl, fit.fits ? &fit : &it->fit, s,
                           s->has_gpu ? aivm_catalog_gpu_model(cat, aivm_str(&s->gpu_model))
                                      : NULL);
    if (!it->work.known || !it->suggested || it->res->count_expr ||
        !catalog_rate(&rate, s, it->wl.region))
        return;
    alt = candidate_of(adv, it->suggested);
    if (!alt || !aivm_candidate_work_cost(&wc, alt))
        return;
    planned = work_cost(&it->work, rate, count);
    if (!(planned > 0))
        return;
    if (it->work.phase == AIVM_PHASE_TRAIN) {
        if (!(wc.job_cost <= planned * AIVM_CHECK_WORK_CHEAPER))
            return;
        fmt_tokens(tok, sizeof tok, it->work.tokens);
        f = aivm_check__add(l, "AIVM014", AIVM_SEV_NOTE, it->res);
        f->message = aivm_check__fmt(
            "%u x %s finishes the %s-token job in %.0f hours for %.0f %s; %u x %s does it in "
            "%.0f hours for %.0f %s (%.0f%% less)",
            count, aivm_str(&s->name), tok, it->work.wall_hours, planned,
            aivm_str(&s->price_currency), wc.vms, aivm_str(&alt->size->name), alt->work.wall_hours,
            wc.job_cost, wc.currency, (1 - wc.job_cost / planned) * 100);
    } else {
        if (!(wc.per_mtok <= planned * AIVM_CHECK_WORK_CHEAPER))
            return;
        f = aivm_check__add(l, "AIVM014", AIVM_SEV_NOTE, it->res);
        f->message = aivm_check__fmt(
            "%s serves output tokens for %.3f %s per million; %s for %.3f %s (%.0f%% less)",
            aivm_str(&s->name), planned, aivm_str(&s->price_currency), aivm_str(&alt->size->name),
            wc.per_mtok, wc.currency, (1 - wc.per_mtok / planned) * 100);
    }
    f->suggested = it->suggested;
    aivm_check__guidance(f, g_g13, 1);
}
