/*
 * rules_load.c - YAML → rules. Conditions are resolved against the
 * attribute table (attr.c) at load time: unknown attributes, operators,
 * enum values, literal types and message placeholders are reported with
 * file:line:col, so a rule that loads can always be evaluated.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aivm/buf.h"
#include "aivm/util.h"
#include "rules_int.h"
#include "util/yamlutil.h"

static const char *const effect_names[] = {"exclude",  "require", "prefer",
                                           "penalize", "note",    NULL};
static const char *const severity_names[] = {"note", "warning", "error", NULL};
static const char *const op_names[] = {"eq", "ne", "in", "not_in", "lt", "lte", "gt", "gte", NULL};

static int load_literal(aivm_value *out, const aivm_attr *a, const aivm_ynode *n, const char *what,
                        aivm_error *err)
{
    memset(out, 0, sizeof *out);
    out->t = a->type;
    switch (a->type) {
    case AIVM_V_BOOL:
        return aivm_yget_bool(&out->b, n, what, err);
    case AIVM_V_NUM:
        return aivm_yget_num(&out->n, n, what, err);
    case AIVM_V_STR:
        if (a->values) {
            int idx = 0;
            int rc = aivm_yget_enum(&idx, n, a->values, what, err);
            if (rc == 0)
                out->s = a->values[idx];
            return rc;
        }
        return aivm_yget_str(&out->s, n, what, err);
    default:
        return aivm_error_set(err, AIVM_ERROR, &n->loc, "%s: attribute has no type", what);
    }
}

static int load_values(aivm_cond *c, const aivm_ynode *n, aivm_arena *ar, const char *what,
                       aivm_error *err)
{
    bool list = c->op == AIVM_OP_IN || c->op == AIVM_OP_NOT_IN;
    int rc;
    if (list) {
        rc = aivm_yexpect(n, AIVM_Y_SEQ, what, err);
        if (rc < 0)
            return rc;
        if (n->n == 0)
            return aivm_error_set(err, AIVM_EINVALID, &n->loc, "%s: empty list", what);
    } else if (n->type != AIVM_Y_SCALAR) {
        return aivm_yexpect(n, AIVM_Y_SCALAR, what, err);
    }
    if (c->op >= AIVM_OP_LT && c->attr->type != AIVM_V_NUM)
        return aivm_error_set(err, AIVM_EINVALID, &n->loc,
                              "%s: '%s' compares numbers, but '%s' is %s", what, op_names[c->op],
                              c->attr->name, aivm_vtype_name(c->attr->type));
    c->n_vals = list ? n->n : 1;
    c->vals = aivm_arena_alloc(ar, c->n_vals * sizeof *c->vals);
    for (size_t i = 0; i < c->n_vals; i++) {
        rc = load_literal(&c->vals[i], c->attr, list ? n->kids[i] : n, what, err);
        if (rc < 0)
            return rc;
    }
    return 0;
}

/* The conditions of one attribute key: a scalar, a list or a map of operators. */
static int load_key_conds(aivm_cond *conds, size_t *n, const aivm_attr *a, const aivm_ynode *k,
                          const aivm_ynode *v, aivm_arena *ar, const char *w, aivm_error *err)
{
    int rc;
    if (v->type != AIVM_Y_MAP) {
        aivm_cond *c = &conds[(*n)++];
        c->attr = a;
        c->loc = k->loc;
        c->op = v->type == AIVM_Y_SEQ ? AIVM_OP_IN : AIVM_OP_EQ;
        return load_values(c, v, ar, w, err);
    }
    for (size_t j = 0; j < v->n; j++) {
        aivm_cond *c = &conds[(*n)++];
        int op = 0;
        c->attr = a;
        c->loc = v->kids[2 * j]->loc;
        rc = aivm_yget_enum(&op, v->kids[2 * j], op_names, w, err);
        if (rc < 0)
            return rc;
        c->op = (aivm_op)op;
        rc = load_values(c, v->kids[2 * j + 1], ar, w, err);
        if (rc < 0)
            return rc;
    }
    return 0;
}

