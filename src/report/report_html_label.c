/*
 * report_html_label.c - where the labels of an HTML chart go (docs/formats.md,
 * "HTML"): each label takes the first place around its mark that stays inside
 * the plot and neither overlaps a mark or a label already placed nor crosses a
 * line of the chart (frontier, deadline). A label with no such place is left
 * out, and the caller says so. Widths come from aivm_report__html_text_width,
 * which never falls short of what Chromium draws.
 */
#include <math.h>
#include <stdlib.h>

#include "report_int.h"

/* A text's box around its baseline at `font` px (DejaVu Sans: ascent 0.93 em,
 * descent 0.24 em), plus a pixel of air. */
#define ASCENT 0.95
#define DESCENT 0.27

void aivm_report__labels_init(aivm_report__labels *l, double x0, double y0, double x1, double y1)
{
    l->area = (aivm_report__box){x0, y0, x1, y1};
    l->n_boxes = l->n_segs = 0;
}

void aivm_report__labels_box(aivm_report__labels *l, double x0, double y0, double x1, double y1)
{
    if (l->n_boxes < AIVM_REPORT_LABEL_BOXES)
        l->boxes[l->n_boxes++] = (aivm_report__box){x0, y0, x1, y1};
}

void aivm_report__labels_seg(aivm_report__labels *l, double x1, double y1, double x2, double y2)
{
    if (l->n_segs < AIVM_REPORT_LABEL_SEGS) {
        double *s = l->segs[l->n_segs++];
        s[0] = x1, s[1] = y1, s[2] = x2, s[3] = y2;
    }
}

static bool overlap(const aivm_report__box *a, const aivm_report__box *b)
{
    return a->x0 < b->x1 && b->x0 < a->x1 && a->y0 < b->y1 && b->y0 < a->y1;
}

/* Does the segment (x1,y1)-(x2,y2) cross the box? (Liang-Barsky clipping) */
static bool crosses(const aivm_report__box *b, const double *s)
{
    double t0 = 0, t1 = 1, dx = s[2] - s[0], dy = s[3] - s[1];
    double p[4] = {-dx, dx, -dy, dy},
           q[4] = {s[0] - b->x0, b->x1 - s[0], s[1] - b->y0, b->y1 - s[1]};
    for (int i = 0; i < 4; i++) {
        if (p[i] == 0) {
            if (q[i] < 0)
                return false;
            continue;
        }
        double t = q[i] / p[i];
        if (p[i] < 0 && t > t1)
            return false;
        if (p[i] < 0 && t > t0)
            t0 = t;
        if (p[i] > 0 && t < t0)
            return false;
        if (p[i] > 0 && t < t1)
            t1 = t;
    }
    return true;
}

static bool is_free(const aivm_report__labels *l, const aivm_report__box *b)
{
    if (b->x0 < l->area.x0 || b->x1 > l->area.x1 || b->y0 < l->area.y0 || b->y1 > l->area.y1)
        return false;
    for (size_t i = 0; i < l->n_boxes; i++)
        if (overlap(b, &l->boxes[i]))
            return false;
    for (size_t i = 0; i < l->n_segs; i++)
        if (crosses(b, l->segs[i]))
            return false;
    return true;
}

bool aivm_report__labels_place(aivm_report__label *out, aivm_report__labels *l, double cx,
                               double cy, double r, double width, double font)
{
    /* right-above first (the charts' usual place), then the other corners,
     * the sides, above and below; then the same a step further out */
    static const double dir[][2] = {{1, -1}, {1, 1},  {-1, -1}, {-1, 1},
                                    {1, 0},  {-1, 0}, {0, -1},  {0, 1}};
    double h = (ASCENT + DESCENT) * font, asc = ASCENT * font;
    for (int step = 0; step < 3; step++) {
        double d = r + 2 + 10.0 * step;
        for (size_t i = 0; i < sizeof dir / sizeof dir[0]; i++) {
            double x0 = dir[i][0] > 0 ? cx + d : dir[i][0] < 0 ? cx - d - width : cx - width / 2;
            double y0 = dir[i][1] < 0 ? cy - d - h : dir[i][1] > 0 ? cy + d : cy - h / 2;
            aivm_report__box b = {x0, y0, x0 + width, y0 + h};
            if (!is_free(l, &b))
                continue;
            aivm_report__labels_box(l, b.x0, b.y0, b.x1, b.y1);
            out->x = x0;
            out->y = y0 + asc;
            return true;
        }
    }
    return false;
}
