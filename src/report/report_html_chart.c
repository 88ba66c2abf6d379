/*
 * report_html_chart.c - the inline SVG charts of recommend's HTML report
 * (docs/formats.md, "HTML"): the job cost against the days of each shown
 * deployment (training), the hourly cost of meeting a serving target
 * against the headroom over it, and the memory of the job per GPU against
 * each size's usable GPU memory. Every figure is read from the candidate's
 * deployment record, fit and work estimate; only plot coordinates are
 * computed here. Each mark carries its size and figures as data attributes
 * and an SVG <title>; shapes and labels tell the marks apart without colour.
 */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aivm/report.h"
#include "report_int.h"
#include "util/mathutil.h"

#define W 720.0
#define H 420.0
#define ML 90.0 /* margins: left (y tick labels), right, top, bottom (x labels) */
#define MR 30.0
#define MT 20.0
#define MB 60.0
#define MAX_POINTS 256

typedef struct {
    const aivm_candidate *c;
    double x, y;
    bool frontier;
    int label;             /* 0 none (no room), 1 "#rank size × VMs", 2 "#rank" */
    aivm_report__label at; /* where the label goes */
} point;

#define FONT 11.0 /* px, the style sheet's svg font-size */

typedef struct {
    double lo, hi;
    bool log;
} axis;

typedef struct {
    const char *id, *caption, *xlabel, *ylabel;
    bool more_x_better; /* serving: more headroom is better; training: fewer days */
    double deadline;    /* x of the --max-days line; 0 = none */
} chart_spec;

static void set_axis(axis *a, double lo, double hi, bool from_zero)
{
    a->log = lo > 0 && hi / lo > 20;
    if (a->log) {
        a->lo = pow(10, floor(log10(lo)));
        a->hi = pow(10, ceil(log10(hi)));
    } else {
        a->lo = from_zero ? 0 : lo * 0.9;
        a->hi = hi > a->lo ? hi * 1.1 : a->lo + 1;
    }
}

/* Where `v` falls on `a` as a fraction 0..1. */
static double frac(const axis *a, double v)
{
    if (a->log)
        return (log10(v) - log10(a->lo)) / (log10(a->hi) - log10(a->lo));
    return (v - a->lo) / (a->hi - a->lo);
}

static double px(const axis *a, double v)
{
    return ML + frac(a, v) * (W - ML - MR);
}

static double py(const axis *a, double v)
{
    return H - MB - frac(a, v) * (H - MT - MB);
}

/* Tick values of `a` into `t` (at most 12); returns the count. */
static size_t ticks(double *t, const axis *a)
{
    size_t n = 0;
    if (a->log) {
        for (double d = a->lo; d <= a->hi * 1.0001 && n < 12; d *= 10) {
            t[n++] = d;
            if (d * 2 < a->hi && n < 12 && a->hi / a->lo <= 1000)
                t[n++] = d * 2;
            if (d * 5 < a->hi && n < 12 && a->hi / a->lo <= 1000)
                t[n++] = d * 5;
        }
        return n;
    }
    double raw = (a->hi - a->lo) / 5, mag = pow(10, floor(log10(raw))), step = mag;
    if (raw / mag > 5)
        step = 10 * mag;
    else if (raw / mag > 2)
        step = 5 * mag;
    else if (raw / mag > 1)
        step = 2 * mag;
    for (double v = ceil(a->lo / step) * step; v <= a->hi && n < 12; v += step)
        t[n++] = v;
    return n;
}

static void tick_label(char *out, size_t n, double v)
{
    if (fabs(v) >= 1e6)
        snprintf(out, n, "%gM", aivm_round_to(v / 1e6, 3));
    else if (fabs(v) >= 1e4)
        snprintf(out, n, "%gk", aivm_round_to(v / 1e3, 3));
    else
        snprintf(out, n, "%g", aivm_round_to(v, 3));
}

