/* test_plan_filter.c - the Terraform parse filter: reading a plan through it
 * gives exactly the resources (positions, pointers, tags, counts) of reading
 * the whole tree, while the tree it builds is a fraction of the size. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aivm/buf.h"
#include "helpers.h"
#include "plan/plan_int.h"
#include "util/yamlutil_int.h"

/* Every VM-like type, each with attributes the reader ignores around the
 * ones it reads, planned values in a child module, and the sections a
 * real plan carries (configuration, prior_state, sensitive shapes). */
static const char doc[] =
    "{\"format_version\": \"1.2\", \"variables\": {\"n\": {\"value\": 2}},\n"
    " \"planned_values\": {\"root_module\": {\"resources\": [], \"child_modules\": [\n"
    "  {\"address\": \"module.m\", \"resources\": [{\"address\": \"module.m.azurerm_linux_"
    "virtual_machine.a\", \"mode\": \"managed\", \"type\": \"azurerm_linux_virtual_machine\", "
    "\"name\": \"a\", \"values\": {\"admin_ssh_key\": [{\"public_key\": \"ssh-rsa AAA\"}], "
    "\"size\": \"Standard_E8as_v6\", \"location\": \"East US\"}, \"sensitive_values\": {}}],\n"
    "   \"child_modules\": [{\"resources\": [{\"address\": \"x.b\", \"mode\": \"managed\", "
    "\"type\": \"azurerm_batch_pool\", \"values\": {\"vm_size\": \"Standard_F8als_v6\", "
    "\"metadata\": {\"aivm-phase\": \"train\"}, \"fixed_scale\": [{\"target_dedicated_nodes\": "
    "3}]}}]}]}]}},\n"
    " \"resource_changes\": [\n"
    "  {\"address\": \"azurerm_virtual_machine.w\", \"module_address\": \"m\", \"mode\": "
    "\"managed\", \"type\": \"azurerm_virtual_machine\", \"provider_name\": \"p\", \"change\": "
    "{\"actions\": [\"create\"], \"before\": null, \"after\": {\"vm_size\": \"Standard_NC6s_v3\", "
    "\"os_profile_windows_config\": [{\"provision_vm_agent\": true}], \"boot_diagnostics\": "
    "[{\"enabled\": true}], \"tags\": {\"aivm-phase\": \"inference\", \"team\": \"a\"}}, "
    "\"after_unknown\": {\"id\": true}, \"after_sensitive\": {\"tags\": {}}}},\n"
    "  {\"address\": \"azurerm_orchestrated_virtual_machine_scale_set.o\", \"mode\": "
    "\"managed\", \"type\": \"azurerm_orchestrated_virtual_machine_scale_set\", \"change\": "
    "{\"actions\": [\"create\"], \"after\": {\"identity\": [], \"instances\": 4, \"priority\": "
    "\"Spot\"}, \"after_unknown\": {\"sku_name\": true, \"identity\": []}}},\n"
    "  {\"address\": \"azurerm_kubernetes_cluster.k\", \"mode\": \"managed\", \"type\": "
    "\"azurerm_kubernetes_cluster\", \"change\": {\"actions\": [\"update\"], \"before\": "
    "{\"x\": 1}, \"after\": {\"dns_prefix\": \"k\", \"default_node_pool\": [{\"vm_size\": "
    "\"Standard_NC24ads_A100_v4\", \"max_count\": 5, \"tags\": {\"aivm-kind\": "
    "\"generative\"}}], \"location\": \"westeurope\"}}},\n"
    "  {\"address\": \"azurerm_kubernetes_cluster_node_pool.p\", \"mode\": \"managed\", "
    "\"type\": \"azurerm_kubernetes_cluster_node_pool\", \"change\": {\"actions\": "
    "[\"create\"], \"after\": {\"vm_size\": \"\", \"node_count\": 2}}},\n"
    "  {\"address\": \"azurerm_machine_learning_compute_cluster.c\", \"mode\": \"managed\", "
    "\"type\": \"azurerm_machine_learning_compute_cluster\", \"change\": {\"actions\": "
    "[\"create\"], \"after\": {\"vm_size\": \"Standard_ND96isr_H100_v5\", \"vm_priority\": "
    "\"LowPriority\", \"scale_settings\": [{\"max_node_count\": 8}]}}},\n"
    "  {\"address\": \"azurerm_linux_virtual_machine_scale_set.s\", \"mode\": \"managed\", "
    "\"type\": \"azurerm_linux_virtual_machine_scale_set\", \"change\": {\"actions\": "
    "[\"delete\", \"create\"], \"after\": {\"sku\": \"Standard_NV36ads_A10_v5\", "
    "\"instances\": 3, \"os_disk\": [{\"caching\": \"ReadWrite\"}]}}},\n"
    "  {\"address\": \"azurerm_windows_virtual_machine.d\", \"mode\": \"managed\", \"type\": "
    "\"azurerm_windows_virtual_machine\", \"change\": {\"actions\": [\"delete\"], \"after\": "
    "null}}],\n"
    " \"prior_state\": {\"values\": {\"root_module\": {}}},\n"
    " \"configuration\": {\"root_module\": {\"resources\": [{\"address\": \"x\"}]}}}\n";