/* `attr: scalar` (eq), `attr: [a, b]` (in) or `attr: {op: value}`. */
static int load_conds(aivm_cond **out, size_t *n_out, const aivm_ynode *map, aivm_attr_scope scope,
                      aivm_arena *ar, const char *what, aivm_error *err)
{
    aivm_cond *conds;
    size_t n = 0;
    int rc = aivm_yexpect(map, AIVM_Y_MAP, what, err);
    if (rc < 0)
        return rc;
    for (size_t i = 0; i < map->n; i++) {
        const aivm_ynode *v = map->kids[2 * i + 1];
        n += v->type == AIVM_Y_MAP ? v->n : 1;
    }
    conds = aivm_arena_alloc(ar, (n ? n : 1) * sizeof *conds);
    n = 0;
    for (size_t i = 0; i < map->n; i++) {
        const aivm_ynode *k = map->kids[2 * i], *v = map->kids[2 * i + 1];
        const aivm_attr *a = aivm_attr_find(k->str, scope);
        size_t start = n;
        char w[320];
        if (!a)
            return aivm_error_set(err, AIVM_EINVALID, &k->loc, "unknown %s attribute '%s' in %s",
                                  scope == AIVM_ATTR_WORKLOAD ? "workload" : "candidate", k->str,
                                  what);
        /* Describe the condition only when it is wrong: loading stays cheap. */
        if (load_key_conds(conds, &n, a, k, v, ar, "", NULL) < 0) {
            n = start;
            snprintf(w, sizeof w, "condition on '%s' in %s", k->str, what);
            return load_key_conds(conds, &n, a, k, v, ar, w, err);
        }
    }
    *out = conds;
    *n_out = n;
    return 0;
}

/* Every {name} in a message must be a known attribute; the attributes are
 * kept in order, so rendering a message looks nothing up. */
static int check_placeholders(aivm_rule *r, const aivm_ynode *n, aivm_arena *ar, const char *what,
                              aivm_error *err)
{
    const char *p = n->str;
    size_t count = 0;
    for (const char *q = p; (q = strchr(q, '{')) != NULL; q++)
        count++;
    r->placeholders = aivm_arena_alloc(ar, (count ? count : 1) * sizeof *r->placeholders);
    r->n_placeholders = 0;
    while ((p = strchr(p, '{')) != NULL) {
        const char *end = strchr(p, '}');
        const aivm_attr *a;
        char name[64];
        size_t len;
        if (!end)
            return aivm_error_set(err, AIVM_EINVALID, &n->loc, "%s: unclosed '{' in message", what);
        len = (size_t)(end - p - 1);
        if (len == 0 || len >= sizeof name)
            return aivm_error_set(err, AIVM_EINVALID, &n->loc, "%s: bad placeholder in message",
                                  what);
        memcpy(name, p + 1, len);
        name[len] = '\0';
        a = aivm_attr_find_any(name);
        if (!a)
            return aivm_error_set(err, AIVM_EINVALID, &n->loc,
                                  "%s: unknown attribute '{%s}' in message", what, name);
        r->placeholders[r->n_placeholders++] = a;
        p = end + 1;
    }
    return 0;
}

static int check_guidance(const aivm_strlist *g, const aivm_ynode *n, const char *what,
                          aivm_error *err)
{
    for (size_t i = 0; i < g->n; i++) {
        const char *s = g->items[i];
        bool ok = s[0] == 'G' && s[1] >= '1' && s[1] <= '9';
        for (size_t j = 2; ok && s[j]; j++)
            ok = s[j] >= '0' && s[j] <= '9';
        if (!ok)
            return aivm_error_set(err, AIVM_EINVALID, &n->kids[i]->loc,
                                  "%s: guidance id '%s' is not of the form G<number>", what, s);
    }
    return 0;
}

/* `check: AIVM003`: "AIVM" and three digits, the id check mode reports. */
static int load_check_id(const char **out, const aivm_ynode *n, const char *what, aivm_error *err)
{
    const char *s = NULL;
    int rc = aivm_yget_str(&s, n, what, err);
    if (rc < 0)
        return rc;
    if (strlen(s) != 7 || strncmp(s, "AIVM", 4) != 0 || strspn(s + 4, "0123456789") != 3)
        return aivm_error_set(err, AIVM_EINVALID, &n->loc,
                              "%s: check id '%s' is not of the form AIVM<3 digits>", what, s);
    *out = s;
    return 0;
}