static void axes(aivm_buf *out, const chart_spec *s, const axis *x, const axis *y)
{
    double t[12];
    char l[32];
    size_t n = ticks(t, x);
    for (size_t i = 0; i < n; i++) {
        tick_label(l, sizeof l, t[i]);
        aivm_buf_printf(out,
                        "<line class=\"grid\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>"
                        "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%s</text>\n",
                        px(x, t[i]), MT, px(x, t[i]), H - MB, px(x, t[i]), H - MB + 16, l);
    }
    n = ticks(t, y);
    for (size_t i = 0; i < n; i++) {
        tick_label(l, sizeof l, t[i]);
        aivm_buf_printf(out,
                        "<line class=\"grid\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>"
                        "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%s</text>\n",
                        ML, py(y, t[i]), W - MR, py(y, t[i]), ML - 6, py(y, t[i]) + 4, l);
    }
    aivm_buf_printf(out,
                    "<line class=\"axis\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>"
                    "<line class=\"axis\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>\n",
                    ML, H - MB, W - MR, H - MB, ML, MT, ML, H - MB);
    aivm_buf_printf(out, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">", (ML + W - MR) / 2,
                    H - 14);
    aivm_report__html_text(out, s->xlabel);
    aivm_buf_printf(out, "%s</text>\n", x->log ? " (log scale)" : "");
    aivm_buf_printf(out,
                    "<text x=\"14\" y=\"%.1f\" text-anchor=\"middle\" "
                    "transform=\"rotate(-90 14 %.1f)\">",
                    (MT + H - MB) / 2, (MT + H - MB) / 2);
    aivm_report__html_text(out, s->ylabel);
    aivm_buf_printf(out, "%s</text>\n", y->log ? " (log scale)" : "");
}

/* Mark the points nothing beats: no other point at least as good on both
 * axes and better on one (lower y; lower x, or higher with more_x_better). */
static void mark_frontier(point *p, size_t n, bool more_x_better)
{
    for (size_t i = 0; i < n; i++) {
        p[i].frontier = true;
        for (size_t j = 0; j < n && p[i].frontier; j++) {
            double xi = more_x_better ? -p[i].x : p[i].x, xj = more_x_better ? -p[j].x : p[j].x;
            if (j != i && xj <= xi && p[j].y <= p[i].y && (xj < xi || p[j].y < p[i].y))
                p[i].frontier = false;
        }
    }
}

static const char *short_name(const aivm_size *s)
{
    const char *n = aivm_str(&s->name);
    return strncmp(n, "Standard_", 9) == 0 ? n + 9 : n;
}

/* The frontier's points in x order into idx (MAX_POINTS); returns how many. */
static size_t frontier_order(size_t *idx, const point *p, size_t n)
{
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        if (p[i].frontier) {
            size_t j = k++;
            while (j > 0 && p[idx[j - 1]].x > p[i].x) {
                idx[j] = idx[j - 1];
                j--;
            }
            idx[j] = i;
        }
    return k;
}

/* The radius a label keeps clear of a point's mark (the #1 diamond is larger). */
static double mark_radius(const point *p)
{
    return p->c->rank == 1 ? 10 : 7;
}

static void frontier_line(aivm_buf *out, const point *p, size_t n, const axis *x, const axis *y)
{
    size_t idx[MAX_POINTS], k = frontier_order(idx, p, n);
    if (k < 2)
        return;
    aivm_buf_puts(out, "<polyline class=\"frontier\" points=\"");
    for (size_t i = 0; i < k; i++)
        aivm_buf_printf(out, "%s%.1f,%.1f", i ? " " : "", px(x, p[idx[i]].x), py(y, p[idx[i]].y));
    aivm_buf_puts(out, "\"><title>frontier: the deployments nothing beats on both axes</title>"
                       "</polyline>\n");
}

/* The label's text, "#rank size × VMs" (or "#rank" when `full` is false), into
 * `text` (256 bytes), UTF-8: what is drawn and what is measured are one string. */
static const char *label_text(char *text, const point *p, bool full)
{
    if (full)
        snprintf(text, 256, "#%u %s \xc3\x97 %u", p->c->rank, short_name(p->c->size),
                 p->c->deploy.vms);
    else
        snprintf(text, 256, "#%u", p->c->rank);
    return text;
}

