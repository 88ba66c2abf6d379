/* test_plan.c - the plan readers: Terraform plan JSON, ARM templates and plan
 * files, with positions, JSON pointers, counts, priority and tags. */
#include <stdio.h>
#include <string.h>

#include "aivm/plan.h"
#include "helpers.h"

static aivm_plan *read_text(const char *text, aivm_plan_format fmt)
{
    aivm_plan *p = NULL;
    aivm_error err = AIVM_ERROR_INIT;
    aivm_plan_new(&p);
    if (aivm_plan_read_mem(p, NULL, text, strlen(text), "t.json", fmt, &err) < 0)
        fail_msg("read failed: %s", err.msg);
    return p;
}

static int read_err(const char *text, aivm_error *err)
{
    aivm_plan *p = NULL;
    int rc;
    aivm_plan_new(&p);
    rc = aivm_plan_read_mem(p, NULL, text, strlen(text), "t.json", AIVM_PLAN_AUTO, err);
    assert_int_equal(aivm_plan_count(p), 0);
    aivm_plan_free(p);
    return rc;
}

static void plan__terraform_fixture(void **state)
{
    aivm_plan *p = NULL;
    aivm_error err = AIVM_ERROR_INIT;
    aivm_plan_format f = AIVM_PLAN_AUTO;
    const aivm_plan_resource *r;
    (void)state;
    aivm_plan_new(&p);
    assert_int_equal(
        aivm_plan_read_file(p, &f, fixture("check/tf_plan.json"), AIVM_PLAN_AUTO, &err), 0);
    assert_int_equal(f, AIVM_PLAN_TERRAFORM);
    assert_int_equal(aivm_plan_count(p), 10); /* the delete is skipped */
    r = plan_resource(p, "azurerm_linux_virtual_machine.llm_serve");
    assert_string_equal(r->size, "Standard_ND96isr_H100_v5");
    assert_int_equal(r->size_loc.line, 278);
    assert_int_equal(r->size_loc.col, 19);
    assert_string_equal(r->pointer, "/resource_changes/0/change/after/size");
    assert_int_equal(r->wl.phase, AIVM_PHASE_INFERENCE);
    assert_string_equal(r->params, "70B");
    assert_string_equal(aivm_plan_resource_tag(r, "cost-center")->value, "ml-platform");
    r = plan_resource(p, "module.training.azurerm_linux_virtual_machine.trainer[1]");
    assert_string_equal(r->group, "module.training.azurerm_linux_virtual_machine.trainer");
    assert_int_equal(r->nodes, 2);
    assert_int_equal(r->priority, AIVM_PRIO_SPOT);
    assert_string_equal(r->region, "westeurope");
    r = plan_resource(p, "azurerm_kubernetes_cluster.aks.default_node_pool");
    assert_int_equal(r->count, 3);
    assert_string_equal(r->pointer, "/resource_changes/3/change/after/default_node_pool/0/vm_size");
    assert_int_equal(r->wl.kind, AIVM_KIND_GENERATIVE); /* pool tags merged over cluster tags */
    assert_non_null(aivm_plan_resource_tag(r, "team"));
    r = plan_resource(p, "azurerm_machine_learning_compute_cluster.tabular");
    assert_int_equal(r->count, 1);
    r = plan_resource(p, "azurerm_batch_pool.scoring");
    assert_non_null(r->waive);
    r = plan_resource(p, "azurerm_windows_virtual_machine.jumpbox");
    assert_int_equal(r->wl.os, AIVM_OS_WINDOWS);
    assert_int_equal(r->wl.set & AIVM_WL_OS, 0); /* from the type, not a tag */
    r = plan_resource(p, "azurerm_linux_virtual_machine.pending");
    assert_null(r->size);
    assert_string_equal(r->size_expr, "(known after apply)");
    aivm_plan_free(p);
}

