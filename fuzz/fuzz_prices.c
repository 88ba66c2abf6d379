/* fuzz_prices.c - libFuzzer target: any bytes as a Retail Prices API page,
 * classified for one size, every pricing model looked up; and the same
 * bytes as a price cache document. */
#include <stddef.h>
#include <stdint.h>

#include "aivm/prices.h"
#include "prices/prices_int.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    aivm_price_query q = {"eastus", "Standard_ND96isr_H100_v5", "USD"};
    aivm_price_set *set = NULL;
    aivm_price_items *items = NULL;
    aivm_cache_meta meta;
    aivm_error err;
    if (aivm_prices_parse_mem(&set, (const char *)data, size, &q, &err) == 0) {
        for (int os = AIVM_OS_LINUX; os <= AIVM_OS_WINDOWS; os++)
            for (int p = 0; p < AIVM_PRICING_COUNT; p++) {
                double v;
                aivm_price_set_lookup(set, (aivm_os)os, (aivm_pricing)p, &v, NULL);
            }
    }
    aivm_price_set_free(set);
    if (aivm_prices__cache_parse(&items, &meta, (const char *)data, size, &err) == 0) {
        aivm_prices__classify(&set, items, &q);
        aivm_price_set_free(set);
    }
    aivm_prices__items_free(items);
    return 0;
}