/* One point: #1 a diamond, the frontier filled circles, the others hollow squares. */
static void point_mark(aivm_buf *out, const point *p, const axis *x, const axis *y, bool train)
{
    const aivm_candidate *c = p->c;
    const aivm_deployment *d = &c->deploy;
    double cx = px(x, p->x), cy = py(y, p->y);
    const char *cls = c->rank == 1 ? "best" : p->frontier ? "on" : "off";
    aivm_buf_puts(out, "<g class=\"point\" data-sku=\"");
    aivm_report__html_text(out, aivm_str(&c->size->name));
    aivm_buf_printf(out, "\" data-rank=\"%u\" data-vms=\"%u\" data-frontier=\"%s\"", c->rank,
                    d->vms, p->frontier ? "yes" : "no");
    aivm_report__html_num(out, "data-hourly", d->has_hourly, aivm_round_to(d->hourly, 3));
    if (train) {
        aivm_report__html_num(out, "data-job-cost", true, aivm_round_to(d->job_cost, 2));
        aivm_report__html_num(out, "data-wall-hours", true, aivm_round_to(c->work.wall_hours, 2));
        aivm_report__html_num(out, "data-days", true, aivm_round_to(p->x, 2));
    } else {
        aivm_report__html_num(out, "data-capacity", true,
                              aivm_round_to(d->capacity_tokens_per_second, 1));
        aivm_report__html_num(out, "data-headroom", true, aivm_round_to(p->x, 3));
        aivm_report__html_num(out, "data-per-mtok", d->has_per_mtok, aivm_round_to(d->per_mtok, 4));
    }
    aivm_buf_puts(out, "><title>");
    aivm_buf_printf(out, "#%u ", c->rank);
    aivm_report__html_text(out, aivm_str(&c->size->name));
    if (train)
        aivm_buf_printf(out, " x %u VMs: %.1f days, %.0f %s for the job (%.3f %s/hour)", d->vms,
                        p->x, d->job_cost, d->currency, d->hourly, d->currency);
    else
        aivm_buf_printf(out, " x %u VMs: %.3f %s/hour, %.0f tokens/s (%.2fx the target)", d->vms,
                        d->hourly, d->currency, d->capacity_tokens_per_second, p->x);
    aivm_buf_printf(out, "%s</title>", p->frontier ? "; on the frontier" : "");
    if (c->rank == 1)
        aivm_buf_printf(
            out, "<polygon class=\"%s\" points=\"%.1f,%.1f %.1f,%.1f %.1f,%.1f %.1f,%.1f\"/>", cls,
            cx, cy - 9, cx + 9, cy, cx, cy + 9, cx - 9, cy);
    else if (p->frontier)
        aivm_buf_printf(out, "<circle class=\"%s\" cx=\"%.1f\" cy=\"%.1f\" r=\"6\"/>", cls, cx, cy);
    else
        aivm_buf_printf(out,
                        "<rect class=\"%s\" x=\"%.1f\" y=\"%.1f\" width=\"10\" height=\"10\"/>",
                        cls, cx - 5, cy - 5);
    if (p->label) {
        char text[256];
        aivm_buf_printf(out, "<text x=\"%.1f\" y=\"%.1f\">", p->at.x, p->at.y);
        aivm_report__html_text(out, label_text(text, p, p->label == 1));
        aivm_buf_puts(out, "</text>");
    }
    aivm_buf_puts(out, "</g>\n");
}

static double label_width(const point *p, bool full)
{
    char text[256];
    return aivm_report__html_text_width(label_text(text, p, full), FONT, false);
}

/* Place the labels, best rank first, clear of every mark, the frontier, the
 * deadline and its label, and each other; returns the deadline label's x. */
static double place_labels(point *p, size_t n, const axis *x, const axis *y, double deadline)
{
    aivm_report__labels *l = aivm_xcalloc(1, sizeof *l);
    size_t idx[MAX_POINTS], k = 0;
    double dx = 0;
    aivm_report__labels_init(l, ML + 2, MT, W - 2, H - MB - 2);
    for (size_t i = 0; i < n; i++) {
        double cx = px(x, p[i].x), cy = py(y, p[i].y), r = mark_radius(&p[i]);
        aivm_report__labels_box(l, cx - r, cy - r, cx + r, cy + r);
    }
    k = frontier_order(idx, p, n); /* the frontier's segments */
    for (size_t i = 0; i + 1 < k; i++)
        aivm_report__labels_seg(l, px(x, p[idx[i]].x), py(y, p[idx[i]].y), px(x, p[idx[i + 1]].x),
                                py(y, p[idx[i + 1]].y));
    if (deadline > 0) {
        char text[64];
        double lx = px(x, deadline), w;
        snprintf(text, sizeof text, "max %g days", deadline);
        w = aivm_report__html_text_width(text, FONT, false);
        dx = lx + 4 + w <= W - 2 ? lx + 4 : lx - 4 - w;
        aivm_report__labels_box(l, dx, MT, dx + w, MT + 16);
        aivm_report__labels_seg(l, lx, MT, lx, H - MB);
    }
    for (size_t o = 0; o < n; o++) { /* in rank order (collect's): best rank chooses first */
        point *q = &p[o];
        double cx = px(x, q->x), cy = py(y, q->y), r = mark_radius(q);
        if (aivm_report__labels_place(&q->at, l, cx, cy, r, label_width(q, true), FONT))
            q->label = 1;
        else if (aivm_report__labels_place(&q->at, l, cx, cy, r, label_width(q, false), FONT))
            q->label = 2;
    }
    free(l);
    return dx;
}

