/*
 * report_check.c - renders a check report as text for people (grouped by
 * resource, optionally coloured), as JSON for scripts (schema_version "1",
 * docs/check.md) and as GitHub workflow annotations (::error file=...::).
 * SARIF and JUnit live in report_sarif.c and report_junit.c.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "aivm/check.h"
#include "aivm_version.h"
#include "report_int.h"
#include "report_work.h"

#define VIS(s) aivm_report__vis(s)
#include "util/jsonw.h"
#include "util/mathutil.h"

static const char *sev_color(aivm_severity s)
{
    return s == AIVM_SEV_ERROR     ? AIVM_SGR_RED
           : s == AIVM_SEV_WARNING ? AIVM_SGR_YELLOW
                                   : AIVM_SGR_CYAN;
}

static const char *source_name(aivm_price_source s)
{
    return s == AIVM_PRICE_LIVE ? "live" : s == AIVM_PRICE_CACHE ? "cache" : "catalog";
}

static void put_loc(aivm_buf *b, const aivm_loc *l)
{
    if (l->file && l->line)
        aivm_buf_printf(b, "%s:%u:%u", VIS(l->file), l->line, l->col);
    else if (l->file)
        aivm_buf_puts(b, VIS(l->file));
}

static void text_finding(aivm_buf *b, const aivm_finding *f, bool color)
{
    const char *word = f->waiver ? "waived" : aivm_severity_name(f->severity);
    const char *on = color ? (f->waiver ? AIVM_SGR_DIM : sev_color(f->severity)) : "";
    aivm_buf_printf(b, "  %s%-7s%s %s ", on, word, color ? AIVM_SGR_RESET : "", f->id);
    if (f->baseline != AIVM_BASELINE_NONE) /* against --base: new, unchanged, fixed */
        aivm_buf_printf(b, "[%s] ",
                        f->baseline == AIVM_BASELINE_ABSENT ? "fixed"
                                                            : aivm_baseline_name(f->baseline));
    put_loc(b, &f->loc);
    aivm_buf_printf(b, ": %s", VIS(f->message));
    if (f->n_guidance) {
        aivm_buf_puts(b, " [");
        for (size_t i = 0; i < f->n_guidance; i++)
            aivm_buf_printf(b, "%s%s", i ? ", " : "", f->guidance[i]);
        aivm_buf_puts(b, "]");
    }
    aivm_buf_puts(b, "\n");
    if (f->suggested && !f->waiver)
        aivm_buf_printf(b, "          suggested: %u x %s\n", f->suggested_vms,
                        VIS(aivm_str(&f->suggested->name)));
    if (f->waiver)
        aivm_buf_printf(b, "          waived until %s: %s\n", VIS(f->waiver->expires),
                        VIS(f->waiver->reason));
}

static void text_item(aivm_buf *b, const aivm_check_item *it, const aivm_check_report *rep,
                      bool color)
{
    size_t idx = (size_t)(it - rep->items);
    const aivm_plan_resource *r = it->res;
    aivm_buf_printf(b, "%s%s%s (%s)\n", color ? AIVM_SGR_BOLD : "", VIS(r->address),
                    color ? AIVM_SGR_RESET : "", VIS(r->type));
    aivm_buf_printf(b, "  at ");
    put_loc(b, &r->loc);
    aivm_buf_printf(
        b, "\n  size %s",
        VIS(r->size ? r->size : (r->size_expr && r->size_expr[0] ? r->size_expr : "(empty)")));
    if (r->size_via)
        aivm_buf_printf(b, " (via %s)", VIS(r->size_via));
    if (r->count_expr)
        aivm_buf_printf(b, " x ? (count %s)", VIS(r->count_expr));
    else if (r->autoscale)
        aivm_buf_printf(b, " x %u-%u (autoscaling: priced at the maximum, %u)", r->count_min,
                        r->count, r->count);
    else
        aivm_buf_printf(b, " x %u", r->count);
    aivm_buf_printf(b, ", %s%s, %s%s%s\n", VIS(it->wl.region),
                    it->region_unknown ? " (not an Azure region)"
                    : r->region        ? ""
                                       : " (assumed: region unknown)",
                    aivm_priority_name(r->priority), r->conditional ? ", conditional" : "",
                    r->system_pool ? ", system node pool" : "");
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
                        it->deploy.monthly, it->spot_price ? " (spot)" : "",
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
    aivm_report__diff_item_text(b, rep, idx);
    if (it->has_work)
        aivm_report__check_work_text(b, it);
    aivm_buf_puts(b, "\n");
}

