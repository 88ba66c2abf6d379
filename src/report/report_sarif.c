/*
 * report_sarif.c - SARIF 2.1.0 for GitHub code scanning and other SARIF
 * viewers: one run, the check ids as rules (help text, guidance ids, a
 * link to the guidance), one result per finding with its file, line and
 * column (columnKind unicodeCodePoints: libyaml counts characters), the
 * resource address as a logical location, the JSON pointer and suggested
 * size as properties, and waived findings as suppressions. Written
 * through jsonw.c (a cJSON tree printed by cJSON_Print).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aivm/check.h"
#include "aivm/report.h"
#include "aivm/util.h"
#include "aivm_version.h"
#include "report_int.h"
#include "util/jsonw.h"

#define GUIDANCE_URL                                                                               \
    "https://learn.microsoft.com/azure/cloud-adoption-framework/scenarios/ai/infrastructure/"      \
    "compute"
#define SARIF_SCHEMA "https://json.schemastore.org/sarif-2.1.0.json"

static const char *level(aivm_severity s)
{
    return s == AIVM_SEV_ERROR ? "error" : s == AIVM_SEV_WARNING ? "warning" : "note";
}

/* {"<key>": text} as the value of `name`. */
static void text_obj(aivm_jw *w, const char *name, const char *key, const char *text)
{
    aivm_jw_object(w, name);
    aivm_jw_str(w, key, text);
    aivm_jw_end(w);
}

/* The run's warnings (the catalog's age, prices that could not be had) as the
 * invocation's tool execution notifications: they are no result of a rule. */
static void notifications(aivm_jw *w, const aivm_check_report *rep)
{
    aivm_jw_array(w, "invocations");
    aivm_jw_object(w, NULL);
    aivm_jw_bool(w, "executionSuccessful", true);
    aivm_jw_array(w, "toolExecutionNotifications");
    for (size_t i = 0; i < rep->warnings.n; i++) {
        aivm_jw_object(w, NULL);
        text_obj(w, "descriptor", "id", rep->warnings.ids[i]);
        aivm_jw_str(w, "level", "warning");
        text_obj(w, "message", "text", rep->warnings.text[i]);
        aivm_jw_end(w);
    }
    aivm_jw_end(w);
    aivm_jw_end(w);
    aivm_jw_end(w);
}

static void rule_json(aivm_jw *w, const aivm_check_rule *cr)
{
    char md[1200], gl[64];
    const char *g = cr->guidance;
    aivm_jw_object(w, NULL);
    aivm_jw_str(w, "id", cr->id);
    aivm_jw_str(w, "name", cr->name);
    text_obj(w, "shortDescription", "text", cr->title);
    text_obj(w, "fullDescription", "text", cr->help);
    aivm_jw_object(w, "help");
    snprintf(md, sizeof md, "%s%s%s", cr->help, cr->guidance[0] ? " Guidance: " : "", cr->guidance);
    aivm_jw_str(w, "text", md);
    snprintf(md, sizeof md,
             "**%s** (%s)\n\n%s\n\nGuidance items: %s. See [Compute "
             "recommendations for AI workloads on Azure IaaS](%s) and docs/rules.md.",
             cr->title, cr->id, cr->help, cr->guidance[0] ? cr->guidance : "none", GUIDANCE_URL);
    aivm_jw_str(w, "markdown", md);
    aivm_jw_end(w);
    aivm_jw_str(w, "helpUri", GUIDANCE_URL);
    text_obj(w, "defaultConfiguration", "level", level(cr->severity));
    aivm_jw_object(w, "properties");
    aivm_jw_array(w, "tags");
    aivm_jw_str(w, NULL, "ai-infrastructure");
    while (*g) {
        size_t len = strcspn(g, " ");
        snprintf(gl, sizeof gl, "guidance-%.*s", (int)len, g);
        aivm_jw_str(w, NULL, gl);
        g += len;
        while (*g == ' ')
            g++;
    }
    aivm_jw_end(w);
    aivm_jw_str(w, "precision", "high");
    aivm_jw_end(w);
    aivm_jw_end(w);
}

