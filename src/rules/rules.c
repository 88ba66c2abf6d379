/*
 * rules.c - evaluating rules: conditions over a workload and a candidate
 * size, scale values, and message rendering with {attribute} placeholders.
 * Pure functions of their inputs; no rule ever prints.
 */
#include <string.h>

#include "aivm/sizing.h"
#include "rules_int.h"

static bool value_eq(const aivm_value *a, const aivm_value *b)
{
    if (a->t != b->t)
        return false;
    switch (a->t) {
    case AIVM_V_BOOL:
        return a->b == b->b;
    case AIVM_V_NUM:
        return a->n == b->n;
    case AIVM_V_STR:
        return strcmp(a->s, b->s) == 0;
    default:
        return true;
    }
}

static bool cond_holds(const aivm_cond *c, const aivm_workload *wl, const aivm_size *s)
{
    aivm_value v = c->attr->get(wl, s);
    bool any = false;
    if (v.t == AIVM_V_NULL)
        return false; /* unknown never matches, whatever the operator */
    switch (c->op) {
    case AIVM_OP_EQ:
        return value_eq(&v, &c->vals[0]);
    case AIVM_OP_NE:
        return !value_eq(&v, &c->vals[0]);
    case AIVM_OP_IN:
    case AIVM_OP_NOT_IN:
        for (size_t i = 0; i < c->n_vals && !any; i++)
            any = value_eq(&v, &c->vals[i]);
        return c->op == AIVM_OP_IN ? any : !any;
    case AIVM_OP_LT:
        return v.n < c->vals[0].n;
    case AIVM_OP_LTE:
        return v.n <= c->vals[0].n;
    case AIVM_OP_GT:
        return v.n > c->vals[0].n;
    case AIVM_OP_GTE:
        return v.n >= c->vals[0].n;
    }
    return false;
}

bool aivm_rules__conds_hold(const aivm_cond *c, size_t n, const aivm_workload *wl,
                            const aivm_size *s)
{
    for (size_t i = 0; i < n; i++)
        if (!cond_holds(&c[i], wl, s))
            return false;
    return true;
}

bool aivm_rule_applies(const aivm_rule *r, const aivm_workload *wl)
{
    return r->enabled && aivm_rules__conds_hold(r->when, r->n_when, wl, NULL);
}

bool aivm_rule_matches(const aivm_rule *r, const aivm_workload *wl, const aivm_size *size)
{
    return aivm_rules__conds_hold(r->ifc, r->n_if, wl, size);
}

bool aivm_effect_rejects(aivm_effect effect, bool matches)
{
    return (effect == AIVM_EFFECT_EXCLUDE && matches) ||
           (effect == AIVM_EFFECT_REQUIRE && !matches);
}

bool aivm_rule_rejects(const aivm_rule *r, const aivm_workload *wl, const aivm_size *size)
{
    return aivm_rule_applies(r, wl) &&
           aivm_effect_rejects(r->effect, aivm_rule_matches(r, wl, size));
}

bool aivm_rule_scale_value(const aivm_rule *r, const aivm_workload *wl, const aivm_size *size,
                           double *v)
{
    aivm_value x;
    if (!r->scale)
        return false;
    x = r->scale->get(wl, size);
    *v = x.n;
    return true;
}

double aivm_rules_complex_from_params(const aivm_rules *rules)
{
    return rules->complex_from_params;
}

void aivm_rules_settle_size_class(const aivm_rules *rules, aivm_workload *wl)
{
    double from = rules ? rules->complex_from_params : 0;
    if (!wl->sizing || (wl->set & AIVM_WL_MODEL_SIZE) || from <= 0)
        return;
    wl->model_size = wl->sizing->params >= from ? AIVM_MSIZE_COMPLEX : AIVM_MSIZE_SMALL;
}

/* Cut what was rendered since `start` to AIVM_RULE_MESSAGE_MAX bytes (not
 * inside a UTF-8 sequence), with "..." */
static void cut_message(aivm_buf *out, size_t start)
{
    if (out->size - start <= AIVM_RULE_MESSAGE_MAX || !out->ptr)
        return;
    out->size = start + AIVM_RULE_MESSAGE_MAX;
    while (out->size > start && ((unsigned char)out->ptr[out->size] & 0xC0) == 0x80)
        out->size--;
    out->ptr[out->size] = '\0';
    aivm_buf_puts(out, "...");
}