/* "N resources, N errors, N warnings, N notes, N waived" (text and GitHub). */
void aivm_report__check_counts(aivm_buf *b, const aivm_check_report *rep)
{
    aivm_buf_printf(b, "%zu resource%s, %zu error%s, %zu warning%s, %zu note%s, %zu waived",
                    rep->n_items, rep->n_items == 1 ? "" : "s", rep->open[AIVM_SEV_ERROR],
                    rep->open[AIVM_SEV_ERROR] == 1 ? "" : "s", rep->open[AIVM_SEV_WARNING],
                    rep->open[AIVM_SEV_WARNING] == 1 ? "" : "s", rep->open[AIVM_SEV_NOTE],
                    rep->open[AIVM_SEV_NOTE] == 1 ? "" : "s", rep->n_waived);
}

int aivm_check_render_text(aivm_buf *out, const aivm_check_report *rep,
                           const aivm_check_render_opts *o, aivm_error *err)
{
    bool color = o && o->color;
    size_t orphans = rep->n_findings - rep->n_orphans;
    char ov[AIVM_OVERLAY_SUMMARY_CAP];
    for (size_t i = 0; i < rep->n_items; i++)
        text_item(out, &rep->items[i], rep, color);
    if (rep->n_orphans) {
        aivm_buf_puts(out, "waivers\n");
        for (size_t i = orphans; i < rep->n_findings; i++)
            text_finding(out, &rep->findings[i], color);
        aivm_buf_puts(out, "\n");
    }
    if (rep->diff)
        aivm_report__diff_text(out, rep, text_finding, color);
    if (!rep->has_cost)
        aivm_buf_puts(out, "cost: unknown (no resource could be priced)");
    else
        aivm_buf_printf(out, "cost: %s %.2f/hour, %.2f/month (%.0f h) for %zu priced resource%s",
                        rep->currency, rep->hourly_total, rep->monthly_total, AIVM_HOURS_PER_MONTH,
                        rep->n_priced, rep->n_priced == 1 ? "" : "s");
    if (rep->has_cost && rep->n_unpriced)
        aivm_buf_printf(out, "; %zu without a price", rep->n_unpriced);
    if (rep->has_cost && rep->n_reference_priced)
        aivm_buf_printf(out, "; %zu at another region's reference rate", rep->n_reference_priced);
    if (rep->diff) {
        aivm_buf_puts(out, "\n");
        aivm_report__diff_cost_line(out, rep->diff);
    }
    aivm_buf_puts(out, "\nsummary: ");
    aivm_report__check_counts(out, rep);
    if (rep->diff) {
        aivm_buf_puts(out, "; against the base: ");
        aivm_report__diff_counts(out, rep->diff);
    }
    aivm_buf_puts(out, "\n");
    if (aivm_catalog_overlay_summary(ov, sizeof ov, rep->catalog))
        aivm_buf_printf(out, "catalog overlay: %s\n", VIS(ov));
    for (size_t i = 0; i < rep->warnings.n; i++)
        aivm_buf_printf(out, "warning: %s\n", VIS(rep->warnings.text[i]));
    if (!rep->sizing_active)
        aivm_buf_puts(out, "AIVM007/AIVM008 (GPU memory fit) are inactive: no model-memory "
                           "sizing yet\n");
    (void)err;
    return 0;
}

/* ---- JSON (through jsonw.c: a cJSON tree, cJSON_Print) ---- */

