/*
 * report_browse.c - the renderers of `models list|show` and `rules
 * list|show`: the model presets and the rules with their guidance items and
 * check ids, as a table for people, JSON for scripts, or names alone.
 */
#include <stdio.h>
#include <string.h>

#include "aivm/check.h"
#include "report_int.h"
#include "util/jsonw.h"

void aivm_report__doc_begin(aivm_jw *w, aivm_buf *out)
{
    aivm_jw_init(w, out);
    aivm_jw_object(w, NULL);
    aivm_jw_str(w, "schema_version", AIVM_JSON_SCHEMA_VERSION);
}

void aivm_report__doc_end(aivm_jw *w, aivm_buf *out)
{
    aivm_jw_end(w);
    aivm_buf_puts(out, "\n");
}

/* ---- models */

static void json_model(aivm_jw *w, const aivm_model *m, bool full)
{
    aivm_jw_object(w, NULL);
    aivm_jw_str(w, "id", m->id);
    aivm_jw_str(w, "name", m->name);
    aivm_jw_str(w, "family", m->family);
    aivm_jw_str(w, "kind", aivm_kind_name(m->kind));
    aivm_jw_num(w, "params", m->params);
    aivm_jw_opt_num(w, "layers", m->layers > 0, m->layers);
    aivm_jw_opt_num(w, "hidden", m->hidden > 0, m->hidden);
    aivm_jw_opt_num(w, "heads", m->heads > 0, m->heads);
    aivm_jw_opt_num(w, "kv_heads", m->kv_heads > 0, m->kv_heads);
    aivm_jw_opt_num(w, "context", m->context > 0, m->context);
    aivm_jw_opt_num(w, "active_params", m->active_params > 0, m->active_params);
    aivm_jw_opt_num(w, "head_dim", m->head_dim > 0, m->head_dim);
    if (full) {
        aivm_jw_strlist(w, "sources", &m->sources);
        aivm_jw_str(w, "as_of", m->as_of);
    }
    aivm_jw_end(w);
}

/* `label` in a column of `col` - 3 after two blanks, then `text` wrapped under itself. */
static void fact(aivm_buf *out, const char *label, unsigned col, const char *text, unsigned width)
{
    aivm_buf_printf(out, "  %-*s ", (int)col - 3, label);
    aivm_report__wrap(out, text, col, width);
}

static void table_model(aivm_buf *out, const aivm_model *m, unsigned width)
{
    char p[32];
    aivm_report__params_text(p, sizeof p, m->params);
    aivm_buf_printf(out, "%s (%s)\n", aivm_report__vis(m->id), aivm_report__vis(m->name));
    aivm_buf_printf(out, "  %-16s %s\n", "family", aivm_report__vis(m->family));
    aivm_buf_printf(out, "  %-16s %s\n", "kind", aivm_kind_name(m->kind));
    aivm_buf_printf(out, "  %-16s %s (%.0f)\n", "parameters", p, m->params);
    if (m->layers) {
        char shape[128];
        snprintf(shape, sizeof shape, "%u layers, hidden %u, %u heads, %u KV heads", m->layers,
                 m->hidden, m->heads, m->kv_heads);
        fact(out, "shape", 19, shape, width);
    } else {
        fact(out, "shape", 19, "not a transformer preset (memory from parameters only)", width);
    }
    if (m->context)
        aivm_buf_printf(out, "  %-16s %u tokens\n", "context", m->context);
    aivm_buf_printf(out, "  %-16s %s\n", "as of", m->as_of ? m->as_of : "-");
    for (size_t i = 0; i < m->sources.n; i++)
        fact(out, i ? "" : "sources", 19, aivm_report__vis(m->sources.items[i]), width);
    aivm_buf_printf(out, "\nSize it with: aivm-advise --phase inference --model %s\n",
                    aivm_report__vis(m->id));
}

