/* test_plan_aks.c - AKS node pools in the readers: 0 nodes is no VM, the
 * autoscaling range, the cluster's location, system pools and the pool's OS
 * (Terraform plan JSON and ARM templates; fixtures in check/aks). */
#include <string.h>

#include "aivm/plan.h"
#include "helpers.h"

static void plan_aks__terraform_pools(void **state)
{
    aivm_plan *p = read_plan_fixture("check/aks/tf_aks_pools.json");
    const aivm_plan_resource *r;
    (void)state;
    assert_int_equal(aivm_plan_count(p), 6);
    r = plan_resource(p, "azurerm_kubernetes_cluster.example.default_node_pool");
    assert_true(r->system_pool);
    assert_true(r->autoscale);
    assert_int_equal(r->count_min, 1);
    assert_int_equal(r->count, 3); /* the maximum is priced, not node_count */
    assert_null(r->count_expr);
    assert_int_equal(r->wl.os, AIVM_OS_LINUX); /* os_sku AzureLinux */
    assert_string_equal(r->region, "southcentralus");
    /* the cluster's aivm-phase/kind do not describe its system pool */
    assert_int_equal(r->wl.phase, AIVM_PHASE_UNSET);
    assert_null(aivm_plan_resource_tag(r, "aivm-phase"));
    assert_string_equal(aivm_plan_resource_tag(r, "team")->value, "ml");
    r = plan_resource(p, "azurerm_kubernetes_cluster_node_pool.idle");
    assert_false(r->system_pool);
    assert_false(r->autoscale);
    assert_int_equal(r->count, 0); /* node_count 0: no VM */
    assert_null(r->count_expr);
    assert_string_equal(r->region, "southcentralus"); /* its cluster's, the one of its module */
    assert_int_equal(r->region_loc.line, 18);
    r = plan_resource(p, "azurerm_kubernetes_cluster_node_pool.gpu");
    assert_true(r->autoscale);
    assert_int_equal(r->count_min, 0);
    assert_int_equal(r->count, 4);
    assert_null(r->count_expr); /* node_count unknown until apply does not matter */
    assert_int_equal(r->priority, AIVM_PRIO_SPOT);
    assert_int_equal(r->wl.os, AIVM_OS_LINUX); /* os_sku Ubuntu */
    r = plan_resource(p, "azurerm_kubernetes_cluster_node_pool.sys2");
    assert_true(r->system_pool); /* mode = "System" */
    assert_int_equal(r->count, 2);
    assert_int_equal(r->wl.os, AIVM_OS_WINDOWS); /* os_type */
    r = plan_resource(p, "module.eu.azurerm_kubernetes_cluster_node_pool.gpu[0]");
    assert_string_equal(r->region, "westus3"); /* the cluster of module.eu, not the root's */
    assert_false(r->system_pool);
    assert_int_equal(r->wl.phase, AIVM_PHASE_INFERENCE); /* a user pool keeps its tags */
    aivm_plan_free(p);
}

/* Two clusters in one module and no known cluster id: the pool's region is
 * not guessed; a known kubernetes_cluster_id picks its cluster. */
static void plan_aks__terraform_ambiguous_cluster(void **state)
{
    static const char text[] =
        "{\"format_version\":\"1.2\",\"resource_changes\":["
        "{\"address\":\"azurerm_kubernetes_cluster.a\",\"mode\":\"managed\","
        "\"type\":\"azurerm_kubernetes_cluster\",\"change\":{\"actions\":[\"no-op\"],"
        "\"after\":{\"id\":\"/sub/x/managedClusters/a\",\"location\":\"westus2\","
        "\"default_node_pool\":[{\"vm_size\":\"Standard_D4s_v5\",\"node_count\":1}]}}},"
        "{\"address\":\"azurerm_kubernetes_cluster.b\",\"mode\":\"managed\","
        "\"type\":\"azurerm_kubernetes_cluster\",\"change\":{\"actions\":[\"create\"],"
        "\"after\":{\"location\":\"eastus2\","
        "\"default_node_pool\":[{\"vm_size\":\"Standard_D4s_v5\",\"node_count\":1}]}}},"
        "{\"address\":\"azurerm_kubernetes_cluster_node_pool.p\",\"mode\":\"managed\","
        "\"type\":\"azurerm_kubernetes_cluster_node_pool\",\"change\":{\"actions\":[\"create\"],"
        "\"after\":{\"vm_size\":\"Standard_D4s_v5\",\"node_count\":1}}},"
        "{\"address\":\"azurerm_kubernetes_cluster_node_pool.q\",\"mode\":\"managed\","
        "\"type\":\"azurerm_kubernetes_cluster_node_pool\",\"change\":{\"actions\":[\"create\"],"
        "\"after\":{\"vm_size\":\"Standard_D4s_v5\",\"node_count\":1,"
        "\"kubernetes_cluster_id\":\"/SUB/x/managedClusters/a\"}}}]}";
    aivm_plan *p = NULL;
    aivm_error err = AIVM_ERROR_INIT;
    (void)state;
    aivm_plan_new(&p);
    assert_int_equal(
        aivm_plan_read_mem(p, NULL, text, strlen(text), "t.json", AIVM_PLAN_AUTO, &err), 0);
    assert_null(plan_resource(p, "azurerm_kubernetes_cluster_node_pool.p")->region);
    assert_string_equal(plan_resource(p, "azurerm_kubernetes_cluster_node_pool.q")->region,
                        "westus2");
    aivm_plan_free(p);
}

static void plan_aks__arm_pools(void **state)
{
    aivm_plan *p = read_plan_fixture("check/aks/arm_aks_pools.json");
    const aivm_plan_resource *r;
    (void)state;
    assert_int_equal(aivm_plan_count(p), 4);
    r = plan_resource(p, "managedClusters/aks-gpu/agentpool");
    assert_true(r->system_pool); /* no profile says System: the first is */
    assert_int_equal(r->count, 2);
    assert_int_equal(r->wl.os, AIVM_OS_LINUX);
    assert_int_equal(r->wl.phase, AIVM_PHASE_UNSET); /* the cluster's tags are the workload's */
    r = plan_resource(p, "managedClusters/aks-gpu/spare");
    assert_false(r->system_pool);
    assert_int_equal(r->count, 0);
    assert_null(r->count_expr);
    assert_int_equal(r->wl.phase, AIVM_PHASE_TRAIN);
    r = plan_resource(p, "managedClusters/agentPools/aks-gpu/gpu");
    assert_true(r->autoscale);
    assert_int_equal(r->count_min, 1);
    assert_int_equal(r->count, 3);               /* maxCount through a parameter */
    assert_int_equal(r->wl.os, AIVM_OS_WINDOWS); /* osSKU Windows2022 */
    assert_int_equal(r->priority, AIVM_PRIO_SPOT);
    assert_string_equal(r->region, "westus2"); /* the parent cluster's location */
    assert_int_equal(r->region_loc.line, 14);
    r = plan_resource(p, "managedClusters/agentPools/aks-gpu/sys");
    assert_true(r->system_pool);
    assert_int_equal(r->count, 1);
    aivm_plan_free(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(plan_aks__terraform_pools),
        cmocka_unit_test(plan_aks__terraform_ambiguous_cluster),
        cmocka_unit_test(plan_aks__arm_pools),
    };
    return cmocka_run_group_tests_name("plan_aks", tests, NULL, NULL);
}