void aivm_report__check_finding_json(aivm_jw *w, const aivm_finding *f)
{
    aivm_jw_object(w, NULL);
    aivm_jw_str(w, "id", f->id);
    if (f->baseline != AIVM_BASELINE_NONE)
        aivm_jw_str(w, "baseline", aivm_baseline_name(f->baseline));
    if (f->baseline == AIVM_BASELINE_ABSENT)
        aivm_jw_str(w, "address", f->res ? f->res->address : NULL);
    aivm_jw_str(w, "severity", aivm_severity_name(f->severity));
    aivm_jw_str(w, "message", f->message);
    aivm_jw_str(w, "rule", f->rule ? aivm_rule_id(f->rule) : NULL);
    aivm_jw_array(w, "guidance");
    for (size_t i = 0; i < f->n_guidance; i++)
        aivm_jw_str(w, NULL, f->guidance[i]);
    aivm_jw_end(w);
    aivm_jw_str(w, "suggested", f->suggested ? aivm_str(&f->suggested->name) : NULL);
    if (f->suggested)
        aivm_jw_num(w, "suggested_instances", f->suggested_vms);
    else
        aivm_jw_null(w, "suggested_instances");
    aivm_jw_object(w, "location");
    aivm_jw_str(w, "file", f->loc.file);
    aivm_jw_num(w, "line", f->loc.line);
    aivm_jw_num(w, "column", f->loc.col);
    aivm_jw_str(w, "pointer", f->plan_loc.file ? NULL : f->pointer);
    aivm_jw_end(w);
    if (f->plan_loc.file) { /* moved to the .tf source (--source): where the plan has it */
        aivm_jw_object(w, "plan_location");
        aivm_jw_str(w, "file", f->plan_loc.file);
        aivm_jw_num(w, "line", f->plan_loc.line);
        aivm_jw_num(w, "column", f->plan_loc.col);
        aivm_jw_str(w, "pointer", f->pointer);
        aivm_jw_end(w);
    }
    if (f->waiver) {
        aivm_jw_object(w, "waived");
        aivm_jw_str(w, "reason", f->waiver->reason);
        aivm_jw_str(w, "expires", f->waiver->expires);
        aivm_jw_str(w, "source", f->waiver->resource ? "file" : "tag");
        aivm_jw_str(w, "file", f->waiver->loc.file);
        aivm_jw_num(w, "line", f->waiver->loc.line);
        aivm_jw_end(w);
    } else {
        aivm_jw_null(w, "waived");
    }
    aivm_jw_end(w);
}

static void workload_json(aivm_jw *w, const aivm_check_item *it)
{
    const aivm_plan_resource *r = it->res;
    if (!it->has_workload) {
        aivm_jw_null(w, "workload");
        return;
    }
    aivm_jw_object(w, "workload");
    aivm_jw_str(w, "phase", aivm_phase_name(it->wl.phase));
    aivm_jw_str(w, "kind", aivm_kind_name(it->wl.kind));
    aivm_jw_str(w, "model_size", aivm_model_size_name(it->wl.model_size));
    aivm_jw_str(w, "os", aivm_os_name(it->wl.os));
    aivm_jw_str(w, "params", r->params);
    aivm_jw_str(w, "model", it->wl.sizing_in.model);
    aivm_jw_str(w, "precision", r->precision);
    aivm_jw_bool(w, "checkpointing", r->checkpointing);
    aivm_jw_end(w);
}