/* Points whose label is short or left out for room, named under the chart. */
static void unlabelled(aivm_buf *out, const point *p, size_t n)
{
    bool any = false;
    for (size_t i = 0; i < n; i++) {
        if (p[i].label == 1)
            continue;
        aivm_buf_puts(out,
                      any ? ", " : "<p class=\"note\">Labels shortened or left out for room: ");
        char text[256];
        aivm_report__html_text(out, label_text(text, &p[i], true));
        aivm_buf_puts(out, p[i].label ? "" : " (no label)");
        any = true;
    }
    if (any)
        aivm_buf_puts(out, ".</p>\n");
}

static void scatter(aivm_buf *out, const chart_spec *s, point *p, size_t n, bool train)
{
    axis x, y;
    double xlo = HUGE_VAL, xhi = 0, yhi = 0, dx;
    for (size_t i = 0; i < n; i++) {
        xlo = p[i].x < xlo ? p[i].x : xlo;
        xhi = p[i].x > xhi ? p[i].x : xhi;
        yhi = p[i].y > yhi ? p[i].y : yhi;
    }
    if (s->deadline > 0) {
        xlo = s->deadline < xlo ? s->deadline : xlo;
        xhi = s->deadline > xhi ? s->deadline : xhi;
    }
    set_axis(&x, xlo, xhi, !train);
    set_axis(&y, yhi, yhi, true);
    mark_frontier(p, n, s->more_x_better);
    aivm_buf_printf(out,
                    "<figure class=\"chart\" id=\"%s\" data-chart=\"%s\">\n"
                    "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %.0f %.0f\" "
                    "width=\"%.0f\" height=\"%.0f\" role=\"img\">\n<title>",
                    s->id, s->id, W, H, W, H);
    aivm_report__html_text(out, s->caption);
    aivm_buf_puts(out, "</title>\n");
    axes(out, s, &x, &y);
    dx = place_labels(p, n, &x, &y, s->deadline);
    if (s->deadline > 0)
        aivm_buf_printf(out,
                        "<g class=\"max-days\" data-max-days=\"%g\"><title>--max-days %g: the "
                        "deadline</title><line class=\"deadline\" x1=\"%.1f\" y1=\"%.1f\" "
                        "x2=\"%.1f\" y2=\"%.1f\"/><text x=\"%.1f\" y=\"%.1f\">max %g days</text>"
                        "</g>\n",
                        s->deadline, s->deadline, px(&x, s->deadline), MT, px(&x, s->deadline),
                        H - MB, dx, MT + 12, s->deadline);
    frontier_line(out, p, n, &x, &y);
    for (size_t i = n; i-- > 0;) /* #1 drawn last, on top */
        point_mark(out, &p[i], &x, &y, train);
    aivm_buf_puts(out, "</svg>\n<figcaption>");
    aivm_report__html_text(out, s->caption);
    aivm_buf_puts(out, " Diamond: #1; filled circles joined by the line: the frontier (nothing is "
                       "both cheaper and better on the other axis); hollow squares: beaten on "
                       "both.</figcaption>\n</figure>\n");
    unlabelled(out, p, n);
}

/* The shown candidates with a known figure for the chart into `p`. */
static size_t collect(point *p, const aivm_advice *adv, bool train)
{
    size_t n = 0;
    for (size_t i = 0; i < adv->n_shown && n < MAX_POINTS; i++) {
        const aivm_candidate *c = &adv->ranked[i];
        const aivm_deployment *d = &c->deploy;
        if (!c->has_work || !c->work.known)
            continue;
        if (train && d->has_job_cost && c->work.wall_hours > 0)
            p[n++] = (point){c, c->work.wall_hours / 24, d->job_cost, false, 0, {0, 0}};
        else if (!train && d->has_hourly && c->work.target_tokens_per_second > 0 &&
                 d->capacity_tokens_per_second > 0)
            p[n++] =
                (point){c,         d->capacity_tokens_per_second / c->work.target_tokens_per_second,
                        d->hourly, false,
                        0,         {0, 0}};
    }
    return n;
}

