/*
 * extras_load.c - the rules-file keys of target rules (docs/advice.md):
 * `target`, `select`, `advice`, `orchestrator` and their `weight`. Called
 * by rules_load.c for every rule; the ids a rule selects are checked
 * against the catalog later, by aivm_rules_check_targets(), once both are loaded.
 */
#include <string.h>

#include "aivm/rules.h"
#include "rules_int.h"

/* Indexed by aivm_target - 1. */
static const char *const target_names[] = {"image", "orchestrator", "container_tool",
                                           "spot",  "notice",       NULL};
/* Indexed by aivm_spot_advice - 1. */
static const char *const advice_names[] = {"recommended", "checkpointing-required",
                                           "not-recommended", NULL};

const char *aivm_target_name(aivm_target t)
{
    return t == AIVM_TARGET_SIZE ? "size" : target_names[t - 1];
}

const char *aivm_spot_advice_name(aivm_spot_advice a)
{
    return a == AIVM_SPOT_NONE ? NULL : advice_names[a - 1];
}

/* A key that only some targets take: an error naming the target otherwise. */
static int refuse(const aivm_ynode *e, const char *key, const char *why, const char *what,
                  aivm_error *err)
{
    const aivm_ynode *v = aivm_ymap_get(e, key);
    if (!v)
        return 0;
    return aivm_error_set(err, AIVM_EINVALID, &v->loc, "%s: '%s' %s", what, key, why);
}

/* `orchestrator: aks` or `orchestrator: [aks, batch]`. */
static int load_orchestrator_cond(aivm_rule *r, const aivm_ynode *v, aivm_arena *ar,
                                  const char *what, aivm_error *err)
{
    r->orchestrator_loc = v->loc;
    if (v->type == AIVM_Y_SCALAR) {
        r->orchestrator.items = aivm_arena_alloc(ar, sizeof *r->orchestrator.items);
        r->orchestrator.n = 1;
        return aivm_yget_str(&r->orchestrator.items[0], v, what, err);
    }
    if (v->type == AIVM_Y_SEQ && v->n == 0)
        return aivm_error_set(err, AIVM_EINVALID, &v->loc, "%s: empty orchestrator list", what);
    return aivm_yget_strlist(&r->orchestrator.items, &r->orchestrator.n, v, ar, what, err);
}

static int load_weight(aivm_rule *r, const aivm_ynode *e, bool chooses, const char *what,
                       aivm_error *err)
{
    const aivm_ynode *v = aivm_ymap_get(e, "weight");
    int rc;
    if (!chooses)
        return refuse(e, "weight", "is only for rules that select or advise (this is a note)", what,
                      err);
    if (!v)
        return aivm_error_set(err, AIVM_EINVALID, &e->loc,
                              "missing key 'weight' in %s (needed by '%s')", what,
                              r->target == AIVM_TARGET_SPOT ? "advice" : "select");
    rc = aivm_yget_num(&r->weight, v, what, err);
    if (rc == 0 && r->weight == 0)
        rc = aivm_error_set(err, AIVM_EINVALID, &v->loc, "%s: weight must not be 0", what);
    return rc;
}

int aivm_rules__load_target(aivm_rule *r, const aivm_ynode *e, aivm_arena *ar, const char *what,
                            aivm_error *err)
{
    const aivm_ynode *t = aivm_ymap_get(e, "target"), *v;
    int idx = 0;
    int rc;
    if (!t) {
        rc = refuse(e, "select", "needs a 'target'", what, err);
        if (rc == 0)
            rc = refuse(e, "advice", "needs 'target: spot'", what, err);
        if (rc == 0)
            rc = refuse(e, "orchestrator", "needs a 'target'", what, err);
        return rc;
    }
    rc = aivm_yget_enum(&idx, t, target_names, what, err);
    if (rc == 0)
        rc = refuse(e, "effect", "is for size rules: a rule with a 'target' has none", what, err);
    if (rc == 0)
        rc = refuse(e, "scale", "is for size rules: a rule with a 'target' has none", what, err);
    if (rc < 0)
        return rc;
    r->target = idx + 1;
    if ((v = aivm_ymap_get(e, "select")) != NULL) {
        if (r->target == AIVM_TARGET_SPOT || r->target == AIVM_TARGET_NOTICE)
            return aivm_error_set(err, AIVM_EINVALID, &v->loc,
                                  "%s: target '%s' selects nothing (spot rules give 'advice')",
                                  what, target_names[idx]);
        rc = aivm_yget_str(&r->select, v, what, err);
        r->select_loc = v->loc;
        if (rc < 0)
            return rc;
    }
    if ((v = aivm_ymap_get(e, "advice")) != NULL) {
        if (r->target != AIVM_TARGET_SPOT)
            return aivm_error_set(err, AIVM_EINVALID, &v->loc, "%s: 'advice' needs 'target: spot'",
                                  what);
        rc = aivm_yget_enum(&idx, v, advice_names, what, err);
        if (rc < 0)
            return rc;
        r->spot_advice = idx + 1;
    }
    if ((v = aivm_ymap_get(e, "orchestrator")) != NULL) {
        if (r->target == AIVM_TARGET_ORCHESTRATOR)
            return aivm_error_set(err, AIVM_EINVALID, &v->loc,
                                  "%s: an orchestrator rule cannot test the orchestrator", what);
        rc = load_orchestrator_cond(r, v, ar, what, err);
        if (rc < 0)
            return rc;
    }
    return load_weight(r, e, r->select || r->spot_advice, what, err);
}

