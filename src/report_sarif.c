/*
 * report_sarif.c - SARIF 2.1.0 for GitHub code scanning and other SARIF
 * viewers: one run, the check ids as rules (help text, guidance ids, a
 * link to the guidance), one result per finding with its file, line and
 * column (columnKind unicodeCodePoints: libyaml counts characters), the
 * resource address as a logical location, the JSON pointer and suggested
 * size as properties, and waived findings as suppressions.
 */
#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aivm/check.h"
#include "aivm_version.h"

#define GUIDANCE_URL                                                                               \
    "https://learn.microsoft.com/azure/cloud-adoption-framework/scenarios/ai/infrastructure/"      \
    "compute"
#define SARIF_SCHEMA "https://json.schemastore.org/sarif-2.1.0.json"

static const char *level(aivm_severity s)
{
    return s == AIVM_SEV_ERROR ? "error" : s == AIVM_SEV_WARNING ? "warning" : "note";
}

static cJSON *text_obj(const char *key, const char *text)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, key, text);
    return o;
}

static cJSON *rule_json(const aivm_check_rule *cr)
{
    cJSON *r = cJSON_CreateObject(), *help = cJSON_CreateObject();
    cJSON *cfg = cJSON_CreateObject(), *props = cJSON_CreateObject();
    cJSON *tags = cJSON_CreateArray();
    char md[1200], gl[64];
    const char *g = cr->guidance;
    cJSON_AddStringToObject(r, "id", cr->id);
    cJSON_AddStringToObject(r, "name", cr->name);
    cJSON_AddItemToObject(r, "shortDescription", text_obj("text", cr->title));
    cJSON_AddItemToObject(r, "fullDescription", text_obj("text", cr->help));
    snprintf(md, sizeof md, "%s%s%s", cr->help, cr->guidance[0] ? " Guidance: " : "", cr->guidance);
    cJSON_AddStringToObject(help, "text", md);
    snprintf(md, sizeof md,
             "**%s** (%s)\n\n%s\n\nGuidance items: %s. See [Compute "
             "recommendations for AI workloads on Azure IaaS](%s) and docs/rules.md.",
             cr->title, cr->id, cr->help, cr->guidance[0] ? cr->guidance : "none", GUIDANCE_URL);
    cJSON_AddStringToObject(help, "markdown", md);
    cJSON_AddItemToObject(r, "help", help);
    cJSON_AddStringToObject(r, "helpUri", GUIDANCE_URL);
    cJSON_AddStringToObject(cfg, "level", level(cr->severity));
    cJSON_AddItemToObject(r, "defaultConfiguration", cfg);
    cJSON_AddItemToArray(tags, cJSON_CreateString("ai-infrastructure"));
    while (*g) {
        size_t len = strcspn(g, " ");
        snprintf(gl, sizeof gl, "guidance-%.*s", (int)len, g);
        cJSON_AddItemToArray(tags, cJSON_CreateString(gl));
        g += len;
        while (*g == ' ')
            g++;
    }
    cJSON_AddItemToObject(props, "tags", tags);
    cJSON_AddStringToObject(props, "precision", "high");
    cJSON_AddItemToObject(r, "properties", props);
    return r;
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

static const char *uri_of(const char *file)
{
    if (!file || strcmp(file, "-") == 0)
        return "stdin";
    if (strncmp(file, "./", 2) == 0)
        return file + 2;
    return file;
}

static cJSON *result_json(const aivm_finding *f, int idx)
{
    cJSON *r = cJSON_CreateObject(), *locs = cJSON_CreateArray(), *loc = cJSON_CreateObject();
    cJSON *phys = cJSON_CreateObject(), *art = cJSON_CreateObject(), *props = cJSON_CreateObject();
    cJSON *fp = cJSON_CreateObject();
    char key[600];
    cJSON_AddStringToObject(r, "ruleId", f->id);
    cJSON_AddNumberToObject(r, "ruleIndex", idx);
    cJSON_AddStringToObject(r, "level", level(f->severity));
    if (f->res) {
        char msg[2048];
        snprintf(msg, sizeof msg, "%s: %s%s%s%s", f->res->address, f->message,
                 f->suggested ? " (suggested: " : "",
                 f->suggested ? aivm_str(&f->suggested->name) : "", f->suggested ? ")" : "");
        cJSON_AddItemToObject(r, "message", text_obj("text", msg));
    } else {
        cJSON_AddItemToObject(r, "message", text_obj("text", f->message));
    }
    cJSON_AddStringToObject(art, "uri", uri_of(f->loc.file));
    cJSON_AddItemToObject(phys, "artifactLocation", art);
    if (f->loc.line) {
        cJSON *region = cJSON_CreateObject();
        cJSON_AddNumberToObject(region, "startLine", f->loc.line);
        cJSON_AddNumberToObject(region, "startColumn", f->loc.col ? f->loc.col : 1);
        cJSON_AddItemToObject(phys, "region", region);
    }
    cJSON_AddItemToObject(loc, "physicalLocation", phys);
    if (f->res) {
        cJSON *ll = cJSON_CreateArray(), *l1 = cJSON_CreateObject();
        cJSON_AddStringToObject(l1, "fullyQualifiedName", f->res->address);
        cJSON_AddStringToObject(l1, "kind", "resource");
        cJSON_AddItemToArray(ll, l1);
        cJSON_AddItemToObject(loc, "logicalLocations", ll);
    }
    cJSON_AddItemToArray(locs, loc);
    cJSON_AddItemToObject(r, "locations", locs);
    snprintf(key, sizeof key, "%s:%s", f->id, f->res ? f->res->address : "waivers");
    cJSON_AddStringToObject(fp, "aivmFinding/v1", key);
    cJSON_AddItemToObject(r, "partialFingerprints", fp);
    if (f->waiver) {
        cJSON *sups = cJSON_CreateArray(), *s = cJSON_CreateObject();
        cJSON_AddStringToObject(s, "kind", f->waiver->resource ? "external" : "inSource");
        cJSON_AddStringToObject(s, "status", "accepted");
        snprintf(key, sizeof key, "%s (expires %s)", f->waiver->reason, f->waiver->expires);
        cJSON_AddStringToObject(s, "justification", key);
        cJSON_AddItemToArray(sups, s);
        cJSON_AddItemToObject(r, "suppressions", sups);
    }
    if (f->pointer)
        cJSON_AddStringToObject(props, "jsonPointer", f->pointer);
    if (f->suggested)
        cJSON_AddStringToObject(props, "suggestedSize", aivm_str(&f->suggested->name));
    if (f->rule)
        cJSON_AddStringToObject(props, "sourceRule", aivm_rule_id(f->rule));
    cJSON_AddItemToObject(r, "properties", props);
    return r;
}

int aivm_check_render_sarif(aivm_buf *out, const aivm_check_report *rep,
                            const aivm_check_render_opts *o, aivm_error *err)
{
    cJSON *root = cJSON_CreateObject(), *runs = cJSON_CreateArray(), *run = cJSON_CreateObject();
    cJSON *tool = cJSON_CreateObject(), *driver = cJSON_CreateObject();
    cJSON *rules = cJSON_CreateArray(), *results = cJSON_CreateArray();
    const char *ver = o && o->tool_version ? o->tool_version : AIVM_VERSION_STRING;
    const char **ids;
    size_t n_table = 0, n_ids;
    const aivm_check_rule *table = aivm_check_rules(&n_table);
    char *text;
    int rc;
    ids = calloc(n_table + rep->n_findings + 1, sizeof *ids);
    if (!ids)
        abort();
    for (n_ids = 0; n_ids < n_table; n_ids++) {
        ids[n_ids] = table[n_ids].id;
        cJSON_AddItemToArray(rules, rule_json(&table[n_ids]));
    }
    for (size_t i = 0; i < rep->n_findings; i++) {
        const aivm_finding *f = &rep->findings[i];
        size_t k = 0;
        while (k < n_ids && strcmp(ids[k], f->id) != 0)
            k++;
        if (k == n_ids) {
            aivm_check_rule cr = custom_rule(f);
            ids[n_ids++] = f->id;
            cJSON_AddItemToArray(rules, rule_json(&cr));
        }
        cJSON_AddItemToArray(results, result_json(f, (int)k));
    }
    free(ids);
    cJSON_AddStringToObject(root, "$schema", SARIF_SCHEMA);
    cJSON_AddStringToObject(root, "version", "2.1.0");
    cJSON_AddStringToObject(driver, "name", "aivm-advise");
    cJSON_AddStringToObject(driver, "version", ver);
    cJSON_AddStringToObject(driver, "semanticVersion", ver);
    cJSON_AddStringToObject(driver, "informationUri", GUIDANCE_URL);
    cJSON_AddItemToObject(driver, "rules", rules);
    cJSON_AddItemToObject(tool, "driver", driver);
    cJSON_AddItemToObject(run, "tool", tool);
    cJSON_AddStringToObject(run, "columnKind", "unicodeCodePoints");
    cJSON_AddItemToObject(run, "results", results);
    cJSON_AddItemToArray(runs, run);
    cJSON_AddItemToObject(root, "runs", runs);
    text = cJSON_Print(root);
    cJSON_Delete(root);
    if (!text)
        return aivm_error_set(err, AIVM_ERROR, NULL, "cannot render SARIF");
    rc = aivm_buf_puts(out, text);
    if (rc == 0)
        rc = aivm_buf_puts(out, "\n");
    cJSON_free(text);
    return rc < 0 ? aivm_error_set(err, rc, NULL, "report too large") : 0;
}
