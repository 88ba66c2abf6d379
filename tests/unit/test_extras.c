/* test_extras.c - advice beyond the size: guidance coverage of the shipped
 * rules (G1-G23), the target-rule loader and its catalog check, the
 * image/orchestrator/container/spot choices, overrides, and the new
 * workload inputs. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "helpers.h"
#include "shipped.h"

typedef shipped_data fx;

/* Run the advisor on the shipped data; the caller frees the advice. */
static aivm_advice *advise(const fx *f, aivm_workload *wl)
{
    aivm_advice *adv;
    if (wl->kind == AIVM_KIND_UNSET)
        wl->kind = AIVM_KIND_GENERATIVE;
    adv = shipped_advise(f, wl);
    assert_non_null(adv->extras);
    return adv;
}

static const char *orch(const aivm_advice *adv, size_t i)
{
    const aivm_extras *ex = adv->extras;
    return i < ex->n_orchestrators ? ex->orchestrators[i].orchestrator->id : "(none)";
}

static bool has_tool(const aivm_advice *adv, const char *id)
{
    for (size_t i = 0; i < adv->extras->n_tools; i++)
        if (strcmp(adv->extras->tools[i].tool->id, id) == 0)
            return true;
    return false;
}

/* The guidance items of shared/guidance.md, listed here so the test does
 * not depend on a file outside the repository. */
static const char *const guidance_ids[] = {"G1",  "G2",  "G3",  "G4",  "G5",  "G6",  "G7",  "G8",
                                           "G9",  "G10", "G11", "G12", "G13", "G14", "G15", "G16",
                                           "G17", "G18", "G19", "G20", "G21", "G22", "G23"};

static bool rule_cites(const aivm_rule *r, const char *g)
{
    const aivm_strlist *l = aivm_rule_guidance(r);
    for (size_t i = 0; i < l->n; i++)
        if (strcmp(l->items[i], g) == 0)
            return true;
    return false;
}

static void extras__every_guidance_item_is_implemented_by_a_rule(void **state)
{
    fx *f = *state;
    for (size_t g = 0; g < sizeof guidance_ids / sizeof guidance_ids[0]; g++) {
        bool found = false;
        for (size_t i = 0; !found && i < aivm_rules_count(f->rules); i++) {
            const aivm_rule *r = aivm_rules_at(f->rules, i);
            found = aivm_rule_enabled(r) && rule_cites(r, guidance_ids[g]);
        }
        if (!found)
            fail_msg("no enabled shipped rule implements %s", guidance_ids[g]);
    }
}

/* The image, orchestrator, container and spot items are implemented by rules of the matching
 * target. */
static void extras__guidance_items_have_rules_of_their_target(void **state)
{
    static const struct {
        const char *g;
        aivm_target t;
    } want[] = {
        {"G7", AIVM_TARGET_IMAGE},           {"G8", AIVM_TARGET_IMAGE},
        {"G13", AIVM_TARGET_NOTICE},         {"G14", AIVM_TARGET_SPOT},
        {"G15", AIVM_TARGET_ORCHESTRATOR},   {"G16", AIVM_TARGET_ORCHESTRATOR},
        {"G17", AIVM_TARGET_ORCHESTRATOR},   {"G18", AIVM_TARGET_ORCHESTRATOR},
        {"G19", AIVM_TARGET_ORCHESTRATOR},   {"G20", AIVM_TARGET_CONTAINER_TOOL},
        {"G21", AIVM_TARGET_CONTAINER_TOOL}, {"G22", AIVM_TARGET_CONTAINER_TOOL},
        {"G23", AIVM_TARGET_NOTICE},
    };
    fx *f = *state;
    for (size_t k = 0; k < sizeof want / sizeof want[0]; k++) {
        bool found = false;
        for (size_t i = 0; !found && i < aivm_rules_count(f->rules); i++) {
            const aivm_rule *r = aivm_rules_at(f->rules, i);
            found = aivm_rule_target(r) == want[k].t && rule_cites(r, want[k].g);
        }
        if (!found)
            fail_msg("no %s rule implements %s", aivm_target_name(want[k].t), want[k].g);
    }
}

