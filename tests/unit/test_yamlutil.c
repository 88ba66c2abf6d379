/* test_yamlutil.c - the YAML tree: positions, limits, hostile input. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "util/yamlutil.h"

static int parse(aivm_ynode **root, aivm_arena *a, const char *text, aivm_error *err)
{
    return aivm_yaml_parse(root, a, text, strlen(text), "t.yaml", err);
}

static void yamlutil__positions_are_one_based(void **state)
{
    aivm_arena a = AIVM_ARENA_INIT;
    aivm_ynode *root = NULL;
    aivm_error err = AIVM_ERROR_INIT;
    const aivm_ynode *v;
    (void)state;
    assert_int_equal(parse(&root, &a, "a: 1\nlist:\n  - x\n  - {k: v}\n", &err), 0);
    assert_int_equal(root->type, AIVM_Y_MAP);
    assert_int_equal(root->n, 2);
    v = aivm_ymap_get(root, "list");
    assert_non_null(v);
    assert_int_equal(v->type, AIVM_Y_SEQ);
    assert_int_equal(v->kids[1]->loc.line, 4);
    assert_int_equal(v->kids[1]->loc.col, 5);
    assert_string_equal(aivm_ymap_get(v->kids[1], "k")->str, "v");
    aivm_arena_dispose(&a);
}

static void yamlutil__json_is_accepted(void **state)
{
    aivm_arena a = AIVM_ARENA_INIT;
    aivm_ynode *root = NULL;
    aivm_error err = AIVM_ERROR_INIT;
    (void)state;
    assert_int_equal(parse(&root, &a, "{\"phase\": \"train\", \"n\": [1, 2]}", &err), 0);
    assert_string_equal(aivm_ymap_get(root, "phase")->str, "train");
    assert_false(aivm_ymap_get(root, "phase")->plain);
    aivm_arena_dispose(&a);
}

static void yamlutil__syntax_error_has_position(void **state)
{
    aivm_arena a = AIVM_ARENA_INIT;
    aivm_ynode *root = NULL;
    aivm_error err = AIVM_ERROR_INIT;
    (void)state;
    assert_int_equal(parse(&root, &a, "a: [1, 2\nb: 3\n", &err), AIVM_ESYNTAX);
    assert_string_equal(err.file, "t.yaml");
    assert_int_equal(err.line, 2);
    assert_true(err.col >= 1);
    assert_non_null(strstr(err.msg, "flow sequence"));
    aivm_arena_dispose(&a);
}

static void yamlutil__aliases_are_refused(void **state)
{
    aivm_arena a = AIVM_ARENA_INIT;
    aivm_ynode *root = NULL;
    aivm_error err = AIVM_ERROR_INIT;
    (void)state;
    assert_int_equal(parse(&root, &a, "a: &x [1, 2]\nb: *x\n", &err), AIVM_EINVALID);
    assert_int_equal(err.line, 2);
    assert_int_equal(err.col, 4);
    assert_string_equal(err.msg, "YAML aliases are not supported");
    aivm_arena_dispose(&a);
}

static void yamlutil__duplicate_keys_are_refused(void **state)
{
    aivm_arena a = AIVM_ARENA_INIT;
    aivm_ynode *root = NULL;
    aivm_error err = AIVM_ERROR_INIT;
    (void)state;
    assert_int_equal(parse(&root, &a, "a: 1\nb: 2\na: 3\n", &err), AIVM_EINVALID);
    assert_int_equal(err.line, 3);
    assert_string_equal(err.msg, "duplicate key 'a'");
    aivm_arena_dispose(&a);
}

static void yamlutil__depth_is_capped(void **state)
{
    aivm_arena a = AIVM_ARENA_INIT;
    aivm_ynode *root = NULL;
    aivm_error err = AIVM_ERROR_INIT;
    char deep[400];
    (void)state;
    memset(deep, '[', 200);
    memset(deep + 200, ']', 199);
    deep[399] = '\0';
    assert_int_equal(parse(&root, &a, deep, &err), AIVM_ELIMIT);
    assert_non_null(strstr(err.msg, "nesting deeper"));
    aivm_arena_dispose(&a);
}

static void yamlutil__several_documents_are_refused(void **state)
{
    aivm_arena a = AIVM_ARENA_INIT;
    aivm_ynode *root = NULL;
    aivm_error err = AIVM_ERROR_INIT;
    (void)state;
    assert_int_equal(parse(&root, &a, "a: 1\n---\nb: 2\n", &err), AIVM_EINVALID);
    assert_int_equal(err.line, 2);
    aivm_arena_dispose(&a);
}

/* A document that is one scalar (a key given as a YAML file) is named, not
 * quoted; its position stays. An inner value is still quoted. */
