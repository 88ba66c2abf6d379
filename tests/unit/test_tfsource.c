/* test_tfsource.c - the HCL scanner (comments, strings with escapes and
 * templates, heredocs, nested braces, hostile input) and the lookup from a
 * Terraform address to its block through local modules (check --source). */
#define _XOPEN_SOURCE 700 /* mkdtemp, symlink */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "aivm/tfsource.h"
#include "helpers.h"

static aivm_tf_file *scan(const char *text)
{
    aivm_tf_file *f = NULL;
    aivm_error err = AIVM_ERROR_INIT;
    if (aivm_tf_scan_mem(&f, text, strlen(text), "t.tf", &err) < 0)
        fail_msg("scan failed: %u:%u: %s", err.line, err.col, err.msg);
    return f;
}

static int scan_err(const char *text, aivm_error *err)
{
    aivm_tf_file *f = (aivm_tf_file *)1;
    int rc = aivm_tf_scan_mem(&f, text, strlen(text), "t.tf", err);
    assert_null(f);
    return rc;
}

static void tf__blocks_and_size_attributes(void **state)
{
    aivm_tf_file *f = scan("resource \"azurerm_linux_virtual_machine\" \"vm\" {\n"
                           "  count = 2\n"
                           "  tags = {\n"
                           "    size = \"not this one\"\n"
                           "  }\n"
                           "  size = \"Standard_ND96isr_H100_v5\"\n"
                           "}\n"
                           "resource \"azurerm_kubernetes_cluster\" \"aks\" {\n"
                           "  default_node_pool {\n"
                           "    vm_size = var.size\n"
                           "  }\n"
                           "}\n"
                           "module \"gpu\" {\n"
                           "  source = \"./modules/gpu\"\n"
                           "}\n");
    const aivm_tf_block *b;
    (void)state;
    assert_int_equal(aivm_tf_file_count(f), 3);
    b = aivm_tf_file_at(f, 0);
    assert_int_equal(b->kind, AIVM_TF_RESOURCE);
    assert_string_equal(b->type, "azurerm_linux_virtual_machine");
    assert_string_equal(b->name, "vm");
    assert_int_equal(b->loc.line, 1);
    assert_int_equal(b->loc.col, 1);
    assert_string_equal(b->loc.file, "t.tf");
    /* `size` inside the tags object is an object key, not an attribute */
    assert_int_equal(b->n_attrs, 1);
    assert_string_equal(b->attrs[0].name, "size");
    assert_null(b->attrs[0].parent);
    assert_true(b->attrs[0].literal);
    assert_int_equal(b->attrs[0].loc.line, 6);
    assert_int_equal(b->attrs[0].loc.col, 3);
    b = aivm_tf_file_at(f, 1);
    assert_int_equal(b->n_attrs, 1);
    assert_string_equal(b->attrs[0].parent, "default_node_pool");
    assert_false(b->attrs[0].literal);
    assert_int_equal(b->attrs[0].loc.line, 10);
    assert_int_equal(b->attrs[0].loc.col, 5);
    b = aivm_tf_file_at(f, 2);
    assert_int_equal(b->kind, AIVM_TF_MODULE);
    assert_string_equal(b->name, "gpu");
    assert_string_equal(b->source, "./modules/gpu");
    assert_null(aivm_tf_file_at(f, 3));
    aivm_tf_file_free(f);
}

/* Text that looks like a block inside comments, strings, templates and
 * heredocs is not one; a brace in any of them does not upset the nesting. */
