/* fuzz_yaml_out.c - libFuzzer target: the YAML report writer
 * (aivm_report_json_to_yaml) against the readers. When the JSON fast path
 * reads a document and the writer converts it, libyaml must read the YAML
 * back into the same tree: the same mappings, sequences and keys in the same
 * order, every string with the same text, and every number, true, false and
 * null unquoted with the same value. Anything else is a bug in util/yamlw.c. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "aivm/report.h"
#include "util/yamlutil_int.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int same(const aivm_ynode *j, const aivm_ynode *y)
{
    size_t kids;
    if (!j || !y)
        return j == y;
    if (j->type != y->type || j->n != y->n)
        return 0;
    if (j->type == AIVM_Y_SCALAR) {
        if (!j->plain) /* a JSON string: any YAML style, the same text */
            return strcmp(j->str, y->str) == 0;
        if (!y->plain) /* a number or word must stay unquoted */
            return 0;
        if (strchr("-0123456789", j->str[0]))
            return strtod(j->str, NULL) == strtod(y->str, NULL);
        return strcmp(j->str, y->str) == 0;
    }
    kids = j->type == AIVM_Y_MAP ? 2 * j->n : j->n;
    for (size_t i = 0; i < kids; i++)
        if (!same(j->kids[i], y->kids[i]))
            return 0;
    return 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    aivm_arena a = AIVM_ARENA_INIT, b = AIVM_ARENA_INIT;
    aivm_ynode *json = NULL, *yaml = NULL;
    aivm_buf out = AIVM_BUF_INIT;
    aivm_error err = AIVM_ERROR_INIT;
    const char *text = (const char *)data;
    /* what the reader takes, the writer must convert, and libyaml read back */
    if (aivm_yaml__parse_json(&json, &a, text, size, "fuzz.json", NULL) == 0 &&
        (aivm_report_json_to_yaml(&out, text, size, &err) != 0 ||
         aivm_yaml__parse_libyaml(&yaml, &b, out.ptr, out.size, "fuzz.yaml", NULL, &err) != 0 ||
         !same(json, yaml)))
        abort();
    aivm_buf_dispose(&out);
    aivm_arena_dispose(&a);
    aivm_arena_dispose(&b);
    return 0;
}