/* The id of rule entry `e` and its kind: a target rule (extras_load.c),
 * whose effect is a note, or a size rule with its `effect`. `what` gets how
 * errors name the rule ("rule 'X'", else "rules[3]"). */
static int load_rule_kind(aivm_rule *r, int *effect, char *what, size_t cap, const aivm_ynode *e,
                          aivm_arena *ar, size_t idx, aivm_error *err)
{
    static const char *const keys[] = {"id",      "title",  "guidance", "when",     "if",
                                       "effect",  "weight", "scale",    "severity", "message",
                                       "enabled", "target", "select",   "advice",   "orchestrator",
                                       "check",   NULL};
    const aivm_ynode *v, *id;
    int rc = aivm_yexpect(e, AIVM_Y_MAP, "rule", err);
    if (rc < 0)
        return rc;
    id = aivm_ymap_get(e, "id");
    if (id && id->type == AIVM_Y_SCALAR)
        snprintf(what, cap, "rule '%s'", id->str);
    else
        snprintf(what, cap, "rules[%zu]", idx);
    rc = aivm_ycheck_keys(e, keys, what, err);
    if (rc == 0)
        rc = aivm_yrequire(&id, e, "id", what, err);
    if (rc == 0)
        rc = aivm_yget_str(&r->id, id, what, err);
    if (rc == 0) /* image, orchestrator, container and spot rules: extras_load.c */
        rc = aivm_rules__load_target(r, e, ar, what, err);
    if (rc == 0 && r->target) {
        *effect = AIVM_EFFECT_NOTE;
    } else if (rc == 0) {
        rc = aivm_yrequire(&v, e, "effect", what, err);
        if (rc == 0)
            rc = aivm_yget_enum(effect, v, effect_names, what, err);
    }
    return rc;
}

/* The severity: `severity`, else the effect's (exclude and require are
 * errors, penalize a warning, the rest notes). */
static int load_rule_severity(aivm_rule *r, const aivm_ynode *e, const char *what, aivm_error *err)
{
    const aivm_ynode *v;
    int x = 0;
    int rc;
    r->severity = r->effect <= AIVM_EFFECT_REQUIRE    ? AIVM_SEV_ERROR
                  : r->effect == AIVM_EFFECT_PENALIZE ? AIVM_SEV_WARNING
                                                      : AIVM_SEV_NOTE;
    if (r->effect == AIVM_EFFECT_NOTE)
        r->severity = AIVM_SEV_NOTE;
    v = aivm_ymap_get(e, "severity");
    if (!v)
        return 0;
    rc = aivm_yget_enum(&x, v, severity_names, what, err);
    if (rc < 0)
        return rc;
    r->severity = (aivm_severity)x;
    return 0;
}

/* What a rule says and where it comes from: title, check id, enabled,
 * guidance ids and the message with its placeholders. */
static int load_rule_text(aivm_rule *r, const aivm_ynode *e, aivm_arena *ar, const char *what,
                          aivm_error *err)
{
    const aivm_ynode *v;
    int rc;
    if ((v = aivm_ymap_get(e, "title")) != NULL && (rc = aivm_yget_str(&r->title, v, what, err)))
        return rc;
    if ((v = aivm_ymap_get(e, "check")) != NULL && (rc = load_check_id(&r->check, v, what, err)))
        return rc;
    if ((v = aivm_ymap_get(e, "enabled")) != NULL &&
        (rc = aivm_yget_bool(&r->enabled, v, what, err)))
        return rc;
    if ((v = aivm_ymap_get(e, "guidance")) != NULL) {
        rc = aivm_yget_strlist(&r->guidance.items, &r->guidance.n, v, ar, what, err);
        if (rc == 0)
            rc = check_guidance(&r->guidance, v, what, err);
        if (rc < 0)
            return rc;
    }
    rc = aivm_yrequire(&v, e, "message", what, err);
    if (rc == 0)
        rc = aivm_yget_str(&r->message, v, what, err);
    if (rc == 0)
        rc = check_placeholders(r, v, ar, what, err);
    return rc;
}

