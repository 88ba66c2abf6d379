/* fuzz_config.c - libFuzzer target: any bytes into the settings-file reader
 * (.aivm-advise.yaml) with a key of every type. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "aivm/config.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const aivm_config_key keys[] = {
        {"region", AIVM_CFG_STRING},
        {"catalog", AIVM_CFG_PATH},
        {"rules", AIVM_CFG_PATHS},
        {"allow-partial", AIVM_CFG_BOOL},
    };
    aivm_config *c = NULL;
    aivm_error err;
    if (aivm_config_load_mem(&c, (const char *)data, size, "dir/.aivm-advise.yaml", keys, 4,
                             &err) == 0)
        for (size_t i = 0; i < aivm_config_count(c); i++) {
            const aivm_config_entry *e = aivm_config_entry_at(c, i);
            if (!e->value || !e->key || e->loc.line == 0)
                abort();
        }
    aivm_config_free(c);
    return 0;
}