void aivm_rule_render_message(aivm_buf *out, const aivm_rule *r, const aivm_workload *wl,
                              const aivm_size *size)
{
    const char *p = r->message;
    size_t ph = 0, start = out->size;
    /* placeholders can expand a message several times: stop at the cap */
    while (*p && out->size - start <= AIVM_RULE_MESSAGE_MAX) {
        const char *open = strchr(p, '{');
        const char *close = open ? strchr(open, '}') : NULL;
        char name[64];
        const aivm_attr *a;
        size_t len;
        if (!open || !close) {
            aivm_buf_puts(out, p);
            break;
        }
        aivm_buf_put(out, p, (size_t)(open - p));
        len = (size_t)(close - open - 1);
        if (len >= sizeof name)
            len = sizeof name - 1;
        if (ph < r->n_placeholders) {
            a = r->placeholders[ph++]; /* resolved when the rule was loaded */
        } else {
            memcpy(name, open + 1, len);
            name[len] = '\0';
            a = aivm_attr_find_any(name);
        }
        if (a && (a->scope == AIVM_ATTR_WORKLOAD || size)) {
            aivm_value v = a->get(wl, size);
            aivm_value_format(out, &v);
        }
        p = close + 1;
    }
    cut_message(out, start);
}

size_t aivm_rules_count(const aivm_rules *rules)
{
    return rules->n;
}

const aivm_rule *aivm_rules_at(const aivm_rules *rules, size_t i)
{
    return i < rules->n ? rules->items[i] : NULL;
}

const aivm_rule *aivm_rules_find(const aivm_rules *rules, const char *id)
{
    return aivm_rules__find(rules, id);
}

const char *aivm_rule_id(const aivm_rule *r)
{
    return r->id;
}

aivm_effect aivm_rule_effect(const aivm_rule *r)
{
    return r->effect;
}

aivm_severity aivm_rule_severity(const aivm_rule *r)
{
    return r->severity;
}

double aivm_rule_weight(const aivm_rule *r)
{
    return r->weight;
}

bool aivm_rule_enabled(const aivm_rule *r)
{
    return r->enabled;
}

const char *aivm_rule_check_id(const aivm_rule *r)
{
    return r->check;
}

const char *aivm_rule_title(const aivm_rule *r)
{
    return r->title ? r->title : r->id;
}

const aivm_strlist *aivm_rule_guidance(const aivm_rule *r)
{
    return &r->guidance;
}

const char *aivm_rule_message(const aivm_rule *r)
{
    return r->message;
}

aivm_loc aivm_rule_loc(const aivm_rule *r)
{
    return r->loc;
}

static void put_value(aivm_buf *out, const aivm_value *v)
{
    switch (v->t) {
    case AIVM_V_NULL:
        aivm_buf_puts(out, "null");
        break;
    case AIVM_V_BOOL:
        aivm_buf_puts(out, v->b ? "true" : "false");
        break;
    case AIVM_V_NUM:
        aivm_buf_printf(out, "%.15g", v->n);
        break;
    case AIVM_V_STR:
        aivm_buf_puts(out, v->s);
        break;
    }
}

void aivm_rule_render_conditions(aivm_buf *out, const aivm_rule *r, bool candidate)
{
    static const char *const ops[] = {"=", "!=", "in", "not in", "<", "<=", ">", ">="};
    const aivm_cond *conds = candidate ? r->ifc : r->when;
    size_t n = candidate ? r->n_if : r->n_when;
    for (size_t i = 0; i < n; i++) {
        const aivm_cond *c = &conds[i];
        bool list = c->op == AIVM_OP_IN || c->op == AIVM_OP_NOT_IN;
        aivm_buf_printf(out, "%s%s %s ", i ? ", " : "", c->attr->name, ops[c->op]);
        if (list)
            aivm_buf_puts(out, "[");
        for (size_t k = 0; k < c->n_vals; k++) {
            if (k)
                aivm_buf_puts(out, ", ");
            put_value(out, &c->vals[k]);
        }
        if (list)
            aivm_buf_puts(out, "]");
    }
}
