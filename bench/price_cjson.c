/*
 * price_cjson.c - benchmark program (docs/performance.md, "Price pages: our
 * scanner or cJSON"; not a test): the least that reading a price document
 * through cJSON costs, to set against price_ingest: parse the whole document
 * into a cJSON tree, walk Items and count the rows of a region (and size)
 * with the fields classification reads, free the tree. It classifies
 * nothing, so it is a lower bound of a cJSON-based reader.
 *
 *   price_cjson FILE [REGION [SIZE]]
 */
#include <cjson/cJSON.h>
#include <stdio.h>
#include <string.h>

#include "aivm/buf.h"

static const char *str_of(const cJSON *o, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    return cJSON_IsString(v) ? v->valuestring : NULL;
}

int main(int argc, char **argv)
{
    aivm_buf body = AIVM_BUF_INIT;
    aivm_error err = AIVM_ERROR_INIT;
    const char *region = argc > 2 ? argv[2] : "eastus";
    const char *sku = argc > 3 && strcmp(argv[3], "*") != 0 ? argv[3] : NULL;
    const char *end = NULL;
    const cJSON *items, *it;
    cJSON *doc;
    size_t n = 0, rows = 0;
    if (argc < 2 || argc > 4) {
        fprintf(stderr, "usage: price_cjson FILE [REGION [SIZE]]\n");
        return 2;
    }
    if (aivm_buf_read_file(&body, argv[1], (size_t)256 << 20, &err) < 0) {
        fprintf(stderr, "price_cjson: %s: %s\n", argv[1], err.msg);
        return 1;
    }
    doc = cJSON_ParseWithLengthOpts(body.ptr ? body.ptr : "", body.size, &end, 0);
    if (!doc) {
        fprintf(stderr, "price_cjson: %s: not valid JSON (byte %zu)\n", argv[1],
                end ? (size_t)(end - body.ptr) : 0);
        aivm_buf_dispose(&body);
        return 1;
    }
    items = cJSON_GetObjectItemCaseSensitive(doc, "Items");
    cJSON_ArrayForEach(it, items)
    {
        const char *r = str_of(it, "armRegionName"), *s = str_of(it, "armSkuName");
        const cJSON *price = cJSON_GetObjectItemCaseSensitive(it, "retailPrice");
        n++;
        if (r && strcmp(r, region) == 0 && (!sku || (s && strcmp(s, sku) == 0)) &&
            cJSON_IsNumber(price) && str_of(it, "meterName") && str_of(it, "productName") &&
            str_of(it, "type") && str_of(it, "unitOfMeasure"))
            rows++;
    }
    printf("%zu items, %zu rows\n", n, rows);
    cJSON_Delete(doc);
    aivm_buf_dispose(&body);
    return 0;
}