int aivm_report_models(aivm_buf *out, const aivm_models *models, const aivm_model *one,
                       aivm_browse_format fmt, unsigned width)
{
    size_t n = aivm_models_count(models);
    if (fmt == AIVM_BROWSE_NAMES) {
        for (size_t i = 0; i < n; i++)
            if (!one || aivm_models_at(models, i) == one)
                aivm_buf_printf(out, "%s\n", aivm_models_at(models, i)->id);
        return 0;
    }
    if (fmt == AIVM_BROWSE_JSON) {
        aivm_jw w;
        aivm_report__doc_begin(&w, out);
        aivm_jw_array(&w, "models");
        for (size_t i = 0; i < n; i++)
            if (!one || aivm_models_at(models, i) == one)
                json_model(&w, aivm_models_at(models, i), one != NULL);
        aivm_jw_end(&w);
        aivm_report__doc_end(&w, out);
        return 0;
    }
    if (one) {
        table_model(out, one, width ? width : 100);
        return 0;
    }
    aivm_buf_printf(out, "%-22s %-30s %-15s %8s %6s %7s\n", "MODEL", "NAME", "KIND", "PARAMS",
                    "LAYERS", "CONTEXT");
    for (size_t i = 0; i < n; i++) {
        const aivm_model *m = aivm_models_at(models, i);
        char p[32], layers[16] = "-", ctx[16] = "-";
        aivm_report__params_text(p, sizeof p, m->params);
        if (m->layers)
            snprintf(layers, sizeof layers, "%u", m->layers);
        if (m->context)
            snprintf(ctx, sizeof ctx, "%u", m->context);
        /* a user's preset may be named in any script: padded by display columns */
        aivm_report__pad(out, aivm_report__vis(m->id), 22);
        aivm_buf_puts(out, " ");
        aivm_report__pad(out, aivm_report__vis(m->name), 30);
        aivm_buf_printf(out, " %-15s %8s %6s %7s\n", aivm_kind_name(m->kind), p, layers, ctx);
    }
    aivm_buf_printf(out,
                    "\n%zu presets. Use one with --model ID; 'aivm-advise models show ID' "
                    "for its facts and sources.\n",
                    n);
    return 0;
}

/* ---- rules */

static void guidance_text(char *out, size_t cap, const aivm_strlist *g)
{
    size_t k = 0;
    out[0] = '\0';
    for (size_t i = 0; i < g->n && k + 2 < cap; i++)
        k += (size_t)snprintf(out + k, cap - k, "%s%s", i ? " " : "", g->items[i]);
    if (!k)
        snprintf(out, cap, "-");
}

static void json_rule(aivm_jw *w, const aivm_rule *r, bool full)
{
    aivm_buf conds = AIVM_BUF_INIT;
    aivm_loc loc = aivm_rule_loc(r);
    aivm_jw_object(w, NULL);
    aivm_jw_str(w, "id", aivm_rule_id(r));
    aivm_jw_str(w, "title", aivm_rule_title(r));
    aivm_jw_str(w, "effect", aivm_effect_name(aivm_rule_effect(r)));
    aivm_jw_str(w, "severity", aivm_severity_name(aivm_rule_severity(r)));
    aivm_jw_num(w, "weight", aivm_rule_weight(r));
    aivm_jw_bool(w, "enabled", aivm_rule_enabled(r));
    aivm_jw_str(w, "check", aivm_rule_check_id(r));
    aivm_jw_strlist(w, "guidance", aivm_rule_guidance(r));
    if (full) {
        char at[300];
        aivm_rule_render_conditions(&conds, r, false);
        aivm_jw_str(w, "when", conds.size ? conds.ptr : "");
        aivm_buf_clear(&conds);
        aivm_rule_render_conditions(&conds, r, true);
        aivm_jw_str(w, "if", conds.size ? conds.ptr : "");
        aivm_jw_str(w, "message", aivm_rule_message(r));
        snprintf(at, sizeof at, "%s:%u", loc.file ? loc.file : "?", loc.line);
        aivm_jw_str(w, "defined_at", at);
    }
    aivm_jw_end(w);
    aivm_buf_dispose(&conds);
}

static void json_check(aivm_jw *w, const aivm_check_rule *c, const aivm_rules *rules, bool full)
{
    aivm_jw_object(w, NULL);
    aivm_jw_str(w, "id", c->id);
    aivm_jw_str(w, "name", c->name);
    aivm_jw_str(w, "severity", aivm_severity_name(c->severity));
    aivm_jw_str(w, "title", c->title);
    aivm_jw_str(w, "guidance", c->guidance);
    if (full) {
        aivm_jw_str(w, "help", c->help);
        aivm_jw_array(w, "reported_by");
        for (size_t i = 0; i < aivm_rules_count(rules); i++) {
            const aivm_rule *r = aivm_rules_at(rules, i);
            if (aivm_rule_check_id(r) && strcmp(aivm_rule_check_id(r), c->id) == 0)
                aivm_jw_str(w, NULL, aivm_rule_id(r));
        }
        aivm_jw_end(w);
    }
    aivm_jw_end(w);
}