static void extras__shipped_selects_exist_in_catalog(void **state)
{
    fx *f = *state;
    aivm_error err = AIVM_ERROR_INIT;
    assert_int_equal(aivm_rules_check_targets(f->rules, f->cat, &err), 0);
}

/* Load `yaml` as an extra rules document; returns the status. */
static int load_rules(aivm_rules *rules, const char *yaml, aivm_error *err)
{
    return aivm_rules_load_mem(rules, yaml, strlen(yaml), "co.yaml", err);
}

static void extras__unknown_select_is_reported_with_its_position(void **state)
{
    fx *f = *state;
    aivm_error err = AIVM_ERROR_INIT;
    assert_int_equal(load_rules(f->rules,
                                "version: \"1\"\n"
                                "rules:\n"
                                "  - id: always-akss\n"
                                "    target: orchestrator\n"
                                "    select: akss\n"
                                "    weight: 100\n"
                                "    message: typo\n",
                                &err),
                     0);
    assert_int_equal(aivm_rules_check_targets(f->rules, f->cat, &err), AIVM_EINVALID);
    assert_string_equal(err.file, "co.yaml");
    assert_int_equal(err.line, 5);
    assert_int_equal(err.col, 13);
    assert_string_equal(err.msg, "rule 'always-akss': unknown orchestrator 'akss' in 'select' "
                                 "(the catalog has: cyclecloud, batch, aks, manual)");
}

static void extras__unknown_orchestrator_condition_is_reported(void **state)
{
    fx *f = *state;
    aivm_error err = AIVM_ERROR_INIT;
    assert_int_equal(load_rules(f->rules,
                                "rules:\n"
                                "  - id: n\n"
                                "    target: spot\n"
                                "    orchestrator: [batch, slurm]\n"
                                "    message: m\n",
                                &err),
                     0);
    assert_int_equal(aivm_rules_check_targets(f->rules, f->cat, &err), AIVM_EINVALID);
    assert_int_equal(err.line, 4);
    assert_non_null(strstr(err.msg, "unknown orchestrator 'slurm' in 'orchestrator'"));
}

static void extras__loader_rejects_misused_keys(void **state)
{
    static const struct {
        const char *rule;
        const char *msg;
    } bad[] = {
        {"target: image\n    effect: prefer\n    select: x\n    weight: 1",
         "'effect' is for size rules"},
        {"target: spot\n    select: aks\n    weight: 1", "target 'spot' selects nothing"},
        {"target: image\n    advice: recommended\n    weight: 1", "'advice' needs 'target: spot'"},
        {"target: image\n    select: x", "missing key 'weight'"},
        {"target: image\n    weight: 2", "'weight' is only for rules that select or advise"},
        {"target: image\n    select: x\n    weight: 0", "weight must not be 0"},
        {"target: orchestrator\n    select: aks\n    orchestrator: aks\n    weight: 1",
         "an orchestrator rule cannot test the orchestrator"},
        {"effect: note\n    select: aks", "'select' needs a 'target'"},
        {"target: vm", "invalid value 'vm' (expected image, orchestrator, container_tool, spot "
                       "or notice)"},
        {"target: spot\n    advice: maybe\n    weight: 1",
         "invalid value 'maybe' (expected recommended, checkpointing-required or "
         "not-recommended)"},
    };
    fx *f = *state;
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        aivm_error err = AIVM_ERROR_INIT;
        char yaml[512];
        snprintf(yaml, sizeof yaml, "rules:\n  - id: r\n    message: m\n    %s\n", bad[i].rule);
        assert_int_equal(load_rules(f->rules, yaml, &err), AIVM_EINVALID);
        if (!strstr(err.msg, bad[i].msg))
            fail_msg("case %zu: got '%s', want '%s'", i, err.msg, bad[i].msg);
        assert_string_equal(err.file, "co.yaml");
        assert_true(err.line >= 2); /* the rule, or the offending key in it */
    }
}

