/*
 * report_junit.c - JUnit XML for CI test reports: one <testsuite> per
 * input file, one <testcase> per resource x check id. A finding that fails
 * the gate (aivm_finding.fails, judged by the library: at or above --fail-on,
 * new with --fail-on-new) is a <failure>; a waived finding is <skipped>; the
 * others pass with their text in <system-out>, so the report agrees with the
 * exit code.
 * AIVM007/AIVM008 are skipped for resources whose memory fit was not
 * evaluated (no aivm-params or aivm-model). The document is valid against a
 * strict JUnit schema (tests/junit/junit-strict.xsd, the constraints of Jenkins
 * xunit's junit-10.xsd): `skipped` only on <testsuite>, no file/line on <testcase>.
 */
#include <stdio.h>
#include <string.h>

#include "aivm/check.h"
#include "aivm/report.h"
#include "report_int.h"

/* Untrusted text as XML character data or an attribute value: controls,
 * line ends, noncharacters (U+FFFE: not XML) and bytes that are not UTF-8
 * made visible first (aivm_report__vis: "\\n", "\\ufffe"), so no raw line
 * end reaches an attribute or <system-out>, then the five entities. */
static void xml_escape(aivm_buf *b, const char *s)
{
    for (s = aivm_report__vis(s); *s; s++) {
        if (*s == '&')
            aivm_buf_puts(b, "&amp;");
        else if (*s == '<')
            aivm_buf_puts(b, "&lt;");
        else if (*s == '>')
            aivm_buf_puts(b, "&gt;");
        else if (*s == '"')
            aivm_buf_puts(b, "&quot;");
        else if (*s == '\'')
            aivm_buf_puts(b, "&apos;");
        else
            aivm_buf_put(b, s, 1);
    }
}

typedef enum { T_PASS, T_NOTE, T_FAIL, T_SKIP } tstate;

typedef struct {
    size_t tests, failures, skipped;
} counts;

/* The checks judged only with an amount of work (docs/throughput.md). */
static bool needs_work(const char *id)
{
    return strcmp(id, "AIVM014") == 0 || strcmp(id, "AIVM018") == 0 || strcmp(id, "AIVM019") == 0;
}

static tstate state_of(const aivm_check_report *rep, const aivm_check_item *it, const char *id,
                       const aivm_check_rule *cr)
{
    tstate st = T_PASS;
    for (size_t i = it->first; i < it->first + it->n; i++) {
        const aivm_finding *f = &rep->findings[i];
        if (strcmp(f->id, id) != 0)
            continue;
        if (f->fails)
            return T_FAIL;
        st = f->waiver ? (st == T_PASS ? T_SKIP : st) : T_NOTE;
    }
    if (st == T_PASS && cr && cr->needs_sizing && !(it->gpu_need_gb > 0))
        return T_SKIP;
    if (st == T_PASS && needs_work(id) && !it->has_work)
        return T_SKIP; /* judged only with an amount of work (docs/throughput.md) */
    return st;
}

/* Findings that do not fail the case, as one <system-out>. */
static void out_text(aivm_buf *b, const aivm_check_report *rep, const aivm_check_item *it,
                     const char *id)
{
    bool open = false;
    for (size_t i = it->first; i < it->first + it->n; i++) {
        const aivm_finding *f = &rep->findings[i];
        if (strcmp(f->id, id) != 0 || f->fails)
            continue;
        aivm_buf_puts(b, open ? "\n" : "      <system-out>");
        open = true;
        aivm_buf_printf(b, "%s%s: ", aivm_severity_name(f->severity), f->waiver ? " (waived)" : "");
        xml_escape(b, f->message);
        if (f->suggested && !f->waiver) /* as in a <failure> and every other format */
            aivm_buf_printf(b, " (suggested: %u x %s)", f->suggested_vms,
                            aivm_str(&f->suggested->name));
        if (f->baseline != AIVM_BASELINE_NONE)
            aivm_buf_printf(b, " [%s]", aivm_baseline_name(f->baseline));
    }
    if (open)
        aivm_buf_puts(b, "</system-out>\n");
}

