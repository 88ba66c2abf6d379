/* fuzz_waivers.c - libFuzzer target: any bytes into the waivers-file loader,
 * and as an aivm-waive tag value ("RULE:reason:YYYY-MM-DD;..."). */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "aivm/waivers.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    aivm_waivers *w = NULL;
    aivm_error err;
    aivm_loc loc = {"fuzz.yaml", 1, 1};
    char *text;
    if (aivm_waivers_load_mem(&w, (const char *)data, size, "fuzz.yaml", &err) == 0)
        for (size_t i = 0; i < aivm_waivers_count(w); i++)
            if (!aivm_waivers_at(w, i)->rule)
                abort();
    aivm_waivers_free(w);
    text = malloc(size + 1);
    memcpy(text, data, size);
    text[size] = '\0';
    aivm_waivers_new(&w);
    (void)aivm_waivers_parse_inline(w, text, loc, &err);
    aivm_waivers_free(w);
    free(text);
    return 0;
}