static void extras__target_rules_do_not_rank_sizes(void **state)
{
    fx *f = *state;
    aivm_workload wl = AIVM_WORKLOAD_INIT;
    aivm_advice *adv;
    wl.phase = AIVM_PHASE_TRAIN;
    adv = advise(f, &wl);
    for (size_t i = 0; i < adv->n_ranked; i++)
        for (size_t j = 0; j < adv->ranked[i].n_reasons; j++)
            assert_int_equal(aivm_rule_target(adv->ranked[i].reasons[j].rule), AIVM_TARGET_SIZE);
    aivm_advice_free(adv);
}

static void extras__orchestrator_follows_the_workload(void **state)
{
    fx *f = *state;
    aivm_workload a = AIVM_WORKLOAD_INIT, b = AIVM_WORKLOAD_INIT, c = AIVM_WORKLOAD_INIT,
                  d = AIVM_WORKLOAD_INIT;
    aivm_advice *adv;
    a.phase = AIVM_PHASE_TRAIN;
    a.scheduler = AIVM_SCHED_PBS;
    adv = advise(f, &a);
    assert_string_equal(orch(adv, 0), "cyclecloud");
    aivm_advice_free(adv);

    b.phase = AIVM_PHASE_INFERENCE;
    b.managed = true;
    adv = advise(f, &b);
    assert_string_equal(orch(adv, 0), "batch");
    aivm_advice_free(adv);

    c.phase = AIVM_PHASE_INFERENCE;
    c.containers = true;
    c.nodes = 4;
    adv = advise(f, &c);
    assert_string_equal(orch(adv, 0), "aks");
    aivm_advice_free(adv);

    d.phase = AIVM_PHASE_INFERENCE;
    adv = advise(f, &d);
    assert_string_equal(orch(adv, 0), "manual");
    assert_int_equal(adv->extras->orchestrators[0].rank, 1);
    assert_int_equal(adv->extras->orchestrators[0].orchestrator->checklist.n, 5);
    assert_string_equal(orch(adv, 1), "batch"); /* G15: an orchestrator helps even here */
    aivm_advice_free(adv);
}

static void extras__image_follows_os_nodes_and_gpu(void **state)
{
    fx *f = *state;
    aivm_workload a = AIVM_WORKLOAD_INIT, b = AIVM_WORKLOAD_INIT, c = AIVM_WORKLOAD_INIT;
    aivm_advice *adv;
    a.phase = AIVM_PHASE_INFERENCE;
    adv = advise(f, &a);
    assert_string_equal(adv->extras->image.image->id, "dsvm-ubuntu-2204");
    aivm_advice_free(adv);

    b.phase = AIVM_PHASE_INFERENCE;
    b.os = AIVM_OS_WINDOWS;
    adv = advise(f, &b);
    assert_string_equal(adv->extras->image.image->id, "dsvm-win-2022");
    aivm_advice_free(adv);

    c.phase = AIVM_PHASE_TRAIN;
    c.nodes = 2;
    adv = advise(f, &c);
    assert_true(adv->extras->size->infiniband);
    assert_string_equal(aivm_str(&adv->extras->size->cpu_arch), "arm64"); /* ND GB200 v6 */
    assert_string_equal(adv->extras->image.image->id, "ubuntu-2404-arm64");
    assert_string_equal(aivm_rule_id(adv->extras->image.reasons[0].rule), "image-arm64-ubuntu");
    assert_true(adv->extras->image.reasons[0].delta == 10);
    aivm_advice_free(adv);
}

/* The image is of the size's CPU architecture, whatever the votes: the HPC
 * image on an x86_64 InfiniBand size, never on a Grace (Arm64) one, even
 * when a company rule votes 100 for it. */