static void table_rule(aivm_buf *out, const aivm_rule *r, unsigned width)
{
    aivm_buf conds = AIVM_BUF_INIT, head = AIVM_BUF_INIT;
    char g[128];
    aivm_loc loc = aivm_rule_loc(r);
    guidance_text(g, sizeof g, aivm_rule_guidance(r));
    const char *title = aivm_rule_title(r);
    if (title && strcmp(title, aivm_rule_id(r)) == 0)
        title = NULL; /* a rule without a title of its own */
    aivm_buf_printf(&head, "%s%s%s", aivm_report__vis(aivm_rule_id(r)), title ? ": " : "",
                    title ? aivm_report__vis(title) : "");
    aivm_report__wrap(out, head.ptr, 2, width);
    aivm_buf_dispose(&head);
    aivm_buf_printf(out, "  %-10s %s", "effect", aivm_effect_name(aivm_rule_effect(r)));
    if (aivm_rule_weight(r) != 0)
        aivm_buf_printf(out, " (weight %g)", aivm_rule_weight(r));
    aivm_buf_printf(out, "%s\n", aivm_rule_enabled(r) ? "" : ", disabled");
    aivm_buf_printf(out, "  %-10s %s\n", "severity", aivm_severity_name(aivm_rule_severity(r)));
    aivm_buf_printf(out, "  %-10s %s\n", "check",
                    aivm_rule_check_id(r) ? aivm_rule_check_id(r) : "- (ranks only)");
    aivm_buf_printf(out, "  %-10s %s\n", "guidance", g);
    aivm_rule_render_conditions(&conds, r, false);
    fact(out, "when", 13, conds.size ? aivm_report__vis(conds.ptr) : "always", width);
    aivm_buf_clear(&conds);
    aivm_rule_render_conditions(&conds, r, true);
    fact(out, "if", 13, conds.size ? aivm_report__vis(conds.ptr) : "any size", width);
    if (aivm_rule_message(r))
        fact(out, "message", 13, aivm_report__vis(aivm_rule_message(r)), width);
    aivm_buf_printf(out, "  %-10s %s:%u\n", "defined", loc.file ? aivm_report__vis(loc.file) : "?",
                    loc.line);
    aivm_buf_dispose(&conds);
}

static void table_check(aivm_buf *out, const aivm_check_rule *c, const aivm_rules *rules,
                        unsigned width)
{
    aivm_buf text = AIVM_BUF_INIT;
    size_t k = 0;
    aivm_buf_printf(&text, "%s %s: %s", c->id, c->name, c->title);
    aivm_report__wrap(out, text.ptr, 2, width);
    aivm_buf_printf(out, "  %-11s %s\n", "severity", aivm_severity_name(c->severity));
    aivm_buf_printf(out, "  %-11s %s\n", "guidance", c->guidance[0] ? c->guidance : "-");
    aivm_buf_clear(&text);
    for (size_t i = 0; i < aivm_rules_count(rules); i++) {
        const aivm_rule *r = aivm_rules_at(rules, i);
        if (aivm_rule_check_id(r) && strcmp(aivm_rule_check_id(r), c->id) == 0)
            aivm_buf_printf(&text, "%s%s", k++ ? ", " : "", aivm_report__vis(aivm_rule_id(r)));
    }
    fact(out, "reported by", 14, k ? text.ptr : "check itself (no data rule)", width);
    aivm_buf_puts(out, "\n  ");
    aivm_report__wrap(out, c->help, 2, width);
    aivm_buf_dispose(&text);
}

