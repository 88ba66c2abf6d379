/* test_check.c - check mode: every check id triggered and not triggered,
 * the rule-set tie (`check:` keys), suggestions, the GPU-memory sizing hook
 * (AIVM007/AIVM008), waivers (inline, file, expired), fail levels, cost,
 * the image's CPU architecture against the size's (AIVM024). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "aivm/check.h"
#include "helpers.h"
#include "shipped.h"

typedef struct {
    shipped_data data; /* with the model presets */
    aivm_plan *plan;
    aivm_waivers *waivers;
    aivm_check_report *rep;
    bool sized; /* run with the model presets: real sizing */
    int rc;     /* what aivm_check_run returned */
} fx;

static int setup(void **state)
{
    static fx f;
    memset(&f, 0, sizeof f);
    shipped_load(&f.data, true);
    *state = &f;
    return 0;
}

static int teardown(void **state)
{
    fx *f = *state;
    aivm_check_report_free(f->rep);
    aivm_plan_free(f->plan);
    aivm_waivers_free(f->waivers);
    shipped_dispose(&f->data);
    return 0;
}

static double need_fn(void *ctx, const aivm_plan_resource *r, const aivm_workload *wl)
{
    (void)wl;
    (void)ctx;
    return r->params && strcmp(r->params, "70B") == 0 ? 160 : r->params ? 20 : 0;
}

/* Check one workload of a plan file written as `fields` (YAML lines after "- name: w"). */
static void run_opts(fx *f, const char *fields, const char *waivers, aivm_gpu_need_fn need)
{
    char text[2048];
    aivm_error err = AIVM_ERROR_INIT;
    aivm_check_opts o = AIVM_CHECK_OPTS_INIT;
    aivm_check_report_free(f->rep);
    aivm_plan_free(f->plan);
    aivm_waivers_free(f->waivers);
    f->rep = NULL;
    f->waivers = NULL;
    snprintf(text, sizeof text, "workloads:\n  - name: w\n    region: eastus\n%s", fields);
    f->plan = shipped_plan(text, "p.yaml");
    if (waivers && aivm_waivers_load_mem(&f->waivers, waivers, strlen(waivers), "w.yaml", &err))
        fail_msg("waivers: %s", err.msg);
    o.waivers = f->waivers;
    o.gpu_need = need;
    o.models = f->sized ? f->data.models : NULL;
    f->rc = shipped_check(&f->rep, &f->data, f->plan, &o, &err);
    if (f->rc && !f->sized)
        fail_msg("check: %s", err.msg);
}

static void run(fx *f, const char *fields)
{
    run_opts(f, fields, NULL, NULL);
}

/* The ids of the findings, joined by spaces, waived ones as "~ID". */
static const char *ids(const fx *f)
{
    static char buf[256];
    size_t k = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < f->rep->n_findings && k + 10 < sizeof buf; i++)
        k += (size_t)snprintf(buf + k, sizeof buf - k, "%s%s%s", k ? " " : "",
                              f->rep->findings[i].waiver ? "~" : "", f->rep->findings[i].id);
    return buf;
}

static void check__aivm001_unknown_size(void **state)
{
    fx *f = *state;
    run(f, "    size: Standard_X4s_v9\n    phase: inference\n    kind: generative\n");
    assert_string_equal(ids(f), "AIVM001");
    /* the suggestion is recommend's #1 for the workload (no model size: the guidance's
     * first choice, the price breaking ties), the same as `aivm-advise --phase inference
     * --kind generative` prints first */
    assert_string_equal(aivm_str(&f->rep->findings[0].suggested->name), "Standard_NC40ads_H100_v5");
    /* a general-purpose size is known: a CPU size for GPU work (AIVM005), not "unknown" */
    run(f, "    size: Standard_D4s_v5\n    phase: train\n    kind: generative\n");
    assert_string_equal(ids(f), "AIVM005");
    assert_int_equal(f->rep->findings[0].severity, AIVM_SEV_ERROR);
    run(f, "    phase: inference\n    kind: generative\n");
    assert_string_equal(ids(f), "AIVM001");
    run(f, "    size: standard_nc40ads_h100_v5\n    phase: inference\n    kind: generative\n");
    assert_string_equal(ids(f), ""); /* sizes match case-insensitively */
}