/* The weight of a size rule: required by prefer and penalize (0 < w <= 1000),
 * refused by the other effects. A target rule's was loaded with its target. */
static int load_rule_weight(aivm_rule *r, const aivm_ynode *e, const char *what, aivm_error *err)
{
    const aivm_ynode *v = r->target ? NULL : aivm_ymap_get(e, "weight");
    int rc;
    if (!r->target && (r->effect == AIVM_EFFECT_PREFER || r->effect == AIVM_EFFECT_PENALIZE)) {
        if (!v)
            return aivm_error_set(err, AIVM_EINVALID, &e->loc,
                                  "missing key 'weight' in %s (needed by effect '%s')", what,
                                  effect_names[r->effect]);
        rc = aivm_yget_num(&r->weight, v, what, err);
        if (rc == 0 && !(r->weight > 0 && r->weight <= 1000))
            rc = aivm_error_set(err, AIVM_EINVALID, &v->loc,
                                "%s: weight must be positive and at most 1000", what);
        return rc;
    }
    if (v)
        return aivm_error_set(err, AIVM_EINVALID, &v->loc, "%s: effect '%s' takes no weight", what,
                              effect_names[r->effect]);
    return 0;
}

/* `scale`: a numeric candidate attribute the weight of a prefer or penalize
 * rule is scaled by. */
static int load_rule_scale(aivm_rule *r, const aivm_ynode *e, const char *what, aivm_error *err)
{
    const aivm_ynode *v = aivm_ymap_get(e, "scale");
    const char *s = NULL;
    int rc;
    if (!v)
        return 0;
    rc = aivm_yget_str(&s, v, what, err);
    if (rc < 0)
        return rc;
    r->scale = aivm_attr_find(s, AIVM_ATTR_CANDIDATE);
    if (!r->scale || r->scale->type != AIVM_V_NUM)
        return aivm_error_set(err, AIVM_EINVALID, &v->loc,
                              "%s: scale '%s' is not a numeric candidate attribute", what, s);
    if (r->effect != AIVM_EFFECT_PREFER && r->effect != AIVM_EFFECT_PENALIZE)
        return aivm_error_set(err, AIVM_EINVALID, &v->loc,
                              "%s: only prefer and penalize rules can be scaled", what);
    return 0;
}

static int load_rule(aivm_rule *r, const aivm_ynode *e, aivm_arena *ar, size_t idx, aivm_error *err)
{
    const aivm_ynode *v;
    char what[300];
    int effect = 0;
    int rc = load_rule_kind(r, &effect, what, sizeof what, e, ar, idx, err);
    if (rc < 0)
        return rc;
    r->loc = e->loc;
    r->effect = (aivm_effect)effect;
    r->enabled = true;
    rc = load_rule_severity(r, e, what, err);
    if (rc == 0)
        rc = load_rule_text(r, e, ar, what, err);
    if (rc < 0)
        return rc;
    if ((v = aivm_ymap_get(e, "when")) != NULL &&
        (rc = load_conds(&r->when, &r->n_when, v, AIVM_ATTR_WORKLOAD, ar, what, err)))
        return rc;
    if ((v = aivm_ymap_get(e, "if")) != NULL &&
        (rc = load_conds(&r->ifc, &r->n_if, v, AIVM_ATTR_CANDIDATE, ar, what, err)))
        return rc;
    rc = load_rule_weight(r, e, what, err);
    if (rc == 0)
        rc = load_rule_scale(r, e, what, err);
    return rc;
}

/* Add `r`, replacing a rule of the same id. `fresh` (nothing loaded before
 * this document) skips the search: ids within one document are unique. */
static size_t id_hash(const char *s)
{
    size_t h = 1469598103934665603ull & SIZE_MAX;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211ull;
    return h;
}

/* The slot that holds `id`, or the empty one where it would go. */
static size_t *slot_of(const aivm_rules *rules, const char *id)
{
    size_t mask = rules->n_slots - 1, i = id_hash(id) & mask;
    while (rules->slots[i] && strcmp(rules->items[rules->slots[i] - 1]->id, id) != 0)
        i = (i + 1) & mask;
    return &rules->slots[i];
}