static void plan__terraform_planned_values_fallback(void **state)
{
    aivm_plan *p = NULL;
    aivm_error err = AIVM_ERROR_INIT;
    const aivm_plan_resource *r;
    (void)state;
    aivm_plan_new(&p);
    assert_int_equal(aivm_plan_read_file(p, NULL, fixture("check/tf_planned_values_only.json"),
                                         AIVM_PLAN_AUTO, &err),
                     0);
    assert_int_equal(aivm_plan_count(p), 10);
    r = plan_resource(p, "module.training.azurerm_linux_virtual_machine.trainer[0]");
    assert_string_equal(r->pointer,
                        "/planned_values/root_module/child_modules/0/resources/0/values/size");
    assert_int_equal(r->nodes, 2);
    aivm_plan_free(p);
}

static void plan__terraform_minified_odd_spacing(void **state)
{
    static const char text[] =
        "{\"format_version\" : \"0.1\" ,\"resource_changes\" : [{\"address\" : \"azurerm_virtual_"
        "machine.vm\" ,\"mode\" : \"managed\" ,\"type\" : \"azurerm_virtual_machine\" ,\"change\" "
        ": {\"actions\" : [\"create\"] ,\"after\" : {\"vm_size\" : \"\" ,\"location\" : \"\" ,"
        "\"os_profile_windows_config\" : [{}]}}} ,{\"address\" : \"data.azurerm_resource_group.x"
        "\" ,\"mode\" : \"data\" ,\"type\" : \"azurerm_resource_group\" ,\"change\" : {\"actions\""
        " : [\"read\"]}}]}";
    aivm_plan *p = read_text(text, AIVM_PLAN_AUTO);
    const aivm_plan_resource *r;
    (void)state;
    assert_int_equal(aivm_plan_count(p), 1);
    r = aivm_plan_at(p, 0);
    assert_null(r->size);
    assert_string_equal(r->size_expr, "");
    assert_null(r->region);
    assert_int_equal(r->wl.os, AIVM_OS_WINDOWS);
    assert_int_equal(r->size_loc.line, 1);
    assert_int_equal(r->size_loc.col, 208);
    aivm_plan_free(p);
}

static void plan__arm_fixture(void **state)
{
    aivm_plan *p = NULL;
    aivm_error err = AIVM_ERROR_INIT;
    aivm_plan_format f = AIVM_PLAN_AUTO;
    const aivm_plan_resource *r;
    (void)state;
    aivm_plan_new(&p);
    assert_int_equal(
        aivm_plan_read_file(p, &f, fixture("check/arm_template.json"), AIVM_PLAN_AUTO, &err), 0);
    assert_int_equal(f, AIVM_PLAN_ARM);
    assert_int_equal(aivm_plan_count(p), 6);
    r = aivm_plan_at(p, 0); /* copy loop over a parameter default */
    assert_string_equal(r->size, "Standard_ND96isr_H100_v5");
    assert_string_equal(r->size_via, "parameter 'trainSize' default");
    assert_int_equal(r->count, 2);
    assert_int_equal(r->nodes, 2);
    assert_int_equal(r->priority, AIVM_PRIO_SPOT);
    assert_true(r->checkpointing);
    assert_string_equal(r->pointer, "/resources/0/properties/hardwareProfile/vmSize");
    r = plan_resource(p, "virtualMachineScaleSets/infer-vmss");
    assert_int_equal(r->count, 3);
    assert_null(r->region); /* [parameters('location')] defaults to an expression */
    r = plan_resource(p, "managedClusters/aks-ai/gpupool"); /* pool name via variables() */
    assert_int_equal(r->count, 1);
    assert_string_equal(r->pointer, "/resources/2/properties/agentPoolProfiles/1/vmSize");
    r = plan_resource(p, "virtualMachines/scoring-vm"); /* inner scope: the value passed in wins */
    assert_string_equal(r->size, "Standard_ND96isr_H100_v5");
    assert_string_equal(
        r->pointer,
        "/resources/3/properties/template/resources/0/properties/hardwareProfile/vmSize");
    r = plan_resource(p, "virtualMachines/gpu-or-cpu"); /* if(equals(...)) on the defaults */
    assert_string_equal(r->size, "Standard_NC40ads_H100_v5");
    assert_string_equal(r->size_via,
                        "an expression of parameter 'replicas' default, parameter 'scoringSize' "
                        "default");
    assert_int_equal(r->wl.phase, AIVM_PHASE_UNSET); /* tags are an expression */
    aivm_plan_free(p);
}