static void extras__image_matches_the_size_architecture(void **state)
{
    fx *f = *state;
    aivm_workload a = AIVM_WORKLOAD_INIT, b = AIVM_WORKLOAD_INIT;
    aivm_error err = AIVM_ERROR_INIT;
    aivm_advice *adv;
    assert_int_equal(load_rules(f->rules,
                                "rules:\n  - id: company-hpc\n    target: image\n"
                                "    select: ubuntu-hpc-2204\n    weight: 100\n"
                                "    message: company image\n",
                                &err),
                     0);
    a.phase = AIVM_PHASE_TRAIN;
    a.nodes = 2;
    adv = advise(f, &a);
    assert_string_equal(aivm_str(&adv->extras->size->cpu_arch), "arm64");
    assert_string_equal(adv->extras->image.image->id, "ubuntu-2404-arm64");
    for (size_t i = 0; i < adv->extras->image.n_reasons; i++)
        assert_string_not_equal(aivm_rule_id(adv->extras->image.reasons[i].rule), "company-hpc");
    aivm_advice_free(adv);

    assert_int_equal(load_rules(f->rules,
                                "rules:\n  - id: x64-only\n    if: {cpu_arch: x86_64}\n"
                                "    effect: require\n    message: x64 fleet\n",
                                &err),
                     0);
    b.phase = AIVM_PHASE_TRAIN;
    b.nodes = 2;
    adv = advise(f, &b);
    assert_true(adv->extras->size->infiniband);
    assert_string_equal(aivm_str(&adv->extras->size->cpu_arch), "x86_64");
    assert_string_equal(adv->extras->image.image->id, "ubuntu-hpc-2204");
    assert_true(adv->extras->image.score == 105); /* company 100 + multi-node HPC 5 */
    aivm_advice_free(adv);
}

static void extras__mi300x_gets_the_rocm_image(void **state)
{
    fx *f = *state;
    aivm_workload wl = AIVM_WORKLOAD_INIT;
    aivm_error err = AIVM_ERROR_INIT;
    aivm_advice *adv;
    assert_int_equal(load_rules(f->rules,
                                "rules:\n  - id: amd-only\n    if: {gpu.vendor: amd}\n"
                                "    effect: require\n    message: AMD fleet\n",
                                &err),
                     0);
    wl.phase = AIVM_PHASE_TRAIN;
    wl.region = "eastus2"; /* MI300X has no price meter in eastus */
    adv = advise(f, &wl);
    assert_non_null(adv->extras->size);
    assert_string_equal(aivm_str(&adv->extras->size->name), "Standard_ND96isr_MI300X_v5");
    assert_string_equal(adv->extras->image.image->id, "ubuntu-hpc-2404-rocm");
    aivm_advice_free(adv);
}

static void extras__containers_follow_the_orchestrator(void **state)
{
    fx *f = *state;
    aivm_workload a = AIVM_WORKLOAD_INIT, b = AIVM_WORKLOAD_INIT, c = AIVM_WORKLOAD_INIT;
    aivm_advice *adv;
    a.phase = AIVM_PHASE_TRAIN;
    a.scheduler = AIVM_SCHED_SLURM;
    a.containers = true;
    adv = advise(f, &a);
    assert_true(adv->extras->containers);
    assert_true(has_tool(adv, "nvidia-container-toolkit"));
    assert_true(has_tool(adv, "pyxis"));
    assert_true(has_tool(adv, "enroot"));
    assert_false(has_tool(adv, "aks-gpu-device-plugin"));
    aivm_advice_free(adv);

    b.phase = AIVM_PHASE_INFERENCE;
    b.containers = true;
    b.nodes = 3;
    adv = advise(f, &b);
    assert_true(has_tool(adv, "aks-gpu-device-plugin"));
    assert_true(has_tool(adv, "nvidia-gpu-operator"));
    assert_false(has_tool(adv, "pyxis"));
    aivm_advice_free(adv);

    c.phase = AIVM_PHASE_TRAIN;
    c.scheduler = AIVM_SCHED_SLURM;
    adv = advise(f, &c);
    assert_false(adv->extras->containers);
    assert_int_equal(adv->extras->n_tools, 0);
    assert_int_equal(adv->extras->n_container_notes, 0);
    aivm_advice_free(adv);
}