static void yamlutil__root_scalar_is_not_quoted(void **state)
{
    aivm_arena a = AIVM_ARENA_INIT;
    aivm_ynode *root = NULL;
    aivm_error err = AIVM_ERROR_INIT;
    (void)state;
    assert_int_equal(parse(&root, &a, "# a key\nsk-live-SECRET\n", &err), 0);
    assert_int_equal(aivm_yexpect_root(root, AIVM_Y_MAP, "workload", &err), AIVM_EINVALID);
    assert_string_equal(err.msg, "workload: expected a mapping, found a scalar");
    assert_int_equal(err.line, 2);
    assert_int_equal(err.col, 1);
    assert_null(strstr(err.msg, "SECRET"));
    assert_int_equal(parse(&root, &a, "[1]\n", &err), 0);
    assert_int_equal(aivm_yexpect_root(root, AIVM_Y_MAP, "workload", &err), AIVM_EINVALID);
    assert_string_equal(err.msg, "workload: expected a mapping, found a list");
    assert_int_equal(parse(&root, &a, "{}\n", &err), 0);
    assert_int_equal(aivm_yexpect_root(root, AIVM_Y_MAP, "workload", &err), 0);
    aivm_arena_dispose(&a);
}

static void yamlutil__typed_getters_check_types(void **state)
{
    aivm_arena a = AIVM_ARENA_INIT;
    aivm_ynode *root = NULL;
    aivm_error err = AIVM_ERROR_INIT;
    double d;
    bool b;
    unsigned u;
    (void)state;
    assert_int_equal(parse(&root, &a, "n: '12'\nb: yes\nu: 3\nz: ~\nd: 2026-02-30\n", &err), 0);
    assert_int_equal(aivm_yget_num(&d, aivm_ymap_get(root, "n"), "key 'n'", &err), AIVM_EINVALID);
    assert_string_equal(err.msg, "key 'n': expected a number, found '12'");
    assert_int_equal(aivm_yget_bool(&b, aivm_ymap_get(root, "b"), "key 'b'", &err), AIVM_EINVALID);
    assert_int_equal(aivm_yget_uint(&u, aivm_ymap_get(root, "u"), 2, "key 'u'", &err),
                     AIVM_EINVALID);
    assert_string_equal(err.msg, "key 'u': 3 is larger than 2");
    assert_true(aivm_yis_null(aivm_ymap_get(root, "z")));
    assert_int_equal(aivm_yget_date(NULL, aivm_ymap_get(root, "d"), "key 'd'", &err),
                     AIVM_EINVALID);
    aivm_arena_dispose(&a);
}

static void yamlutil__empty_document_has_no_root(void **state)
{
    aivm_arena a = AIVM_ARENA_INIT;
    aivm_ynode *root = (aivm_ynode *)1;
    aivm_error err = AIVM_ERROR_INIT;
    (void)state;
    assert_int_equal(parse(&root, &a, "# only a comment\n", &err), 0);
    assert_null(root);
    aivm_arena_dispose(&a);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(yamlutil__positions_are_one_based),
        cmocka_unit_test(yamlutil__json_is_accepted),
        cmocka_unit_test(yamlutil__root_scalar_is_not_quoted),
        cmocka_unit_test(yamlutil__syntax_error_has_position),
        cmocka_unit_test(yamlutil__aliases_are_refused),
        cmocka_unit_test(yamlutil__duplicate_keys_are_refused),
        cmocka_unit_test(yamlutil__depth_is_capped),
        cmocka_unit_test(yamlutil__several_documents_are_refused),
        cmocka_unit_test(yamlutil__typed_getters_check_types),
        cmocka_unit_test(yamlutil__empty_document_has_no_root),
    };
    return cmocka_run_group_tests_name("yamlutil", tests, NULL, NULL);
}