static void plan__arm_language_v2(void **state)
{
    aivm_plan *p = NULL;
    aivm_error err = AIVM_ERROR_INIT;
    const aivm_plan_resource *r;
    (void)state;
    aivm_plan_new(&p);
    assert_int_equal(
        aivm_plan_read_file(p, NULL, fixture("check/arm_langv2_crlf.json"), AIVM_PLAN_AUTO, &err),
        0);
    assert_int_equal(aivm_plan_count(p), 1); /* existing and condition:false skipped */
    r = aivm_plan_at(p, 0);
    assert_string_equal(r->size, "standard_nc24ads_a100_v4");
    assert_false(r->conditional); /* not(useSpot) is true on the default */
    assert_int_equal(r->count, 2);
    assert_string_equal(r->pointer, "/resources/pool/properties/vmSize");
    assert_int_equal(r->size_loc.line, 28);
    aivm_plan_free(p);
}

static void plan__arm_nested_copy_and_condition(void **state)
{
    static const char text[] =
        "{\"$schema\": \"https://schema.management.azure.com/schemas/2019-04-01/"
        "deploymentTemplate.json#\", \"parameters\": {\"n\": {\"type\": \"int\", "
        "\"defaultValue\": 3}}, \"resources\": [{\"type\": \"Microsoft.Resources/deployments\","
        " \"name\": \"d\", \"copy\": {\"name\": \"c\", \"count\": \"[parameters('n')]\"}, "
        "\"condition\": \"[equals(resourceGroup().location, 'eastus')]\", \"properties\": "
        "{\"template\": {\"resources\": "
        "[{\"type\": \"Microsoft.Compute/virtualMachineScaleSets\", \"name\": \"s\", \"sku\": "
        "{\"name\": \"Standard_NC40ads_H100_v5\", \"capacity\": 2}}]}}}]}";
    aivm_plan *p = read_text(text, AIVM_PLAN_AUTO);
    const aivm_plan_resource *r;
    (void)state;
    assert_int_equal(aivm_plan_count(p), 1);
    r = aivm_plan_at(p, 0);
    assert_int_equal(r->count, 6); /* 3 deployments x capacity 2 */
    assert_true(r->conditional);
    assert_string_equal(r->pointer, "/resources/0/properties/template/resources/0/sku/name");
    aivm_plan_free(p);
}

/* ARM expressions the template alone decides are evaluated on the parameter
 * defaults; deployment-time values and unknown functions stay expressions. */