static void extras__spot_advice_depends_on_phase_and_checkpointing(void **state)
{
    static const struct {
        aivm_phase phase;
        bool spot, ckpt;
        aivm_spot_advice want;
    } cases[] = {
        {AIVM_PHASE_INFERENCE, true, false, AIVM_SPOT_RECOMMENDED},
        {AIVM_PHASE_TRAIN, true, true, AIVM_SPOT_CHECKPOINTING_REQUIRED},
        {AIVM_PHASE_TRAIN, true, false, AIVM_SPOT_NOT_RECOMMENDED},
        {AIVM_PHASE_TRAIN, false, true, AIVM_SPOT_NONE},
    };
    fx *f = *state;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        aivm_workload wl = AIVM_WORKLOAD_INIT;
        aivm_advice *adv;
        bool reminder = false;
        wl.phase = cases[i].phase;
        wl.spot = cases[i].spot;
        wl.checkpointing = cases[i].ckpt;
        adv = advise(f, &wl);
        assert_int_equal(adv->extras->spot, cases[i].want);
        assert_int_equal(adv->extras->spot_requested, cases[i].spot);
        for (size_t j = 0; j < adv->extras->n_spot_reasons; j++)
            reminder |= strcmp(aivm_rule_id(adv->extras->spot_reasons[j].rule),
                               "spot-checkpoint-regularly") == 0;
        assert_int_equal(reminder, cases[i].spot); /* always the reminder with --spot */
        aivm_advice_free(adv);
    }
}

static void extras__spot_breaks_ties_by_spot_price(void **state)
{
    fx *f = *state;
    aivm_workload wl = AIVM_WORKLOAD_INIT;
    aivm_advice *adv;
    size_t compared = 0;
    wl.phase = AIVM_PHASE_INFERENCE;
    wl.spot = true;
    adv = advise(f, &wl);
    for (size_t i = 1; i < adv->n_ranked; i++) {
        const aivm_candidate *x = &adv->ranked[i - 1], *y = &adv->ranked[i];
        if (fabs(x->score - y->score) > 1e-6 || !x->price.has_spot || !y->price.has_spot)
            continue;
        assert_true(x->price.spot <= y->price.spot);
        compared++;
    }
    assert_true(compared > 0);
    aivm_advice_free(adv);
}

static void extras__company_override_always_aks(void **state)
{
    fx *f = *state;
    aivm_workload wl = AIVM_WORKLOAD_INIT;
    aivm_error err = AIVM_ERROR_INIT;
    aivm_advice *adv;
    assert_int_equal(load_rules(f->rules,
                                "rules:\n  - id: company-always-aks\n    target: orchestrator\n"
                                "    select: aks\n    weight: 100\n"
                                "    message: company standard\n"
                                "  - id: orchestrator-manual-small\n    enabled: false\n"
                                "    target: orchestrator\n    select: manual\n    weight: 1\n"
                                "    message: off\n",
                                &err),
                     0);
    assert_int_equal(aivm_rules_check_targets(f->rules, f->cat, &err), 0);
    wl.phase = AIVM_PHASE_INFERENCE;
    adv = advise(f, &wl);
    assert_string_equal(orch(adv, 0), "aks");
    for (size_t i = 0; i < adv->extras->n_orchestrators; i++)
        assert_string_not_equal(orch(adv, i), "manual");
    aivm_advice_free(adv);
}

static void extras__without_a_size_if_rules_do_not_fire(void **state)
{
    fx *f = *state;
    aivm_workload wl = AIVM_WORKLOAD_INIT;
    aivm_error err = AIVM_ERROR_INIT;
    aivm_extras *ex = NULL;
    wl.phase = AIVM_PHASE_TRAIN;
    wl.kind = AIVM_KIND_GENERATIVE;
    wl.nodes = 4;
    assert_int_equal(aivm_workload_finish(&wl, &err), 0);
    assert_int_equal(aivm_extras_eval(&ex, f->cat, f->rules, &wl, NULL, &err), 0);
    assert_string_equal(ex->image.image->id, "dsvm-ubuntu-2204"); /* the HPC rule needs a size */
    assert_string_equal(ex->orchestrators[0].orchestrator->id, "cyclecloud");
    assert_int_equal(ex->n_notices, 2);
    aivm_extras_free(ex);
}

