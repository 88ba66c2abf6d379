/* test_check_diff.c - check --base (src/check/check_diff.c): resources
 * matched by address, findings by check id and address whatever their
 * position, new/unchanged/fixed, the cost before/after/change with unknown
 * kept unknown, and the --fail-on-new verdict. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "aivm/check.h"
#include "helpers.h"
#include "shipped.h"

typedef struct {
    shipped_data data;
    aivm_plan *head_plan, *base_plan;
    aivm_waivers *waivers;
    aivm_check_report *rep; /* owns the base report once diffed */
} fx;

static int setup(void **state)
{
    static fx f;
    memset(&f, 0, sizeof f);
    shipped_load(&f.data, false);
    *state = &f;
    return 0;
}

static int teardown(void **state)
{
    fx *f = *state;
    aivm_check_report_free(f->rep);
    aivm_plan_free(f->head_plan);
    aivm_plan_free(f->base_plan);
    aivm_waivers_free(f->waivers);
    shipped_dispose(&f->data);
    return 0;
}

static aivm_check_report *check(fx *f, aivm_plan **plan, const char *yaml, const char *name)
{
    aivm_error err = AIVM_ERROR_INIT;
    aivm_check_opts o = AIVM_CHECK_OPTS_INIT;
    aivm_check_report *r = NULL;
    *plan = shipped_plan(yaml, name);
    o.waivers = f->waivers;
    if (shipped_check(&r, &f->data, *plan, &o, &err))
        fail_msg("check %s: %s", name, err.msg);
    return r;
}

/* Check both plans and diff them into f->rep. */
static const aivm_check_diff *diff(fx *f, const char *head, const char *base)
{
    aivm_error err = AIVM_ERROR_INIT;
    aivm_check_report *b = check(f, &f->base_plan, base, "base.yaml");
    f->rep = check(f, &f->head_plan, head, "head.yaml");
    assert_int_equal(aivm_check_diff_apply(f->rep, b, &err), 0);
    assert_non_null(f->rep->diff);
    assert_ptr_equal(f->rep->diff->base, b);
    return f->rep->diff;
}

static const aivm_finding *find(const aivm_check_report *r, const char *id, const char *addr)
{
    for (size_t i = 0; i < r->n_findings; i++)
        if (strcmp(r->findings[i].id, id) == 0 && r->findings[i].res &&
            strcmp(r->findings[i].res->address, addr) == 0)
            return &r->findings[i];
    return NULL;
}

#define RETIRED                                                                                    \
    "  - name: legacy\n    size: Standard_NC6s_v3\n    region: eastus\n    phase: inference\n"     \
    "    kind: non-generative\n    model_size: complex\n"
#define T4                                                                                         \
    "  - name: legacy\n    size: Standard_NC4as_T4_v3\n    region: eastus\n    phase: inference\n" \
    "    kind: non-generative\n    model_size: complex\n"
#define IB                                                                                         \
    "  - name: chat\n    size: Standard_ND96isr_H100_v5\n    region: eastus\n"                     \
    "    phase: inference\n    kind: generative\n"
#define CPU                                                                                        \
    "  - name: embed\n    size: Standard_E8s_v5\n    region: eastus\n    phase: inference\n"       \
    "    kind: generative\n"

/* Findings keep their identity when their resource moves in the file. */
static void diff__moved_resources_unchanged(void **state)
{
    fx *f = *state;
    const aivm_check_diff *d = diff(f, "workloads:\n" IB RETIRED, "workloads:\n" RETIRED IB);
    assert_int_equal(d->n_new, 0);
    assert_int_equal(d->n_fixed, 0);
    assert_int_equal(d->n_unchanged, f->rep->n_findings);
    assert_true(f->rep->n_findings >= 2);
    for (size_t i = 0; i < f->rep->n_findings; i++)
        assert_int_equal(f->rep->findings[i].baseline, AIVM_BASELINE_UNCHANGED);
    /* resources matched by address, not position */
    assert_int_equal(d->n_resources, 2);
    assert_string_equal(d->resources[0].after->res->address, "chat");
    assert_string_equal(d->resources[0].before->res->address, "chat");
    assert_int_equal(d->resources[0].kind, AIVM_CHANGE_SAME);
    assert_true(d->change.known);
    assert_true(fabs(d->change.monthly) < 1e-9);
    assert_false(shipped_fails_at(f->rep, AIVM_SEV_NOTE, true));
    assert_true(shipped_fails_at(f->rep, AIVM_SEV_ERROR, false)); /* the retired size, unchanged */
}

