/* test_rules.c - loading, validating, overriding and evaluating rules, and the
 * coverage of the guidance by the shipped rules. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "helpers.h"
#include "rules/rules_int.h"

static int load(aivm_rules *r, const char *yaml, aivm_error *err)
{
    return aivm_rules_load_mem(r, yaml, strlen(yaml), "r.yaml", err);
}

static void rules__shipped_rules_cite_guidance_g1_to_g23(void **state)
{
    aivm_rules *rules = load_shipped_rules();
    (void)state;
    for (int g = 1; g <= 23; g++) { /* every item of the guidance (G1-G23) */
        char id[8];
        bool cited = false;
        snprintf(id, sizeof id, "G%d", g);
        for (size_t i = 0; i < aivm_rules_count(rules) && !cited; i++) {
            const aivm_strlist *l = aivm_rule_guidance(aivm_rules_at(rules, i));
            for (size_t j = 0; j < l->n; j++)
                if (strcmp(l->items[j], id) == 0)
                    cited = true;
        }
        if (!cited)
            fail_msg("guidance item %s is cited by no shipped rule", id);
    }
    for (size_t i = 0; i < aivm_rules_count(rules); i++)
        assert_true(aivm_rule_guidance(aivm_rules_at(rules, i))->n > 0);
    aivm_rules_free(rules);
}

typedef struct {
    const char *name, *yaml;
    unsigned line, col;
    const char *msg;
} bad_case;

static const bad_case bad[] = {
    {"not a list", "rules: 3\n", 1, 8, "key 'rules': expected a list, found '3'"},
    {"unknown key", "rules:\n  - {id: a, effect: prefer, weight: 1, message: m, colour: red}\n", 2,
     52, "unknown key 'colour' in rule 'a'"},
    {"unknown attribute",
     "rules:\n  - id: a\n    effect: exclude\n    if: {gpu_mem: 3}\n"
     "    message: m\n",
     4, 10, "unknown candidate attribute 'gpu_mem' in rule 'a'"},
    {"workload attribute in if",
     "rules:\n  - id: a\n    effect: exclude\n    if: {phase: train}\n"
     "    message: m\n",
     4, 10, "unknown candidate attribute 'phase' in rule 'a'"},
    {"unknown enum value",
     "rules:\n  - id: a\n    effect: exclude\n    when: {phase: serve}\n"
     "    message: m\n",
     4, 19,
     "condition on 'phase' in rule 'a': invalid value 'serve' (expected train or inference)"},
    {"wrong literal type",
     "rules:\n  - id: a\n    effect: exclude\n    if: {infiniband: 'yes'}\n"
     "    message: m\n",
     4, 22, "condition on 'infiniband' in rule 'a': expected true or false, found 'yes'"},
    {"ordering a string",
     "rules:\n  - id: a\n    effect: exclude\n    if: {family: {gt: ND}}\n"
     "    message: m\n",
     4, 23, "condition on 'family' in rule 'a': 'gt' compares numbers, but 'family' is a string"},
    {"unknown operator",
     "rules:\n  - id: a\n    effect: exclude\n    if: {vcpus: {above: 3}}\n"
     "    message: m\n",
     4, 18,
     "condition on 'vcpus' in rule 'a': invalid value 'above' (expected eq, ne, in, not_in, lt, "
     "lte, gt or gte)"},
    {"missing weight", "rules:\n  - {id: a, effect: prefer, message: m}\n", 2, 5,
     "missing key 'weight' in rule 'a' (needed by effect 'prefer')"},
    {"weight on exclude", "rules:\n  - {id: a, effect: exclude, weight: 2, message: m}\n", 2, 38,
     "rule 'a': effect 'exclude' takes no weight"},
    {"bad placeholder", "rules:\n  - {id: a, effect: note, message: 'has {gpus} GPUs'}\n", 2, 36,
     "rule 'a': unknown attribute '{gpus}' in message"},
    {"bad guidance", "rules:\n  - {id: a, effect: note, message: m, guidance: [G1, X7]}\n", 2, 54,
     "rule 'a': guidance id 'X7' is not of the form G<number>"},
    {"duplicate id",
     "rules:\n  - {id: a, effect: note, message: m}\n"
     "  - {id: a, effect: note, message: n}\n",
     3, 10, "duplicate rule id 'a' (first at line 2)"},
    {"scale on a string",
     "rules:\n  - {id: a, effect: prefer, weight: 1, scale: family, message: m}\n", 2, 47,
     "rule 'a': scale 'family' is not a numeric candidate attribute"},
    {"bad version", "version: '2'\nrules: []\n", 1, 10,
     "unsupported rules format version '2' (expected 1)"},
};

