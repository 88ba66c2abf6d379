/*
 * report_check.c - renders a check report as text for people (grouped by
 * resource, optionally coloured), as JSON for scripts (schema_version "1",
 * docs/check.md) and as GitHub workflow annotations (::error file=...::).
 * SARIF and JUnit live in report_sarif.c and report_junit.c.
 */
#include <cjson/cJSON.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "aivm/check.h"
#include "aivm_version.h"
#include "mathutil.h"

#define RED "\033[31m"
#define YELLOW "\033[33m"
#define CYAN "\033[36m"
#define DIM "\033[2m"
#define BOLD "\033[1m"
#define RESET "\033[0m"

static double round4(double v)
{
    double r = aivm_round(v * 10000) / 10000;
    return r == 0 ? 0 : r;
}

static const char *sev_color(aivm_severity s)
{
    return s == AIVM_SEV_ERROR ? RED : s == AIVM_SEV_WARNING ? YELLOW : CYAN;
}

static const char *source_name(aivm_price_source s)
{
    return s == AIVM_PRICE_LIVE ? "live" : s == AIVM_PRICE_CACHE ? "cache" : "catalog";
}

static void put_loc(aivm_buf *b, const aivm_loc *l)
{
    if (l->file && l->line)
        aivm_buf_printf(b, "%s:%u:%u", l->file, l->line, l->col);
    else if (l->file)
        aivm_buf_puts(b, l->file);
}

static void text_finding(aivm_buf *b, const aivm_finding *f, bool color)
{
    const char *word = f->waiver ? "waived" : aivm_severity_name(f->severity);
    const char *on = color ? (f->waiver ? DIM : sev_color(f->severity)) : "";
    aivm_buf_printf(b, "  %s%-7s%s %s ", on, word, color ? RESET : "", f->id);
    put_loc(b, &f->loc);
    aivm_buf_printf(b, ": %s", f->message);
    if (f->n_guidance) {
        aivm_buf_puts(b, " [");
        for (size_t i = 0; i < f->n_guidance; i++)
            aivm_buf_printf(b, "%s%s", i ? ", " : "", f->guidance[i]);
        aivm_buf_puts(b, "]");
    }
    aivm_buf_puts(b, "\n");
    if (f->suggested && !f->waiver)
        aivm_buf_printf(b, "          suggested: %s\n", aivm_str(&f->suggested->name));
    if (f->waiver)
        aivm_buf_printf(b, "          waived until %s: %s\n", f->waiver->expires,
                        f->waiver->reason);
}

static void text_item(aivm_buf *b, const aivm_check_item *it, const aivm_check_report *rep,
                      bool color)
{
    const aivm_plan_resource *r = it->res;
    aivm_buf_printf(b, "%s%s%s (%s)\n", color ? BOLD : "", r->address, color ? RESET : "", r->type);
    aivm_buf_printf(b, "  at ");
    put_loc(b, &r->loc);
    aivm_buf_printf(b, "\n  size %s",
                    r->size ? r->size
                            : (r->size_expr && r->size_expr[0] ? r->size_expr : "(empty)"));
    if (r->size_via)
        aivm_buf_printf(b, " (via %s)", r->size_via);
    aivm_buf_printf(b, " x %u, %s%s, %s%s\n", r->count, it->wl.region,
                    r->region ? "" : " (assumed: region unknown)", aivm_priority_name(r->priority),
                    r->conditional ? ", conditional" : "");
    if (it->has_workload)
        aivm_buf_printf(b, "  workload %s, %s, %s model, %s\n", aivm_phase_name(it->wl.phase),
                        aivm_kind_name(it->wl.kind), aivm_model_size_name(it->wl.model_size),
                        aivm_os_name(it->wl.os));
    if (it->fit_known)
        aivm_buf_printf(b,
                        "  memory: the job needs %.1f GiB; %.1f GiB per GPU of %.1f usable, "
                        "%.0f%% of the deployment's memory\n",
                        it->gpu_need_gb, it->fit.need_gib, it->fit.usable_gib,
                        it->fit.memory_utilization * 100);
    for (size_t i = it->first; i < it->first + it->n; i++)
        text_finding(b, &rep->findings[i], color);
    if (it->n == 0)
        aivm_buf_puts(b, "  ok: no findings\n");
    if (it->priced)
        aivm_buf_printf(b, "  cost %s %.2f/hour, %.2f/month%s%s%s%s\n", it->currency, it->hourly,
                        it->hourly * AIVM_HOURS_PER_MONTH, it->spot_price ? " (spot)" : "",
                        it->price_fallback ? " (reference-region price)" : "",
                        it->price_source == AIVM_PRICE_CATALOG ? "" : " (",
                        it->price_source == AIVM_PRICE_CATALOG
                            ? ""
                            : (it->price_source == AIVM_PRICE_LIVE ? "live)" : "cache)"));
    else
        aivm_buf_printf(b, "  cost: no price%s\n",
                        it->wl.os == AIVM_OS_WINDOWS && it->size
                            ? " (the catalog holds Linux prices only)"
                            : "");
    aivm_buf_puts(b, "\n");
}