static void plan__arm_expressions(void **state)
{
    static const char head[] =
        "{\"$schema\": \"https://schema.management.azure.com/schemas/2019-04-01/"
        "deploymentTemplate.json#\", \"parameters\": {"
        "\"label\": {\"type\": \"string\", \"defaultValue\": \"Standard_NC6s_v3 (1 V100, 6 "
        "vCPU)\"},"
        "\"tier\": {\"type\": \"string\", \"defaultValue\": \"GPU-1\"},"
        "\"gpus\": {\"type\": \"int\", \"defaultValue\": 40},"
        "\"big\": {\"type\": \"bool\", \"defaultValue\": false},"
        "\"cfg\": {\"type\": \"object\", \"defaultValue\": {\"node\": {\"Size\": "
        "\"Standard_NC24ads_A100_v4\"}, \"list\": [\"a\", \"Standard_E4s_v5\"]}}},"
        "\"variables\": {\"sizes\": {\"CPU-1\": \"Standard_D2s_v5\", \"GPU-1\": "
        "\"[format('Standard_NC{0}ads_H100_v5', parameters('gpus'))]\"}, \"family\": \"nc\"},"
        "\"resources\": [";
    static const struct {
        const char *expr; /* JSON-escaped */
        const char *size; /* NULL: kept as the expression */
    } rows[] = {
        {"[substring(parameters('label'), 0, indexOf(parameters('label'), ' ('))]",
         "Standard_NC6s_v3"},
        {"[variables('sizes')[parameters('tier')]]", "Standard_NC40ads_H100_v5"},
        {"[parameters('cfg').node.size]", "Standard_NC24ads_A100_v4"},
        {"[parameters('cfg')['list'][1]]", "Standard_E4s_v5"},
        {"[concat('Standard_', toUpper(variables('family')), '24ads_A100_v4')]",
         "Standard_NC24ads_A100_v4"},
        {"[if(parameters('big'), 'Standard_ND96isr_H100_v5', 'Standard_NC40ads_H100_v5')]",
         "Standard_NC40ads_H100_v5"},
        {"[if(not(parameters('big')), 'Standard_E8s_v5', resourceGroup().location)]",
         "Standard_E8s_v5"},
        {"[replace(toLower('STANDARD_E2S_V5'), 'e2s', 'e4s')]", "standard_e4s_v5"},
        {"[last(split('x/Standard_F8s_v2', '/'))]", "Standard_F8s_v2"},
        {"[format('Standard_NC{0}as_T4_v3', mul(add(1, 1), 2))]", "Standard_NC4as_T4_v3"},
        {"[coalesce(null(), 'Standard_F4s_v2')]", "Standard_F4s_v2"},
        {"[format('Standard_E{0}s_v5', length(range(0, 4)))]", "Standard_E4s_v5"},
        {"[concat('it''s', '')]", "it's"},
        /* deployment-time values, unknown functions and malformed text */
        {"[concat('Standard_', resourceGroup().location)]", NULL},
        {"[reference('vm').hardwareProfile.vmSize]", NULL},
        {"[format('Standard_D{0}s_v5', copyIndex())]", NULL},
        {"[uniqueString('a')]", NULL},
        {"[format('{0:N2}', 1)]", NULL},
        {"[substring('abc', 2, 5)]", NULL},
        {"[parameters('nope')]", NULL},
        {"[variables('sizes')['GPU-9']]", NULL},
        {"[concat('a', ]", NULL},
        {"[div(1, 0)]", NULL},
        {"[if(parameters('cfg'), 'a', 'b')]", NULL},
    };
    (void)state;
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        char text[2048];
        aivm_plan *p;
        const aivm_plan_resource *r;
        snprintf(text, sizeof text,
                 "%s{\"type\": \"Microsoft.Compute/virtualMachines\", \"name\": \"vm\", "
                 "\"properties\": {\"hardwareProfile\": {\"vmSize\": \"%s\"}}}]}",
                 head, rows[i].expr);
        p = read_text(text, AIVM_PLAN_ARM);
        assert_int_equal(aivm_plan_count(p), 1);
        r = aivm_plan_at(p, 0);
        if (rows[i].size) {
            if (!r->size || strcmp(r->size, rows[i].size) != 0)
                fail_msg("%s: got %s, expected %s", rows[i].expr, r->size ? r->size : "(none)",
                         rows[i].size);
            assert_non_null(strstr(r->size_via, "expression"));
        } else if (r->size) {
            fail_msg("%s: evaluated to %s", rows[i].expr, r->size);
        } else {
            assert_string_equal(r->size_expr, rows[i].expr);
        }
        aivm_plan_free(p);
    }
}

/* A count from range() and a name from format() on the defaults. */
static void plan__arm_expression_count(void **state)
{
    static const char text[] =
        "{\"$schema\": \"https://schema.management.azure.com/schemas/2019-04-01/"
        "deploymentTemplate.json#\", \"parameters\": {\"n\": {\"type\": \"int\", "
        "\"defaultValue\": 3}}, \"resources\": [{\"type\": \"Microsoft.Compute/virtualMachines\","
        " \"name\": \"[format('node-{0}', parameters('n'))]\", \"copy\": {\"name\": \"c\", "
        "\"count\": \"[length(range(0, add(parameters('n'), 1)))]\"}, \"properties\": "
        "{\"hardwareProfile\": {\"vmSize\": \"Standard_NC40ads_H100_v5\"}}}]}";
    aivm_plan *p = read_text(text, AIVM_PLAN_ARM);
    const aivm_plan_resource *r = aivm_plan_at(p, 0);
    (void)state;
    assert_string_equal(r->address, "virtualMachines/node-3");
    assert_int_equal(r->count, 4);
    assert_null(r->count_expr);
    aivm_plan_free(p);
}

/* A template whose variables v1..v8 each concatenate the one before 16 times
 * (16^8 evaluations if nothing stopped them), `bombs` VMs sized by v8, then a
 * VM sized through a chain of twelve expressions. */