static void extras__workload_file_keys(void **state)
{
    const char *ok = "phase: train\nkind: generative\nnodes: 8\nscheduler: gridengine\n"
                     "managed: true\ncontainers: true\nspot: true\ncheckpointing: true\n";
    aivm_workload wl = AIVM_WORKLOAD_INIT;
    aivm_workload_doc *doc = NULL;
    aivm_error err = AIVM_ERROR_INIT;
    (void)state;
    assert_int_equal(aivm_workload_load_mem(&doc, &wl, ok, strlen(ok), "w.yaml", &err), 0);
    assert_int_equal(wl.nodes, 8);
    assert_int_equal(wl.scheduler, AIVM_SCHED_GRIDENGINE);
    assert_true(wl.managed && wl.containers && wl.spot && wl.checkpointing);
    assert_true(wl.set & AIVM_WL_NODES);
    assert_true(wl.set & AIVM_WL_CHECKPOINTING);
    aivm_workload_doc_free(doc);

    wl = (aivm_workload)AIVM_WORKLOAD_INIT;
    assert_int_equal(aivm_workload_load_mem(&doc, &wl, "nodes: 0\n", 9, "w.yaml", &err),
                     AIVM_EINVALID);
    assert_int_equal(err.line, 1);
    assert_int_equal(err.col, 8);
    assert_null(doc);
    assert_int_equal(aivm_workload_load_mem(&doc, &wl, "scheduler: lsf\n", 15, "w.yaml", &err),
                     AIVM_EINVALID);
    assert_int_equal(err.col, 12);
    assert_int_equal(aivm_workload_load_mem(&doc, &wl, "spot: maybe\n", 12, "w.yaml", &err),
                     AIVM_EINVALID);

    wl = (aivm_workload)AIVM_WORKLOAD_INIT;
    wl.phase = AIVM_PHASE_TRAIN;
    wl.kind = AIVM_KIND_GENERATIVE;
    assert_int_equal(aivm_workload_finish(&wl, &err), 0);
    assert_int_equal(wl.nodes, 1);
    assert_int_equal(wl.scheduler, AIVM_SCHED_NONE);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(extras__every_guidance_item_is_implemented_by_a_rule,
                                        shipped_setup, shipped_teardown),
        cmocka_unit_test_setup_teardown(extras__guidance_items_have_rules_of_their_target,
                                        shipped_setup, shipped_teardown),
        cmocka_unit_test_setup_teardown(extras__shipped_selects_exist_in_catalog, shipped_setup,
                                        shipped_teardown),
        cmocka_unit_test_setup_teardown(extras__unknown_select_is_reported_with_its_position,
                                        shipped_setup, shipped_teardown),
        cmocka_unit_test_setup_teardown(extras__unknown_orchestrator_condition_is_reported,
                                        shipped_setup, shipped_teardown),
        cmocka_unit_test_setup_teardown(extras__loader_rejects_misused_keys, shipped_setup,
                                        shipped_teardown),
        cmocka_unit_test_setup_teardown(extras__target_rules_do_not_rank_sizes, shipped_setup,
                                        shipped_teardown),
        cmocka_unit_test_setup_teardown(extras__orchestrator_follows_the_workload, shipped_setup,
                                        shipped_teardown),
        cmocka_unit_test_setup_teardown(extras__image_follows_os_nodes_and_gpu, shipped_setup,
                                        shipped_teardown),
        cmocka_unit_test_setup_teardown(extras__image_matches_the_size_architecture, shipped_setup,
                                        shipped_teardown),
        cmocka_unit_test_setup_teardown(extras__mi300x_gets_the_rocm_image, shipped_setup,
                                        shipped_teardown),
        cmocka_unit_test_setup_teardown(extras__containers_follow_the_orchestrator, shipped_setup,
                                        shipped_teardown),
        cmocka_unit_test_setup_teardown(extras__spot_advice_depends_on_phase_and_checkpointing,
                                        shipped_setup, shipped_teardown),
        cmocka_unit_test_setup_teardown(extras__spot_breaks_ties_by_spot_price, shipped_setup,
                                        shipped_teardown),
        cmocka_unit_test_setup_teardown(extras__company_override_always_aks, shipped_setup,
                                        shipped_teardown),
        cmocka_unit_test_setup_teardown(extras__without_a_size_if_rules_do_not_fire, shipped_setup,
                                        shipped_teardown),
        cmocka_unit_test(extras__workload_file_keys),
    };
    return cmocka_run_group_tests_name("extras", tests, NULL, NULL);
}