/* Keep the index at most half full (rebuilt when it grows). */
static void index_room(aivm_rules *rules)
{
    if (2 * (rules->n + 1) <= rules->n_slots)
        return;
    free(rules->slots);
    rules->n_slots = rules->n_slots ? rules->n_slots * 2 : 128;
    while (2 * (rules->n + 1) > rules->n_slots)
        rules->n_slots *= 2;
    rules->slots = aivm_xcalloc(rules->n_slots, sizeof *rules->slots);
    for (size_t i = 0; i < rules->n; i++)
        *slot_of(rules, rules->items[i]->id) = i + 1;
}

/* Add `r`, or replace the rule of the same id: a hash index keeps loading
 * n rules O(n), not O(n^2) (100k rules took 2 minutes with a linear search). */
void aivm_rules__put(aivm_rules *rules, aivm_rule *r, bool fresh)
{
    size_t *slot;
    (void)fresh; /* ids of one file are unique (checked): the index answers for all */
    index_room(rules);
    slot = slot_of(rules, r->id);
    if (*slot) {
        rules->items[*slot - 1] = r;
        return;
    }
    if (rules->n == rules->cap) {
        rules->cap = rules->cap ? rules->cap * 2 : 32;
        rules->items = aivm_xrealloc(rules->items, rules->cap * sizeof *rules->items);
    }
    rules->items[rules->n++] = r;
    *slot = rules->n;
}

const aivm_rule *aivm_rules__find(const aivm_rules *rules, const char *id)
{
    size_t *slot;
    if (!rules->n_slots)
        return NULL;
    slot = slot_of(rules, id);
    return *slot ? rules->items[*slot - 1] : NULL;
}

/* `sizing: {complex_from_params: N}`: the model-size class when only the
 * parameter count is known (docs/sizing.md). */
static int load_sizing(double *out, const aivm_ynode *v, aivm_error *err)
{
    static const char *const keys[] = {"complex_from_params", NULL};
    const aivm_ynode *t;
    int rc = aivm_yexpect(v, AIVM_Y_MAP, "key 'sizing'", err);
    if (rc == 0)
        rc = aivm_ycheck_keys(v, keys, "key 'sizing'", err);
    if (rc == 0)
        rc = aivm_yrequire(&t, v, "complex_from_params", "key 'sizing'", err);
    if (rc == 0)
        rc = aivm_yget_num(out, t, "key 'complex_from_params'", err);
    if (rc == 0 && !(*out >= 1))
        rc = aivm_error_set(err, AIVM_EINVALID, &t->loc,
                            "key 'complex_from_params': must be at least 1");
    return rc;
}

static int rule_ref_cmp(const void *a, const void *b)
{
    const aivm_rule *x = *(const aivm_rule *const *)a, *y = *(const aivm_rule *const *)b;
    int c = strcmp(x->id, y->id);
    return c ? c : (x < y ? -1 : x > y);
}

/* Ids are unique within a document: sorted, so a long rules file stays cheap.
 * The error names the later of two rules with one id. */
static int check_duplicate_ids(const aivm_rule *list, const aivm_ynode *seq, aivm_error *err)
{
    const aivm_rule **refs;
    int rc = 0;
    if (seq->n < 2)
        return 0;
    refs = aivm_xmalloc(seq->n * sizeof *refs);
    for (size_t i = 0; i < seq->n; i++)
        refs[i] = &list[i];
    qsort(refs, seq->n, sizeof *refs, rule_ref_cmp);
    for (size_t i = 1; i < seq->n && rc == 0; i++)
        if (strcmp(refs[i]->id, refs[i - 1]->id) == 0)
            rc = aivm_error_set(
                err, AIVM_EINVALID, &aivm_ymap_get(seq->kids[refs[i] - list], "id")->loc,
                "duplicate rule id '%s' (first at line %u)", refs[i]->id, refs[i - 1]->loc.line);
    free(refs);
    return rc;
}

