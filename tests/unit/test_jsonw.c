/* test_jsonw.c - the streaming JSON writer prints exactly what cJSON_Print()
 * prints for the same document (the recommend report relies on it). */
#include <cjson/cJSON.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "jsonw.h"

static const double numbers[] = {0,
                                 -0.0,
                                 1,
                                 -7,
                                 98.32,
                                 18.169536,
                                 0.1,
                                 1.0 / 3,
                                 1e300,
                                 -2.5e-7,
                                 2147483647.0,
                                 2147483648.5,
                                 -2147483649.0,
                                 730,
                                 123456789.123,
                                 NAN};
static const char *const strings[] = {"",
                                      "plain",
                                      "quote \" and \\ backslash",
                                      "tab\tnl\nret\r",
                                      "\b\f\x01\x1f ctl",
                                      "utf-8 \xc3\xa9 \xe2\x80\x94 ok",
                                      "slash / stays"};

static void jsonw__matches_cjson_print(void **state)
{
    aivm_buf b = AIVM_BUF_INIT;
    aivm_jw w;
    aivm_strlist empty = {NULL, 0};
    cJSON *root = cJSON_CreateObject(), *nums = cJSON_CreateArray(), *strs = cJSON_CreateObject();
    cJSON *nested = cJSON_CreateArray(), *obj, *inner;
    char *want;
    (void)state;
    aivm_jw_init(&w, &b);
    aivm_jw_object(&w, NULL);
    aivm_jw_array(&w, "numbers");
    for (size_t i = 0; i < sizeof numbers / sizeof numbers[0]; i++) {
        aivm_jw_num(&w, NULL, numbers[i]);
        cJSON_AddItemToArray(nums, cJSON_CreateNumber(numbers[i]));
    }
    aivm_jw_end(&w);
    cJSON_AddItemToObject(root, "numbers", nums);
    aivm_jw_object(&w, "strings");
    for (size_t i = 0; i < sizeof strings / sizeof strings[0]; i++) {
        char key[16];
        snprintf(key, sizeof key, "k%zu", i);
        aivm_jw_str(&w, key, strings[i]);
        cJSON_AddStringToObject(strs, key, strings[i]);
    }
    aivm_jw_end(&w);
    cJSON_AddItemToObject(root, "strings", strs);
    aivm_jw_object(&w, "empty_object");
    aivm_jw_end(&w);
    cJSON_AddItemToObject(root, "empty_object", cJSON_CreateObject());
    aivm_jw_strlist(&w, "empty_array", &empty);
    cJSON_AddItemToObject(root, "empty_array", cJSON_CreateArray());
    aivm_jw_array(&w, "nested");
    aivm_jw_object(&w, NULL);
    aivm_jw_bool(&w, "yes", true);
    aivm_jw_null(&w, "none");
    aivm_jw_array(&w, "list");
    aivm_jw_object(&w, NULL);
    aivm_jw_bool(&w, "deep", false);
    aivm_jw_end(&w);
    aivm_jw_end(&w);
    aivm_jw_end(&w);
    aivm_jw_object(&w, NULL);
    aivm_jw_end(&w);
    aivm_jw_end(&w);
    obj = cJSON_CreateObject();
    cJSON_AddBoolToObject(obj, "yes", true);
    cJSON_AddNullToObject(obj, "none");
    inner = cJSON_CreateObject();
    cJSON_AddBoolToObject(inner, "deep", false);
    cJSON_AddItemToObject(obj, "list", cJSON_CreateArray());
    cJSON_AddItemToArray(cJSON_GetObjectItem(obj, "list"), inner);
    cJSON_AddItemToArray(nested, obj);
    cJSON_AddItemToArray(nested, cJSON_CreateObject());
    cJSON_AddItemToObject(root, "nested", nested);
    {
        cJSON *raw = cJSON_CreateObject();
        char *text;
        cJSON_AddNumberToObject(raw, "a", 1.5);
        cJSON_AddItemToObject(raw, "b", cJSON_CreateObject());
        cJSON_AddStringToObject(cJSON_GetObjectItem(raw, "b"), "c", "d");
        text = cJSON_Print(raw);
        aivm_jw_raw(&w, "raw", text);
        cJSON_free(text);
        cJSON_AddItemToObject(root, "raw", raw);
    }
    aivm_jw_end(&w);
    want = cJSON_Print(root);
    assert_string_equal(b.ptr, want);
    assert_int_equal(w.depth, 0);
    cJSON_free(want);
    cJSON_Delete(root);
    aivm_buf_dispose(&b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(jsonw__matches_cjson_print),
    };
    return cmocka_run_group_tests_name("jsonw", tests, NULL, NULL);
}