int aivm_check_render_text(aivm_buf *out, const aivm_check_report *rep,
                           const aivm_check_render_opts *o, aivm_error *err)
{
    bool color = o && o->color;
    size_t orphans = rep->n_findings - rep->n_orphans;
    for (size_t i = 0; i < rep->n_items; i++)
        text_item(out, &rep->items[i], rep, color);
    if (rep->n_orphans) {
        aivm_buf_puts(out, "waivers\n");
        for (size_t i = orphans; i < rep->n_findings; i++)
            text_finding(out, &rep->findings[i], color);
        aivm_buf_puts(out, "\n");
    }
    aivm_buf_printf(out, "cost: %s %.2f/hour, %.2f/month (%.0f h) for %zu priced resource%s",
                    rep->currency, rep->hourly_total, rep->hourly_total * AIVM_HOURS_PER_MONTH,
                    AIVM_HOURS_PER_MONTH, rep->n_items - rep->n_unpriced,
                    rep->n_items - rep->n_unpriced == 1 ? "" : "s");
    if (rep->n_unpriced)
        aivm_buf_printf(out, "; %zu without a price", rep->n_unpriced);
    aivm_buf_printf(out,
                    "\nsummary: %zu resource%s, %zu error%s, %zu warning%s, %zu note%s, "
                    "%zu waived\n",
                    rep->n_items, rep->n_items == 1 ? "" : "s", rep->open[AIVM_SEV_ERROR],
                    rep->open[AIVM_SEV_ERROR] == 1 ? "" : "s", rep->open[AIVM_SEV_WARNING],
                    rep->open[AIVM_SEV_WARNING] == 1 ? "" : "s", rep->open[AIVM_SEV_NOTE],
                    rep->open[AIVM_SEV_NOTE] == 1 ? "" : "s", rep->n_waived);
    if (!rep->sizing_active)
        aivm_buf_puts(out, "AIVM007/AIVM008 (GPU memory fit) are inactive: no model-memory "
                           "sizing yet\n");
    (void)err;
    return 0;
}

/* ---- JSON ---- */

static cJSON *str_or_null(const char *s)
{
    return s ? cJSON_CreateString(s) : cJSON_CreateNull();
}

