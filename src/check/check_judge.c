/*
 * check_judge.c - the findings on a resource's planned size: the rules that
 * carry a `check:` id (exclude/penalize/note fire when the planned size
 * matches, require when it does not, prefer when the advisor's pick of the
 * planned family is better) and the built-in findings (unknown size, no
 * workload, multi-node training without RDMA, spot training without
 * checkpoints, then the memory fit of check_sizing.c). check.c calls both per
 * item, after settling its workload and its suggested size.
 */
#include <stdlib.h>
#include <string.h>

#include "aivm/check.h"
#include "aivm/util.h"
#include "check_int.h"

static const char *const g_g8[] = {"G8"};
static const char *const g_g11[] = {"G11"};
static const char *const g_g14[] = {"G14"};

/* True when a require or exclude rule rejects `s` for the workload (as
 * recommend would). Prefer-rule findings are only raised for accepted sizes. */
static bool rejected(const aivm_rules *rules, const aivm_workload *wl, const aivm_size *s)
{
    for (size_t i = 0; i < aivm_rules_count(rules); i++)
        if (aivm_rule_rejects(aivm_rules_at(rules, i), wl, s))
            return true;
    return false;
}

static char *render_rule(const aivm_rule *r, const aivm_workload *wl, const aivm_size *s,
                         const char *prefix)
{
    aivm_buf b = AIVM_BUF_INIT;
    if (prefix)
        aivm_buf_puts(&b, prefix);
    aivm_rule_render_message(&b, r, wl, s);
    return aivm_buf_detach(&b);
}

/* `newer` is the advisor's best passing size of the planned family: what
 * prefer rules (AIVM009) compare the plan with. */
void aivm_check__rule_findings(aivm_check__flist *l, aivm_check_item *it, const aivm_rules *rules,
                               const aivm_size *newer)
{
    const aivm_size *s = it->size;
    const aivm_workload *wl = &it->wl;
    for (size_t i = 0; i < aivm_rules_count(rules); i++) {
        const aivm_rule *r = aivm_rules_at(rules, i);
        const aivm_size *sug = it->suggested;
        const char *cid = aivm_rule_check_id(r);
        bool m, fire = false;
        double a = 0, b = 0;
        char *msg = NULL;
        aivm_finding *f;
        if (!cid || !aivm_rule_applies(r, wl))
            continue;
        m = aivm_rule_matches(r, wl, s);
        switch (aivm_rule_effect(r)) {
        case AIVM_EFFECT_PENALIZE:
        case AIVM_EFFECT_EXCLUDE:
        case AIVM_EFFECT_NOTE:
            /* a penalty recommend's own pick carries too is no finding: nothing
             * the advisor knows avoids it (InfiniBand on the only sizes that
             * hold the model); a lifecycle date is a fact whatever the choice */
            if (aivm_rule_effect(r) == AIVM_EFFECT_PENALIZE && m && sug &&
                strcmp(cid, "AIVM002") != 0 && aivm_rule_matches(r, wl, sug))
                break;
            if ((fire = m))
                msg = render_rule(r, wl, s, NULL);
            break;
        case AIVM_EFFECT_REQUIRE:
            if ((fire = !m)) {
                char *pre = aivm_check__fmt("%s does not fit: ", aivm_str(&s->name));
                msg = render_rule(r, wl, s, pre);
                free(pre);
            }
            break;
        case AIVM_EFFECT_PREFER:
            sug = newer;
            if (!sug || rejected(rules, wl, s) || !aivm_rule_matches(r, wl, sug))
                break;
            if (aivm_rule_scale_value(r, wl, s, &a) && aivm_rule_scale_value(r, wl, sug, &b))
                fire = b > a;
            else
                fire = !m;
            if (fire) {
                char *pre = aivm_check__fmt("%s fits better than %s: ", aivm_str(&sug->name),
                                            aivm_str(&s->name));
                msg = render_rule(r, wl, sug, pre);
                free(pre);
            }
            break;
        }
        if (!fire)
            continue;
        f = aivm_check__add(l, cid, aivm_rule_severity(r), it->res);
        f->rule = r;
        f->message = msg;
        f->suggested = sug;
        aivm_check__guidance(f, aivm_rule_guidance(r)->items, aivm_rule_guidance(r)->n);
    }
}

/* AIVM024: the planned image is built for another CPU architecture than the
 * planned size's (an x86_64 image on a Grace size, or the reverse): the VM
 * cannot boot it. Only an image whose architecture is known is judged
 * (aivm_catalog_image_arch); an Arm64 size is pointed at the catalog's
 * Arm64 image of its OS. */