/* A rule id seen only in findings (a custom `check:` id from --rules). */
static aivm_check_rule custom_rule(const aivm_finding *f)
{
    aivm_check_rule cr;
    memset(&cr, 0, sizeof cr);
    cr.id = f->id;
    cr.name = f->id;
    cr.severity = f->severity;
    cr.title = f->rule ? aivm_rule_title(f->rule) : f->id;
    cr.help = cr.title;
    cr.guidance = "";
    return cr;
}

/* `path` joined to `base` (when relative and `base` is given) with "." and
 * ".." segments and repeated '/' removed, lexically (no file system access):
 * an absolute path ("/" at least). Caller frees. */
static char *normalise(const char *base, const char *path)
{
    size_t cap = (base ? strlen(base) : 0) + strlen(path) + 3, n = 0;
    char *joined = aivm_xmalloc(cap), *out = aivm_xmalloc(cap);
    const char *p;
    snprintf(joined, cap, "%s/%s", path[0] != '/' && base ? base : "", path);
    for (p = joined; *p;) {
        size_t len = strcspn(p, "/");
        if (len == 0 || (len == 1 && p[0] == '.')) {
            /* an empty or "." segment */
        } else if (len == 2 && p[0] == '.' && p[1] == '.') { /* drop the last; ".." of "/" is "/" */
            while (n > 0 && out[n - 1] != '/')
                n--;
            if (n > 0)
                n--;
        } else {
            out[n++] = '/';
            memcpy(out + n, p, len);
            n += len;
        }
        p += len;
        if (*p == '/')
            p++;
    }
    if (n == 0)
        out[n++] = '/';
    out[n] = '\0';
    free(joined);
    return out;
}

/* The artifactLocation of `file`: relative (uriBaseId %SRCROOT%) under the
 * source root, else a file:// URI (a relative path that leaves an unknown
 * root stays as given); standard input is "stdin" without a base. */
static void artifact_location(aivm_jw *w, const char *file, const char *srcroot)
{
    aivm_buf uri = AIVM_BUF_INIT;
    char *path, *root = NULL;
    const char *rel = NULL;
    if (!file || strcmp(file, "-") == 0) { /* no file: a name, not a path of the repository */
        text_obj(w, "artifactLocation", "uri", "stdin");
        return;
    }
    if (srcroot && srcroot[0] != '/')
        srcroot = NULL;
    /* without a root, a relative path that stays inside "." stays relative */
    path = normalise(srcroot ? srcroot : "/", file);
    if (srcroot) {
        size_t k;
        root = normalise(NULL, srcroot);
        k = strcmp(root, "/") == 0 ? 0 : strlen(root);
        if (strncmp(path, root, k) == 0 && path[k] == '/' && path[k + 1])
            rel = path + k + 1;
    } else if (file[0] != '/' && strcmp(path, "/") != 0 && strncmp(file, "../", 3) != 0 &&
               strstr(file, "/../") == NULL) {
        rel = path + 1;
    }
    if (rel) {
        aivm_buf_put_pct(&uri, rel, "/");
    } else if (!srcroot && file[0] != '/') { /* leaves an unknown root: as given, no base */
        aivm_buf_put_pct(&uri, file, "/");
    } else {
        aivm_buf_puts(&uri, "file://");
        aivm_buf_put_pct(&uri, path, "/");
    }
    aivm_jw_object(w, "artifactLocation");
    aivm_jw_str(w, "uri", uri.ptr);
    if (rel)
        aivm_jw_str(w, "uriBaseId", "%SRCROOT%");
    aivm_jw_end(w);
    free(path);
    free(root);
    aivm_buf_dispose(&uri);
}

static void physical_location(aivm_jw *w, const aivm_loc *l, const char *srcroot)
{
    aivm_jw_object(w, "physicalLocation");
    artifact_location(w, l->file, srcroot);
    if (l->line) {
        aivm_jw_object(w, "region");
        aivm_jw_num(w, "startLine", l->line);
        aivm_jw_num(w, "startColumn", l->col ? l->col : 1);
        aivm_jw_end(w);
    }
    aivm_jw_end(w);
}

