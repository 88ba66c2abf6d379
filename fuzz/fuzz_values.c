/* fuzz_values.c - libFuzzer target: the value parsers behind options, tags and
 * data keys (parameter counts, numbers, durations, dates, enum names, size and
 * region names, did-you-mean) and
 * the escaping of untrusted text for terminals and CI logs, which must leave
 * no control byte and stay terminated within its buffer. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "aivm/catalog.h"
#include "aivm/sizing.h"
#include "aivm/util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *const names[] = {"", "train", "inference", "eastus", "westeurope", NULL};
    char *text = malloc(size + 1), out[96];
    double d;
    uint64_t u;
    int idx = 0;
    aivm_error err;
    memcpy(text, data, size);
    text[size] = '\0';
    if (aivm_params_parse(&d, text, &err) == 0 && !(d >= 1 && d <= 1e15))
        abort();
    if (aivm_parse_double(&d, text) && d != d)
        abort(); /* never NaN */
    (void)aivm_parse_u64(&u, text, 1000000);
    if (aivm_parse_duration(&d, text) && !(d >= 0 && d <= 365 * 86400.0))
        abort();
    (void)aivm_catalog_find_size(aivm_catalog_builtin(), text);
    (void)aivm_catalog_find_region(aivm_catalog_builtin(), text);
    (void)aivm_is_date(text);
    if (aivm_enum_parse(&idx, text, names, 5, "value", &err) == 0 && (idx < 1 || idx > 4))
        abort();
    (void)aivm_did_you_mean(text, names, 5);
    aivm_vis(out, sizeof out, text);
    if (strlen(out) >= sizeof out)
        abort();
    for (const char *p = out; *p; p++)
        if ((unsigned char)*p < 0x20 || *p == 0x7f)
            abort();
    free(text);
    return 0;
}
