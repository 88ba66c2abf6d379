/* shipped.c - see shipped.h. */
#include "shipped.h"

#include <string.h>

void shipped_load(shipped_data *d, bool models)
{
    d->cat = load_shipped_catalog();
    d->rules = load_shipped_rules();
    d->models = models ? load_shipped_models() : NULL;
}

void shipped_dispose(shipped_data *d)
{
    aivm_models_free(d->models);
    aivm_rules_free(d->rules);
    aivm_catalog_free(d->cat);
    memset(d, 0, sizeof *d);
}

int shipped_setup(void **state)
{
    shipped_data *d = test_calloc(1, sizeof *d);
    shipped_load(d, false);
    *state = d;
    return 0;
}

int shipped_teardown(void **state)
{
    shipped_data *d = *state;
    shipped_dispose(d);
    test_free(d);
    return 0;
}

shipped_data shipped;

int shipped_group_setup(void **state)
{
    (void)state;
    shipped_load(&shipped, true);
    return 0;
}

int shipped_group_teardown(void **state)
{
    (void)state;
    shipped_dispose(&shipped);
    return 0;
}

aivm_advice *shipped_advise(const shipped_data *d, aivm_workload *wl)
{
    aivm_advice *adv = NULL;
    aivm_error err = AIVM_ERROR_INIT;
    aivm_advise_opts o = AIVM_ADVISE_OPTS_INIT;
    wl->today = SHIPPED_TODAY;
    assert_int_equal(aivm_workload_finish(wl, &err), 0);
    assert_int_equal(aivm_advise(&adv, d->cat, d->rules, wl, &o, &err), 0);
    return adv;
}

aivm_plan *shipped_plan(const char *text, const char *name)
{
    aivm_plan *plan = NULL;
    aivm_error err = AIVM_ERROR_INIT;
    aivm_plan_new(&plan);
    if (aivm_plan_read_mem(plan, NULL, text, strlen(text), name, AIVM_PLAN_AUTO, &err))
        fail_msg("plan %s: %s", name, err.msg);
    return plan;
}

int shipped_check(aivm_check_report **out, const shipped_data *d, const aivm_plan *plan,
                  aivm_check_opts *o, aivm_error *err)
{
    o->today = SHIPPED_TODAY;
    return aivm_check_run(out, plan, d->cat, d->rules, o, err);
}

bool shipped_fails_at(aivm_check_report *rep, aivm_severity level, bool new_only)
{
    aivm_check_gate g = AIVM_CHECK_GATE_INIT;
    g.level = level;
    g.new_only = new_only;
    aivm_check_judge(rep, &g);
    return rep->verdict == AIVM_VERDICT_FAIL;
}