static aivm_plan *read_bomb(int bombs)
{
    aivm_buf t = AIVM_BUF_INIT;
    aivm_plan *p;
    aivm_buf_puts(&t, "{\"$schema\": \"https://schema.management.azure.com/schemas/2019-04-01/"
                      "deploymentTemplate.json#\", \"variables\": {\"v0\": \"Standard_\", "
                      "\"c0\": \" Standard_NC40ads_H100_v5 \"");
    for (int i = 1; i <= 8; i++) {
        aivm_buf_printf(&t, ", \"v%d\": \"[concat(", i);
        for (int k = 0; k < 16; k++)
            aivm_buf_printf(&t, "%svariables('v%d')", k ? ", " : "", i - 1);
        aivm_buf_puts(&t, ")]\"");
    }
    for (int i = 1; i <= 12; i++)
        aivm_buf_printf(&t, ", \"c%d\": \"[trim(variables('c%d'))]\"", i, i - 1);
    aivm_buf_puts(&t, "}, \"resources\": [");
    for (int i = 0; i < bombs; i++)
        aivm_buf_printf(&t,
                        "{\"type\": \"Microsoft.Compute/virtualMachines\", \"name\": \"b%d\", "
                        "\"properties\": {\"hardwareProfile\": {\"vmSize\": "
                        "\"[variables('v8')]\"}}},",
                        i);
    aivm_buf_puts(&t, "{\"type\": \"Microsoft.Compute/virtualMachines\", \"name\": \"chain\", "
                      "\"properties\": {\"hardwareProfile\": {\"vmSize\": "
                      "\"[variables('c12')]\"}}}]}");
    p = read_text(t.ptr, AIVM_PLAN_ARM);
    aivm_buf_dispose(&t);
    return p;
}

/* The evaluation budget: the bombs stay expressions (and so does what comes
 * after them once it is spent); without them a long chain resolves. */
static void plan__arm_expression_budget(void **state)
{
    aivm_plan *p = read_bomb(0);
    (void)state;
    assert_string_equal(plan_resource(p, "virtualMachines/chain")->size,
                        "Standard_NC40ads_H100_v5");
    aivm_plan_free(p);
    p = read_bomb(20);
    assert_int_equal(aivm_plan_count(p), 21);
    assert_null(plan_resource(p, "virtualMachines/b0")->size);
    assert_string_equal(plan_resource(p, "virtualMachines/b19")->size_expr, "[variables('v8')]");
    assert_null(plan_resource(p, "virtualMachines/chain")->size);
    assert_string_equal(plan_resource(p, "virtualMachines/chain")->size_expr, "[variables('c12')]");
    aivm_plan_free(p);
}

static void plan__plan_file(void **state)
{
    aivm_plan *p = NULL;
    aivm_error err = AIVM_ERROR_INIT;
    const aivm_plan_resource *r;
    (void)state;
    aivm_plan_new(&p);
    assert_int_equal(aivm_plan_read_file(p, NULL, fixture("check/plan.yaml"), AIVM_PLAN_AUTO, &err),
                     0);
    assert_int_equal(aivm_plan_count(p), 5);
    r = plan_resource(p, "llm-finetune");
    assert_int_equal(r->count, 2);
    assert_int_equal(r->priority, AIVM_PRIO_SPOT);
    assert_true(r->checkpointing);
    assert_string_equal(r->precision, "bf16");
    assert_string_equal(r->pointer, "/workloads/1/size");
    r = plan_resource(p, "old-research");
    assert_string_equal(r->waive, "AIVM002:decommissioned with the lab in Q1:2027-03-31");
    aivm_plan_free(p);
}

static void plan__errors_have_positions(void **state)
{
    aivm_error err = AIVM_ERROR_INIT;
    (void)state;
    assert_int_equal(read_err("{\"workloads\": [{\"name\": \"a\", \"sise\": \"x\"}]}", &err),
                     AIVM_EINVALID);
    assert_string_equal(err.msg, "unknown key 'sise' in workloads[0] (did you mean 'size'?)");
    assert_int_equal(err.col, 30);
    assert_int_equal(read_err("[1, 2]", &err), AIVM_EINVALID);
    assert_int_equal(read_err("{\"a\": [}", &err), AIVM_ESYNTAX);
    assert_int_equal(read_err("{\"format_version\": \"1.2\"}", &err), AIVM_EINVALID);
}