static void rules__bad_rules_are_reported_with_position(void **state)
{
    int failures = 0;
    (void)state;
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        aivm_rules *r = NULL;
        aivm_error err = AIVM_ERROR_INIT;
        int rc;
        aivm_rules_new(&r);
        rc = load(r, bad[i].yaml, &err);
        if (rc != AIVM_EINVALID || err.line != bad[i].line || err.col != bad[i].col ||
            strcmp(err.msg, bad[i].msg) != 0) {
            print_error("case '%s': got %d %u:%u '%s'\n", bad[i].name, rc, err.line, err.col,
                        err.msg);
            failures++;
        }
        assert_int_equal(aivm_rules_count(r), 0); /* a failed load changes nothing */
        aivm_rules_free(r);
    }
    assert_int_equal(failures, 0);
}

static void rules__later_files_override_by_id(void **state)
{
    aivm_rules *r = load_shipped_rules();
    aivm_error err = AIVM_ERROR_INIT;
    size_t n = aivm_rules_count(r);
    const aivm_rule *rule;
    (void)state;
    assert_int_equal(load(r,
                          "rules:\n"
                          "  - {id: inference-infiniband, effect: exclude, message: 'no IB'}\n"
                          "  - {id: company-no-preview, effect: exclude, if: {lifecycle: preview},"
                          " message: 'policy'}\n"
                          "  - {id: newest-generation, effect: note, message: x, enabled: false}\n",
                          &err),
                     0);
    assert_int_equal(aivm_rules_count(r), n + 1);
    rule = aivm_rules_find(r, "inference-infiniband");
    assert_int_equal(aivm_rule_effect(rule), AIVM_EFFECT_EXCLUDE);
    assert_int_equal(aivm_rule_severity(rule), AIVM_SEV_ERROR);
    assert_false(aivm_rule_enabled(aivm_rules_find(r, "newest-generation")));
    assert_non_null(aivm_rules_find(r, "company-no-preview"));
    aivm_rules_free(r);
}

/* rules show: the conditions read back as written, the template, the position. */
static void rules__conditions_render_for_rules_show(void **state)
{
    aivm_rules *r = load_shipped_rules();
    aivm_error err = AIVM_ERROR_INIT;
    aivm_buf b = AIVM_BUF_INIT;
    const aivm_rule *rule;
    (void)state;
    assert_int_equal(load(r,
                          "rules:\n"
                          "  - id: x\n"
                          "    when: {phase: train, kind: [generative, non-generative]}\n"
                          "    if: {gpu.count: {gte: 8, lt: 16.5}, infiniband: false}\n"
                          "    effect: penalize\n    weight: 2\n"
                          "    message: '{name} has {gpu.count}'\n",
                          &err),
                     0);
    rule = aivm_rules_find(r, "x");
    assert_non_null(rule);
    aivm_rule_render_conditions(&b, rule, false);
    assert_string_equal(b.ptr, "phase = train, kind in [generative, non-generative]");
    aivm_buf_clear(&b);
    aivm_rule_render_conditions(&b, rule, true);
    assert_string_equal(b.ptr, "gpu.count >= 8, gpu.count < 16.5, infiniband = false");
    assert_string_equal(aivm_rule_message(rule), "{name} has {gpu.count}");
    assert_int_equal(aivm_rule_loc(rule).line, 2);
    aivm_buf_dispose(&b);
    aivm_rules_free(r);
}

