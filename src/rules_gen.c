/*
 * rules_gen.c - writes a loaded rule set as C source: every rule, its
 * conditions and values, pointing into the attribute table (attr.c), plus
 * aivm_rules_load_builtin(), which merges them like a rules file without
 * loading anything. The build runs this (src/tools/aivm_gen.c) over
 * data/rules.yaml after the strict loader has read it (issue 7: no rules
 * load at start-up). A field added to struct aivm_rule (rules_int.h) must be
 * written here and compared in tests/unit/test_rules.c.
 */
#include <stdio.h>

#include "rules_int.h"

static void str(aivm_buf *b, const char *s)
{
    if (!s) {
        aivm_buf_puts(b, "NULL");
        return;
    }
    aivm_buf_puts(b, "\"");
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p == '"' || *p == '\\')
            aivm_buf_printf(b, "\\%c", *p);
        else if (*p == '?')
            aivm_buf_puts(b, "\\?"); /* no trigraphs */
        else if (*p < 0x20 || *p >= 0x7f)
            aivm_buf_printf(b, "\\%03o", *p);
        else
            aivm_buf_put(b, p, 1);
    }
    aivm_buf_puts(b, "\"");
}

static void loc(aivm_buf *b, aivm_loc l)
{
    aivm_buf_printf(b, "{RULES_FILE, %u, %u}", l.line, l.col);
}

static void attr_ref(aivm_buf *b, const aivm_attr *a)
{
    size_t n = 0;
    const aivm_attr *t = aivm_attr_table(&n);
    if (a && a >= t && a < t + n)
        aivm_buf_printf(b, "&aivm__attr_table[%zu]", (size_t)(a - t));
    else
        aivm_buf_puts(b, "NULL");
}

/* `static const char *NAMEi[] = {...};` or nothing for an empty list. */
static void strlist_decl(aivm_buf *b, const char *name, size_t i, const aivm_strlist *l)
{
    if (!l->n)
        return;
    aivm_buf_printf(b, "static const char *%s%zu[] = {", name, i);
    for (size_t k = 0; k < l->n; k++) {
        if (k)
            aivm_buf_puts(b, ", ");
        str(b, l->items[k]);
    }
    aivm_buf_puts(b, "};\n");
}

static void strlist_init(aivm_buf *b, const char *name, size_t i, const aivm_strlist *l)
{
    if (l->n)
        aivm_buf_printf(b, "{%s%zu, %zu}", name, i, l->n);
    else
        aivm_buf_puts(b, "{NULL, 0}");
}

static void conds_decl(aivm_buf *b, const char *name, size_t i, const aivm_cond *c, size_t n)
{
    if (!n)
        return;
    for (size_t k = 0; k < n; k++) {
        aivm_buf_printf(b, "static aivm_value %sv%zu_%zu[] = {", name, i, k);
        for (size_t v = 0; v < c[k].n_vals; v++) {
            const aivm_value *x = &c[k].vals[v];
            aivm_buf_printf(b, "%s{%d, %s, %.17g, ", v ? ", " : "", (int)x->t,
                            x->b ? "true" : "false", x->n);
            str(b, x->s);
            aivm_buf_puts(b, "}");
        }
        aivm_buf_puts(b, "};\n");
    }
    aivm_buf_printf(b, "static aivm_cond %s%zu[] = {", name, i);
    for (size_t k = 0; k < n; k++) {
        aivm_buf_puts(b, k ? ", {" : "{");
        attr_ref(b, c[k].attr);
        aivm_buf_printf(b, ", %d, %sv%zu_%zu, %zu, ", (int)c[k].op, name, i, k, c[k].n_vals);
        loc(b, c[k].loc);
        aivm_buf_puts(b, "}");
    }
    aivm_buf_puts(b, "};\n");
}