static void check__aivm002_retired_and_retiring(void **state)
{
    fx *f = *state;
    run(f, "    size: Standard_NC6s_v3\n    phase: inference\n    kind: non-generative\n");
    assert_string_equal(ids(f), "AIVM002");
    assert_int_equal(f->rep->findings[0].severity, AIVM_SEV_ERROR);
    assert_string_equal(aivm_rule_id(f->rep->findings[0].rule), "retired-size");
    run(f, "    size: Standard_F8s_v2\n    phase: inference\n    kind: non-generative\n"
           "    model_size: small\n");
    assert_string_equal(ids(f), "AIVM002 AIVM009");
    assert_int_equal(f->rep->findings[0].severity, AIVM_SEV_WARNING);
    run(f, "    size: Standard_F8als_v6\n    phase: inference\n    kind: non-generative\n"
           "    model_size: small\n");
    assert_string_equal(ids(f), "");
}

static void check__aivm003_infiniband_for_inference(void **state)
{
    fx *f = *state;
    run(f, "    size: Standard_ND96isr_H100_v5\n    phase: inference\n    kind: generative\n");
    assert_string_equal(ids(f), "AIVM003");
    assert_false(f->rep->findings[0].suggested->infiniband);
    assert_string_equal(f->rep->findings[0].guidance[0], "G12");
    run(f, "    size: Standard_ND96is_H100_v5\n    phase: inference\n    kind: generative\n");
    assert_string_equal(ids(f), "AIVM025"); /* no InfiniBand; known only from other lists */
    run(f, "    size: Standard_ND96isr_H100_v5\n    phase: train\n    kind: generative\n");
    assert_null(strstr(ids(f), "AIVM003"));
}

static void check__aivm004_multi_node_training(void **state)
{
    fx *f = *state;
    run(f, "    size: Standard_NC40ads_H100_v5\n    count: 4\n    phase: train\n"
           "    kind: generative\n");
    assert_string_equal(ids(f), "AIVM004");
    assert_true(f->rep->findings[0].suggested->infiniband);
    run(f, "    size: Standard_NC40ads_H100_v5\n    count: 1\n    phase: train\n"
           "    kind: generative\n");
    assert_null(strstr(ids(f), "AIVM004"));
    run(f, "    size: Standard_ND96isr_H100_v5\n    count: 4\n    phase: train\n"
           "    kind: generative\n");
    assert_null(strstr(ids(f), "AIVM004"));
}

static void check__aivm005_gpu_needed(void **state)
{
    fx *f = *state;
    run(f, "    size: Standard_E8s_v5\n    phase: train\n    kind: generative\n");
    assert_string_equal(ids(f), "AIVM005");
    assert_non_null(strstr(f->rep->findings[0].message, "Standard_E8s_v5 does not fit"));
    run(f, "    size: Standard_NV36ads_A10_v5\n    phase: inference\n    kind: non-generative\n");
    assert_string_equal(ids(f), "AIVM005");
    run(f, "    size: Standard_NC40ads_H100_v5\n    phase: inference\n    kind: non-generative\n");
    assert_string_equal(ids(f), "");
}

static void check__aivm006_gpu_for_small_model(void **state)
{
    fx *f = *state;
    run(f, "    size: Standard_NC4as_T4_v3\n    phase: inference\n    kind: non-generative\n"
           "    model_size: small\n");
    assert_string_equal(ids(f), "AIVM006");
    assert_int_equal(f->rep->findings[0].severity, AIVM_SEV_WARNING);
    assert_false(f->rep->findings[0].suggested->has_gpu);
    run(f, "    size: Standard_NC4as_T4_v3\n    phase: inference\n    kind: non-generative\n"
           "    model_size: complex\n");
    assert_null(strstr(ids(f), "AIVM006"));
}