static void rules__conditions_and_messages(void **state)
{
    aivm_rules *r = NULL;
    aivm_catalog *cat = NULL;
    aivm_error err = AIVM_ERROR_INIT;
    aivm_workload wl = AIVM_WORKLOAD_INIT;
    aivm_buf msg = AIVM_BUF_INIT;
    const aivm_size *nd, *nc, *nv, *e;
    const aivm_rule *big, *fam, *notib, *rg;
    (void)state;
    aivm_rules_new(&r);
    assert_int_equal(load(r,
                          "rules:\n"
                          "  - {id: big, effect: note, when: {phase: train},"
                          " if: {gpu.count: {gte: 2, lt: 9}}, message: '{name} has {gpu.count} "
                          "GPUs for {phase}'}\n"
                          "  - {id: fam, effect: note, if: {family: [NC, NV]}, message: m}\n"
                          "  - {id: notib, effect: note, if: {infiniband: {ne: true}}, "
                          "message: m}\n"
                          "  - {id: rg, effect: note, if: {region_listed: false}, message: m}\n",
                          &err),
                     0);
    assert_int_equal(aivm_catalog_load_file(&cat, fixture("catalog/ok_small.yaml"), &err), 0);
    nd = aivm_catalog_find_size(cat, "Standard_ND96isr_H100_v5");
    nc = aivm_catalog_find_size(cat, "Standard_NC40ads_H100_v5");
    nv = aivm_catalog_find_size(cat, "Standard_NV6ads_A10_v5");
    e = aivm_catalog_find_size(cat, "Standard_E8as_v6");
    big = aivm_rules_find(r, "big");
    fam = aivm_rules_find(r, "fam");
    notib = aivm_rules_find(r, "notib");
    rg = aivm_rules_find(r, "rg");
    wl.phase = AIVM_PHASE_INFERENCE;
    wl.kind = AIVM_KIND_GENERATIVE;
    assert_int_equal(aivm_workload_finish(&wl, &err), 0);
    assert_false(aivm_rule_applies(big, &wl));
    wl.phase = AIVM_PHASE_TRAIN;
    assert_true(aivm_rule_applies(big, &wl));
    assert_true(aivm_rule_matches(big, &wl, nd));
    assert_false(aivm_rule_matches(big, &wl, nc));
    assert_false(aivm_rule_matches(big, &wl, e)); /* 0 GPUs */
    assert_true(aivm_rule_matches(fam, &wl, nc));
    assert_true(aivm_rule_matches(fam, &wl, nv));
    assert_false(aivm_rule_matches(fam, &wl, nd));
    assert_true(aivm_rule_matches(notib, &wl, nc));
    assert_false(aivm_rule_matches(notib, &wl, nd));
    /* region_listed is null (unknown) for sizes without a region list: no match. */
    wl.region = "westeurope";
    assert_true(aivm_rule_matches(rg, &wl, nd));
    assert_false(aivm_rule_matches(rg, &wl, nc));
    wl.region = "westus2";
    assert_false(aivm_rule_matches(rg, &wl, nd));
    aivm_rule_render_message(&msg, big, &wl, nd);
    assert_string_equal(msg.ptr, "Standard_ND96isr_H100_v5 has 8 GPUs for train");
    aivm_buf_dispose(&msg);
    aivm_catalog_free(cat);
    aivm_rules_free(r);
}

/* Numbers in messages read as %g prints them (whole numbers skip printf). */
static void rules__numbers_format_as_percent_g(void **state)
{
    static const double v[] = {0,        -0.0,  1,    -1,       7,         42.5,     999999,
                               -999999,  1e6,   -1e6, 1234567,  0.1,       1e-5,     3.0000001,
                               123456.5, 1e300, NAN,  INFINITY, -INFINITY, 9.99999e5};
    (void)state;
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) {
        aivm_buf b = AIVM_BUF_INIT;
        aivm_value x = {AIVM_V_NUM, false, v[i], NULL};
        char want[64];
        snprintf(want, sizeof want, "%g", v[i]);
        aivm_value_format(&b, &x);
        assert_string_equal(b.ptr, want);
        aivm_buf_dispose(&b);
    }
    for (long n = -1000000; n <= 1000000; n += 997) {
        aivm_buf b = AIVM_BUF_INIT;
        aivm_value x = {AIVM_V_NUM, false, (double)n, NULL};
        char want[64];
        snprintf(want, sizeof want, "%g", (double)n);
        aivm_value_format(&b, &x);
        assert_string_equal(b.ptr, want);
        aivm_buf_dispose(&b);
    }
}