static void assert_same_str(const char *a, const char *b)
{
    assert_true((a == NULL) == (b == NULL));
    if (a)
        assert_string_equal(a, b);
}

static void assert_same_loc(aivm_loc a, aivm_loc b)
{
    assert_int_equal(a.line, b.line);
    assert_int_equal(a.col, b.col);
}

static void assert_same_resource(const aivm_plan_resource *a, const aivm_plan_resource *b)
{
    assert_same_str(a->address, b->address);
    assert_same_str(a->type, b->type);
    assert_same_str(a->size, b->size);
    assert_same_str(a->size_expr, b->size_expr);
    assert_same_str(a->region, b->region);
    assert_same_str(a->pointer, b->pointer);
    assert_int_equal(a->count, b->count);
    assert_int_equal(a->priority, b->priority);
    assert_int_equal(a->wl.os, b->wl.os);
    assert_same_loc(a->loc, b->loc);
    assert_same_loc(a->size_loc, b->size_loc);
    assert_same_str(a->image_publisher, b->image_publisher);
    assert_same_str(a->image_offer, b->image_offer);
    assert_same_str(a->image_sku, b->image_sku);
    assert_same_loc(a->image_loc, b->image_loc);
    assert_int_equal(a->n_tags, b->n_tags);
    for (size_t i = 0; i < a->n_tags; i++) {
        assert_same_str(a->tags[i].key, b->tags[i].key);
        assert_same_str(a->tags[i].value, b->tags[i].value);
        assert_same_loc(a->tags[i].loc, b->tags[i].loc);
    }
}

/* Renames a top-level key, so the reader falls back from resource_changes
 * to planned_values. */
static void rename_key(aivm_ynode *root, const char *from, const char *to)
{
    for (size_t i = 0; i < root->n; i++)
        if (strcmp(root->kids[2 * i]->str, from) == 0)
            root->kids[2 * i]->str = to;
}

/* Reads `text` with and without the filter and compares every resource;
 * returns how many there are. */
static size_t compare_readings(const char *text, size_t len, bool planned_values)
{
    aivm_tf_filter tf = {false, false};
    aivm_yfilter f = {aivm_plan__terraform_verdict, &tf, aivm_plan__terraform_reset};
    aivm_plan *whole = NULL, *part = NULL;
    aivm_arena ta = AIVM_ARENA_INIT, tb = AIVM_ARENA_INIT;
    aivm_ynode *ra = NULL, *rb = NULL;
    aivm_error err = AIVM_ERROR_INIT;
    size_t n;
    aivm_plan_new(&whole);
    aivm_plan_new(&part);
    assert_int_equal(aivm_yaml_parse_filtered(&ra, &ta, text, len, "t.json", NULL, &err), 0);
    assert_int_equal(aivm_yaml_parse_filtered(&rb, &tb, text, len, "t.json", &f, &err), 0);
    if (planned_values) {
        rename_key(ra, "resource_changes", "ignored");
        rename_key(rb, "resource_changes", "ignored");
    }
    assert_int_equal(aivm_plan__read_terraform(whole, ra, "t.json", &err), 0);
    assert_int_equal(aivm_plan__read_terraform(part, rb, "t.json", &err), 0);
    n = aivm_plan_count(whole);
    assert_int_equal(aivm_plan_count(part), n);
    for (size_t i = 0; i < n; i++)
        assert_same_resource(aivm_plan_at(whole, i), aivm_plan_at(part, i));
    aivm_plan_free(whole);
    aivm_plan_free(part);
    aivm_arena_dispose(&ta);
    aivm_arena_dispose(&tb);
    return n;
}