static int load_doc(aivm_rule **list, size_t *n_list, double *complex_from, const aivm_ynode *root,
                    aivm_arena *ar, const char *name, aivm_error *err)
{
    static const char *const top[] = {"version", "sizing", "rules", NULL};
    const aivm_ynode *seq, *v;
    aivm_loc start = {name, 1, 1};
    int rc;
    if (!root)
        return aivm_error_set(err, AIVM_EINVALID, &start, "empty rules file");
    rc = aivm_yexpect_root(root, AIVM_Y_MAP, "rules document", err);
    if (rc == 0)
        rc = aivm_ycheck_keys(root, top, "the rules file's top level", err);
    if (rc == 0 && (v = aivm_ymap_get(root, "version")) != NULL) {
        const char *ver = NULL;
        rc = aivm_yget_str(&ver, v, "key 'version'", err);
        if (rc == 0 && strcmp(ver, "1") != 0)
            rc = aivm_error_set(err, AIVM_EINVALID, &v->loc,
                                "unsupported rules format version '%s' (expected 1)", ver);
    }
    if (rc == 0 && (v = aivm_ymap_get(root, "sizing")) != NULL)
        rc = load_sizing(complex_from, v, err);
    if (rc == 0)
        rc = aivm_yrequire(&seq, root, "rules", "the rules file's top level", err);
    if (rc == 0)
        rc = aivm_yexpect(seq, AIVM_Y_SEQ, "key 'rules'", err);
    if (rc < 0)
        return rc;
    *list = aivm_arena_alloc(ar, (seq->n ? seq->n : 1) * sizeof **list);
    *n_list = seq->n;
    for (size_t i = 0; i < seq->n; i++) {
        rc = load_rule(&(*list)[i], seq->kids[i], ar, i, err);
        if (rc < 0)
            return rc;
    }
    return check_duplicate_ids(*list, seq, err);
}

void aivm_rules_new(aivm_rules **out)
{
    *out = aivm_xcalloc(1, sizeof **out);
}

/* Load a parsed tree into `rules`; allocations go to a new document arena. */
static int load_tree(aivm_rules *rules, aivm_rules_doc *doc, const aivm_ynode *root,
                     const char *name, aivm_error *err)
{
    aivm_rule *list = NULL;
    size_t n = 0;
    double complex_from = 0;
    bool fresh = rules->n == 0;
    int rc = load_doc(&list, &n, &complex_from, root, &doc->arena, name, err);
    if (rc < 0) {
        aivm_arena_dispose(&doc->arena);
        free(doc);
        return rc;
    }
    for (size_t i = 0; i < n; i++)
        aivm_rules__put(rules, &list[i], fresh);
    if (complex_from > 0)
        rules->complex_from_params = complex_from;
    doc->next = rules->docs;
    rules->docs = doc;
    return 0;
}

int aivm_rules_load_mem(aivm_rules *rules, const char *buf, size_t len, const char *name,
                        aivm_error *err)
{
    aivm_rules_doc *doc = aivm_xcalloc(1, sizeof *doc);
    aivm_ynode *root = NULL;
    int rc = aivm_yaml_parse(&root, &doc->arena, buf, len, name, err);
    if (rc < 0) {
        aivm_arena_dispose(&doc->arena);
        free(doc);
        return rc;
    }
    return load_tree(rules, doc, root, name, err);
}

int aivm_rules_load_file(aivm_rules *rules, const char *path, aivm_error *err)
{
    aivm_buf b = AIVM_BUF_INIT;
    int rc = aivm_buf_read_file(&b, path, (size_t)16 << 20, err);
    if (rc == 0)
        rc = aivm_rules_load_mem(rules, b.ptr, b.size, path, err);
    aivm_buf_dispose(&b);
    return rc;
}

void aivm_rules_free(aivm_rules *rules)
{
    aivm_rules_doc *d;
    if (!rules)
        return;
    d = rules->docs;
    while (d) {
        aivm_rules_doc *next = d->next;
        aivm_arena_dispose(&d->arena);
        free(d);
        d = next;
    }
    free(rules->items);
    free(rules->slots);
    free(rules);
}

const char *aivm_effect_name(aivm_effect e)
{
    return effect_names[e];
}

const char *aivm_severity_name(aivm_severity s)
{
    return severity_names[s];
}