/* A fixed finding, a new one, an added resource; --fail-on-new sees the new only. */
static void diff__new_and_fixed(void **state)
{
    fx *f = *state;
    const aivm_check_diff *d = diff(f, "workloads:\n" T4 IB CPU, "workloads:\n" RETIRED IB);
    const aivm_finding *added = find(f->rep, "AIVM005", "embed");
    const aivm_finding *kept = find(f->rep, "AIVM003", "chat");
    assert_non_null(added);
    assert_non_null(kept);
    assert_int_equal(added->baseline, AIVM_BASELINE_NEW);
    assert_int_equal(kept->baseline, AIVM_BASELINE_UNCHANGED);
    assert_int_equal(d->n_fixed, 1);
    assert_string_equal(d->fixed[0]->id, "AIVM002");
    assert_string_equal(d->fixed[0]->res->address, "legacy");
    assert_int_equal(d->fixed[0]->baseline, AIVM_BASELINE_ABSENT);
    assert_int_equal(d->new_open[AIVM_SEV_ERROR], 1);
    assert_int_equal(d->n_new + d->n_unchanged, f->rep->n_findings);
    /* the added resource costs nothing before (known), its planned cost after */
    assert_int_equal(d->resources[2].kind, AIVM_CHANGE_ADDED);
    assert_null(d->resources[2].before);
    assert_true(d->resources[2].cost_before.known);
    assert_true(d->resources[2].cost_before.monthly == 0);
    assert_true(fabs(d->resources[2].change.monthly - f->rep->items[2].deploy.monthly) < 1e-9);
    assert_int_equal(d->resources[0].kind, AIVM_CHANGE_RESIZED);
    /* the totals are the reports' */
    assert_true(fabs(d->cost_after.hourly - f->rep->hourly_total) < 1e-9);
    assert_true(fabs(d->cost_before.hourly - d->base->hourly_total) < 1e-9);
    assert_true(fabs(d->change.monthly - (f->rep->monthly_total - d->base->monthly_total)) < 1e-6);
    assert_true(shipped_fails_at(f->rep, AIVM_SEV_ERROR, true));
    /* the library judges each finding: --fail-on-new fails the new one only */
    assert_true(shipped_fails_at(f->rep, AIVM_SEV_NOTE, true));
    assert_true(added->fails);
    assert_false(kept->fails);        /* unchanged: passes with --fail-on-new */
    assert_false(d->fixed[0]->fails); /* fixed: never a failure of this run */
    assert_true(f->rep->gate.new_only);
    assert_true(shipped_fails_at(f->rep, AIVM_SEV_NOTE, false));
    assert_true(kept->fails); /* without --fail-on-new it fails too */
    {
        aivm_check_gate never = AIVM_CHECK_GATE_INIT;
        never.never = true;
        never.new_only = true;
        aivm_check_judge(f->rep, &never);
        assert_int_equal(f->rep->verdict, AIVM_VERDICT_PASS);
        assert_int_equal(f->rep->n_failing, 0);
        assert_false(added->fails);
    }
}

/* Equal addresses match in order, once each: the second copy of a resource
 * is added, and only one of two equal findings continues the base's. */
static void diff__equal_addresses_match_in_order(void **state)
{
    fx *f = *state;
    const aivm_check_diff *d = diff(f, "workloads:\n" RETIRED RETIRED, "workloads:\n" RETIRED);
    size_t unchanged = 0, added = 0;
    assert_int_equal(d->n_resources, 2);
    assert_int_equal(d->resources[0].kind, AIVM_CHANGE_SAME);
    assert_ptr_equal(d->resources[0].after, &f->rep->items[0]);
    assert_int_equal(d->resources[1].kind, AIVM_CHANGE_ADDED);
    assert_ptr_equal(d->resources[1].after, &f->rep->items[1]);
    for (size_t i = 0; i < f->rep->n_findings; i++) {
        const aivm_finding *x = &f->rep->findings[i];
        if (strcmp(x->id, "AIVM002") != 0)
            continue;
        unchanged += x->baseline == AIVM_BASELINE_UNCHANGED;
        added += x->baseline == AIVM_BASELINE_NEW;
    }
    assert_int_equal(unchanged, 1);
    assert_int_equal(added, 1);
    assert_int_equal(d->n_fixed, 0);
}

