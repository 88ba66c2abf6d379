/*
 * models.c - loader of data/models.yaml: presets of well-known open models
 * (parameters, layers, hidden size, attention and KV heads, default
 * context) grouped in families that carry their sources and as_of date.
 * Strict like the catalog loader: unknown keys, wrong types, duplicate ids
 * and inconsistent shapes are errors with file:line:col.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aivm/buf.h"
#include "aivm/sizing.h"
#include "aivm/util.h"
#include "models_int.h"
#include "sizing_int.h"
#include "util/arena.h"
#include "util/fields.h"
#include "util/yamlutil.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))
#define OFF(t, f) offsetof(t, f)

typedef struct {
    const char *id, *name;
    int kind;
    aivm_strlist sources;
    const char *as_of;
} family_rec;

static const char *const kind_names[] = {"generative", "non-generative", NULL};

static const aivm_field family_fields[] = {
    {"id", AIVM_F_STR, true, OFF(family_rec, id), NULL},
    {"name", AIVM_F_STR, true, OFF(family_rec, name), NULL},
    {"kind", AIVM_F_ENUM, true, OFF(family_rec, kind), kind_names},
    {"sources", AIVM_F_STRLIST, true, OFF(family_rec, sources), NULL},
    {"as_of", AIVM_F_DATE, true, OFF(family_rec, as_of), NULL},
    {"models", AIVM_F_CUSTOM, true, 0, NULL},
};

static const aivm_field model_fields[] = {
    {"id", AIVM_F_STR, true, OFF(aivm_model, id), NULL},
    {"name", AIVM_F_STR, true, OFF(aivm_model, name), NULL},
    {"params", AIVM_F_NUM, true, OFF(aivm_model, params), NULL},
    {"active_params", AIVM_F_NUM, false, OFF(aivm_model, active_params), NULL},
    {"layers", AIVM_F_UINT, false, OFF(aivm_model, layers), NULL},
    {"hidden", AIVM_F_UINT, false, OFF(aivm_model, hidden), NULL},
    {"heads", AIVM_F_UINT, false, OFF(aivm_model, heads), NULL},
    {"kv_heads", AIVM_F_UINT, false, OFF(aivm_model, kv_heads), NULL},
    {"context", AIVM_F_UINT, false, OFF(aivm_model, context), NULL},
    {"head_dim", AIVM_F_UINT, false, OFF(aivm_model, head_dim), NULL},
    {"flops_per_sample", AIVM_F_NUM, false, OFF(aivm_model, flops_per_sample), NULL},
    {"input_px", AIVM_F_UINT, false, OFF(aivm_model, input_px), NULL},
    {"flops_source", AIVM_F_STR, false, OFF(aivm_model, flops_source), NULL},
    {"precision", AIVM_F_ENUM, false, OFF(aivm_model, precision), aivm_sizing__prec_names},
    {"experts", AIVM_F_UINT, false, OFF(aivm_model, experts), NULL},
    {"experts_per_token", AIVM_F_UINT, false, OFF(aivm_model, experts_per_token), NULL},
};

static int check_model(const aivm_model *m, const aivm_ynode *e, const char *what, aivm_error *err)
{
    if (!(m->params >= 1))
        return aivm_error_set(err, AIVM_EINVALID, &aivm_ymap_get(e, "params")->loc,
                              "%s: params must be at least 1", what);
    if (m->active_params != 0 && !(m->active_params >= 1 && m->active_params <= m->params))
        return aivm_error_set(err, AIVM_EINVALID, &aivm_ymap_get(e, "active_params")->loc,
                              "%s: active_params must be from 1 to params", what);
    if (m->heads && m->hidden % m->heads)
        return aivm_error_set(err, AIVM_EINVALID, &e->loc,
                              "%s: hidden %u is not a multiple of heads %u", what, m->hidden,
                              m->heads);
    if (m->flops_per_sample != 0 && !(m->flops_per_sample >= 1 && m->input_px && m->flops_source))
        return aivm_error_set(err, AIVM_EINVALID, &aivm_ymap_get(e, "flops_per_sample")->loc,
                              "%s: flops_per_sample must be at least 1, with input_px and "
                              "flops_source",
                              what);
    if ((m->input_px || m->flops_source) && m->flops_per_sample == 0)
        return aivm_error_set(err, AIVM_EINVALID, &e->loc,
                              "%s: input_px and flops_source need flops_per_sample", what);
    if ((m->experts || m->experts_per_token) &&
        !(m->experts_per_token >= 1 && m->experts > m->experts_per_token && m->active_params > 0))
        return aivm_error_set(err, AIVM_EINVALID, &e->loc,
                              "%s: experts and experts_per_token go together, with active_params, "
                              "and a token uses fewer experts than there are",
                              what);
    if (m->experts && m->active_params * m->experts < (double)m->experts_per_token * m->params)
        return aivm_error_set(err, AIVM_EINVALID, &aivm_ymap_get(e, "active_params")->loc,
                              "%s: active_params is below what %u of %u experts hold "
                              "(active / params must be at least experts_per_token / experts)",
                              what, m->experts_per_token, m->experts);
    if (m->precision == AIVM_PREC_ANY16)
        return aivm_error_set(err, AIVM_EINVALID, &aivm_ymap_get(e, "precision")->loc,
                              "%s: precision is a weight format (bf16, fp16, fp8, mxfp4...), "
                              "not 16-bit",
                              what);
    if (m->head_dim && !m->heads)
        return aivm_error_set(err, AIVM_EINVALID, &aivm_ymap_get(e, "head_dim")->loc,
                              "%s: head_dim needs heads", what);
    if (m->kv_heads && (!m->heads || m->heads % m->kv_heads))
        return aivm_error_set(err, AIVM_EINVALID, &e->loc, "%s: kv_heads %u must divide heads %u",
                              what, m->kv_heads, m->heads);
    return 0;
}

static int load_family(aivm_models *ms, const aivm_ynode *e, size_t idx, aivm_error *err)
{
    family_rec f;
    const aivm_ynode *list;
    char what[160];
    int rc;
    memset(&f, 0, sizeof f);
    snprintf(what, sizeof what, "families[%zu]", idx);
    rc = aivm_fields_load(&f, e, family_fields, N(family_fields), &ms->arena, what, err);
    if (rc < 0)
        return rc;
    snprintf(what, sizeof what, "family '%s'", f.id);
    list = aivm_ymap_get(e, "models");
    rc = aivm_yexpect(list, AIVM_Y_SEQ, "key 'models'", err);
    if (rc < 0)
        return rc;
    ms->items = aivm_xrealloc(ms->items, (ms->n + list->n + 1) * sizeof *ms->items);
    for (size_t i = 0; i < list->n; i++) {
        aivm_model *m = &ms->items[ms->n];
        char mw[200];
        memset(m, 0, sizeof *m);
        snprintf(mw, sizeof mw, "model %zu of %s", i, what);
        rc = aivm_fields_load(m, list->kids[i], model_fields, N(model_fields), &ms->arena, mw, err);
        if (rc == 0)
            rc = check_model(m, list->kids[i], mw, err);
        if (rc < 0)
            return rc;
        for (size_t j = 0; j < ms->n; j++)
            if (aivm_streq_nocase(ms->items[j].id, m->id))
                return aivm_error_set(err, AIVM_EINVALID, &aivm_ymap_get(list->kids[i], "id")->loc,
                                      "duplicate model id '%s' (first at line %u)", m->id,
                                      ms->items[j].loc.line);
        m->family = f.id;
        m->kind = f.kind == 0 ? AIVM_KIND_GENERATIVE : AIVM_KIND_NON_GENERATIVE;
        m->sources = f.sources;
        m->as_of = f.as_of;
        m->loc = list->kids[i]->loc;
        ms->n++;
    }
    return 0;
}

static int load_root(aivm_models *ms, const aivm_ynode *root, const char *name, aivm_error *err)
{
    static const char *const top[] = {"version", "as_of", "families", NULL};
    const aivm_ynode *v, *fams;
    aivm_loc start = {name, 1, 1};
    const char *s = NULL;
    int rc;
    if (!root)
        return aivm_error_set(err, AIVM_EINVALID, &start, "empty models file");
    rc = aivm_yexpect_root(root, AIVM_Y_MAP, "models document", err);
    if (rc == 0)
        rc = aivm_ycheck_keys(root, top, "the models file's top level", err);
    if (rc == 0)
        rc = aivm_yrequire(&v, root, "version", "the models file's top level", err);
    if (rc == 0)
        rc = aivm_yget_str(&s, v, "key 'version'", err);
    if (rc == 0 && strcmp(s, "1") != 0)
        rc = aivm_error_set(err, AIVM_EINVALID, &v->loc,
                            "unsupported models format version '%s' (expected 1)", s);
    if (rc == 0 && (v = aivm_ymap_get(root, "as_of")) != NULL)
        rc = aivm_yget_date(&s, v, "key 'as_of'", err);
    if (rc == 0)
        rc = aivm_yrequire(&fams, root, "families", "the models file's top level", err);
    if (rc == 0)
        rc = aivm_yexpect(fams, AIVM_Y_SEQ, "key 'families'", err);
    for (size_t i = 0; rc == 0 && i < fams->n; i++)
        rc = load_family(ms, fams->kids[i], i, err);
    return rc;
}

int aivm_models_load_mem(aivm_models **out, const char *buf, size_t len, const char *name,
                         aivm_error *err)
{
    aivm_models *ms = aivm_xcalloc(1, sizeof *ms);
    aivm_ynode *root = NULL;
    int rc;
    *out = NULL;
    rc = aivm_yaml_parse(&root, &ms->arena, buf, len, name, err);
    if (rc == 0)
        rc = load_root(ms, root, name, err);
    if (rc < 0) {
        aivm_models_free(ms);
        return rc;
    }
    *out = ms;
    return 0;
}

void aivm_models_free(aivm_models *ms)
{
    if (!ms || ms->builtin)
        return;
    aivm_arena_dispose(&ms->arena);
    free(ms->items);
    free(ms);
}

size_t aivm_models_count(const aivm_models *ms)
{
    return ms->n;
}

const aivm_model *aivm_models_at(const aivm_models *ms, size_t i)
{
    return i < ms->n ? &ms->items[i] : NULL;
}

const aivm_model *aivm_models_find(const aivm_models *ms, const char *id)
{
    for (size_t i = 0; i < ms->n; i++)
        if (aivm_streq_nocase(ms->items[i].id, id))
            return &ms->items[i];
    return NULL;
}

int aivm_models_lookup(const aivm_model **out, const aivm_models *models, const char *id,
                       aivm_error *err)
{
    size_t n = aivm_models_count(models);
    const char **ids;
    const char *guess;
    *out = aivm_models_find(models, id);
    if (*out)
        return 0;
    ids = aivm_xcalloc(n ? n : 1, sizeof *ids);
    for (size_t i = 0; i < n; i++)
        ids[i] = aivm_models_at(models, i)->id;
    guess = aivm_did_you_mean(id, ids, n);
    if (guess)
        aivm_error_set(err, AIVM_EINVALID, NULL, "unknown model '%s' (did you mean %s?)", id,
                       guess);
    else
        aivm_error_set(err, AIVM_EINVALID, NULL,
                       "unknown model '%s' ('aivm-advise models list' shows the presets)", id);
    free((void *)ids);
    return AIVM_EINVALID;
}

int aivm_workload_settle(aivm_workload *wl, const aivm_models *models, aivm_error *err)
{
    const aivm_sizing_input *in = &wl->sizing_in;
    const aivm_model *m = NULL;
    wl->kind_assumed = false;
    if (in->model && models && aivm_models_lookup(&m, models, in->model, err) < 0)
        return AIVM_EINVALID;
    if (wl->kind != AIVM_KIND_UNSET)
        return 0;
    if (m) {
        wl->kind = m->kind; /* the preset knows whether the model is generative */
        wl->set |= AIVM_WL_KIND;
    } else if (!in->model && (in->set & (1u << AIVM_SZ_PARAMS)) && in->params >= 1e9) {
        /* a model of a billion parameters or more is a generative transformer in practice */
        wl->kind = AIVM_KIND_GENERATIVE;
        wl->set |= AIVM_WL_KIND;
        wl->kind_assumed = true;
    }
    return 0;
}