static void plan_filter__same_resources(void **state)
{
    (void)state;
    assert_int_equal(compare_readings(doc, strlen(doc), false), 6);
    assert_int_equal(compare_readings(doc, strlen(doc), true), 2);
}

static void plan_filter__same_resources_in_fixtures(void **state)
{
    static const char *const files[] = {"check/tf_plan.json", "check/tf_planned_values_only.json",
                                        "source_arch/plan.json"};
    (void)state;
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        aivm_buf b = AIVM_BUF_INIT;
        aivm_error err = AIVM_ERROR_INIT;
        assert_int_equal(aivm_buf_read_file(&b, fixture(files[i]), (size_t)1 << 20, &err), 0);
        assert_true(compare_readings(b.ptr, b.size, false) > 0);
        assert_true(compare_readings(b.ptr, b.size, true) > 0);
        aivm_buf_dispose(&b);
    }
}

/* Nodes under `n`, itself included. */
static size_t count_nodes(const aivm_ynode *n)
{
    size_t total = 1, kids;
    if (n->type == AIVM_Y_SCALAR)
        return 1;
    kids = n->type == AIVM_Y_MAP ? 2 * n->n : n->n;
    for (size_t i = 0; i < kids; i++)
        total += count_nodes(n->kids[i]);
    return total;
}

/* A plan of `n` VMs shaped like bench/gen_tfplan.py's (fewer attributes). */
static void make_plan(aivm_buf *out, unsigned n)
{
    static const char vals[] =
        "{\"additional_capabilities\": [{\"ultra_ssd_enabled\": false}], \"admin_ssh_key\": "
        "[{\"public_key\": \"ssh-rsa AAAA\", \"username\": \"u\"}], \"admin_username\": \"u\", "
        "\"allow_extension_operations\": true, \"custom_data\": null, "
        "\"disable_password_authentication\": true, \"extensions_time_budget\": \"PT1H30M\", "
        "\"license_type\": null, \"patch_assessment_mode\": \"ImageDefault\", "
        "\"patch_mode\": \"ImageDefault\", \"provision_vm_agent\": true, "
        "\"resource_group_name\": \"rg\", \"secure_boot_enabled\": false, "
        "\"vtpm_enabled\": false, \"boot_diagnostics\": "
        "[{\"storage_account_uri\": null}], \"identity\": [{\"type\": \"SystemAssigned\"}], "
        "\"location\": \"eastus\", \"name\": \"vm\", \"os_disk\": [{\"caching\": \"ReadWrite\", "
        "\"disk_size_gb\": 256}], \"priority\": \"Regular\", \"size\": \"Standard_E8as_v6\", "
        "\"source_image_reference\": [{\"offer\": \"o\", \"sku\": \"s\"}], \"tags\": "
        "{\"aivm-phase\": \"train\"}, \"zone\": \"1\"}";
    aivm_buf_puts(out, "{\"format_version\": \"1.2\", \"planned_values\": {\"root_module\": "
                       "{\"resources\": [");
    for (unsigned i = 0; i < n; i++)
        aivm_buf_printf(out,
                        "%s{\"address\": \"azurerm_linux_virtual_machine.v[%u]\", \"mode\": "
                        "\"managed\", \"type\": \"azurerm_linux_virtual_machine\", \"values\": "
                        "%s, \"sensitive_values\": {\"admin_ssh_key\": [{}]}}",
                        i ? ",\n" : "", i, vals);
    aivm_buf_puts(out, "]}}, \"resource_changes\": [");
    for (unsigned i = 0; i < n; i++)
        aivm_buf_printf(out,
                        "%s{\"address\": \"azurerm_linux_virtual_machine.v[%u]\", \"mode\": "
                        "\"managed\", \"type\": \"azurerm_linux_virtual_machine\", "
                        "\"provider_name\": \"p\", \"change\": {\"actions\": [\"create\"], "
                        "\"before\": null, \"after\": %s, \"after_unknown\": {\"id\": true}, "
                        "\"after_sensitive\": {\"admin_ssh_key\": [{}]}}}",
                        i ? ",\n" : "", i, vals);
    aivm_buf_puts(out, "], \"configuration\": {\"root_module\": {}}}");
}