static void testcase(aivm_buf *b, const aivm_check_report *rep, const aivm_check_item *it,
                     const char *id, const char *title, const aivm_check_rule *cr, counts *c)
{
    tstate st = state_of(rep, it, id, cr);
    if (st == T_FAIL)
        c->failures++;
    aivm_buf_puts(b, "    <testcase classname=\"");
    xml_escape(b, it->res->address);
    aivm_buf_printf(b, "\" name=\"%s ", id);
    xml_escape(b, title);
    aivm_buf_puts(b, "\""); /* no file/line: the strict schema has neither on a testcase (the
                              suite names the file, a failure's text its file:line:col) */
    c->tests++;
    if (st == T_PASS) {
        aivm_buf_puts(b, "/>\n");
        return;
    }
    aivm_buf_puts(b, ">\n");
    for (size_t i = it->first; i < it->first + it->n; i++) {
        const aivm_finding *f = &rep->findings[i];
        if (strcmp(f->id, id) != 0)
            continue;
        if (st == T_FAIL && f->fails) {
            aivm_buf_printf(b, "      <failure type=\"%s\" message=\"",
                            aivm_severity_name(f->severity));
            xml_escape(b, f->message);
            aivm_buf_printf(b, "\">%s:%u:%u: ", f->loc.file ? f->loc.file : "", f->loc.line,
                            f->loc.col);
            xml_escape(b, f->message);
            if (f->suggested)
                aivm_buf_printf(b, " (suggested: %u x %s)", f->suggested_vms,
                                aivm_str(&f->suggested->name));
            if (f->baseline != AIVM_BASELINE_NONE)
                aivm_buf_printf(b, " [%s]", aivm_baseline_name(f->baseline));
            aivm_buf_puts(b, "</failure>\n");
            st = T_PASS; /* one failure element per test case */
        } else if (st == T_SKIP && f->waiver) {
            aivm_buf_puts(b, "      <skipped message=\"waived until ");
            xml_escape(b, f->waiver->expires);
            aivm_buf_puts(b, ": ");
            xml_escape(b, f->waiver->reason);
            aivm_buf_puts(b, "\"/>\n");
            st = T_NOTE; /* one skipped element per test case */
            c->skipped++;
        }
    }
    if (st == T_SKIP && needs_work(id) && it->gpu_need_gb > 0) {
        aivm_buf_puts(b, "      <skipped message=\"not evaluated: no amount of work (aivm-tokens, "
                         "aivm-tokens-per-second)\"/>\n");
        c->skipped++;
    } else if (st == T_SKIP) {
        aivm_buf_puts(b, rep->sizing_active
                             ? "      <skipped message=\"memory fit not evaluated: no aivm-params "
                               "or aivm-model\"/>\n"
                             : "      <skipped message=\"inactive: no model-memory sizing\"/>\n");
        c->skipped++;
    }
    out_text(b, rep, it, id);
    aivm_buf_puts(b, "    </testcase>\n");
}
/* Check ids of the table plus custom ids used by this item's findings. */
static void item_cases(aivm_buf *b, const aivm_check_report *rep, const aivm_check_item *it,
                       counts *c)
{
    size_t n = 0;
    const aivm_check_rule *t = aivm_check_rules(&n);
    for (size_t i = 0; i < n; i++)
        if (!t[i].needs_quota || rep->quota_active) /* AIVM013 only with --quota */
            testcase(b, rep, it, t[i].id, t[i].title, &t[i], c);
    for (size_t i = it->first; i < it->first + it->n; i++) {
        const aivm_finding *f = &rep->findings[i];
        bool seen = false;
        if (aivm_check_rule_find(f->id))
            continue;
        for (size_t j = it->first; j < i && !seen; j++)
            seen = strcmp(rep->findings[j].id, f->id) == 0;
        if (!seen)
            testcase(b, rep, it, f->id, f->rule ? aivm_rule_title(f->rule) : f->id, NULL, c);
    }
}

/* What the run says beside its findings, as each suite's properties: the
 * catalog overlay when one changed the catalog ("catalog-overlay") and every
 * warning of the run ("warning.<id>", docs/check.md), so JUnit carries them too. */
static void suite_properties(aivm_buf *b, const aivm_check_report *rep)
{
    char ov[AIVM_OVERLAY_SUMMARY_CAP];
    bool overlay = aivm_catalog_overlay_summary(ov, sizeof ov, rep->catalog);
    if (!overlay && rep->warnings.n == 0)
        return;
    aivm_buf_puts(b, "    <properties>\n");
    if (overlay) {
        aivm_buf_puts(b, "      <property name=\"catalog-overlay\" value=\"");
        xml_escape(b, ov);
        aivm_buf_puts(b, "\"/>\n");
    }
    for (size_t i = 0; i < rep->warnings.n; i++) {
        aivm_buf_puts(b, "      <property name=\"warning.");
        xml_escape(b, rep->warnings.ids[i]);
        aivm_buf_puts(b, "\" value=\"");
        xml_escape(b, rep->warnings.text[i]);
        aivm_buf_puts(b, "\"/>\n");
    }
    aivm_buf_puts(b, "    </properties>\n");
}

