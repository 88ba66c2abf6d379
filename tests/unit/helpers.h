/* helpers.h - shared test helpers: fixture paths, file reading, loading the
 * shipped data, and the cmocka includes in the order cmocka needs. */
#ifndef AIVM_TEST_HELPERS_H
#define AIVM_TEST_HELPERS_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "aivm/aivm.h"
#include "aivm/plan.h"

/** Path of a file under tests/fixtures (static buffer, valid until the next call). */
const char *fixture(const char *rel);
/** Path of a file under the source tree. */
const char *source_path(const char *rel);
/** Read a whole file; caller frees. Fails the test when unreadable. */
char *read_file(const char *path, size_t *len);
/** Load data/catalog.yaml of the source tree with the YAML loader (the binary
 *  carries a compiled copy: tests compare the two). Fails the test on error. */
aivm_catalog *load_shipped_catalog(void);
/** Load data/rules.yaml of the source tree with the YAML loader. Fails the test on error. */
aivm_rules *load_shipped_rules(void);
/** Load the model presets carried in the binary (data/models.yaml). Fails the test on error. */
aivm_models *load_shipped_models(void);
/** The size `name` of `cat`. Fails the test when absent. */
const aivm_size *catalog_size(const aivm_catalog *cat, const char *name);
/** Parse the price fixture tests/fixtures/prices/NAME as the answer to the query
 *  (region, sku, USD). Fails the test on error; free with aivm_price_set_free(). */
aivm_price_set *load_price_fixture(const char *name, const char *region, const char *sku);
/** Read the plan, template or plan file tests/fixtures/REL (AIVM_PLAN_AUTO). Fails the
 *  test on error; free with aivm_plan_free(). */
aivm_plan *read_plan_fixture(const char *rel);
/** The resource of `p` at address `addr`. Fails the test when absent. */
const aivm_plan_resource *plan_resource(const aivm_plan *p, const char *addr);
/** Load a catalog from YAML text; returns the status and fills err. */
int load_catalog_text(aivm_catalog **out, const char *yaml, aivm_error *err);

#endif