static void result_json(aivm_jw *w, const aivm_finding *f, size_t idx, const char *srcroot)
{
    char key[600];
    aivm_jw_object(w, NULL);
    aivm_jw_str(w, "ruleId", f->id);
    aivm_jw_num(w, "ruleIndex", (double)idx);
    aivm_jw_str(w, "level", level(f->severity));
    if (f->res) {
        char msg[2048];
        char sug[320] = "";
        if (f->suggested)
            snprintf(sug, sizeof sug, " (suggested: %u x %s)", f->suggested_vms,
                     aivm_str(&f->suggested->name));
        snprintf(msg, sizeof msg, "%s: %s%s", f->res->address, f->message, sug);
        text_obj(w, "message", "text", msg);
    } else {
        text_obj(w, "message", "text", f->message);
    }
    aivm_jw_array(w, "locations");
    aivm_jw_object(w, NULL);
    physical_location(w, &f->loc, srcroot);
    if (f->res) {
        aivm_jw_array(w, "logicalLocations");
        aivm_jw_object(w, NULL);
        aivm_jw_str(w, "fullyQualifiedName", f->res->address);
        aivm_jw_str(w, "kind", "resource");
        aivm_jw_end(w);
        aivm_jw_end(w);
    }
    aivm_jw_end(w);
    aivm_jw_end(w);
    if (f->plan_loc.file) { /* the finding is on the .tf source (--source): the plan too */
        aivm_jw_array(w, "relatedLocations");
        aivm_jw_object(w, NULL);
        aivm_jw_num(w, "id", 1);
        physical_location(w, &f->plan_loc, srcroot);
        text_obj(w, "message", "text", "the planned value in the Terraform plan");
        aivm_jw_end(w);
        aivm_jw_end(w);
    }
    snprintf(key, sizeof key, "%s:%s", f->id, f->res ? f->res->address : "waivers");
    text_obj(w, "partialFingerprints", "aivmFinding/v1", key);
    if (f->baseline != AIVM_BASELINE_NONE) /* against --base (SARIF 2.1.0 3.27.24) */
        aivm_jw_str(w, "baselineState", aivm_baseline_name(f->baseline));
    if (f->waiver) {
        aivm_jw_array(w, "suppressions");
        aivm_jw_object(w, NULL);
        aivm_jw_str(w, "kind", f->waiver->resource ? "external" : "inSource");
        aivm_jw_str(w, "status", "accepted");
        snprintf(key, sizeof key, "%s (expires %s)", f->waiver->reason, f->waiver->expires);
        aivm_jw_str(w, "justification", key);
        aivm_jw_end(w);
        aivm_jw_end(w);
    }
    aivm_jw_object(w, "properties");
    if (f->pointer)
        aivm_jw_str(w, "jsonPointer", f->pointer);
    if (f->suggested) {
        aivm_jw_str(w, "suggestedSize", aivm_str(&f->suggested->name));
        aivm_jw_num(w, "suggestedInstances", f->suggested_vms);
    }
    if (f->rule)
        aivm_jw_str(w, "sourceRule", aivm_rule_id(f->rule));
    aivm_jw_end(w);
    aivm_jw_end(w);
}

