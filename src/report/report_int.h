/* report_int.h - pieces shared between the renderers. */
#ifndef AIVM_REPORT_INT_H
#define AIVM_REPORT_INT_H

#include <stdbool.h>

#include "aivm/check.h"
#include "aivm/report.h"

/* ANSI SGR codes of the human-readable renderers (only with colour on). */
#define AIVM_SGR_BOLD "\033[1m"
#define AIVM_SGR_DIM "\033[2m"
#define AIVM_SGR_RED "\033[31m"
#define AIVM_SGR_YELLOW "\033[33m"
#define AIVM_SGR_CYAN "\033[36m"
#define AIVM_SGR_RESET "\033[0m"

/**
 * `s` with its control characters made visible (aivm_vis()): `s` itself when
 * it has none, else a copy that lives until RING (8) later calls. Every
 * untrusted string a text renderer prints goes through it. NULL stays NULL.
 */
const char *aivm_report__vis(const char *s);

/**
 * Append `text` word-wrapped to `width` columns, then a newline: the caller
 * has already written `indent` columns of the first line; later lines are
 * indented as much. Runs of spaces become one; a word longer than the line
 * stays whole. `width` below indent + 20 counts as indent + 20.
 */
void aivm_report__wrap(aivm_buf *out, const char *text, unsigned indent, unsigned width);
/** Append `s`, then spaces up to `width` display columns (aivm_utf8_width:
 *  CJK two); nothing is cut when `s` is wider. */
void aivm_report__pad(aivm_buf *out, const char *s, size_t width);

/** `code` when colour is on, else "". */
static inline const char *aivm_report__sgr(bool color, const char *code)
{
    return color ? code : "";
}

/**
 * Append the sections after the ranked sizes (Image, Orchestration,
 * Containers, Spot, then the notices) to a table report. Does nothing when
 * `adv->extras` is NULL.
 */
void aivm_report__extras_table(aivm_buf *out, const aivm_advice *adv, const aivm_render_opts *o);

/** The currency of the shown prices (the one asked for when none is shown). */
const char *aivm_report__currency(const aivm_advice *adv);
/** Whether the deployment columns (VMS, <CUR>/H_ALL) are shown: with a model
 *  size or --nodes, when the deployment can be more than one VM. */
bool aivm_report__has_deploy_columns(const aivm_advice *adv);
/** The price column heading, e.g. "USD/HOUR" (currency of the shown prices). */
const char *aivm_report__price_heading(const aivm_advice *adv);
/** The line under the table saying where the prices come from and what they are. */
void aivm_report__price_footer(aivm_buf *out, const aivm_advice *adv, const char *dim,
                               const char *reset);

#include "util/jsonw.h"

/** The "gpu" member of a size: null, or {vendor, model, count, memory_gb,
 *  interconnect, precisions} (recommend, check, catalog list and show). */
void aivm_report__gpu_json(aivm_jw *w, const aivm_size *s);
/** The members of that object alone, inside an object the caller opened
 *  (catalog show adds its own after them). */
void aivm_report__gpu_fields(aivm_jw *w, const aivm_size *s);

/** A parameter count as people write it: "1.5T", "70.6B", "335M", "25600". */
void aivm_report__params_text(char *out, size_t n, double p);

/** Begin a JSON document: "{" and its "schema_version". */
void aivm_report__doc_begin(aivm_jw *w, aivm_buf *out);
/** The `catalog` object of a JSON document: version, as_of, prices_as_of and,
 *  when an overlay is applied, its file, date and counts (report_catalog.c). */
void aivm_report__catalog_json(aivm_jw *w, const aivm_catalog *cat);
/** The run's warnings as `warnings` (the texts) and `warning_ids` (beside
 *  each, its stable id): recommend's and check's JSON alike. */
void aivm_report__warnings_json(aivm_jw *w, const aivm_warnings *ws);
/** End the document begun by aivm_report__doc_begin (closing brace, newline). */
void aivm_report__doc_end(aivm_jw *w, aivm_buf *out);

/* --- Catalog browsing (report_catalog.c, report_size_show.c) -------------- */

/** The string of `s`, or `dflt` when it is NULL or empty. */
const char *aivm_report__str_or(const aivm_rstr *s, const char *dflt);
/** "8 x H100 80 GB" (or "-" without a GPU) into `out`. */
void aivm_report__size_gpu_text(char *out, size_t cap, const aivm_size *s);
/** The dtypes of `mask` ("bf16, fp16"), or "unknown", into `out`. */
void aivm_report__precisions_text(char *out, size_t cap, unsigned mask);
/** One size, every fact, as an entry of the "sizes" array of `catalog show`
 *  and `catalog compare` (report_size_show.c). */
void aivm_report__size_json(aivm_jw *w, const aivm_catalog *cat, const aivm_size *s,
                            const char *today);

/* --- Cells and escapers of the Markdown and CSV renderers (report_cells.c) */

/** The GPUS cell of a size ("8x H100 80GB", "1/2 A10 24GB", "-") into `out`. */
void aivm_report__gpu_cell(char *out, size_t n, const aivm_size *s);
/**
 * The reason a row shows (WHY): the unscaled prefer rule with the largest
 * contribution, else the requirement the size meets, else the first reason;
 * NULL when the candidate has none. Borrowed from `c`.
 */