static cJSON *finding_json(const aivm_finding *f)
{
    cJSON *o = cJSON_CreateObject(), *g = cJSON_CreateArray(), *loc = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "id", f->id);
    cJSON_AddStringToObject(o, "severity", aivm_severity_name(f->severity));
    cJSON_AddStringToObject(o, "message", f->message);
    cJSON_AddItemToObject(o, "rule", str_or_null(f->rule ? aivm_rule_id(f->rule) : NULL));
    for (size_t i = 0; i < f->n_guidance; i++)
        cJSON_AddItemToArray(g, cJSON_CreateString(f->guidance[i]));
    cJSON_AddItemToObject(o, "guidance", g);
    cJSON_AddItemToObject(o, "suggested",
                          str_or_null(f->suggested ? aivm_str(&f->suggested->name) : NULL));
    cJSON_AddItemToObject(loc, "file", str_or_null(f->loc.file));
    cJSON_AddNumberToObject(loc, "line", f->loc.line);
    cJSON_AddNumberToObject(loc, "column", f->loc.col);
    cJSON_AddItemToObject(loc, "pointer", str_or_null(f->pointer));
    cJSON_AddItemToObject(o, "location", loc);
    if (f->waiver) {
        cJSON *w = cJSON_CreateObject();
        cJSON_AddStringToObject(w, "reason", f->waiver->reason);
        cJSON_AddStringToObject(w, "expires", f->waiver->expires);
        cJSON_AddStringToObject(w, "source", f->waiver->resource ? "file" : "tag");
        cJSON_AddItemToObject(w, "file", str_or_null(f->waiver->loc.file));
        cJSON_AddNumberToObject(w, "line", f->waiver->loc.line);
        cJSON_AddItemToObject(o, "waived", w);
    } else {
        cJSON_AddNullToObject(o, "waived");
    }
    return o;
}

static cJSON *workload_json(const aivm_check_item *it)
{
    cJSON *w;
    const aivm_plan_resource *r = it->res;
    if (!it->has_workload)
        return cJSON_CreateNull();
    w = cJSON_CreateObject();
    cJSON_AddStringToObject(w, "phase", aivm_phase_name(it->wl.phase));
    cJSON_AddStringToObject(w, "kind", aivm_kind_name(it->wl.kind));
    cJSON_AddStringToObject(w, "model_size", aivm_model_size_name(it->wl.model_size));
    cJSON_AddStringToObject(w, "os", aivm_os_name(it->wl.os));
    cJSON_AddItemToObject(w, "params", str_or_null(r->params));
    cJSON_AddItemToObject(w, "model", str_or_null(it->wl.sizing_in.model));
    cJSON_AddItemToObject(w, "precision", str_or_null(r->precision));
    cJSON_AddBoolToObject(w, "checkpointing", r->checkpointing);
    return w;
}

static cJSON *item_json(const aivm_check_item *it, const aivm_check_report *rep)
{
    const aivm_plan_resource *r = it->res;
    cJSON *o = cJSON_CreateObject(), *loc = cJSON_CreateObject(), *fs = cJSON_CreateArray();
    cJSON_AddStringToObject(o, "file", r->file);
    cJSON_AddStringToObject(o, "format", aivm_plan_format_name(r->format));
    cJSON_AddStringToObject(o, "address", r->address);
    cJSON_AddStringToObject(o, "type", r->type);
    cJSON_AddItemToObject(o, "size", str_or_null(r->size));
    cJSON_AddItemToObject(o, "size_expression", str_or_null(r->size ? NULL : r->size_expr));
    cJSON_AddItemToObject(o, "size_via", str_or_null(r->size_via));
    cJSON_AddBoolToObject(o, "size_known", it->size != NULL);
    cJSON_AddNumberToObject(o, "count", r->count);
    cJSON_AddNumberToObject(o, "nodes", r->nodes);
    cJSON_AddStringToObject(o, "priority", aivm_priority_name(r->priority));
    cJSON_AddItemToObject(o, "region", str_or_null(r->region));
    cJSON_AddBoolToObject(o, "conditional", r->conditional);
    cJSON_AddItemToObject(o, "workload", workload_json(it));
    cJSON_AddItemToObject(o, "suggested",
                          str_or_null(it->suggested ? aivm_str(&it->suggested->name) : NULL));
    if (it->fit_known) {
        cJSON *m = cJSON_CreateObject();
        cJSON_AddNumberToObject(m, "job_gib", round4(it->gpu_need_gb));
        cJSON_AddBoolToObject(m, "fits", it->fit.fits);
        cJSON_AddNumberToObject(m, "vms", it->fit.vms);
        cJSON_AddNumberToObject(m, "need_gib", round4(it->fit.need_gib));
        cJSON_AddNumberToObject(m, "usable_gib", round4(it->fit.usable_gib));
        cJSON_AddNumberToObject(m, "memory_utilization", round4(it->fit.memory_utilization));
        cJSON_AddItemToObject(o, "memory", m);
    } else {
        cJSON_AddNullToObject(o, "memory");
    }
    if (it->priced) {
        cJSON *p = cJSON_CreateObject();
        cJSON_AddStringToObject(p, "currency", it->currency);
        cJSON_AddStringToObject(p, "region", it->price_region);
        cJSON_AddStringToObject(p, "rate", it->spot_price ? "spot" : "on-demand");
        cJSON_AddStringToObject(p, "source", source_name(it->price_source));
        cJSON_AddBoolToObject(p, "reference_region", it->price_fallback);
        cJSON_AddNumberToObject(p, "hourly", round4(it->hourly));
        cJSON_AddNumberToObject(p, "monthly", round4(it->hourly * AIVM_HOURS_PER_MONTH));
        cJSON_AddItemToObject(o, "cost", p);
    } else {
        cJSON_AddNullToObject(o, "cost");
    }
    cJSON_AddNumberToObject(loc, "line", r->loc.line);
    cJSON_AddNumberToObject(loc, "column", r->loc.col);
    cJSON_AddItemToObject(loc, "pointer", str_or_null(r->pointer));
    cJSON_AddItemToObject(o, "location", loc);
    for (size_t i = it->first; i < it->first + it->n; i++)
        cJSON_AddItemToArray(fs, finding_json(&rep->findings[i]));
    cJSON_AddItemToObject(o, "findings", fs);
    return o;
}