int aivm_report_rules(aivm_buf *out, const aivm_rules *rules, const aivm_rule *rule,
                      const aivm_check_rule *check, aivm_browse_format fmt, unsigned width)
{
    size_t n_checks;
    const aivm_check_rule *checks = aivm_check_rules(&n_checks);
    size_t n = aivm_rules_count(rules);
    bool one = rule || check;
    if (fmt == AIVM_BROWSE_NAMES) {
        for (size_t i = 0; i < n; i++)
            if (!one || aivm_rules_at(rules, i) == rule)
                aivm_buf_printf(out, "%s\n", aivm_rule_id(aivm_rules_at(rules, i)));
        for (size_t i = 0; i < n_checks; i++)
            if (!one || &checks[i] == check)
                aivm_buf_printf(out, "%s\n", checks[i].id);
        return 0;
    }
    if (fmt == AIVM_BROWSE_JSON) {
        aivm_jw w;
        aivm_report__doc_begin(&w, out);
        aivm_jw_array(&w, "rules");
        for (size_t i = 0; i < n; i++)
            if (!one || aivm_rules_at(rules, i) == rule)
                json_rule(&w, aivm_rules_at(rules, i), one);
        aivm_jw_end(&w);
        aivm_jw_array(&w, "checks");
        for (size_t i = 0; i < n_checks; i++)
            if (!one || &checks[i] == check)
                json_check(&w, &checks[i], rules, one);
        aivm_jw_end(&w);
        aivm_report__doc_end(&w, out);
        return 0;
    }
    if (rule) {
        table_rule(out, rule, width ? width : 100);
        return 0;
    }
    if (check) {
        table_check(out, check, rules, width ? width : 100);
        return 0;
    }
    aivm_buf_printf(out, "%-34s %-9s %-8s %-8s %-12s %s\n", "RULE", "EFFECT", "SEVERITY", "CHECK",
                    "GUIDANCE", "TITLE");
    for (size_t i = 0; i < n; i++) {
        const aivm_rule *r = aivm_rules_at(rules, i);
        char g[128];
        guidance_text(g, sizeof g, aivm_rule_guidance(r));
        aivm_buf_printf(out, "%-34s %-9s %-8s %-8s %-12s %s%s\n", aivm_report__vis(aivm_rule_id(r)),
                        aivm_effect_name(aivm_rule_effect(r)),
                        aivm_severity_name(aivm_rule_severity(r)),
                        aivm_rule_check_id(r) ? aivm_rule_check_id(r) : "-", g,
                        aivm_rule_title(r) ? aivm_report__vis(aivm_rule_title(r)) : "",
                        aivm_rule_enabled(r) ? "" : " (disabled)");
    }
    aivm_buf_printf(out, "\n%-8s %-30s %-8s %-12s %s\n", "CHECK", "NAME", "SEVERITY", "GUIDANCE",
                    "TITLE");
    for (size_t i = 0; i < n_checks; i++)
        aivm_buf_printf(out, "%-8s %-30s %-8s %-12s %s\n", checks[i].id, checks[i].name,
                        aivm_severity_name(checks[i].severity),
                        checks[i].guidance[0] ? checks[i].guidance : "-", checks[i].title);
    aivm_buf_printf(out, "\n%zu rules, %zu check ids. 'aivm-advise rules show ID' for one.\n", n,
                    n_checks);
    return 0;
}

int aivm_report_version(aivm_buf *out, const aivm_version_info *v, bool json)
{
    aivm_jw w;
    if (!json) {
        aivm_buf_printf(out, "aivm-advise %s\n", v->tool);
        aivm_buf_printf(out, "catalog %s (as of %s), %zu sizes\n", v->catalog_version,
                        v->catalog_as_of, v->catalog_sizes);
        aivm_buf_printf(
            out, "libyaml %s, cJSON %s, libcurl %s\n", v->libyaml ? v->libyaml : "(not available)",
            v->cjson ? v->cjson : "(not available)", v->libcurl ? v->libcurl : "(not available)");
        return 0;
    }
    aivm_report__doc_begin(&w, out);
    aivm_jw_str(&w, "version", v->tool);
    aivm_jw_object(&w, "catalog");
    aivm_jw_str(&w, "version", v->catalog_version);
    aivm_jw_str(&w, "as_of", v->catalog_as_of);
    aivm_jw_num(&w, "sizes", (double)v->catalog_sizes);
    aivm_jw_end(&w);
    aivm_jw_object(&w, "libraries");
    aivm_jw_str(&w, "libyaml", v->libyaml);
    aivm_jw_str(&w, "cjson", v->cjson);
    aivm_jw_str(&w, "libcurl", v->libcurl);
    aivm_jw_end(&w);
    aivm_report__doc_end(&w, out);
    return 0;
}