static void check__aivm007_aivm008_from_sizing(void **state)
{
    fx *f = *state;
    const char *base = "    size: Standard_NC40ads_H100_v5\n    phase: inference\n"
                       "    kind: generative\n";
    char text[512];
    snprintf(text, sizeof text, "%s    params: 70B\n", base);
    run(f, text); /* no sizing: inactive */
    assert_string_equal(ids(f), "");
    assert_false(f->rep->sizing_active);
    run_opts(f, text, NULL, need_fn); /* 160 GB > 94 GB */
    assert_string_equal(ids(f), "AIVM007");
    assert_true(f->rep->items[0].gpu_need_gb == 160);
    snprintf(text, sizeof text, "%s    params: 7B\n", base);
    run_opts(f, text, NULL, need_fn); /* 20 GB: 94 GB is more than three times that */
    assert_string_equal(ids(f), "AIVM008");
    run_opts(f, base, NULL, need_fn); /* unknown need: nothing */
    assert_string_equal(ids(f), "");
    run_opts(f,
             "    size: Standard_ND96isr_H100_v5\n    count: 2\n    phase: train\n"
             "    kind: generative\n    params: 70B\n",
             NULL, need_fn); /* training: 2 x 640 GB over all nodes */
    assert_string_equal(ids(f), "AIVM008");
}

static void check__aivm007_aivm008_real_sizing(void **state)
{
    fx *f = *state;
    f->sized = true;
    run(f, "    size: Standard_NC40ads_H100_v5\n    phase: inference\n    kind: generative\n"
           "    params: 70B\n    precision: bf16\n");
    assert_string_equal(ids(f), "AIVM007"); /* 131 GiB of weights on one 94 GB GPU */
    assert_true(f->rep->items[0].fit_known);
    assert_false(f->rep->items[0].fit.fits);
    assert_non_null(f->rep->findings[0].suggested);
    run(f, "    size: Standard_NC80adis_H100_v5\n    phase: inference\n    kind: generative\n"
           "    params: 70B\n    precision: bf16\n");
    assert_string_equal(ids(f), ""); /* 2 x 94 GB: fits, well used */
    run(f, "    size: Standard_NC40ads_H100_v5\n    phase: inference\n    kind: generative\n"
           "    params: 8B\n    precision: fp16\n");
    assert_string_equal(ids(f), "AIVM008"); /* 16 GiB on 94 GB */
    run(f, "    size: Standard_NC40ads_H100_v5\n    phase: inference\n"
           "    model: llama-3.1-8b\n");
    assert_int_equal(f->rc, 0); /* the preset gives the kind */
    assert_int_equal(f->rep->items[0].wl.kind, AIVM_KIND_GENERATIVE);
    run(f, "    size: Standard_NC40ads_H100_v5\n    phase: inference\n    kind: generative\n"
           "    model: no-such-model\n");
    assert_int_equal(f->rc, 0); /* AIVM021 at the tag; judged without the model */
    assert_string_equal(ids(f), "AIVM021");
    run(f, "    size: Standard_NC40ads_H100_v5\n    phase: inference\n    kind: generative\n");
    assert_false(f->rep->items[0].fit_known); /* no model-size tags: not evaluated */
    f->sized = false;
}

static void check__aivm009_older_generation(void **state)
{
    fx *f = *state;
    /* a newer size of the family that ranks above the plan (as cheap, newer) */
    run(f, "    size: Standard_F8s_v2\n    phase: inference\n    kind: non-generative\n"
           "    model_size: small\n");
    assert_string_equal(ids(f), "AIVM002 AIVM009");
    assert_int_equal(f->rep->findings[1].severity, AIVM_SEV_NOTE);
    assert_string_equal(aivm_str(&f->rep->findings[1].suggested->name), "Standard_F8als_v6");
    /* the H100 is newer but costs 1.9 times the A100 that does the job: no note */
    run(f, "    size: Standard_NC24ads_A100_v4\n    phase: inference\n    kind: generative\n");
    assert_string_equal(ids(f), "");
    run(f, "    size: Standard_NC40ads_H100_v5\n    phase: inference\n    kind: generative\n");
    assert_string_equal(ids(f), "");
}