int aivm_check_render_json(aivm_buf *out, const aivm_check_report *rep,
                           const aivm_check_render_opts *o, aivm_error *err)
{
    cJSON *root = cJSON_CreateObject(), *tool = cJSON_CreateObject();
    cJSON *sum = cJSON_CreateObject(), *cost = cJSON_CreateObject();
    cJSON *items = cJSON_CreateArray(), *orph = cJSON_CreateArray();
    char *text;
    int rc;
    cJSON_AddStringToObject(root, "schema_version", AIVM_CHECK_SCHEMA_VERSION);
    cJSON_AddStringToObject(tool, "name", "aivm-advise");
    cJSON_AddStringToObject(tool, "version",
                            o && o->tool_version ? o->tool_version : AIVM_VERSION_STRING);
    cJSON_AddItemToObject(root, "tool", tool);
    cJSON_AddStringToObject(root, "date", rep->today);
    cJSON_AddBoolToObject(root, "sizing_active", rep->sizing_active);
    cJSON_AddNumberToObject(sum, "resources", (double)rep->n_items);
    cJSON_AddNumberToObject(sum, "errors", (double)rep->open[AIVM_SEV_ERROR]);
    cJSON_AddNumberToObject(sum, "warnings", (double)rep->open[AIVM_SEV_WARNING]);
    cJSON_AddNumberToObject(sum, "notes", (double)rep->open[AIVM_SEV_NOTE]);
    cJSON_AddNumberToObject(sum, "waived", (double)rep->n_waived);
    cJSON_AddStringToObject(sum, "fail_on",
                            !o || o->fail_never ? "never" : aivm_severity_name(o->fail_on));
    cJSON_AddBoolToObject(sum, "failed", o && !o->fail_never && aivm_check_failed(rep, o->fail_on));
    cJSON_AddItemToObject(root, "summary", sum);
    cJSON_AddStringToObject(cost, "currency", rep->currency);
    cJSON_AddNumberToObject(cost, "hourly", round4(rep->hourly_total));
    cJSON_AddNumberToObject(cost, "monthly", round4(rep->hourly_total * AIVM_HOURS_PER_MONTH));
    cJSON_AddNumberToObject(cost, "hours_per_month", AIVM_HOURS_PER_MONTH);
    cJSON_AddNumberToObject(cost, "unpriced", (double)rep->n_unpriced);
    cJSON_AddItemToObject(root, "cost", cost);
    for (size_t i = 0; i < rep->n_items; i++)
        cJSON_AddItemToArray(items, item_json(&rep->items[i], rep));
    cJSON_AddItemToObject(root, "resources", items);
    for (size_t i = rep->n_findings - rep->n_orphans; i < rep->n_findings; i++)
        cJSON_AddItemToArray(orph, finding_json(&rep->findings[i]));
    cJSON_AddItemToObject(root, "unattached_findings", orph);
    text = cJSON_Print(root);
    cJSON_Delete(root);
    if (!text)
        return aivm_error_set(err, AIVM_ERROR, NULL, "cannot render JSON");
    rc = aivm_buf_puts(out, text);
    if (rc == 0)
        rc = aivm_buf_puts(out, "\n");
    cJSON_free(text);
    return rc < 0 ? aivm_error_set(err, rc, NULL, "report too large") : 0;
}

