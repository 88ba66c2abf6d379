/*
 * check_verdict.c - the verdict of a check run: which findings fail the gate
 * (--fail-on, --fail-on-new) and whether the run fails. The one place that
 * decides it: the renderers (JUnit's <failure>s, the JSON summary, the
 * Markdown verdict line) and the CLI's exit status read the report.
 */
#include "check_int.h"

const char *aivm_check_verdict_name(aivm_check_verdict v)
{
    return v == AIVM_VERDICT_FAIL ? "fail" : "pass";
}

/* Whether `f` fails `g`: unwaived, at or above the level, and NEW when only
 * new findings count and there is a base to tell them by. */
static bool fails(const aivm_finding *f, const aivm_check_gate *g, bool has_base)
{
    if (g->never || f->waiver)
        return false;
    if (g->new_only && has_base && f->baseline != AIVM_BASELINE_NEW)
        return false;
    return f->severity >= g->level;
}

void aivm_check_judge(aivm_check_report *rep, const aivm_check_gate *gate)
{
    static const aivm_check_gate dflt = AIVM_CHECK_GATE_INIT;
    rep->gate = gate ? *gate : dflt;
    rep->n_failing = 0;
    for (size_t i = 0; i < rep->n_findings; i++) {
        aivm_finding *f = &rep->findings[i];
        f->fails = fails(f, &rep->gate, rep->diff != NULL);
        rep->n_failing += f->fails;
    }
    rep->verdict = rep->n_failing ? AIVM_VERDICT_FAIL : AIVM_VERDICT_PASS;
    if (rep->diff) /* the base's findings: fixed or kept, never a failure of this run */
        for (size_t i = 0; i < rep->diff->base->n_findings; i++)
            rep->diff->base->findings[i].fails = false;
}