static void item_json(aivm_jw *w, const aivm_check_item *it, const aivm_check_report *rep)
{
    const aivm_plan_resource *r = it->res;
    aivm_jw_object(w, NULL);
    aivm_jw_str(w, "file", r->file);
    aivm_jw_str(w, "format", aivm_plan_format_name(r->format));
    aivm_jw_str(w, "address", r->address);
    aivm_jw_str(w, "type", r->type);
    aivm_jw_str(w, "size", r->size);
    aivm_jw_str(w, "size_expression", r->size ? NULL : r->size_expr);
    aivm_jw_str(w, "size_via", r->size_via);
    aivm_jw_bool(w, "size_known", it->size != NULL);
    if (r->count_expr)
        aivm_jw_null(w, "count");
    else
        aivm_jw_num(w, "count", r->count);
    aivm_jw_str(w, "count_expression", r->count_expr);
    if (r->node_pool) { /* only for AKS node pools: other resources' JSON is unchanged */
        aivm_jw_object(w, "pool");
        aivm_jw_str(w, "mode", r->system_pool ? "system" : "user");
        aivm_jw_bool(w, "autoscale", r->autoscale);
        if (r->autoscale && !r->count_expr) {
            aivm_jw_num(w, "min_count", r->count_min);
            aivm_jw_num(w, "max_count", r->count);
        } else {
            aivm_jw_null(w, "min_count");
            aivm_jw_null(w, "max_count");
        }
        aivm_jw_end(w);
    }
    aivm_jw_num(w, "nodes", r->nodes);
    aivm_jw_str(w, "priority", aivm_priority_name(r->priority));
    aivm_jw_str(w, "region", r->region);
    aivm_jw_bool(w, "conditional", r->conditional);
    workload_json(w, it);
    aivm_jw_str(w, "suggested", it->suggested ? aivm_str(&it->suggested->name) : NULL);
    if (it->suggested)
        aivm_jw_num(w, "suggested_instances", it->suggested_deploy.vms);
    else
        aivm_jw_null(w, "suggested_instances");
    if (it->suggested && it->suggested_deploy.has_hourly) {
        aivm_jw_object(w, "suggested_deployment");
        aivm_jw_num(w, "instances", it->suggested_deploy.vms);
        aivm_jw_str(w, "currency", it->suggested_deploy.currency);
        aivm_jw_num(w, "hourly", aivm_round_to(it->suggested_deploy.hourly, 4));
        aivm_jw_num(w, "monthly", aivm_round_to(it->suggested_deploy.monthly, 4));
        aivm_jw_end(w);
    } else {
        aivm_jw_null(w, "suggested_deployment");
    }
    if (it->fit_known) {
        aivm_jw_object(w, "memory");
        aivm_jw_num(w, "job_gib", aivm_round_to(it->gpu_need_gb, 4));
        aivm_jw_bool(w, "fits", it->fit.fits);
        aivm_jw_num(w, "vms", it->fit.vms);
        aivm_jw_num(w, "need_gib", aivm_round_to(it->fit.need_gib, 4));
        aivm_jw_num(w, "usable_gib", aivm_round_to(it->fit.usable_gib, 4));
        aivm_jw_num(w, "memory_utilization", aivm_round_to(it->fit.memory_utilization, 4));
        aivm_jw_end(w);
    } else {
        aivm_jw_null(w, "memory");
    }
    if (it->priced) {
        aivm_jw_object(w, "cost");
        aivm_jw_str(w, "currency", it->currency);
        aivm_jw_str(w, "region", it->price_region);
        aivm_jw_str(w, "rate", it->spot_price ? "spot" : "on-demand");
        aivm_jw_str(w, "source", source_name(it->price_source));
        aivm_jw_bool(w, "reference_region", it->price_fallback);
        aivm_jw_num(w, "hourly", aivm_round_to(it->hourly, 4));
        aivm_jw_num(w, "monthly", aivm_round_to(it->deploy.monthly, 4));
        aivm_jw_end(w);
    } else {
        aivm_jw_null(w, "cost");
    }
    if (it->has_work)
        aivm_report__check_work_json(w, it);
    aivm_jw_object(w, "location");
    aivm_jw_num(w, "line", r->loc.line);
    aivm_jw_num(w, "column", r->loc.col);
    aivm_jw_str(w, "pointer", r->pointer);
    aivm_jw_end(w);
    aivm_jw_array(w, "findings");
    for (size_t i = it->first; i < it->first + it->n; i++)
        aivm_report__check_finding_json(w, &rep->findings[i]);
    aivm_jw_end(w);
    aivm_jw_end(w);
}

int aivm_check_render_json(aivm_buf *out, const aivm_check_report *rep,
                           const aivm_check_render_opts *o, aivm_error *err)
{
    aivm_jw w;
    aivm_jw_init(&w, out);
    aivm_jw_object(&w, NULL);
    aivm_jw_str(&w, "schema_version", AIVM_CHECK_SCHEMA_VERSION);
    aivm_jw_object(&w, "tool");
    aivm_jw_str(&w, "name", "aivm-advise");
    aivm_jw_str(&w, "version", o && o->tool_version ? o->tool_version : AIVM_VERSION_STRING);
    aivm_jw_end(&w);
    aivm_jw_str(&w, "date", rep->today);
    if (rep->catalog)
        aivm_report__catalog_json(&w, rep->catalog);
    aivm_jw_bool(&w, "sizing_active", rep->sizing_active);
    aivm_jw_object(&w, "summary");
    aivm_jw_num(&w, "resources", (double)rep->n_items);
    aivm_jw_num(&w, "errors", (double)rep->open[AIVM_SEV_ERROR]);
    aivm_jw_num(&w, "warnings", (double)rep->open[AIVM_SEV_WARNING]);
    aivm_jw_num(&w, "notes", (double)rep->open[AIVM_SEV_NOTE]);
    aivm_jw_num(&w, "waived", (double)rep->n_waived);
    aivm_jw_str(&w, "fail_on", rep->gate.never ? "never" : aivm_severity_name(rep->gate.level));
    aivm_jw_bool(&w, "failed", rep->verdict == AIVM_VERDICT_FAIL);
    aivm_jw_end(&w);
    aivm_jw_object(&w, "cost");
    aivm_jw_str(&w, "currency", rep->currency);
    aivm_jw_opt_num(&w, "hourly", rep->has_cost, aivm_round_to(rep->hourly_total, 4));
    aivm_jw_opt_num(&w, "monthly", rep->has_cost, aivm_round_to(rep->monthly_total, 4));
    aivm_jw_num(&w, "hours_per_month", AIVM_HOURS_PER_MONTH);
    aivm_jw_num(&w, "unpriced", (double)rep->n_unpriced);
    aivm_jw_num(&w, "reference_priced", (double)rep->n_reference_priced);
    aivm_jw_end(&w);
    aivm_jw_array(&w, "resources");
    for (size_t i = 0; i < rep->n_items; i++)
        item_json(&w, &rep->items[i], rep);
    aivm_jw_end(&w);
    aivm_jw_array(&w, "unattached_findings");
    for (size_t i = rep->n_findings - rep->n_orphans; i < rep->n_findings; i++)
        aivm_report__check_finding_json(&w, &rep->findings[i]);
    aivm_jw_end(&w);
    aivm_report__warnings_json(&w, &rep->warnings);
    if (rep->diff)
        aivm_report__diff_json(&w, rep);
    aivm_jw_end(&w);
    aivm_buf_puts(out, "\n");
    if (out->overflow)
        return aivm_error_set(err, AIVM_ELIMIT, NULL, "report too large");
    return 0;
}