static void check__aivm010_spot_training(void **state)
{
    fx *f = *state;
    run(f, "    size: Standard_NC40ads_H100_v5\n    priority: spot\n    phase: train\n"
           "    kind: generative\n");
    assert_non_null(strstr(ids(f), "AIVM010"));
    run(f, "    size: Standard_NC40ads_H100_v5\n    priority: spot\n    phase: train\n"
           "    kind: generative\n    checkpointing: true\n");
    assert_null(strstr(ids(f), "AIVM010"));
    run(f, "    size: Standard_NC40ads_H100_v5\n    priority: spot\n    phase: inference\n"
           "    kind: generative\n");
    assert_string_equal(ids(f), "");
}

static void check__aivm011_missing_tags(void **state)
{
    fx *f = *state;
    run(f, "    size: Standard_ND96isr_H100_v5\n");
    assert_string_equal(ids(f), "AIVM011");
    assert_false(f->rep->items[0].has_workload);
    run(f, "    size: Standard_NC6s_v3\n    phase: train\n"); /* kind missing: lifecycle only */
    assert_string_equal(ids(f), "AIVM002 AIVM011");
}

static void check__waivers_inline_and_file(void **state)
{
    fx *f = *state;
    const char *ib = "    size: Standard_ND96isr_H100_v5\n    phase: inference\n"
                     "    kind: generative\n";
    char text[512];
    snprintf(text, sizeof text, "%s    waive: \"AIVM003:reserved capacity:2026-11-29\"\n", ib);
    run(f, text); /* valid through its expiry day */
    assert_string_equal(ids(f), "~AIVM003");
    assert_int_equal(f->rep->n_waived, 1);
    assert_false(shipped_fails_at(f->rep, AIVM_SEV_NOTE, false));
    snprintf(text, sizeof text, "%s    waive: \"AIVM003:reserved capacity:2026-11-28\"\n", ib);
    run(f, text);
    assert_string_equal(ids(f), "AIVM012 AIVM003");
    assert_true(shipped_fails_at(f->rep, AIVM_SEV_ERROR, false));
    run_opts(f, ib,
             "waivers:\n  - rule: AIVM003\n    resource: \"w*\"\n    reason: r\n"
             "    expires: 2027-01-01\n",
             NULL);
    assert_string_equal(ids(f), "~AIVM003");
    assert_string_equal(f->rep->findings[0].waiver->resource, "w*");
    run_opts(f, ib,
             "waivers:\n  - rule: AIVM003\n    resource: other\n    reason: r\n"
             "    expires: 2020-01-01\n",
             NULL);
    /* an expired waiver of a resource not in the input fails nothing: a note */
    assert_string_equal(ids(f), "AIVM003 AIVM022");
    assert_int_equal(f->rep->n_orphans, 1);
    assert_null(f->rep->findings[1].res);
    assert_non_null(strstr(f->rep->findings[1].message, "matches no resource in this input; it "
                                                        "expired on 2020-01-01"));
    assert_non_null(strstr(f->rep->findings[1].message, ":2 "));
    assert_false(shipped_fails_at(f->rep, AIVM_SEV_WARNING, false) &&
                 f->rep->open[AIVM_SEV_ERROR] > 0);
    run_opts(f, ib,
             "waivers:\n  - rule: AIVM005\n    resource: w\n    reason: r\n"
             "    expires: 2027-01-01\n",
             NULL);
    assert_string_equal(ids(f), "AIVM003 AIVM022"); /* its resource, but nothing to waive */
    assert_non_null(strstr(f->rep->findings[1].message, "waives nothing: AIVM005 is not raised"));
}

static void check__fail_levels(void **state)
{
    fx *f = *state;
    run(f, "    size: Standard_F8s_v2\n    phase: inference\n    kind: non-generative\n"
           "    model_size: small\n"); /* one warning, one note */
    assert_false(shipped_fails_at(f->rep, AIVM_SEV_ERROR, false));
    assert_true(shipped_fails_at(f->rep, AIVM_SEV_WARNING, false));
    assert_true(shipped_fails_at(f->rep, AIVM_SEV_NOTE, false));
}