static void write_rule(aivm_buf *b, const aivm_rule *r, size_t i)
{
    strlist_decl(b, "g", i, &r->guidance);
    strlist_decl(b, "o", i, &r->orchestrator);
    conds_decl(b, "w", i, r->when, r->n_when);
    conds_decl(b, "c", i, r->ifc, r->n_if);
    if (r->n_placeholders) {
        aivm_buf_printf(b, "static const aivm_attr *ph%zu[] = {", i);
        for (size_t k = 0; k < r->n_placeholders; k++) {
            if (k)
                aivm_buf_puts(b, ", ");
            attr_ref(b, r->placeholders[k]);
        }
        aivm_buf_puts(b, "};\n");
    }
    aivm_buf_printf(b, "#define RULE%zu {.id = ", i);
    str(b, r->id);
    aivm_buf_puts(b, ", .title = ");
    str(b, r->title);
    aivm_buf_puts(b, ", .guidance = ");
    strlist_init(b, "g", i, &r->guidance);
    if (r->n_when)
        aivm_buf_printf(b, ", .when = w%zu, .n_when = %zu", i, r->n_when);
    if (r->n_if)
        aivm_buf_printf(b, ", .ifc = c%zu, .n_if = %zu", i, r->n_if);
    aivm_buf_printf(b, ", .effect = %d, .weight = %.17g, .scale = ", (int)r->effect, r->weight);
    attr_ref(b, r->scale);
    aivm_buf_printf(b, ", .severity = %d, .message = ", (int)r->severity);
    str(b, r->message);
    if (r->n_placeholders)
        aivm_buf_printf(b, ", .placeholders = ph%zu, .n_placeholders = %zu", i, r->n_placeholders);
    aivm_buf_puts(b, ", .check = ");
    str(b, r->check);
    aivm_buf_printf(b, ", .enabled = %s, .loc = ", r->enabled ? "true" : "false");
    loc(b, r->loc);
    aivm_buf_printf(b, ", .target = %d, .select = ", r->target);
    str(b, r->select);
    aivm_buf_puts(b, ", .select_loc = ");
    loc(b, r->select_loc);
    aivm_buf_printf(b, ", .spot_advice = %d, .orchestrator = ", r->spot_advice);
    strlist_init(b, "o", i, &r->orchestrator);
    aivm_buf_puts(b, ", .orchestrator_loc = ");
    loc(b, r->orchestrator_loc);
    aivm_buf_puts(b, "}\n");
}

int aivm_rules_write_c(aivm_buf *out, const aivm_rules *rules, const char *file_name)
{
    aivm_buf_puts(out, "/* Generated by aivm-gen from the rules YAML: do not edit. */\n"
                       "#include <stdbool.h>\n#include <stddef.h>\n\n#include \"rules_int.h\"\n\n"
                       "#define RULES_FILE ");
    str(out, file_name);
    aivm_buf_puts(out, "\n\n");
    for (size_t i = 0; i < rules->n; i++)
        write_rule(out, rules->items[i], i);
    aivm_buf_printf(out, "\nstatic aivm_rule rules_data[%zu] = {", rules->n ? rules->n : 1);
    for (size_t i = 0; i < rules->n; i++)
        aivm_buf_printf(out, "%sRULE%zu", i ? ", " : "", i);
    aivm_buf_puts(out, rules->n ? "};\n\n" : "{0}};\n\n");
    aivm_buf_printf(out,
                    "int aivm_rules_load_builtin(aivm_rules *rules, aivm_error *err)\n{\n"
                    "    bool fresh = aivm_rules_count(rules) == 0;\n"
                    "    (void)err;\n"
                    "    for (size_t i = 0; i < %zu; i++)\n"
                    "        aivm_rules__put(rules, &rules_data[i], fresh);\n",
                    rules->n);
    if (rules->complex_from_params > 0)
        aivm_buf_printf(out, "    rules->complex_from_params = %.17g;\n",
                        rules->complex_from_params);
    return aivm_buf_puts(out, "    return 0;\n}\n");
}