static void tf__comments_strings_heredocs(void **state)
{
    aivm_tf_file *f = scan(
        "# resource \"a\" \"hash\" {\n"
        "// resource \"a\" \"slashes\" {\n"
        "/* resource \"a\" \"block\" {\n } */\n"
        "locals {\n"
        "  a = \"resource \\\"a\\\" \\\"esc\\\" { ${x} }\"\n"
        "  b = \"${lookup({ k = \"}\" }, \"k\", \"{\")} $${literal} %{ if true }{%{ endif }\"\n"
        "  c = <<EOT\n"
        "resource \"a\" \"heredoc\" {\n"
        "EOT\n"
        "  d = <<-EOT\n"
        "    }\n"
        "    EOT\n"
        "  e = [for s in var.l : { n = s }]\n"
        "  f = 1 << 2\n"
        "}\n"
        "resource \"azurerm_linux_virtual_machine\" \"real\" { size = \"S\" }\n"
        "resource \"azurerm_linux_virtual_machine\" \"tpl\" {\n"
        "  size = \"Standard_${var.x}\"\n"
        "}\n");
    const aivm_tf_block *b;
    (void)state;
    assert_int_equal(aivm_tf_file_count(f), 2);
    b = aivm_tf_file_at(f, 0);
    assert_string_equal(b->name, "real");
    assert_int_equal(b->loc.line, 17);
    assert_int_equal(b->n_attrs, 1);
    assert_true(b->attrs[0].literal);
    assert_int_equal(b->attrs[0].loc.col, 51);
    b = aivm_tf_file_at(f, 1);
    assert_string_equal(b->name, "tpl");
    assert_false(b->attrs[0].literal); /* a template is not a literal */
    aivm_tf_file_free(f);
}

static void tf__escaped_labels_and_columns(void **state)
{
    /* columns count code points, as the plan's positions do */
    aivm_tf_file *f = scan("locals { x = \"\xc3\xa9\xc3\xa9\" }\n"
                           "resource \"t\" \"a\\\"b\" { s = \"\xc3\xa9\"\n  size = \"x\"\n}\n"
                           "resource \"t\" \"c\" {\r\n\tsize = \"y\"\r\n}\r\n");
    const aivm_tf_block *b;
    (void)state;
    assert_int_equal(aivm_tf_file_count(f), 2);
    b = aivm_tf_file_at(f, 0);
    assert_string_equal(b->name, "a\"b");
    assert_int_equal(b->attrs[0].loc.line, 3);
    b = aivm_tf_file_at(f, 1);
    assert_int_equal(b->loc.line, 5);
    assert_int_equal(b->attrs[0].loc.line, 6);
    assert_int_equal(b->attrs[0].loc.col, 2);
    aivm_tf_file_free(f);
    f = scan(
        "locals { x = \"\xc3\xa9\xc3\xa9\" }  \n resource \"t\" \"n\" { size = \"\xc3\xa9\" }");
    b = aivm_tf_file_at(f, 0);
    assert_int_equal(b->loc.col, 2);
    assert_int_equal(b->attrs[0].loc.col, 21);
    aivm_tf_file_free(f);
    f = scan("x = \"\xc3\xa9\xc3\xa9\"; resource \"t\" \"n\" { size = \"a\" }\n");
    assert_int_equal(aivm_tf_file_count(f), 0); /* not at the start of an item */
    aivm_tf_file_free(f);
}

static void tf__errors_have_positions(void **state)
{
    aivm_error err = AIVM_ERROR_INIT;
    char *deep;
    (void)state;
    assert_int_equal(scan_err("a = 1\nb = \"open\n", &err), AIVM_ESYNTAX);
    assert_int_equal(err.line, 2);
    assert_int_equal(err.col, 5);
    assert_string_equal(err.msg, "unterminated string");
    assert_int_equal(scan_err("x {\n /* never closed\n", &err), AIVM_ESYNTAX);
    assert_int_equal(err.line, 2);
    assert_int_equal(scan_err("a = <<EOT\nno end\n", &err), AIVM_ESYNTAX);
    assert_string_equal(err.msg, "unterminated heredoc");
    assert_int_equal(scan_err("resource \"a\" \"b\" {\n", &err), AIVM_ESYNTAX);
    assert_string_equal(err.msg, "unterminated block");
    assert_int_equal(err.line, 1);
    assert_int_equal(scan_err("}\n", &err), AIVM_ESYNTAX);
    assert_int_equal(scan_err("a = \"${\"${\"", &err), AIVM_ESYNTAX);
    /* nesting past the cap is a limit, not a stack overflow */
    deep = malloc(200001);
    memset(deep, '{', 100000);
    memset(deep + 100000, '}', 100000);
    deep[200000] = '\0';
    assert_int_equal(scan_err(deep, &err), AIVM_ELIMIT); /* stray braces at top level */
    memcpy(deep, "a = ", 4);
    assert_int_equal(scan_err(deep, &err), AIVM_ELIMIT);
    for (size_t i = 0; i < 100000; i += 4)
        memcpy(deep + i, i ? "b { " : "a { ", 4);
    assert_int_equal(scan_err(deep, &err), AIVM_ELIMIT);
    assert_string_equal(err.msg, "blocks nested too deep");
    for (size_t i = 0; i < 100000; i += 3)
        memcpy(deep + i, i ? "\"${" : "a=\"", 3);
    assert_int_equal(scan_err(deep, &err), AIVM_ELIMIT);
    free(deep);
    /* never reads past len: no terminator after the buffer */
    {
        aivm_tf_file *f = NULL;
        char buf[3] = {'"', '\\', '$'};
        assert_int_equal(aivm_tf_scan_mem(&f, buf, sizeof buf, "t.tf", &err), AIVM_ESYNTAX);
        assert_int_equal(aivm_tf_scan_mem(&f, NULL, 0, "t.tf", &err), 0);
        assert_int_equal(aivm_tf_file_count(f), 0);
        aivm_tf_file_free(f);
    }
    aivm_tf_file_free(NULL);
}