const aivm_reason *aivm_report__main_reason(const aivm_candidate *c);
/**
 * Append `s` as Markdown text: control characters made visible, `<>&` as
 * entities, Markdown punctuation (`\ | ` * _ [ ] ~ #`) backslash-escaped,
 * a newline as `<br>` in a table cell (`cell`) or a space; `@` (a mention,
 * an e-mail link) followed by a zero-width space, and in a cell (where plan
 * and API text lands) `://` and `www.` too (no bare link; a bullet of a
 * rule keeps its documentation links). NULL appends nothing.
 */
void aivm_report__md_text(aivm_buf *out, const char *s, bool cell);

/** Append `s` as one RFC 4180 field: controls, line ends and stray bytes
 *  shown (aivm_report__vis), quoted (quotes doubled) when it holds a comma or
 *  a quote, and a cell a spreadsheet would run as a formula (= + - @, not a
 *  number) quoted with a leading `'` (OWASP). NULL appends nothing. */
void aivm_report__csv_field(aivm_buf *out, const char *s);
/** Append "N resources, N errors, N warnings, N notes, N waived" of a check report
 *  (text, GitHub and Markdown). */
void aivm_report__check_counts(aivm_buf *b, const aivm_check_report *rep);
/** One finding as a JSON object of check's report (report_check.c); with a
 *  base its "baseline" state, and a fixed one's resource "address". */
void aivm_report__check_finding_json(aivm_jw *w, const aivm_finding *f);

/* --- The change against --base (report_check_diff.c) ---------------------- */

/** Append "N new, N unchanged, N fixed". */
void aivm_report__diff_counts(aivm_buf *b, const aivm_check_diff *d);
/** Append "cost change: USD +X/month, +Y/hour (base A/month, this plan
 *  B/month)" and the unpriced counts of both sides; unknown stays unknown. */
void aivm_report__diff_cost_line(aivm_buf *b, const aivm_check_diff *d);
/** Append the text line of the plan's item `i`'s change (nothing without a base). */
void aivm_report__diff_item_text(aivm_buf *b, const aivm_check_report *rep, size_t i);
/** Append the text sections of resources the plan removed and of fixed
 *  findings (each through `finding`). */
void aivm_report__diff_text(aivm_buf *b, const aivm_check_report *rep,
                            void (*finding)(aivm_buf *, const aivm_finding *, bool), bool color);
/** Append the change section of check's HTML report (report_html_diff.c). */
void aivm_report__html_diff(aivm_buf *out, const aivm_check_report *rep);
/** Append the "diff" member of check's JSON report. */
void aivm_report__diff_json(aivm_jw *w, const aivm_check_report *rep);

/* --- HTML (report_html_common.c, report_html_chart.c) ---------------------- */

/** Append `s` as HTML text or an attribute value: control characters made
 *  visible (aivm_vis()), `<>&"'` as entities. NULL appends nothing. */
void aivm_report__html_text(aivm_buf *out, const char *s);
/** Begin an HTML document: doctype, head with `title` and the inline style
 *  sheet, body and an h1 of `title`. */
void aivm_report__html_begin(aivm_buf *out, const char *title);
/** End the document begun by aivm_report__html_begin (with a footer line
 *  naming `tool_version`, NULL for none). */
void aivm_report__html_end(aivm_buf *out, const char *tool_version);
/** Append `text` as a `<p class="note">`, without the line ends a text
 *  report puts before and after it (nothing when only they remain). */
void aivm_report__html_note(aivm_buf *out, const char *text);
/** The width in px that `s` takes at `font_px` once drawn (control
 *  characters made visible), estimated from the widest common sans-serif
 *  (DejaVu Sans) and rounded up: never less than Chromium draws it. Charts
 *  place labels and size their viewBox with it. */
double aivm_report__html_text_width(const char *s, double font_px, bool bold);
/* Label placement of the HTML charts (report_html_label.c). */
#define AIVM_REPORT_LABEL_BOXES 1024
#define AIVM_REPORT_LABEL_SEGS 512
typedef struct {
    double x0, y0, x1, y1;
} aivm_report__box;
typedef struct {
    aivm_report__box area; /* every label stays inside */
    aivm_report__box boxes[AIVM_REPORT_LABEL_BOXES];
    double segs[AIVM_REPORT_LABEL_SEGS][4];
    size_t n_boxes, n_segs;
} aivm_report__labels;
typedef struct {
    double x, y; /* start and baseline of the text (text-anchor start) */
} aivm_report__label;
/** Start placing labels inside the box (x0,y0)-(x1,y1). */
void aivm_report__labels_init(aivm_report__labels *l, double x0, double y0, double x1, double y1);
/** A box no label may overlap (a mark, a fixed text); past the capacity ignored. */
void aivm_report__labels_box(aivm_report__labels *l, double x0, double y0, double x1, double y1);
/** A line no label may cross (the frontier, the deadline). */
void aivm_report__labels_seg(aivm_report__labels *l, double x1, double y1, double x2, double y2);
/** Place a label `width` px wide at `font` px beside the mark of radius `r`
 *  at (cx,cy): the first free place, taken (later labels avoid it). Returns
 *  false, with `*out` untouched, when every place is taken. */
bool aivm_report__labels_place(aivm_report__label *out, aivm_report__labels *l, double cx,
                               double cy, double r, double width, double font);
/** Append ` name="v"` (%.15g) when `known` and `v` is finite, else nothing. */
void aivm_report__html_num(aivm_buf *out, const char *name, bool known, double v);
/** Append the charts of a recommendation: with a training amount the job
 *  cost against days (frontier, #1, deadline), with a serving target the
 *  hourly cost against the headroom over the target, and with sizing the
 *  memory bar of each shown size. Each chart is one <figure> with an SVG. */
void aivm_report__html_charts(aivm_buf *out, const aivm_advice *adv);

#endif