static void check__cost_spot_and_count(void **state)
{
    fx *f = *state;
    const aivm_size *s = aivm_catalog_find_size(f->data.cat, "Standard_NC40ads_H100_v5");
    const aivm_region_price *rp = aivm_size_price_in(s, "eastus");
    run(f, "    size: Standard_NC40ads_H100_v5\n    count: 3\n    priority: spot\n"
           "    phase: inference\n    kind: generative\n");
    assert_true(f->rep->items[0].spot_price);
    assert_true(fabs(f->rep->items[0].hourly - 3 * rp->spot) < 1e-9);
    assert_true(fabs(f->rep->hourly_total - 3 * rp->spot) < 1e-9);
    run(f, "    size: Standard_NC40ads_H100_v5\n    os: windows\n    phase: inference\n"
           "    kind: generative\n");
    assert_false(f->rep->items[0].priced);
    assert_int_equal(f->rep->n_unpriced, 1);
}

static void check__rules_tie_to_check_ids(void **state)
{
    fx *f = *state;
    bool used[100] = {false};
    /* AIVM013 is the quota check (only with a snapshot), AIVM014 the work-cost check,
     * AIVM018 and AIVM019 the work's own targets */
    static const unsigned ids_in_table[] = {1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11, 12, 13,
                                            14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25};
    size_t n = 0;
    const aivm_check_rule *t = aivm_check_rules(&n);
    aivm_error err = AIVM_ERROR_INIT;
    static const char bad[] = "rules:\n  - id: x\n    effect: note\n    check: AIVM1\n"
                              "    message: m\n";
    assert_int_equal(n, sizeof ids_in_table / sizeof ids_in_table[0]);
    for (size_t i = 0; i < n; i++) {
        char want[32];
        snprintf(want, sizeof want, "AIVM%03u", ids_in_table[i]);
        assert_string_equal(t[i].id, want);
        assert_true(t[i].help[0] && t[i].title[0]);
        assert_true(t[i].needs_quota == (ids_in_table[i] == 13));
    }
    for (size_t i = 0; i < aivm_rules_count(f->data.rules); i++) {
        const char *cid = aivm_rule_check_id(aivm_rules_at(f->data.rules, i));
        if (!cid)
            continue;
        assert_non_null(aivm_check_rule_find(cid));
        used[(cid[5] - '0') * 10 + (cid[6] - '0')] = true;
    }
    /* the size rules of recommend produce these findings */
    assert_true(used[2] && used[3] && used[5] && used[6] && used[9] && used[15] && used[16] &&
                used[25]);
    assert_int_equal(aivm_rules_load_mem(f->data.rules, bad, strlen(bad), "r.yaml", &err),
                     AIVM_EINVALID);
    assert_non_null(strstr(err.msg, "check id 'AIVM1'"));
}

static void check__renderers_agree(void **state)
{
    fx *f = *state;
    aivm_buf b = AIVM_BUF_INIT;
    aivm_check_render_opts ro = AIVM_CHECK_RENDER_OPTS_INIT;
    run(f, "    size: Standard_ND96isr_H100_v5\n    phase: inference\n    kind: generative\n"
           "    tags:\n      note: \"a <b> & 'c' %\"\n");
    assert_int_equal(aivm_check_render_github(&b, f->rep, &ro, NULL), 0);
    assert_non_null(strstr(b.ptr, "::warning file=p.yaml,line=4,col=11,title=AIVM003 "));
    aivm_buf_clear(&b);
    assert_int_equal(aivm_check_render_junit(&b, f->rep, &ro, NULL), 0);
    assert_non_null(strstr(b.ptr, "tests=\"24\" failures=\"0\""));
    aivm_buf_clear(&b);
    assert_true(shipped_fails_at(f->rep, AIVM_SEV_WARNING, false)); /* --fail-on warning */
    assert_int_equal(f->rep->n_failing, 1);
    assert_int_equal(aivm_check_render_junit(&b, f->rep, &ro, NULL), 0);
    assert_non_null(strstr(b.ptr, "tests=\"24\" failures=\"1\""));
    aivm_buf_clear(&b);
    ro.color = true;
    assert_int_equal(aivm_check_render_text(&b, f->rep, &ro, NULL), 0);
    assert_non_null(strstr(b.ptr, "\033[33mwarning"));
    aivm_buf_dispose(&b);
}

