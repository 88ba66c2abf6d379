/*
 * strutil.c - number parsing that rejects what atoi/strtod would accept
 * silently (empty input, trailing garbage, overflow, hex, inf/nan), and
 * small locale-independent string helpers.
 */
#include "strutil.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static bool is_digit(char c)
{
    return c >= '0' && c <= '9';
}

bool aivm_parse_u64(uint64_t *out, const char *s, uint64_t max)
{
    uint64_t v = 0;
    if (!s || !*s)
        return false;
    for (; *s; s++) {
        unsigned d;
        if (!is_digit(*s))
            return false;
        d = (unsigned)(*s - '0');
        if (d > max || v > (max - d) / 10)
            return false;
        v = v * 10 + d;
    }
    *out = v;
    return true;
}

bool aivm_parse_double(double *out, const char *s)
{
    const char *p = s;
    char *end = NULL;
    double v;
    bool digits = false;
    if (!s || !*s)
        return false;
    /* Only [+-]digits[.digits][(e|E)[+-]digits]: strtod also takes hex, inf, nan. */
    if (*p == '+' || *p == '-')
        p++;
    while (is_digit(*p)) {
        p++;
        digits = true;
    }
    if (*p == '.') {
        p++;
        while (is_digit(*p)) {
            p++;
            digits = true;
        }
    }
    if (!digits)
        return false;
    if (*p == 'e' || *p == 'E') {
        p++;
        if (*p == '+' || *p == '-')
            p++;
        if (!is_digit(*p))
            return false;
        while (is_digit(*p))
            p++;
    }
    if (*p)
        return false;
    errno = 0;
    v = strtod(s, &end);
    if (errno == ERANGE || !isfinite(v) || end != p)
        return false;
    *out = v;
    return true;
}

static char lower(char c)
{
    return (c >= 'A' && c <= 'Z') ? (char)(c - 'A' + 'a') : c;
}

bool aivm_streq_nocase(const char *a, const char *b)
{
    while (*a && *b && lower(*a) == lower(*b)) {
        a++;
        b++;
    }
    return *a == '\0' && *b == '\0';
}

bool aivm_is_date(const char *s)
{
    static const int mdays[] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    int y, m, d;
    if (strlen(s) != 10 || s[4] != '-' || s[7] != '-')
        return false;
    for (int i = 0; i < 10; i++)
        if (i != 4 && i != 7 && !is_digit(s[i]))
            return false;
    y = (s[0] - '0') * 1000 + (s[1] - '0') * 100 + (s[2] - '0') * 10 + (s[3] - '0');
    m = (s[5] - '0') * 10 + (s[6] - '0');
    d = (s[8] - '0') * 10 + (s[9] - '0');
    if (y < 1900 || m < 1 || m > 12 || d < 1 || d > mdays[m - 1])
        return false;
    if (m == 2 && d == 29 && !((y % 4 == 0 && y % 100 != 0) || y % 400 == 0))
        return false;
    return true;
}
