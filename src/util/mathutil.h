/*
 * mathutil.h - round() without libm. round() is the only libm function the
 * optimised binary calls (floor, ceil and fabs are inlined), and loading
 * libm.so (≈0.9 MB, its own relocations) is a measurable part of a cold
 * start: the binary links libm only as needed.
 */
#ifndef AIVM_MATHUTIL_H
#define AIVM_MATHUTIL_H

#include <math.h>

/** round(x) exactly: half away from zero, the sign of zero kept, NaN and
 *  infinities unchanged. */
static inline double aivm_round(double x)
{
    double t, d;
    if (!(fabs(x) < 4503599627370496.0)) /* 2^52: already whole (or NaN, inf) */
        return x;
    t = (double)(long long)x; /* toward zero, exact */
    d = x - t;                /* exact */
    if (d >= 0.5)
        t += 1;
    else if (d <= -0.5)
        t -= 1;
    return t == 0 ? copysign(0.0, x) : t;
}

/** `v` rounded to `digits` decimals for a report (0-6), never "-0". */
static inline double aivm_round_to(double v, int digits)
{
    static const double scale[] = {1, 10, 100, 1e3, 1e4, 1e5, 1e6};
    double r = aivm_round(v * scale[digits]) / scale[digits];
    return r == 0 ? 0 : r;
}

#endif