int aivm_check_render_junit(aivm_buf *out, const aivm_check_report *rep,
                            const aivm_check_render_opts *o, aivm_error *err)
{
    aivm_buf body = AIVM_BUF_INIT;
    counts total = {0, 0, 0};
    size_t i = 0;
    int rc;
    (void)o;
    (void)err;
    while (i < rep->n_items) {
        const char *file = rep->items[i].res->file;
        aivm_buf suite = AIVM_BUF_INIT;
        counts c = {0, 0, 0};
        for (; i < rep->n_items && strcmp(rep->items[i].res->file, file) == 0; i++)
            item_cases(&suite, rep, &rep->items[i], &c);
        aivm_buf_puts(&body, "  <testsuite name=\"");
        xml_escape(&body, file);
        aivm_buf_printf(&body, "\" tests=\"%zu\" failures=\"%zu\" errors=\"0\" skipped=\"%zu\">\n",
                        c.tests, c.failures, c.skipped);
        suite_properties(&body, rep);
        if (suite.size)
            aivm_buf_put(&body, suite.ptr, suite.size);
        aivm_buf_puts(&body, "  </testsuite>\n");
        aivm_buf_dispose(&suite);
        total.tests += c.tests;
        total.failures += c.failures;
        total.skipped += c.skipped;
    }
    if (rep->n_items == 0 && !rep->n_orphans && body.size == 0) {
        /* nothing to test: one empty suite still carries the run's warnings */
        aivm_buf b = AIVM_BUF_INIT;
        suite_properties(&b, rep);
        if (b.size) {
            aivm_buf_puts(&body, "  <testsuite name=\"aivm-advise check\" tests=\"0\" "
                                 "failures=\"0\" errors=\"0\" skipped=\"0\">\n");
            aivm_buf_put(&body, b.ptr, b.size);
            aivm_buf_puts(&body, "  </testsuite>\n");
        }
        aivm_buf_dispose(&b);
    }
    if (rep->n_orphans) {
        size_t fails = 0;
        const aivm_finding *f0 = &rep->findings[rep->n_findings - rep->n_orphans];
        for (size_t k = rep->n_findings - rep->n_orphans; k < rep->n_findings; k++)
            fails += rep->findings[k].fails;
        aivm_buf_puts(&body, "  <testsuite name=\"");
        xml_escape(&body, f0->loc.file ? f0->loc.file : "waivers");
        aivm_buf_printf(&body, "\" tests=\"%zu\" failures=\"%zu\" errors=\"0\" skipped=\"0\">\n",
                        rep->n_orphans, fails);
        for (size_t k = rep->n_findings - rep->n_orphans; k < rep->n_findings; k++) {
            const aivm_finding *f = &rep->findings[k];
            bool fail = f->fails;
            aivm_buf_printf(&body, "    <testcase classname=\"waivers\" name=\"%s ", f->id);
            xml_escape(&body, f->message);
            aivm_buf_puts(&body, fail ? "\">\n      <failure type=\"error\" message=\""
                                      : "\">\n      <system-out>");
            xml_escape(&body, f->message);
            aivm_buf_puts(&body,
                          fail ? "\"/>\n    </testcase>\n" : "</system-out>\n    </testcase>\n");
        }
        aivm_buf_puts(&body, "  </testsuite>\n");
        total.tests += rep->n_orphans;
        total.failures += fails;
    }
    if (rep->diff && rep->diff->n_fixed) { /* --base: what the plan fixed, as passed cases */
        const aivm_check_diff *d = rep->diff;
        aivm_buf_printf(&body,
                        "  <testsuite name=\"fixed since the base\" tests=\"%zu\" failures=\"0\" "
                        "errors=\"0\" skipped=\"0\">\n",
                        d->n_fixed);
        for (size_t k = 0; k < d->n_fixed; k++) {
            const aivm_finding *f = d->fixed[k];
            aivm_buf_puts(&body, "    <testcase classname=\"");
            xml_escape(&body, f->res ? f->res->address : "waivers");
            aivm_buf_printf(&body, "\" name=\"%s fixed\">\n      <system-out>fixed: ", f->id);
            xml_escape(&body, f->message);
            aivm_buf_puts(&body, "</system-out>\n    </testcase>\n");
        }
        aivm_buf_puts(&body, "  </testsuite>\n");
        total.tests += d->n_fixed;
    }
    aivm_buf_puts(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    aivm_buf_printf(out,
                    "<testsuites name=\"aivm-advise check\" tests=\"%zu\" failures=\"%zu\" "
                    "errors=\"0\">\n",
                    total.tests, total.failures); /* skipped: per suite only (Jenkins xunit) */
    if (body.size)
        aivm_buf_put(out, body.ptr, body.size);
    rc = aivm_buf_puts(out, "</testsuites>\n");
    aivm_buf_dispose(&body);
    return rc;
}