static void unplotted(aivm_buf *out, const aivm_advice *adv, const point *p, size_t n)
{
    bool any = false;
    for (size_t i = 0; i < adv->n_shown; i++) {
        bool in = false;
        for (size_t j = 0; j < n; j++)
            in |= p[j].c == &adv->ranked[i];
        if (in)
            continue;
        aivm_buf_puts(out, any ? ", " : "<p class=\"note\">Not plotted (no price or estimate): ");
        aivm_buf_printf(out, "#%u ", adv->ranked[i].rank);
        aivm_report__html_text(out, aivm_str(&adv->ranked[i].size->name));
        any = true;
    }
    if (any)
        aivm_buf_puts(out, ".</p>\n");
}

static void work_chart(aivm_buf *out, const aivm_advice *adv)
{
    point p[MAX_POINTS];
    const aivm_workload *wl = adv->workload;
    bool train = wl->phase == AIVM_PHASE_TRAIN;
    char ylabel[64];
    size_t n = collect(p, adv, train);
    chart_spec s;
    aivm_buf_puts(out, train ? "<h2>Cost and time of the job</h2>\n"
                             : "<h2>Cost of meeting the target</h2>\n");
    if (n) {
        snprintf(ylabel, sizeof ylabel, train ? "job cost (%s)" : "%s per hour, target met",
                 aivm_report__currency(adv));
        s = train ? (chart_spec){"cost-time",
                                 "Job cost against days of each shown deployment.",
                                 "wall-clock days",
                                 ylabel,
                                 false,
                                 adv->work.max_days}
                  : (chart_spec){"cost-headroom",
                                 "Hourly cost of meeting the target against the headroom "
                                 "(capacity / target).",
                                 "headroom over the target (x)",
                                 ylabel,
                                 true,
                                 0};
        scatter(out, &s, p, n, train);
    }
    if (!train && adv->work.encoder) {
        aivm_buf_puts(out, "<p class=\"note\">No chart: the headroom chart needs an output-token "
                           "target (--tokens-per-second); the table has each deployment's "
                           "requests per second, cost per million requests and latency.</p>\n");
        return;
    }
    unplotted(out, adv, p, n);
    if (train) {
        aivm_buf_puts(out, "<p class=\"note\">No error bars: the throughput model gives one "
                           "estimate per deployment, not a range.</p>\n");
        return;
    }
    for (size_t i = 0; i < n; i++)
        if (p[i].c->work.ttft_s > 0) { /* latency estimated: it is in the table */
            aivm_buf_puts(out, "<p class=\"note\">The chart shows the headroom over the target; "
                               "the estimated latency of each deployment (time to the first "
                               "token, time per output token) is in the table below.</p>\n");
            break;
        }
}

static const struct {
    const char *cls, *name;
    size_t off;
} parts[] = {
    {"m-weights", "weights", offsetof(aivm_memory, weights)},
    {"m-gradients", "gradients", offsetof(aivm_memory, gradients)},
    {"m-optimizer", "optimizer", offsetof(aivm_memory, optimizer)},
    {"m-activations", "activations", offsetof(aivm_memory, activations)},
    {"m-kv", "kv-cache", offsetof(aivm_memory, kv_cache)},
    {"m-overhead", "overhead", offsetof(aivm_memory, overhead)},
};

static double part(const aivm_memory *m, size_t i)
{
    double v;
    memcpy(&v, (const char *)m + parts[i].off, sizeof v);
    return v;
}

/* One bar: the memory each used GPU holds, split in the job's shares, and
 * an outlined box of the usable memory per GPU. */