static void write_file(const char *path, const char *text)
{
    FILE *fp = fopen(path, "w");
    assert_non_null(fp);
    fputs(text, fp);
    fclose(fp);
}

/* The fixture tree of the --source goldens: nested local modules, count and
 * for_each instances, a size from a variable, AKS's default node pool. */
static void tf__source_finds_blocks_through_modules(void **state)
{
    const char *dirs[] = {AIVM_FIXTURES "/source"};
    aivm_tf_source *src = NULL;
    aivm_error err = AIVM_ERROR_INIT;
    aivm_loc at;
    (void)state;
    assert_int_equal(aivm_tf_source_load(&src, dirs, NULL, 1, &err), 0);
    assert_true(aivm_tf_source_find(src, "azurerm_linux_virtual_machine.train[1]",
                                    "azurerm_linux_virtual_machine", "size", NULL, &at));
    assert_non_null(strstr(at.file, "/source/main.tf"));
    assert_int_equal(at.line, 25);
    assert_int_equal(at.col, 3);
    /* the size comes from a variable: the block's header */
    assert_true(aivm_tf_source_find(src, "azurerm_linux_virtual_machine.from_var", NULL, "size",
                                    NULL, &at));
    assert_int_equal(at.line, 28);
    assert_int_equal(at.col, 1);
    /* no size key asked for: the header */
    assert_true(
        aivm_tf_source_find(src, "azurerm_linux_virtual_machine.train[0]", NULL, NULL, NULL, &at));
    assert_int_equal(at.line, 16);
    assert_true(aivm_tf_source_find(src, "azurerm_kubernetes_cluster.aks.default_node_pool",
                                    "azurerm_kubernetes_cluster", "vm_size", "default_node_pool",
                                    &at));
    assert_int_equal(at.line, 39);
    assert_int_equal(at.col, 5);
    assert_true(aivm_tf_source_find(src,
                                    "module.gpu.azurerm_linux_virtual_machine.serve[\"a.b]\\\"\"]",
                                    NULL, "size", NULL, &at));
    assert_non_null(strstr(at.file, "/source/modules/gpu/main.tf"));
    assert_int_equal(at.line, 10);
    assert_true(aivm_tf_source_find(
        src, "module.gpu[0].module.pool[\"x\"].azurerm_kubernetes_cluster_node_pool.np",
        "azurerm_kubernetes_cluster_node_pool", "vm_size", NULL, &at));
    assert_non_null(strstr(at.file, "/source/modules/gpu/pool/pool.tf"));
    assert_int_equal(at.line, 4);
    /* absent, another type, a data source, a module that is not there, junk */
    assert_false(
        aivm_tf_source_find(src, "azurerm_linux_virtual_machine.absent", NULL, "size", NULL, &at));
    assert_false(
        aivm_tf_source_find(src, "azurerm_windows_virtual_machine.train", NULL, "size", NULL, &at));
    assert_false(aivm_tf_source_find(src, "data.azurerm_linux_virtual_machine.train", NULL, "size",
                                     NULL, &at));
    assert_false(aivm_tf_source_find(src, "module.nope.azurerm_linux_virtual_machine.serve", NULL,
                                     "size", NULL, &at));
    assert_false(aivm_tf_source_find(src, "module.", NULL, NULL, NULL, &at));
    assert_false(aivm_tf_source_find(src, "module.gpu.[", NULL, NULL, NULL, &at));
    assert_false(aivm_tf_source_find(src, "", NULL, NULL, NULL, &at));
    assert_int_equal(aivm_tf_source_warning_count(src), 0);
    aivm_tf_source_free(src);
}

