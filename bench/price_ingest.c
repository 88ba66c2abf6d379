/*
 * price_ingest.c - benchmark program (bench/prices.sh, not a test): read one
 * price document from disk (an API page or a region's whole VM price list in
 * the page format), parse and classify it with libaivm, and print the number
 * of items seen and of classified rows. The region defaults to eastus; with no
 * size (or "*"), the rows of every size are classified.
 *
 *   price_ingest FILE [REGION [SIZE]]
 */
#include <stdio.h>
#include <string.h>

#include "aivm/buf.h"
#include "aivm/prices.h"

int main(int argc, char **argv)
{
    aivm_buf body = AIVM_BUF_INIT;
    aivm_error err = AIVM_ERROR_INIT;
    aivm_price_set *set = NULL;
    aivm_price_query q = {"eastus", NULL, "USD"};
    int rc;
    if (argc < 2 || argc > 4) {
        fprintf(stderr, "usage: price_ingest FILE [REGION [SIZE]]\n");
        return 2;
    }
    if (argc > 2)
        q.region = argv[2];
    if (argc > 3 && strcmp(argv[3], "*") != 0)
        q.sku = argv[3];
    rc = aivm_buf_read_file(&body, argv[1], (size_t)256 << 20, &err);
    if (rc == 0)
        rc = aivm_prices_parse_mem(&set, body.ptr ? body.ptr : "", body.size, &q, &err);
    if (rc < 0) {
        fprintf(stderr, "price_ingest: %s: %s\n", argv[1], err.msg);
        aivm_buf_dispose(&body);
        return 1;
    }
    printf("%zu items, %zu rows\n", aivm_price_set_items(set), aivm_price_set_count(set));
    aivm_price_set_free(set);
    aivm_buf_dispose(&body);
    return 0;
}