static size_t id_count(const aivm_catalog *cat, aivm_target t)
{
    if (t == AIVM_TARGET_IMAGE)
        return aivm_catalog_image_count(cat);
    if (t == AIVM_TARGET_ORCHESTRATOR)
        return aivm_catalog_orchestrator_count(cat);
    return aivm_catalog_container_tool_count(cat);
}

static const char *id_at(const aivm_catalog *cat, aivm_target t, size_t i)
{
    if (t == AIVM_TARGET_IMAGE)
        return aivm_catalog_image_at(cat, i)->id;
    if (t == AIVM_TARGET_ORCHESTRATOR)
        return aivm_catalog_orchestrator_at(cat, i)->id;
    return aivm_catalog_container_tool_at(cat, i)->id;
}

static bool has_id(const aivm_catalog *cat, aivm_target t, const char *id)
{
    for (size_t i = 0; i < id_count(cat, t); i++)
        if (strcmp(id_at(cat, t, i), id) == 0)
            return true;
    return false;
}

static const char *known_ids(aivm_buf *b, const aivm_catalog *cat, aivm_target t)
{
    for (size_t i = 0; i < id_count(cat, t); i++)
        aivm_buf_printf(b, "%s%s", i ? ", " : "", id_at(cat, t, i));
    return b->ptr;
}

static int unknown_id(const aivm_rule *r, const aivm_catalog *cat, aivm_target t, const char *id,
                      const aivm_loc *loc, const char *key, aivm_error *err)
{
    aivm_buf b = AIVM_BUF_INIT;
    int rc = aivm_error_set(err, AIVM_EINVALID, loc,
                            "rule '%s': unknown %s '%s' in '%s' (the catalog has: %s)", r->id,
                            t == AIVM_TARGET_IMAGE          ? "image"
                            : t == AIVM_TARGET_ORCHESTRATOR ? "orchestrator"
                                                            : "container tool",
                            id, key, known_ids(&b, cat, t));
    aivm_buf_dispose(&b);
    return rc;
}

/* A catalog without any entry of a kind (a sizes-only custom catalog) turns
 * that advice off instead of failing every shipped rule that selects one. */
int aivm_rules_check_targets(const aivm_rules *rules, const aivm_catalog *cat, aivm_error *err)
{
    for (size_t i = 0; i < aivm_rules_count(rules); i++) {
        const aivm_rule *r = aivm_rules_at(rules, i);
        if (r->select && id_count(cat, (aivm_target)r->target) > 0 &&
            !has_id(cat, (aivm_target)r->target, r->select))
            return unknown_id(r, cat, (aivm_target)r->target, r->select, &r->select_loc, "select",
                              err);
        for (size_t j = 0; j < r->orchestrator.n && id_count(cat, AIVM_TARGET_ORCHESTRATOR); j++)
            if (!has_id(cat, AIVM_TARGET_ORCHESTRATOR, r->orchestrator.items[j]))
                return unknown_id(r, cat, AIVM_TARGET_ORCHESTRATOR, r->orchestrator.items[j],
                                  &r->orchestrator_loc, "orchestrator", err);
    }
    return 0;
}

aivm_target aivm_rule_target(const aivm_rule *r)
{
    return (aivm_target)r->target;
}
