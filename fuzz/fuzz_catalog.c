/* fuzz_catalog.c - libFuzzer target: any bytes into the catalog loader. */
#include <stddef.h>
#include <stdint.h>

#include "aivm/catalog.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    aivm_catalog *cat = NULL;
    aivm_error err;
    if (aivm_catalog_load_mem(&cat, (const char *)data, size, "fuzz.yaml", &err) == 0) {
        for (size_t i = 0; i < aivm_catalog_size_count(cat); i++)
            (void)aivm_catalog_find_size(cat, aivm_str(&aivm_catalog_size_at(cat, i)->name));
    }
    aivm_catalog_free(cat);
    return 0;
}