int aivm_check_render_sarif(aivm_buf *out, const aivm_check_report *rep,
                            const aivm_check_render_opts *o, aivm_error *err)
{
    const char *ver = o && o->tool_version ? o->tool_version : AIVM_VERSION_STRING;
    size_t n_table = 0, n_ids, n_listed;
    const aivm_check_rule *table = aivm_check_rules(&n_table);
    /* the results: the findings, then with --base the fixed ones (baselineState absent) */
    size_t n_all = rep->n_findings + (rep->diff ? rep->diff->n_fixed : 0);
    const aivm_finding **all = aivm_xcalloc(n_all + 1, sizeof *all);
    /* the rules: the table's, then custom ids in the order findings show them */
    const char **ids = aivm_xcalloc(n_table + n_all + 1, sizeof *ids);
    size_t *index = aivm_xcalloc(n_all + 1, sizeof *index);
    char ov[AIVM_OVERLAY_SUMMARY_CAP];
    aivm_jw w;
    for (size_t i = 0; i < n_all; i++)
        all[i] = i < rep->n_findings ? &rep->findings[i] : rep->diff->fixed[i - rep->n_findings];
    for (size_t k = n_ids = 0; k < n_table; k++)
        if (!table[k].needs_quota || rep->quota_active) /* AIVM013 only with --quota */
            ids[n_ids++] = table[k].id;
    n_listed = n_ids;
    for (size_t i = 0; i < n_all; i++) {
        size_t k = 0;
        while (k < n_ids && strcmp(ids[k], all[i]->id) != 0)
            k++;
        if (k == n_ids)
            ids[n_ids++] = all[i]->id;
        index[i] = k;
    }
    aivm_jw_init(&w, out);
    aivm_jw_object(&w, NULL);
    aivm_jw_str(&w, "$schema", SARIF_SCHEMA);
    aivm_jw_str(&w, "version", "2.1.0");
    aivm_jw_array(&w, "runs");
    aivm_jw_object(&w, NULL);
    aivm_jw_object(&w, "tool");
    aivm_jw_object(&w, "driver");
    aivm_jw_str(&w, "name", "aivm-advise");
    aivm_jw_str(&w, "version", ver);
    aivm_jw_str(&w, "semanticVersion", ver);
    aivm_jw_str(&w, "informationUri", GUIDANCE_URL);
    aivm_jw_array(&w, "rules");
    for (size_t k = 0; k < n_table; k++)
        if (!table[k].needs_quota || rep->quota_active)
            rule_json(&w, &table[k]);
    for (size_t i = 0, next = n_listed; i < n_all; i++)
        if (index[i] == next) { /* the first finding with a new custom id */
            aivm_check_rule cr = custom_rule(all[i]);
            rule_json(&w, &cr);
            next++;
        }
    aivm_jw_end(&w);
    aivm_jw_end(&w);
    aivm_jw_end(&w);
    if (rep->warnings.n)
        notifications(&w, rep);
    if (o && o->srcroot && o->srcroot[0] == '/') { /* where %SRCROOT% is */
        aivm_buf uri = AIVM_BUF_INIT;
        char *root = normalise(NULL, o->srcroot);
        aivm_buf_puts(&uri, "file://");
        aivm_buf_put_pct(&uri, root, "/");
        if (strcmp(root, "/") != 0)
            aivm_buf_puts(&uri, "/");
        aivm_jw_object(&w, "originalUriBaseIds");
        text_obj(&w, "%SRCROOT%", "uri", uri.ptr);
        aivm_jw_end(&w);
        free(root);
        aivm_buf_dispose(&uri);
    }
    aivm_jw_str(&w, "columnKind", "unicodeCodePoints");
    if (rep->catalog && aivm_catalog_overlay_name(rep->catalog)) { /* what changed the catalog */
        aivm_jw_object(&w, "properties");
        aivm_jw_object(&w, "catalogOverlay");
        aivm_jw_str(&w, "file", aivm_catalog_overlay_name(rep->catalog));
        aivm_jw_str(&w, "asOf", aivm_catalog_overlay_as_of(rep->catalog));
        aivm_catalog_overlay_summary(ov, sizeof ov, rep->catalog);
        aivm_jw_str(&w, "text", ov);
        aivm_jw_end(&w);
        aivm_jw_end(&w);
    }
    aivm_jw_array(&w, "results");
    for (size_t i = 0; i < n_all; i++)
        result_json(&w, all[i], index[i], o ? o->srcroot : NULL);
    aivm_jw_end(&w);
    aivm_jw_end(&w);
    aivm_jw_end(&w);
    aivm_jw_end(&w);
    free(all);
    free(ids);
    free(index);
    aivm_buf_puts(out, "\n");
    if (out->overflow)
        return aivm_error_set(err, AIVM_ELIMIT, NULL, "report too large");
    return 0;
}