static void same_str(const char *a, const char *b, const char *what, const char *id)
{
    if ((a == NULL) != (b == NULL) || (a && strcmp(a, b) != 0))
        fail_msg("%s of rule %s: '%s' vs '%s'", what, id, a ? a : "(null)", b ? b : "(null)");
}

static void same_list(const aivm_strlist *a, const aivm_strlist *b, const char *what,
                      const char *id)
{
    if (a->n != b->n)
        fail_msg("%s of rule %s: %zu vs %zu items", what, id, a->n, b->n);
    for (size_t i = 0; i < a->n; i++)
        same_str(a->items[i], b->items[i], what, id);
}

static void same_conds(const aivm_cond *a, const aivm_cond *b, size_t n, const char *id)
{
    for (size_t i = 0; i < n; i++) {
        assert_ptr_equal(a[i].attr, b[i].attr);
        assert_int_equal(a[i].op, b[i].op);
        assert_int_equal(a[i].n_vals, b[i].n_vals);
        assert_int_equal(a[i].loc.line, b[i].loc.line);
        assert_int_equal(a[i].loc.col, b[i].loc.col);
        for (size_t v = 0; v < a[i].n_vals; v++) {
            assert_int_equal(a[i].vals[v].t, b[i].vals[v].t);
            assert_int_equal(a[i].vals[v].b, b[i].vals[v].b);
            assert_true(a[i].vals[v].n == b[i].vals[v].n);
            same_str(a[i].vals[v].s, b[i].vals[v].s, "condition value", id);
        }
    }
}

/* The compiled-in rules (rules_gen.c, built by aivm-gen) hold exactly what the
 * loader reads from data/rules.yaml, field by field. */
static void rules__builtin_rules_match_the_yaml(void **state)
{
    aivm_rules *yaml = load_shipped_rules();
    aivm_rules *bin = NULL;
    aivm_error err = AIVM_ERROR_INIT;
    (void)state;
    aivm_rules_new(&bin);
    assert_int_equal(aivm_rules_load_builtin(bin, &err), 0);
    assert_int_equal(aivm_rules_count(bin), aivm_rules_count(yaml));
    assert_true(yaml->complex_from_params == bin->complex_from_params);
    for (size_t i = 0; i < aivm_rules_count(yaml); i++) {
        const aivm_rule *a = aivm_rules_at(yaml, i), *b = aivm_rules_at(bin, i);
        const char *id = a->id;
        same_str(a->id, b->id, "id", id);
        same_str(a->title, b->title, "title", id);
        same_list(&a->guidance, &b->guidance, "guidance", id);
        assert_int_equal(a->n_when, b->n_when);
        same_conds(a->when, b->when, a->n_when, id);
        assert_int_equal(a->n_if, b->n_if);
        same_conds(a->ifc, b->ifc, a->n_if, id);
        assert_int_equal(a->effect, b->effect);
        assert_true(a->weight == b->weight);
        assert_ptr_equal(a->scale, b->scale);
        assert_int_equal(a->severity, b->severity);
        same_str(a->message, b->message, "message", id);
        assert_int_equal(a->n_placeholders, b->n_placeholders);
        for (size_t k = 0; k < a->n_placeholders; k++)
            assert_ptr_equal(a->placeholders[k], b->placeholders[k]);
        same_str(a->check, b->check, "check", id);
        assert_int_equal(a->enabled, b->enabled);
        assert_int_equal(a->loc.line, b->loc.line);
        assert_int_equal(a->loc.col, b->loc.col);
        assert_int_equal(a->target, b->target);
        same_str(a->select, b->select, "select", id);
        assert_int_equal(a->select_loc.line, b->select_loc.line);
        assert_int_equal(a->spot_advice, b->spot_advice);
        same_list(&a->orchestrator, &b->orchestrator, "orchestrator", id);
        assert_int_equal(a->orchestrator_loc.line, b->orchestrator_loc.line);
    }
    /* A --rules file still overrides a compiled-in rule by id. */
    assert_int_equal(aivm_rules_load_mem(bin,
                                         "rules:\n  - {id: inference-infiniband, effect: exclude, "
                                         "message: 'no IB'}\n",
                                         strlen("rules:\n  - {id: inference-infiniband, effect: "
                                                "exclude, message: 'no IB'}\n"),
                                         "r.yaml", &err),
                     0);
    assert_int_equal(aivm_rules_count(bin), aivm_rules_count(yaml));
    assert_int_equal(aivm_rule_effect(aivm_rules_find(bin, "inference-infiniband")),
                     AIVM_EFFECT_EXCLUDE);
    aivm_rules_free(bin);
    aivm_rules_free(yaml);
}