static void image_arch_finding(aivm_check__flist *l, const aivm_check_item *it,
                               const aivm_catalog *cat)
{
    const aivm_plan_resource *r = it->res;
    const char *ia = aivm_catalog_image_arch(cat, r->image_publisher, r->image_offer, r->image_sku);
    const char *sa = it->size ? aivm_str(&it->size->cpu_arch) : NULL;
    bool arm = sa && strcmp(sa, "arm64") == 0;
    const aivm_image *alt = NULL;
    aivm_finding *f;
    if (!ia || !sa || strcmp(ia, sa) == 0)
        return;
    for (size_t i = 0; arm && !alt && i < aivm_catalog_image_count(cat); i++) {
        const aivm_image *m = aivm_catalog_image_at(cat, i);
        if (m->cpu_arch && strcmp(m->cpu_arch, "arm64") == 0 && m->os &&
            strcmp(m->os, it->wl.os == AIVM_OS_WINDOWS ? "windows" : "linux") == 0)
            alt = m;
    }
    f = aivm_check__add(l, "AIVM024", AIVM_SEV_ERROR, r);
    if (alt)
        f->message = aivm_check__fmt("%s has Arm64 CPUs and cannot boot the x86_64 image %s:%s:%s: "
                                     "deploy an Arm64 image (%s:%s:%s:%s)",
                                     r->size, r->image_publisher, r->image_offer, r->image_sku,
                                     alt->publisher, alt->offer, alt->sku, alt->version);
    else
        f->message = aivm_check__fmt("%s has %s CPUs and cannot boot the %s image %s:%s:%s: "
                                     "deploy %s",
                                     r->size, arm ? "Arm64" : "x86_64", arm ? "x86_64" : "Arm64",
                                     r->image_publisher, r->image_offer, r->image_sku,
                                     arm ? "an Arm64 image" : "an x86_64 build of it");
    f->loc = r->image_loc;
    f->pointer = NULL;
    aivm_check__guidance(f, g_g8, 1);
}

void aivm_check__builtin_findings(aivm_check__flist *l, aivm_check_item *it,
                                  const aivm_catalog *cat, const aivm_check_opts *o)
{
    const aivm_plan_resource *r = it->res;
    const aivm_workload *wl = &it->wl;
    aivm_finding *f;
    if (r->unread) { /* nothing about its VMs is known: no other finding applies */
        f = aivm_check__add(l, "AIVM023", AIVM_SEV_WARNING, r);
        f->message = aivm_check__fmt(
            "linked template not read: the VMs that deployment %s deploys from %s are neither "
            "checked nor costed; check that template itself, or inline it (Bicep modules build "
            "inline)",
            r->address, r->unread);
        f->loc = r->size_loc;
        return;
    }
    if (!it->size) {
        f = aivm_check__add(l, "AIVM001", AIVM_SEV_WARNING, r);
        const char *guess = r->size ? aivm_catalog_suggest_size(cat, r->size) : NULL;
        if (guess) /* a typo of a catalog size: the deployment would fail too */
            f->message = aivm_check__fmt("%s is not in the aivm-advise catalog (did you mean %s?)",
                                         r->size, guess);
        else if (r->size)
            f->message = aivm_check__fmt(
                "%s is not in the aivm-advise catalog: no rule can judge it", r->size);
        else if (r->size_expr && r->size_expr[0] == '[')
            f->message = aivm_check__fmt(
                "the size is an expression aivm-advise cannot evaluate: %s", r->size_expr);
        else if (r->size_expr && strcmp(r->size_expr, "(known after apply)") == 0)
            f->message = aivm_check__fmt("the size is unknown at plan time (known after apply)");
        else if (r->size_expr && r->size_expr[0] == '(')
            f->message = aivm_check__fmt("no size is set (or it is unknown until apply)");
        else
            f->message = aivm_check__fmt("the size is empty");
        f->suggested = it->suggested;
    }
    image_arch_finding(l, it, cat);
    if (!it->has_workload) {
        f = aivm_check__add(l, "AIVM011", AIVM_SEV_NOTE, r);
        f->message =
            r->system_pool
                ? aivm_check__fmt("system node pool: it runs the cluster's own pods, not the AI "
                                  "workload of --phase/--kind or the cluster's tags (tag the pool "
                                  "itself when it does); only lifecycle rules were applied")
                : aivm_check__fmt("no workload: tag the resource with aivm-phase and aivm-kind "
                                  "(or pass --workload); only lifecycle rules were applied");
        f->loc = r->loc;
        f->pointer = NULL;
        return;
    }
    if (it->size && wl->phase == AIVM_PHASE_TRAIN && r->nodes > 1 && !it->size->infiniband &&
        !(wl->kind == AIVM_KIND_NON_GENERATIVE && wl->model_size == AIVM_MSIZE_SMALL)) {
        f = aivm_check__add(l, "AIVM004", AIVM_SEV_ERROR, r);
        f->message =
            aivm_check__fmt("%u VMs of %s train together, but %s has no InfiniBand/RDMA network "
                            "for GPU-to-GPU transfer across VMs",
                            r->nodes, r->group, aivm_str(&it->size->name));
        f->suggested = it->suggested && it->suggested->infiniband ? it->suggested : NULL;
        aivm_check__guidance(f, g_g11, 1);
    }
    if (wl->phase == AIVM_PHASE_TRAIN && r->priority == AIVM_PRIO_SPOT && !r->checkpointing) {
        f = aivm_check__add(l, "AIVM010", AIVM_SEV_WARNING, r);
        f->message =
            aivm_check__fmt("spot capacity can be reclaimed at any time: training without "
                            "checkpoints loses work on eviction (tag aivm-checkpointing = \"true\" "
                            "once the job checkpoints)");
        aivm_check__guidance(f, g_g14, 1);
    }
    aivm_check__sizing_findings(l, it, o);
}