static void memory_bar(aivm_buf *out, const aivm_candidate *c, const aivm_memory *m, double top,
                       double scale, double y, double x0)
{
    const aivm_fit *f = &c->fit;
    double x = x0, bw = 20;
    aivm_buf_puts(out, "<g class=\"bar\" data-sku=\"");
    aivm_report__html_text(out, aivm_str(&c->size->name));
    aivm_buf_printf(out, "\" data-rank=\"%u\" data-vms=\"%u\"", c->rank, c->deploy.vms);
    aivm_report__html_num(out, "data-need-gib", true, aivm_round_to(f->need_gib, 2));
    aivm_report__html_num(out, "data-usable-gib", true, aivm_round_to(f->usable_gib, 2));
    aivm_buf_printf(out, "><title>#%u ", c->rank);
    aivm_report__html_text(out, aivm_str(&c->size->name));
    aivm_buf_printf(out, ": %.2f GiB per GPU of %.2f GiB usable</title>", f->need_gib,
                    f->usable_gib);
    aivm_buf_printf(out, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">#%u ", x - 6, y + 14,
                    c->rank);
    aivm_report__html_text(out, short_name(c->size));
    aivm_buf_puts(out, "</text>");
    for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++) {
        double w = m->total > 0 ? part(m, i) / m->total * f->need_gib * scale : 0;
        if (w <= 0)
            continue;
        aivm_buf_printf(out,
                        "<rect class=\"%s\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.0f\">"
                        "<title>%s: %.2f GiB of the job's %.2f</title></rect>",
                        parts[i].cls, x, y, w, bw, parts[i].name, part(m, i), m->total);
        x += w;
    }
    aivm_buf_printf(out,
                    "<rect class=\"usable\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.0f\"/>"
                    "<text x=\"%.1f\" y=\"%.1f\">%.1f / %.1f GiB</text></g>\n",
                    x0, y - 2, f->usable_gib * scale, bw + 4, x0 + top * scale + 6, y + 14,
                    f->need_gib, f->usable_gib);
}

static void memory_chart(aivm_buf *out, const aivm_advice *adv)
{
    const aivm_memory *m = &adv->workload->sizing->mem;
    double top = 0, h, x0 = 230, width = W; /* x0: where the bars start, after the labels */
    size_t n = 0;
    char label[256];
    for (size_t i = 0; i < adv->n_shown; i++) {
        const aivm_fit *f = &adv->ranked[i].fit;
        if (!adv->ranked[i].has_fit || !(f->usable_gib > 0))
            continue;
        top = f->usable_gib > top ? f->usable_gib : top;
        top = f->need_gib > top ? f->need_gib : top;
        snprintf(label, sizeof label, "#%u %s", adv->ranked[i].rank,
                 short_name(adv->ranked[i].size));
        if (12 + aivm_report__html_text_width(label, FONT, false) > x0)
            x0 = ceil(12 + aivm_report__html_text_width(label, FONT, false));
        n++;
    }
    width = x0 + (W - 230); /* the bars and their figures keep their room */
    if (!n)
        return;
    h = 40 + 34.0 * (double)n + 40;
    aivm_buf_printf(out,
                    "<h2>Memory per GPU</h2>\n<figure class=\"chart\" id=\"memory\" "
                    "data-chart=\"memory\">\n<svg xmlns=\"http://www.w3.org/2000/svg\" "
                    "viewBox=\"0 0 %.0f %.0f\" width=\"%.0f\" height=\"%.0f\" role=\"img\">\n"
                    "<title>Memory each GPU "
                    "holds against its usable memory</title>\n",
                    width, h, width, h);
    double x = 100;
    for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++) {
        aivm_buf_printf(out,
                        "<rect class=\"%s\" x=\"%.0f\" y=\"10\" width=\"12\" height=\"12\"/>"
                        "<text x=\"%.0f\" y=\"20\">%s</text>\n",
                        parts[i].cls, x, x + 15, parts[i].name);
        x += 15 + aivm_report__html_text_width(parts[i].name, FONT, false) + 12;
    }
    n = 0;
    for (size_t i = 0; i < adv->n_shown; i++) {
        const aivm_fit *f = &adv->ranked[i].fit;
        if (!adv->ranked[i].has_fit || !(f->usable_gib > 0))
            continue;
        memory_bar(out, &adv->ranked[i], m, top, (W - 230 - 130) / top, 40 + 34.0 * (double)n++,
                   x0);
    }
    aivm_buf_puts(out, "</svg>\n<figcaption>Each bar is the memory one used GPU holds, split in "
                       "the shares of the job's memory (weights, gradients, optimizer, "
                       "activations, KV cache, overhead); the outline is the GPU's usable "
                       "memory.</figcaption>\n</figure>\n");
}

void aivm_report__html_charts(aivm_buf *out, const aivm_advice *adv)
{
    if (adv->work.estimated)
        work_chart(out, adv);
    if (adv->workload->sizing)
        memory_chart(out, adv);
}