/* ---- GitHub workflow commands ---- */

/* Escape data (and, for properties, ':' and ',') as the runner expects: line
 * ends percent-encoded, other controls, C1, noncharacters and bytes that are
 * not UTF-8 shown (aivm_report__vis), never sent. */
static void gh_escape(aivm_buf *b, const char *s, bool property)
{
    for (s = aivm_report__vis(s); *s; s++) {
        if (*s == '%')
            aivm_buf_puts(b, "%25");
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
        aivm_buf_printf(b, " (suggested: %u x ", f->suggested_vms);
        gh_escape(b, aivm_str(&f->suggested->name), false);
        aivm_buf_puts(b, ")");
    }
    aivm_buf_puts(b, "\n");
}

int aivm_check_render_github(aivm_buf *out, const aivm_check_report *rep,
                             const aivm_check_render_opts *o, aivm_error *err)
{
    char ov[AIVM_OVERLAY_SUMMARY_CAP];
    (void)o;
    (void)err;
    for (size_t i = 0; i < rep->n_findings; i++) /* with --base: the new findings only */
        if (!rep->findings[i].waiver && rep->findings[i].baseline != AIVM_BASELINE_UNCHANGED)
            gh_finding(out, &rep->findings[i]);
    aivm_buf_puts(out, "aivm-advise check: ");
    aivm_report__check_counts(out, rep);
    if (rep->has_cost)
        aivm_buf_printf(out, "; %s %.2f/hour, %.2f/month", rep->currency, rep->hourly_total,
                        rep->monthly_total);
    else
        aivm_buf_puts(out, "; cost unknown (no resource could be priced)");
    if (rep->n_unpriced && rep->has_cost)
        aivm_buf_printf(out, "; %zu without a price", rep->n_unpriced);
    if (rep->n_reference_priced && rep->has_cost)
        aivm_buf_printf(out, "; %zu at another region's reference rate", rep->n_reference_priced);
    if (rep->diff) {
        aivm_buf_puts(out, "; against the base: ");
        aivm_report__diff_counts(out, rep->diff);
        aivm_buf_puts(out, "; ");
        aivm_report__diff_cost_line(out, rep->diff);
    }
    aivm_buf_puts(out, "\n");
    if (aivm_catalog_overlay_summary(ov, sizeof ov, rep->catalog))
        aivm_buf_printf(out, "aivm-advise check: catalog overlay %s\n", VIS(ov));
    /* the run's warnings (the catalog's age, whose prices): annotations without a file */
    for (size_t i = 0; i < rep->warnings.n; i++) {
        aivm_buf_puts(out, "::warning title=");
        gh_escape(out, "aivm-advise ", true);
        gh_escape(out, rep->warnings.ids[i], true);
        aivm_buf_puts(out, "::");
        gh_escape(out, rep->warnings.text[i], false);
        aivm_buf_puts(out, "\n");
    }
    return 0;
}