/* A removed resource: its findings are fixed, its cost goes to 0. */
static void diff__removed_resource(void **state)
{
    fx *f = *state;
    const aivm_check_diff *d = diff(f, "workloads:\n" IB, "workloads:\n" RETIRED IB);
    assert_int_equal(d->n_resources, 2);
    assert_int_equal(d->resources[1].kind, AIVM_CHANGE_REMOVED);
    assert_null(d->resources[1].after);
    assert_true(d->resources[1].cost_after.known && d->resources[1].cost_after.monthly == 0);
    assert_true(d->resources[1].change.known && d->resources[1].change.monthly < 0);
    assert_int_equal(d->n_fixed, 1);
    assert_int_equal(d->n_new, 0);
    assert_false(shipped_fails_at(f->rep, AIVM_SEV_NOTE, true));
}

/* An unpriced base: the before and the change are unknown, never 0. */
static void diff__unpriced_base_is_unknown(void **state)
{
    fx *f = *state;
    const aivm_check_diff *d =
        diff(f, "workloads:\n" IB,
             "workloads:\n  - name: chat\n    size: Standard_ND96isr_H100_v9\n"
             "    region: eastus\n    phase: inference\n"
             "    kind: generative\n");
    assert_false(d->cost_before.known);
    assert_false(d->change.known);
    assert_true(d->cost_after.known);
    assert_int_equal(d->unpriced_before, 1);
    assert_int_equal(d->unpriced_after, 0);
    assert_false(d->resources[0].cost_before.known);
    assert_false(d->resources[0].change.known);
    assert_int_equal(d->resources[0].kind, AIVM_CHANGE_RESIZED);
}

/* A waiver applies to both plans: a waived new finding does not fail --fail-on-new. */
static void diff__waived_new_does_not_fail(void **state)
{
    fx *f = *state;
    static const char w[] = "waivers:\n  - resource: embed\n    rule: AIVM005\n"
                            "    reason: a CPU embedding trial\n    expires: 2027-01-31\n";
    aivm_error err = AIVM_ERROR_INIT;
    const aivm_check_diff *d;
    if (aivm_waivers_load_mem(&f->waivers, w, strlen(w), "w.yaml", &err))
        fail_msg("waivers: %s", err.msg);
    d = diff(f, "workloads:\n" IB CPU, "workloads:\n" IB);
    assert_int_equal(find(f->rep, "AIVM005", "embed")->baseline, AIVM_BASELINE_NEW);
    assert_non_null(find(f->rep, "AIVM005", "embed")->waiver);
    assert_int_equal(d->new_open[AIVM_SEV_ERROR], 0);
    assert_false(shipped_fails_at(f->rep, AIVM_SEV_ERROR, true));
}

static void diff__names(void **state)
{
    (void)state;
    assert_string_equal(aivm_baseline_name(AIVM_BASELINE_NEW), "new");
    assert_string_equal(aivm_baseline_name(AIVM_BASELINE_UNCHANGED), "unchanged");
    assert_string_equal(aivm_baseline_name(AIVM_BASELINE_ABSENT), "absent");
    assert_null(aivm_baseline_name(AIVM_BASELINE_NONE));
    assert_string_equal(aivm_change_kind_name(AIVM_CHANGE_RESIZED), "resized");
}

int main(void)
{
#define T(name) cmocka_unit_test_setup_teardown(name, setup, teardown)
    const struct CMUnitTest tests[] = {
        T(diff__moved_resources_unchanged),
        T(diff__new_and_fixed),
        T(diff__removed_resource),
        T(diff__unpriced_base_is_unknown),
        T(diff__waived_new_does_not_fail),
        T(diff__names),
        T(diff__equal_addresses_match_in_order),
    };
    return cmocka_run_group_tests_name("check_diff", tests, NULL, NULL);
}