static bool has_issue(const aivm_plan_resource *r, const char *text)
{
    for (size_t i = 0; i < r->n_tag_issues; i++)
        if (strstr(r->tag_issues[i].message, text))
            return true;
    return false;
}

/* A bad aivm-* tag or workload value is no read error: the resource keeps
 * it (with the CLI's did-you-mean) for check's AIVM021 and ignores the tag. */
static void plan__bad_tags_are_kept_as_issues(void **state)
{
    aivm_plan *p;
    const aivm_plan_resource *r;
    (void)state;
    p = read_text("{\"workloads\": [{\"name\": \"a\", \"precision\": \"fp64\", \"phase\": "
                  "\"trian\", \"tags\": {\"aivm-kidn\": \"x\", \"aivm-size\": \"x\"}}]}",
                  AIVM_PLAN_AUTO);
    r = plan_resource(p, "a");
    assert_int_equal(r->n_tag_issues, 4);
    assert_int_equal(r->wl.phase, AIVM_PHASE_UNSET);
    for (size_t i = 0; i < r->n_tag_issues; i++)
        assert_true(r->tag_issues[i].loc.line == 1 && r->tag_issues[i].loc.col > 1);
    assert_true(has_issue(r, "'fp64' for tag 'aivm-precision' of a"));
    assert_true(has_issue(r, "'trian' for tag 'aivm-phase' of a (expected train or inference; "
                             "did you mean train?)"));
    assert_true(has_issue(r, "unknown tag 'aivm-kidn' on a (did you mean aivm-kind?)"));
    assert_true(has_issue(r, "unknown tag 'aivm-size' on a (not an aivm-* tag"));
    aivm_plan_free(p);
}

static void plan__failed_input_keeps_earlier_ones(void **state)
{
    aivm_plan *p = NULL;
    aivm_error err = AIVM_ERROR_INIT;
    static const char bad[] = "{\"workloads\": [{\"name\": \"a\", \"size\": \"Standard_E4s_v5\"},"
                              " {\"name\": \"b\", \"kinds\": \"x\"}]}";
    (void)state;
    aivm_plan_new(&p);
    assert_int_equal(
        aivm_plan_read_file(p, NULL, fixture("check/plan_clean.yaml"), AIVM_PLAN_AUTO, &err), 0);
    assert_int_equal(aivm_plan_read_mem(p, NULL, bad, strlen(bad), "bad", AIVM_PLAN_AUTO, &err),
                     AIVM_EINVALID);
    assert_int_equal(aivm_plan_count(p), 1);
    aivm_plan_free(p);
}

static void plan__format_names(void **state)
{
    aivm_plan_format f = AIVM_PLAN_AUTO;
    aivm_error err = AIVM_ERROR_INIT;
    (void)state;
    assert_int_equal(aivm_plan_format_parse(&f, "arm", &err), 0);
    assert_int_equal(f, AIVM_PLAN_ARM);
    assert_string_equal(aivm_plan_format_name(AIVM_PLAN_FILE), "plan");
    assert_int_equal(aivm_plan_format_parse(&f, "bicep", &err), AIVM_EINVALID);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(plan__terraform_fixture),
        cmocka_unit_test(plan__terraform_planned_values_fallback),
        cmocka_unit_test(plan__terraform_minified_odd_spacing),
        cmocka_unit_test(plan__arm_fixture),
        cmocka_unit_test(plan__arm_language_v2),
        cmocka_unit_test(plan__arm_nested_copy_and_condition),
        cmocka_unit_test(plan__arm_expressions),
        cmocka_unit_test(plan__arm_expression_count),
        cmocka_unit_test(plan__arm_expression_budget),
        cmocka_unit_test(plan__plan_file),
        cmocka_unit_test(plan__errors_have_positions),
        cmocka_unit_test(plan__bad_tags_are_kept_as_issues),
        cmocka_unit_test(plan__failed_input_keeps_earlier_ones),
        cmocka_unit_test(plan__format_names),
    };
    return cmocka_run_group_tests_name("plan", tests, NULL, NULL);
}
