/* test_config.c - the settings-file reader (aivm/config.h): keys, shapes,
 * paths relative to the file, positions of errors. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aivm/config.h"
#include "helpers.h"

static const aivm_config_key keys[] = {
    {"region", AIVM_CFG_STRING},      {"catalog", AIVM_CFG_PATH},   {"rules", AIVM_CFG_PATHS},
    {"allow-partial", AIVM_CFG_BOOL}, {"fail-on", AIVM_CFG_STRING},
};

static int load(aivm_config **c, const char *text, const char *name, aivm_error *err)
{
    return aivm_config_load_mem(c, text, strlen(text), name, keys, sizeof keys / sizeof keys[0],
                                err);
}

static void config__values_in_file_order_paths_relative_to_the_file(void **state)
{
    aivm_config *c = NULL;
    aivm_error err = AIVM_ERROR_INIT;
    const aivm_config_entry *e;
    (void)state;
    assert_int_equal(load(&c,
                          "region: West Europe\ncatalog: cat.yaml\nrules:\n  - a.yaml\n"
                          "  - /abs/b.yaml\nallow-partial: false\nfail-on: 2\n",
                          "proj/ci/.aivm-advise.yaml", &err),
                     0);
    assert_int_equal(aivm_config_count(c), 6);
    e = aivm_config_entry_at(c, 0);
    assert_string_equal(e->key, "region");
    assert_string_equal(e->value, "West Europe"); /* strings are not paths */
    assert_int_equal(e->loc.line, 1);
    assert_int_equal(e->loc.col, 9);
    assert_string_equal(aivm_config_entry_at(c, 1)->value, "proj/ci/cat.yaml");
    e = aivm_config_entry_at(c, 2);
    assert_string_equal(e->key, "rules");
    assert_string_equal(e->value, "proj/ci/a.yaml");
    assert_int_equal(e->loc.line, 4);
    assert_string_equal(aivm_config_entry_at(c, 3)->value, "/abs/b.yaml"); /* absolute kept */
    assert_string_equal(aivm_config_entry_at(c, 4)->value, "false");
    assert_string_equal(aivm_config_entry_at(c, 5)->value, "2"); /* a number as written */
    assert_string_equal(aivm_config_entry_at(c, 5)->loc.file, "proj/ci/.aivm-advise.yaml");
    aivm_config_free(c);
}

static void config__bare_name_keeps_paths_and_one_path_is_a_list(void **state)
{
    aivm_config *c = NULL;
    aivm_error err = AIVM_ERROR_INIT;
    (void)state;
    assert_int_equal(load(&c, "rules: policy/a.yaml\n", ".aivm-advise.yaml", &err), 0);
    assert_int_equal(aivm_config_count(c), 1);
    assert_string_equal(aivm_config_entry_at(c, 0)->value, "policy/a.yaml");
    aivm_config_free(c);
    assert_int_equal(load(&c, "# nothing set\n", ".aivm-advise.yaml", &err), 0);
    assert_int_equal(aivm_config_count(c), 0);
    aivm_config_free(c);
}

static void config__unknown_key_has_position_and_guess(void **state)
{
    aivm_config *c = NULL;
    aivm_error err = AIVM_ERROR_INIT;
    (void)state;
    assert_int_equal(load(&c, "region: eastus\nfail_on: warning\n", "c.yaml", &err), AIVM_EINVALID);
    assert_null(c);
    assert_int_equal(err.line, 2);
    assert_int_equal(err.col, 1);
    assert_string_equal(err.msg,
                        "unknown key 'fail_on' in the configuration (did you mean 'fail-on'?)");
}

static void config__bad_shapes_are_errors_at_the_value(void **state)
{
    static const char *const bad[] = {
        "region:\n",              /* null */
        "region: ''\n",           /* empty */
        "region: [a]\n",          /* a list for a scalar */
        "catalog: {a: 1}\n",      /* a mapping */
        "allow-partial: maybe\n", /* not a bool */
        "rules: [a.yaml, [b]]\n", /* a list item that is not a scalar */
        "- region\n",             /* not a mapping */
    };
    (void)state;
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        aivm_config *c = NULL;
        aivm_error err = AIVM_ERROR_INIT;
        assert_true(load(&c, bad[i], "c.yaml", &err) < 0);
        assert_null(c);
        assert_int_equal(err.line, 1);
        assert_string_equal(err.file, "c.yaml");
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(config__values_in_file_order_paths_relative_to_the_file),
        cmocka_unit_test(config__bare_name_keeps_paths_and_one_path_is_a_list),
        cmocka_unit_test(config__unknown_key_has_position_and_guess),
        cmocka_unit_test(config__bad_shapes_are_errors_at_the_value),
    };
    return cmocka_run_group_tests_name("config", tests, NULL, NULL);
}