static void rules__absurd_weights_are_rejected(void **state)
{
    static const char *const weights[] = {"1e308", "1e400", "1001"};
    (void)state;
    for (size_t i = 0; i < sizeof weights / sizeof weights[0]; i++) {
        aivm_rules *r = NULL;
        aivm_error err = AIVM_ERROR_INIT;
        char yaml[256];
        snprintf(yaml, sizeof yaml,
                 "version: \"1\"\nrules:\n  - id: x\n    effect: prefer\n    weight: %s\n"
                 "    message: m\n",
                 weights[i]);
        aivm_rules_new(&r);
        assert_int_equal(load(r, yaml, &err), AIVM_EINVALID);
        assert_int_equal(err.line, 5);
        aivm_rules_free(r);
    }
}

static void rules__rendered_messages_are_capped(void **state)
{
    aivm_rules *r = NULL;
    aivm_error err = AIVM_ERROR_INIT;
    aivm_buf yaml = AIVM_BUF_INIT, out = AIVM_BUF_INIT;
    aivm_workload wl = AIVM_WORKLOAD_INIT;
    const aivm_catalog *cat = aivm_catalog_builtin();
    (void)state;
    aivm_buf_puts(&yaml, "version: \"1\"\nrules:\n  - id: big\n    effect: note\n    message: \"");
    for (int i = 0; i < 5000; i++) /* 6 bytes that expand to a 24-byte size name */
        aivm_buf_puts(&yaml, "{name}");
    aivm_buf_puts(&yaml, "\"\n");
    aivm_rules_new(&r);
    assert_int_equal(load(r, yaml.ptr, &err), 0);
    aivm_rule_render_message(&out, aivm_rules_find(r, "big"), &wl, aivm_catalog_size_at(cat, 0));
    assert_true(out.size <= AIVM_RULE_MESSAGE_MAX + 3);
    assert_string_equal(out.ptr + out.size - 3, "...");
    aivm_buf_dispose(&out);
    aivm_buf_dispose(&yaml);
    aivm_rules_free(r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(rules__rendered_messages_are_capped),
        cmocka_unit_test(rules__conditions_render_for_rules_show),
        cmocka_unit_test(rules__absurd_weights_are_rejected),
        cmocka_unit_test(rules__shipped_rules_cite_guidance_g1_to_g23),
        cmocka_unit_test(rules__bad_rules_are_reported_with_position),
        cmocka_unit_test(rules__later_files_override_by_id),
        cmocka_unit_test(rules__conditions_and_messages),
        cmocka_unit_test(rules__numbers_format_as_percent_g),
        cmocka_unit_test(rules__builtin_rules_match_the_yaml),
    };
    return cmocka_run_group_tests_name("rules", tests, NULL, NULL);
}
