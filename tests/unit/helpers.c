/* helpers.c - see helpers.h. */
#include "helpers.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *fixture(const char *rel)
{
    static char buf[1024];
    snprintf(buf, sizeof buf, "%s/%s", AIVM_FIXTURES, rel);
    return buf;
}

const char *source_path(const char *rel)
{
    static char buf[1024];
    snprintf(buf, sizeof buf, "%s/%s", AIVM_SOURCE_DIR, rel);
    return buf;
}

char *read_file(const char *path, size_t *len)
{
    aivm_buf b = AIVM_BUF_INIT;
    aivm_error err = AIVM_ERROR_INIT;
    if (aivm_buf_read_file(&b, path, 0, &err) < 0)
        fail_msg("cannot read %s: %s", path, err.msg);
    if (len)
        *len = b.size;
    return aivm_buf_detach(&b);
}

aivm_catalog *load_shipped_catalog(void)
{
    aivm_catalog *cat = NULL;
    aivm_error err = AIVM_ERROR_INIT;
    size_t len = 0;
    char *text = read_file(source_path("data/catalog.yaml"), &len);
    if (aivm_catalog_load_mem(&cat, text, len, "data/catalog.yaml", &err) < 0)
        fail_msg("shipped catalog: %s:%u:%u: %s", err.file, err.line, err.col, err.msg);
    free(text);
    return cat;
}

aivm_rules *load_shipped_rules(void)
{
    aivm_rules *rules = NULL;
    aivm_error err = AIVM_ERROR_INIT;
    size_t len = 0;
    char *text = read_file(source_path("data/rules.yaml"), &len);
    aivm_rules_new(&rules);
    if (aivm_rules_load_mem(rules, text, len, "data/rules.yaml", &err) < 0)
        fail_msg("shipped rules: %s:%u:%u: %s", err.file, err.line, err.col, err.msg);
    free(text);
    return rules;
}

int load_catalog_text(aivm_catalog **out, const char *yaml, aivm_error *err)
{
    return aivm_catalog_load_mem(out, yaml, strlen(yaml), "t.yaml", err);
}

aivm_models *load_shipped_models(void)
{
    aivm_models *m = NULL;
    aivm_error err = AIVM_ERROR_INIT;
    size_t len = 0;
    char *text = read_file(source_path("data/models.yaml"), &len);
    if (aivm_models_load_mem(&m, text, len, "data/models.yaml", &err) < 0)
        fail_msg("data/models.yaml:%u:%u: %s", err.line, err.col, err.msg);
    free(text);
    return m;
}

const aivm_size *catalog_size(const aivm_catalog *cat, const char *name)
{
    const aivm_size *s = aivm_catalog_find_size(cat, name);
    if (!s)
        fail_msg("no size %s in the catalog", name);
    return s;
}

aivm_plan *read_plan_fixture(const char *rel)
{
    aivm_plan *p = NULL;
    aivm_error err = AIVM_ERROR_INIT;
    aivm_plan_new(&p);
    if (aivm_plan_read_file(p, NULL, fixture(rel), AIVM_PLAN_AUTO, &err) < 0)
        fail_msg("%s: read failed: %s", rel, err.msg);
    return p;
}

const aivm_plan_resource *plan_resource(const aivm_plan *p, const char *addr)
{
    for (size_t i = 0; i < aivm_plan_count(p); i++)
        if (strcmp(aivm_plan_at(p, i)->address, addr) == 0)
            return aivm_plan_at(p, i);
    fail_msg("no resource %s", addr);
    return NULL;
}

aivm_price_set *load_price_fixture(const char *name, const char *region, const char *sku)
{
    aivm_price_query q = {region, sku, "USD"};
    aivm_price_set *set = NULL;
    aivm_error err = AIVM_ERROR_INIT;
    char path[256];
    size_t len = 0;
    char *text;
    snprintf(path, sizeof path, "prices/%s", name);
    text = read_file(fixture(path), &len);
    if (aivm_prices_parse_mem(&set, text, len, &q, &err) < 0)
        fail_msg("%s: %s", name, err.msg);
    free(text);
    return set;
}