/* A module source that leaves the given directories (through "../" or a
 * link) is not followed; a link to a file is skipped with a warning; a
 * required directory that is missing fails. */
static void tf__source_stays_inside(void **state)
{
    char tmpl[] = "/tmp/aivm-tfsrc-XXXXXX", path[512];
    const char *dirs[1];
    const bool req[] = {true};
    aivm_tf_source *src = NULL;
    aivm_error err = AIVM_ERROR_INIT;
    aivm_loc at;
    char *root = mkdtemp(tmpl);
    (void)state;
    assert_non_null(root);
    snprintf(path, sizeof path, "%s/outside", root);
    assert_int_equal(mkdir(path, 0700), 0);
    snprintf(path, sizeof path, "%s/outside/o.tf", root);
    write_file(path, "resource \"t\" \"out\" { size = \"x\" }\n");
    snprintf(path, sizeof path, "%s/repo", root);
    assert_int_equal(mkdir(path, 0700), 0);
    snprintf(path, sizeof path, "%s/repo/main.tf", root);
    write_file(path, "module \"up\" {\n  source = \"../outside\"\n}\n"
                     "module \"link\" {\n  source = \"./lnk\"\n}\n");
    snprintf(path, sizeof path, "%s/repo/lnk", root);
    assert_int_equal(symlink("../outside", path), 0);
    snprintf(path, sizeof path, "%s/repo/secret.tf", root);
    assert_int_equal(symlink("../outside/o.tf", path), 0);
    snprintf(path, sizeof path, "%s/repo", root);
    dirs[0] = path;
    assert_int_equal(aivm_tf_source_load(&src, dirs, req, 1, &err), 0);
    assert_false(aivm_tf_source_find(src, "module.up.t.out", NULL, "size", NULL, &at));
    assert_false(aivm_tf_source_find(src, "module.link.t.out", NULL, "size", NULL, &at));
    assert_int_equal(aivm_tf_source_warning_count(src), 3);
    assert_non_null(strstr(aivm_tf_source_warning(src, 0), "a symbolic link is not followed"));
    assert_non_null(strstr(aivm_tf_source_warning(src, 1),
                           "module 'up' (source '../outside') is outside the source directories"));
    assert_non_null(strstr(aivm_tf_source_warning(src, 2), "module 'link' (source './lnk')"));
    /* asked again: the same warning is not repeated */
    assert_false(aivm_tf_source_find(src, "module.up.t.out", NULL, "size", NULL, &at));
    assert_int_equal(aivm_tf_source_warning_count(src), 3);
    aivm_tf_source_free(src);
    /* given the parent too, the module is inside a given directory */
    {
        char parent[512];
        const char *two[2];
        snprintf(parent, sizeof parent, "%s", root);
        two[0] = path;
        two[1] = parent;
        assert_int_equal(aivm_tf_source_load(&src, two, NULL, 2, &err), 0);
        assert_true(aivm_tf_source_find(src, "module.up.t.out", NULL, "size", NULL, &at));
        assert_int_equal(at.col, 22);
        aivm_tf_source_free(src);
    }
    snprintf(path, sizeof path, "%s/missing", root);
    assert_int_equal(aivm_tf_source_load(&src, dirs, req, 1, &err), AIVM_ENOTFOUND);
    assert_null(src);
    assert_non_null(strstr(err.msg, "cannot read source directory"));
    assert_int_equal(aivm_tf_source_load(&src, dirs, NULL, 1, &err), 0); /* optional: skipped */
    aivm_tf_source_free(src);
    snprintf(path, sizeof path, "%s/repo/main.tf", root);
    assert_int_equal(aivm_tf_source_load(&src, dirs, req, 1, &err), AIVM_EIO);
    assert_non_null(strstr(err.msg, "is not a directory"));
    snprintf(path, sizeof path, "rm -rf '%s'", root);
    assert_int_equal(system(path), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(tf__blocks_and_size_attributes),
        cmocka_unit_test(tf__comments_strings_heredocs),
        cmocka_unit_test(tf__escaped_labels_and_columns),
        cmocka_unit_test(tf__errors_have_positions),
        cmocka_unit_test(tf__source_finds_blocks_through_modules),
        cmocka_unit_test(tf__source_stays_inside),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