/* ---- GitHub workflow commands ---- */

/* Escape data (and, for properties, ':' and ',') as the runner expects. */
static void gh_escape(aivm_buf *b, const char *s, bool property)
{
    for (; *s; s++) {
        if (*s == '%')
            aivm_buf_puts(b, "%25");
        else if (*s == '\r')
            aivm_buf_puts(b, "%0D");
        else if (*s == '\n')
            aivm_buf_puts(b, "%0A");
        else if (property && *s == ':')
            aivm_buf_puts(b, "%3A");
        else if (property && *s == ',')
            aivm_buf_puts(b, "%2C");
        else
            aivm_buf_put(b, s, 1);
    }
}

static void gh_finding(aivm_buf *b, const aivm_finding *f)
{
    const aivm_check_rule *cr = aivm_check_rule_find(f->id);
    char title[200];
    snprintf(title, sizeof title, "%s %s", f->id,
             cr ? cr->title : (f->rule ? aivm_rule_title(f->rule) : ""));
    aivm_buf_printf(b, "::%s ",
                    f->severity == AIVM_SEV_NOTE      ? "notice"
                    : f->severity == AIVM_SEV_WARNING ? "warning"
                                                      : "error");
    if (f->loc.file && strcmp(f->loc.file, "-") != 0) { /* stdin has no file to annotate */
        aivm_buf_puts(b, "file=");
        gh_escape(b, f->loc.file, true);
        if (f->loc.line)
            aivm_buf_printf(b, ",line=%u,col=%u", f->loc.line, f->loc.col);
        aivm_buf_puts(b, ",");
    }
    aivm_buf_puts(b, "title=");
    gh_escape(b, title, true);
    aivm_buf_puts(b, "::");
    if (f->res) {
        gh_escape(b, f->res->address, false);
        aivm_buf_puts(b, ": ");
    }
    gh_escape(b, f->message, false);
    if (f->suggested) {
        aivm_buf_puts(b, " (suggested: ");
        gh_escape(b, aivm_str(&f->suggested->name), false);
        aivm_buf_puts(b, ")");
    }
    aivm_buf_puts(b, "\n");
}

int aivm_check_render_github(aivm_buf *out, const aivm_check_report *rep,
                             const aivm_check_render_opts *o, aivm_error *err)
{
    (void)o;
    (void)err;
    for (size_t i = 0; i < rep->n_findings; i++)
        if (!rep->findings[i].waiver)
            gh_finding(out, &rep->findings[i]);
    aivm_buf_printf(out,
                    "aivm-advise check: %zu resource%s, %zu error%s, %zu warning%s, "
                    "%zu note%s, %zu waived; %s %.2f/hour, %.2f/month\n",
                    rep->n_items, rep->n_items == 1 ? "" : "s", rep->open[AIVM_SEV_ERROR],
                    rep->open[AIVM_SEV_ERROR] == 1 ? "" : "s", rep->open[AIVM_SEV_WARNING],
                    rep->open[AIVM_SEV_WARNING] == 1 ? "" : "s", rep->open[AIVM_SEV_NOTE],
                    rep->open[AIVM_SEV_NOTE] == 1 ? "" : "s", rep->n_waived, rep->currency,
                    rep->hourly_total, rep->hourly_total * AIVM_HOURS_PER_MONTH);
    return 0;
}