static void plan_filter__tree_is_small(void **state)
{
    aivm_tf_filter tf = {false, false};
    aivm_yfilter f = {aivm_plan__terraform_verdict, &tf, aivm_plan__terraform_reset};
    aivm_buf b = AIVM_BUF_INIT;
    aivm_arena ta = AIVM_ARENA_INIT, tb = AIVM_ARENA_INIT;
    aivm_ynode *ra = NULL, *rb = NULL;
    aivm_error err = AIVM_ERROR_INIT;
    size_t whole, part;
    (void)state;
    make_plan(&b, 200);
    assert_int_equal(aivm_yaml_parse_filtered(&ra, &ta, b.ptr, b.size, "t.json", NULL, &err), 0);
    assert_int_equal(aivm_yaml_parse_filtered(&rb, &tb, b.ptr, b.size, "t.json", &f, &err), 0);
    whole = count_nodes(ra);
    part = count_nodes(rb);
    assert_true(part * 3 < whole);
    assert_true(part < 200 * 60);
    assert_int_equal(compare_readings(b.ptr, b.size, false), 200);
    assert_int_equal(compare_readings(b.ptr, b.size, true), 200);
    aivm_arena_dispose(&ta);
    aivm_arena_dispose(&tb);
    aivm_buf_dispose(&b);
}

/* Not a Terraform plan yet: top-level sections stay whole (ARM templates
 * read their variables). */
static void plan_filter__top_level_waits_for_terraform(void **state)
{
    aivm_tf_filter tf = {false, false};
    aivm_yfilter f = {aivm_plan__terraform_verdict, &tf, aivm_plan__terraform_reset};
    const char *text = "{\"variables\": {\"v\": 1}, \"format_version\": \"1\", \"configuration\": "
                       "{\"c\": 1}}";
    aivm_arena a = AIVM_ARENA_INIT;
    aivm_ynode *root = NULL;
    aivm_error err = AIVM_ERROR_INIT;
    (void)state;
    assert_int_equal(aivm_yaml_parse_filtered(&root, &a, text, strlen(text), "t.json", &f, &err),
                     0);
    assert_int_equal(aivm_ymap_get(root, "variables")->n, 1);
    assert_int_equal(aivm_ymap_get(root, "configuration")->type, AIVM_Y_MAP);
    assert_int_equal(aivm_ymap_get(root, "configuration")->n, 0);
    aivm_arena_dispose(&a);
    /* Each parse starts afresh: libyaml rereading after the fast path (which
     * saw format_version) keeps the variables before it whole too (found by
     * fuzz_json: the two readers built different trees). */
    a = (aivm_arena)AIVM_ARENA_INIT;
    assert_int_equal(aivm_yaml__parse_json(&root, &a, text, strlen(text), "t.json", &f), 0);
    assert_true(tf.seen);
    assert_int_equal(aivm_yaml__parse_libyaml(&root, &a, text, strlen(text), "t.json", &f, &err),
                     0);
    assert_int_equal(aivm_ymap_get(root, "variables")->n, 1);
    aivm_arena_dispose(&a);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(plan_filter__same_resources),
        cmocka_unit_test(plan_filter__same_resources_in_fixtures),
        cmocka_unit_test(plan_filter__tree_is_small),
        cmocka_unit_test(plan_filter__top_level_waits_for_terraform),
    };
    return cmocka_run_group_tests_name("plan_filter", tests, NULL, NULL);
}