/* SARIF artifact locations: relative to the source root with %SRCROOT%, else file:// URIs. */
static void check__sarif_paths(void **state)
{
    static const struct {
        const char *name, *srcroot, *uri;
        bool base;
    } cases[] = {
        {"p.yaml", "/repo", "p.yaml", true},
        {"./ci//../ci/p.yaml", "/repo/", "ci/p.yaml", true},
        {"/repo/a/../ci/my plan.yaml", "/repo", "ci/my%20plan.yaml", true},
        {"/repo2/p.yaml", "/repo", "file:///repo2/p.yaml", false}, /* a prefix is not a parent */
        {"../p.yaml", "/repo/ci", "file:///repo/p.yaml", false},
        {"/etc/p.yaml", "/", "etc/p.yaml", true},
        {"ci/p.yaml", NULL, "ci/p.yaml", true},
        {"../p.yaml", NULL, "../p.yaml", false},
        {"/srv/\xc3\xa9#1.yaml", NULL, "file:///srv/%C3%A9%231.yaml", false},
    };
    fx *f = *state;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        aivm_buf b = AIVM_BUF_INIT;
        aivm_error err = AIVM_ERROR_INIT;
        aivm_check_render_opts ro = AIVM_CHECK_RENDER_OPTS_INIT;
        aivm_check_opts o = AIVM_CHECK_OPTS_INIT;
        static const char text[] = "workloads:\n  - name: w\n    size: Standard_NC6\n";
        aivm_plan *plan = shipped_plan(text, cases[i].name);
        aivm_check_report *rep = NULL;
        char want[256];
        assert_int_equal(shipped_check(&rep, &f->data, plan, &o, &err), 0);
        ro.srcroot = cases[i].srcroot;
        assert_int_equal(aivm_check_render_sarif(&b, rep, &ro, &err), 0);
        snprintf(want, sizeof want,
                 "\"artifactLocation\":\t{\n\t\t\t\t\t\t\t\t\t\"uri\":\t\"%s\"%s", cases[i].uri,
                 cases[i].base ? ",\n\t\t\t\t\t\t\t\t\t\"uriBaseId\":\t\"%SRCROOT%\"" : "\n");
        if (!strstr(b.ptr, want))
            fail_msg("%s from %s: no '%s' in the SARIF", cases[i].name,
                     cases[i].srcroot ? cases[i].srcroot : "(none)", cases[i].uri);
        assert_true((strstr(b.ptr, "\"originalUriBaseIds\"") != NULL) ==
                    (cases[i].srcroot != NULL));
        aivm_buf_dispose(&b);
        aivm_check_report_free(rep);
        aivm_plan_free(plan);
    }
}

/* The findings of one ARM VM of `size` booting `publisher`/`offer`/`sku`,
 * tagged for generative training: their ids, as ids() joins them. */
static const char *image_ids(fx *f, const char *size, const char *publisher, const char *offer,
                             const char *sku)
{
    char text[1024];
    aivm_error err = AIVM_ERROR_INIT;
    aivm_check_opts o = AIVM_CHECK_OPTS_INIT;
    aivm_check_report_free(f->rep);
    aivm_plan_free(f->plan);
    f->rep = NULL;
    snprintf(
        text, sizeof text,
        "{\"$schema\": \"https://schema.management.azure.com/schemas/2019-04-01/"
        "deploymentTemplate.json#\", \"resources\": [{\"type\": "
        "\"Microsoft.Compute/virtualMachines\", \"name\": \"vm\", \"location\": \"eastus\", "
        "\"tags\": {\"aivm-phase\": \"train\", \"aivm-kind\": \"generative\"}, "
        "\"properties\": {\"hardwareProfile\": {\"vmSize\": \"%s\"},\n\"storageProfile\": "
        "{\"imageReference\": {\"publisher\": \"%s\", \"offer\": \"%s\", \"sku\": \"%s\"}}}}]}",
        size, publisher, offer, sku);
    f->plan = shipped_plan(text, "t.json");
    f->rc = shipped_check(&f->rep, &f->data, f->plan, &o, &err);
    assert_int_equal(f->rc, 0);
    return ids(f);
}

