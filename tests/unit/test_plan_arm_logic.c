/* test_plan_arm_logic.c - ARM conditions decided on the parameter defaults:
 * greater/less/greaterOrEquals/lessOrEquals, and/or decided by one operand,
 * not, if, equals; and linked templates kept as unread deployments. */
#include <stdio.h>
#include <string.h>

#include "aivm/plan.h"
#include "helpers.h"

typedef enum { SKIPPED, KEPT, CONDITIONAL } outcome;

static void plan_arm_logic__condition_decides(void **state)
{
    static const struct {
        const char *cond; /* JSON-escaped */
        outcome want;
    } rows[] = {
        {"[greater(parameters('n'), 0)]", KEPT},
        {"[greater(parameters('n'), 10)]", SKIPPED},
        {"[greaterOrEquals(parameters('n'), 10)]", KEPT},
        {"[less(parameters('n'), 10)]", SKIPPED},
        {"[lessOrEquals(parameters('n'), 10)]", KEPT},
        {"[less(9, parameters('n'))]", KEPT},
        {"[greater('A', 'a')]", SKIPPED}, /* ordinal, as Microsoft's examples */
        {"[less('A', 'a')]", KEPT},
        {"[greaterOrEquals('b', 'b')]", KEPT},
        {"[greater(parameters('n'), 'x')]", CONDITIONAL}, /* mixed types: not decided */
        {"[and(greater(parameters('n'), 0), variables('useVmss'))]", SKIPPED},
        {"[and(variables('useVmss'), equals(resourceGroup().location, 'eastus'))]", SKIPPED},
        {"[and(equals(resourceGroup().location, 'eastus'), variables('useVmss'))]", SKIPPED},
        {"[and(equals(resourceGroup().location, 'eastus'), not(variables('useVmss')))]",
         CONDITIONAL},
        {"[and(not(variables('useVmss')))]", KEPT},
        {"[or(not(variables('useVmss')), reference('x').enabled)]", KEPT},
        {"[or(reference('x').enabled, variables('useVmss'))]", CONDITIONAL},
        {"[or(variables('useVmss'), less(parameters('n'), 0))]", SKIPPED},
        {"[if(greater(parameters('n'), 8), true(), false())]", KEPT},
        {"[if(variables('useVmss'), reference('x').enabled, false())]", SKIPPED},
        {"[not(lessOrEquals(1, 2))]", SKIPPED},
        {"[equals(parameters('mode'), 'No')]", KEPT},
    };
    (void)state;
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        char text[2048];
        aivm_plan *p = NULL;
        aivm_error err = AIVM_ERROR_INIT;
        outcome got;
        snprintf(text, sizeof text,
                 "{\"$schema\": \"https://schema.management.azure.com/schemas/2019-04-01/"
                 "deploymentTemplate.json#\", \"parameters\": {"
                 "\"n\": {\"type\": \"int\", \"defaultValue\": 10},"
                 "\"mode\": {\"type\": \"string\", \"defaultValue\": \"No\"}},"
                 "\"variables\": {\"useVmss\": \"[equals(parameters('mode'), 'Yes')]\"},"
                 "\"resources\": [{\"type\": \"Microsoft.Compute/virtualMachines\", \"name\": "
                 "\"vm\", \"condition\": \"%s\", \"properties\": {\"hardwareProfile\": "
                 "{\"vmSize\": \"Standard_D4s_v5\"}}}]}",
                 rows[i].cond);
        aivm_plan_new(&p);
        if (aivm_plan_read_mem(p, NULL, text, strlen(text), "t.json", AIVM_PLAN_ARM, &err) < 0)
            fail_msg("%s: %s", rows[i].cond, err.msg);
        got = aivm_plan_count(p) == 0           ? SKIPPED
              : aivm_plan_at(p, 0)->conditional ? CONDITIONAL
                                                : KEPT;
        if (got != rows[i].want)
            fail_msg("%s: got %d, expected %d", rows[i].cond, got, rows[i].want);
        aivm_plan_free(p);
    }
}

/* The HPC Pack shape: on the defaults only the VMs' deployment is read (10
 * VMs), not the scale set's as well. */
static void plan_arm_logic__hpc_pack_not_double(void **state)
{
    aivm_plan *p = NULL;
    aivm_error err = AIVM_ERROR_INIT;
    (void)state;
    aivm_plan_new(&p);
    assert_int_equal(aivm_plan_read_file(p, NULL,
                                         fixture("check/arm_logic/arm_hpc_conditions.json"),
                                         AIVM_PLAN_AUTO, &err),
                     0);
    assert_int_equal(aivm_plan_count(p), 1);
    assert_string_equal(aivm_plan_at(p, 0)->type, "Microsoft.Compute/virtualMachines");
    assert_int_equal(aivm_plan_at(p, 0)->count, 10);
    assert_false(aivm_plan_at(p, 0)->conditional);
    aivm_plan_free(p);
}

static void plan_arm_logic__linked_template_is_unread(void **state)
{
    aivm_plan *p = read_plan_fixture("check/arm_logic/arm_linked.json");
    const aivm_plan_resource *r;
    (void)state;
    assert_int_equal(aivm_plan_count(p), 3);
    assert_null(aivm_plan_at(p, 0)->unread);
    r = aivm_plan_at(p, 1);
    assert_string_equal(r->address, "deployments/gpuNodes");
    assert_string_equal(r->unread, "https://example.com/templates/gpu-nodes.json");
    assert_null(r->size);
    assert_string_equal(r->pointer, "/resources/1/properties/templateLink");
    r = aivm_plan_at(p, 2);
    assert_non_null(strstr(r->unread, "templateSpecs/vmSpec"));
    aivm_plan_free(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(plan_arm_logic__condition_decides),
        cmocka_unit_test(plan_arm_logic__hpc_pack_not_double),
        cmocka_unit_test(plan_arm_logic__linked_template_is_unread),
    };
    return cmocka_run_group_tests_name("plan_arm_logic", tests, NULL, NULL);
}
