/*
 * aivm_gen.c - build-time tool that turns shipped YAML into C, so the binary
 * needs no YAML parse at start-up:
 *   aivm-gen catalog CATALOG.yaml NAME OUT.c   the catalog as C records (catalog_gen.c),
 *                                             after the library's strict loader read it
 *   aivm-gen rules RULES.yaml NAME OUT.c       the rules as C records (rules_gen.c), after
 *                                             the strict loader read them, plus
 *                                             aivm_rules_load_builtin()
 *   aivm-gen models MODELS.yaml NAME OUT.c     the model presets as C records
 *                                             (models_gen.c), plus aivm_models_builtin()
 * NAME is the file name positions refer to, e.g. data/catalog.yaml.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aivm/aivm.h"
#include "catalog/catalog_int.h"
#include "rules/rules_int.h"
#include "workload/models_int.h"

static int write_out(const aivm_buf *b, const char *path)
{
    char tmp[4096];
    FILE *f;
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    f = fopen(tmp, "wb");
    if (!f || fwrite(b->ptr, 1, b->size, f) != b->size || fclose(f) != 0 || rename(tmp, path)) {
        perror(path);
        return 5;
    }
    return 0;
}

static int fail(const aivm_error *err, const char *path)
{
    fprintf(stderr, "%s:%u:%u: error: %s\n", err->file[0] ? err->file : path, err->line, err->col,
            err->msg);
    return 3;
}

/* The rules are loaded with the real loader, then written as C records. */
static int gen_rules(aivm_buf *out, const aivm_buf *text, const char *in, const char *name)
{
    aivm_rules *rules = NULL;
    aivm_error err = AIVM_ERROR_INIT;
    int rc = 0;
    aivm_rules_new(&rules);
    if (aivm_rules_load_mem(rules, text->ptr, text->size, name, &err) < 0)
        rc = fail(&err, in);
    else
        aivm_rules_write_c(out, rules, name);
    aivm_rules_free(rules);
    return rc;
}

int main(int argc, char **argv)
{
    aivm_catalog *cat = NULL;
    aivm_buf b = AIVM_BUF_INIT;
    aivm_buf text = AIVM_BUF_INIT;
    aivm_error err = AIVM_ERROR_INIT;
    int rc = 0;
    if (argc != 5 ||
        (strcmp(argv[1], "catalog") && strcmp(argv[1], "rules") && strcmp(argv[1], "models"))) {
        fprintf(stderr, "usage: aivm-gen catalog|rules|models IN.yaml NAME OUT.c\n");
        return 2;
    }
    if (aivm_buf_read_file(&text, argv[2], 0, &err) < 0)
        return fail(&err, argv[2]);
    if (strcmp(argv[1], "catalog") == 0) {
        if (aivm_catalog_load_mem(&cat, text.ptr, text.size, argv[3], &err) < 0)
            rc = fail(&err, argv[2]);
        else
            aivm_catalog_write_c(&b, cat, argv[3]);
    } else if (strcmp(argv[1], "models") == 0) {
        aivm_models *ms = NULL;
        if (aivm_models_load_mem(&ms, text.ptr, text.size, argv[3], &err) < 0)
            rc = fail(&err, argv[2]);
        else
            aivm_models__write_c(&b, ms, argv[3]);
        aivm_models_free(ms);
    } else {
        rc = gen_rules(&b, &text, argv[2], argv[3]);
    }
    if (rc == 0)
        rc = write_out(&b, argv[4]);
    aivm_catalog_free(cat);
    aivm_buf_dispose(&b);
    aivm_buf_dispose(&text);
    return rc;
}