/* AIVM024: an image of the other CPU architecture than the size's, where the
 * image's architecture is known; at the image's sku. */
static void check__aivm024_image_architecture(void **state)
{
    static const char *const gb200 = "Standard_ND128isr_NDR_GB200_v6";
    static const char *const h100 = "Standard_ND96isr_H100_v5";
    fx *f = *state;
    const aivm_finding *x;
    assert_string_equal(
        image_ids(f, gb200, "Canonical", "0001-com-ubuntu-server-jammy", "22_04-lts-gen2"),
        "AIVM024");
    x = &f->rep->findings[0];
    assert_int_equal(x->severity, AIVM_SEV_ERROR);
    assert_int_equal(x->loc.line, 2); /* the sku, on the template's second line */
    assert_non_null(strstr(x->message, "deploy an Arm64 image (Canonical:ubuntu-24_04-lts:"
                                       "server-arm64:latest)"));
    assert_string_equal(x->guidance[0], "G8");
    /* a catalog image (x86_64), matched ignoring case */
    assert_string_equal(image_ids(f, gb200, "Microsoft-DSVM", "Ubuntu-HPC", "2204"), "AIVM024");
    /* the right architecture, either way round */
    assert_string_equal(image_ids(f, gb200, "Canonical", "ubuntu-24_04-lts", "server-arm64"), "");
    assert_string_equal(image_ids(f, h100, "Canonical", "ubuntu-24_04-lts", "server"), "");
    /* an Arm64 image on an x86_64 size, named so by any publisher */
    assert_string_equal(image_ids(f, h100, "Debian", "debian-12", "12-arm64"), "AIVM024");
    assert_non_null(strstr(f->rep->findings[0].message, "x86_64 CPUs and cannot boot the Arm64"));
    /* a publisher whose SKU names do not say: not judged */
    assert_string_equal(image_ids(f, gb200, "contoso", "ai-base", "2025-q3"), "");
}

/* AIVM025: a size the catalog knows only from other lists or an older page (NVv2 from
 * the previous-generation page, ND96is_H100_v5 from the isolated-sizes list) is a note
 * at the size, with or without a workload; a size on its series' page is not. */
static void check__aivm025_unverified_size(void **state)
{
    fx *f = *state;
    run(f, "    size: Standard_NV12s_v2\n");
    assert_string_equal(ids(f), "AIVM011 AIVM025");
    run(f, "    size: Standard_NV6s_v2\n    phase: inference\n    kind: non-generative\n"
           "    model_size: small\n");
    assert_string_equal(ids(f), "AIVM006 AIVM025");
    assert_int_equal(f->rep->findings[1].severity, AIVM_SEV_NOTE);
    assert_string_equal(aivm_rule_id(f->rep->findings[1].rule), "size-unverified");
    assert_false(f->rep->findings[1].suggested->unverified);
    run(f, "    size: Standard_NV12s_v3\n");
    assert_null(strstr(ids(f), "AIVM025"));
}

int main(void)
{
#define T(name) cmocka_unit_test_setup_teardown(name, setup, teardown)
    const struct CMUnitTest tests[] = {
        T(check__aivm001_unknown_size),
        T(check__aivm002_retired_and_retiring),
        T(check__aivm003_infiniband_for_inference),
        T(check__aivm004_multi_node_training),
        T(check__aivm005_gpu_needed),
        T(check__aivm006_gpu_for_small_model),
        T(check__aivm007_aivm008_from_sizing),
        T(check__aivm009_older_generation),
        T(check__aivm007_aivm008_real_sizing),
        T(check__aivm010_spot_training),
        T(check__aivm011_missing_tags),
        T(check__waivers_inline_and_file),
        T(check__fail_levels),
        T(check__cost_spot_and_count),
        T(check__rules_tie_to_check_ids),
        T(check__renderers_agree),
        T(check__sarif_paths),
        T(check__aivm024_image_architecture),
        T(check__aivm025_unverified_size),
    };
    return cmocka_run_group_tests_name("check", tests, NULL, NULL);
}
