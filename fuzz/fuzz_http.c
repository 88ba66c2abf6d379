/* fuzz_http.c - libFuzzer target: what the price client reads from the network
 * or a user. The first line is a NextPageLink (its $skip is taken only from our
 * own origin), the rest are response header lines (Retry-After, rate limits);
 * the whole input is also a base URL to validate and a region and size to
 * put in a query URL, which must come out fully percent-encoded. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "prices/prices_int.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void query_is_encoded(const char *region, const char *sku)
{
    aivm_price_query q = {region, sku, "USD"};
    char *u = aivm_prices__query_url("https://prices.azure.com/api/retail/prices", &q, 7);
    for (const char *p = u; *p; p++) /* every value is percent-encoded: no quote, space, ... */
        if ((unsigned char)*p <= ' ' || *p == '\'' || *p == '"' || (unsigned char)*p >= 0x7f)
            abort();
    free(u);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    char *nl, *line;
    unsigned long skip = 0;
    double retry = -1;
    long remaining = -1;
    aivm_error err;
    memcpy(text, data, size);
    text[size] = '\0';
    (void)aivm_prices_check_url(text, &err);
    nl = strchr(text, '\n');
    if (nl)
        *nl = '\0';
    if (aivm_prices__next_skip(&skip, text, "https://prices.azure.com/api/retail/prices", &err) ==
            0 &&
        skip > 1000000000UL)
        abort();
    (void)aivm_prices__next_skip(&skip, text, "http://127.0.0.1:8080/p?x=1", &err);
    query_is_encoded(text, nl ? nl + 1 : "Standard_NC24ads_A100_v4");
    for (line = nl ? nl + 1 : NULL; line && *line;) {
        char *end = strchr(line, '\n');
        size_t len = end ? (size_t)(end - line) : strlen(line);
        aivm_prices__parse_header(line, len, &retry, &remaining);
        if (!(retry <= 86400))
            abort(); /* never an infinite or absurd wait */
        line = end ? end + 1 : NULL;
    }
    free(text);
    return 0;
}
