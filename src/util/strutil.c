/*
 * strutil.c - number parsing that rejects what atoi/strtod would accept
 * silently (empty input, trailing garbage, overflow, hex, inf/nan), small
 * locale-independent string helpers, and UTC dates without the C library's
 * time zone machinery.
 */
#include "aivm/util.h"
#include "utf8.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
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

bool aivm_streq_nocase(const char *a, const char *b)
{
    for (; *a && *b; a++, b++)
        if (aivm_ascii_lower(*a) != aivm_ascii_lower(*b))
            return false;
    return *a == *b;
}

int aivm_strcmp_nocase(const char *a, const char *b)
{
    for (;; a++, b++) {
        unsigned char x = (unsigned char)aivm_ascii_lower(*a),
                      y = (unsigned char)aivm_ascii_lower(*b);
        if (x != y || !x)
            return x - y;
    }
}

bool aivm_strneq_nocase(const char *a, const char *b, size_t n)
{
    for (; n && *a && *b; a++, b++, n--)
        if (aivm_ascii_lower(*a) != aivm_ascii_lower(*b))
            return false;
    return n == 0 || aivm_ascii_lower(*a) == aivm_ascii_lower(*b);
}

int aivm_name_index(const char *s, const char *const *names, size_t n)
{
    for (size_t i = 0; s && i < n; i++)
        if (names[i] && names[i][0] && aivm_streq_nocase(s, names[i]))
            return (int)i;
    return -1;
}

void aivm_names_list(char *out, size_t cap, const char *const *names, size_t n)
{
    size_t used = 0, total = 0, k = 0;
    for (size_t i = 0; i < n; i++)
        total += names[i] && names[i][0];
    if (cap)
        out[0] = '\0';
    for (size_t i = 0; i < n && used + 1 < cap; i++) {
        int w;
        if (!names[i] || !names[i][0])
            continue;
        k++;
        w = snprintf(out + used, cap - used, "%s%s",
                     k == 1       ? ""
                     : k == total ? " or "
                                  : ", ",
                     names[i]);
        if (w < 0)
            break;
        used += (size_t)w < cap - used ? (size_t)w : cap - used - 1;
    }
}

void aivm_names_expected(char *out, size_t cap, const char *s, const char *const *names, size_t n)
{
    const char *guess = aivm_did_you_mean(s, names, n);
    size_t used;
    aivm_names_list(out, cap, names, n);
    used = strlen(out);
    if (guess && used + strlen(guess) + sizeof "; did you mean ?" <= cap) /* whole or not at all */
        snprintf(out + used, cap - used, "; did you mean %s?", guess);
}

int aivm_enum_parse(int *out, const char *s, const char *const *names, size_t n, const char *what,
                    aivm_error *err)
{
    char list[256];
    int i = aivm_name_index(s, names, n);
    if (i >= 0) {
        *out = i;
        return 0;
    }
    aivm_names_expected(list, sizeof list, s, names, n);
    return aivm_error_set(err, AIVM_EINVALID, NULL, "invalid %s '%s' (expected %s)", what, s, list);
}

/* Edit distance with adjacent transpositions (optimal string alignment),
 * ASCII case ignored; names longer than 63 bytes are never suggested. */
static size_t edit_distance(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    size_t d[64][64];
    if (la > 63 || lb > 63)
        return SIZE_MAX;
    for (size_t i = 0; i <= la; i++)
        d[i][0] = i;
    for (size_t j = 0; j <= lb; j++)
        d[0][j] = j;
    for (size_t i = 1; i <= la; i++)
        for (size_t j = 1; j <= lb; j++) {
            size_t cost = aivm_ascii_lower(a[i - 1]) != aivm_ascii_lower(b[j - 1]);
            size_t v = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < v)
                v = d[i][j - 1] + 1;
            if (d[i - 1][j - 1] + cost < v)
                v = d[i - 1][j - 1] + cost;
            if (i > 1 && j > 1 && aivm_ascii_lower(a[i - 1]) == aivm_ascii_lower(b[j - 2]) &&
                aivm_ascii_lower(a[i - 2]) == aivm_ascii_lower(b[j - 1]) && d[i - 2][j - 2] + 1 < v)
                v = d[i - 2][j - 2] + 1;
            d[i][j] = v;
        }
    return d[la][lb];
}

const char *aivm_did_you_mean(const char *s, const char *const *names, size_t n)
{
    const char *best = NULL;
    size_t best_d = SIZE_MAX;
    if (!s || !*s)
        return NULL;
    for (size_t i = 0; i < n; i++) {
        size_t dist;
        if (!names[i])
            continue;
        dist = edit_distance(s, names[i]);
        if (dist < best_d) {
            best_d = dist;
            best = names[i];
        }
    }
    if (!best || best_d > 2 || best_d * 3 > strlen(best))
        return NULL;
    return best;
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

bool aivm_date_days(long long *out, const char *s)
{
    long long y, m, d, era, yoe, doy, doe;
    if (!s || !aivm_is_date(s))
        return false;
    y = (s[0] - '0') * 1000 + (s[1] - '0') * 100 + (s[2] - '0') * 10 + (s[3] - '0');
    m = (s[5] - '0') * 10 + (s[6] - '0');
    d = (s[8] - '0') * 10 + (s[9] - '0');
    y -= m <= 2; /* H. Hinnant's days_from_civil: years start in March */
    era = y / 400;
    yoe = y - era * 400;
    doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
    doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    *out = era * 146097 + doe - 719468;
    return true;
}

/* Days since 1970-01-01 to a civil date (H. Hinnant's days_from_civil inverse). */
static void civil_from_days(long long z, long long *y, unsigned *m, unsigned *d)
{
    long long era, yoe, yy, doy, mp;
    z += 719468;
    era = (z >= 0 ? z : z - 146096) / 146097;
    yoe = z - era * 146097;                                     /* [0, 146096] */
    yy = (yoe - yoe / 1460 + yoe / 36524 - yoe / 146096) / 365; /* [0, 399] */
    doy = yoe - (365 * yy + yy / 4 - yy / 100);                 /* [0, 365] */
    mp = (5 * doy + 2) / 153;                                   /* [0, 11] */
    *d = (unsigned)(doy - (153 * mp + 2) / 5 + 1);
    *m = (unsigned)(mp < 10 ? mp + 3 : mp - 9);
    *y = yy + era * 400 + (*m <= 2);
}

static char *put_digits(char *p, long long v, int width)
{
    for (int i = width - 1; i >= 0; i--, v /= 10)
        p[i] = (char)('0' + v % 10);
    return p + width;
}

void aivm_utc_format(char *out, long long t, bool with_time)
{
    long long days = (t >= 0 ? t : t - 86399) / 86400, secs = t - days * 86400, y;
    unsigned m, d;
    char *p = out;
    civil_from_days(days, &y, &m, &d);
    if (y < 0)
        y = 0;
    if (y > 9999)
        y = 9999;
    p = put_digits(p, y, 4);
    *p++ = '-';
    p = put_digits(p, m, 2);
    *p++ = '-';
    p = put_digits(p, d, 2);
    if (with_time) {
        *p++ = 'T';
        p = put_digits(p, secs / 3600, 2);
        *p++ = ':';
        p = put_digits(p, secs / 60 % 60, 2);
        *p++ = ':';
        p = put_digits(p, secs % 60, 2);
        *p++ = 'Z';
    }
    *p = '\0';
}

/* Length of the escape of the character at p ("" when it is printed as is),
 * `*consumed` its length in bytes. At the start of a string, "::" and "##"
 * (the workflow commands of GitHub and Azure DevOps) show their first byte
 * escaped too: what is shown may begin a line. */
static size_t vis_one(char esc[12], const unsigned char *p, size_t *consumed, bool first)
{
    unsigned char c = p[0];
    unsigned long cp = 0;
    size_t n;
    *consumed = 1;
    if (c == '\n' || c == '\r' || c == '\t') {
        esc[0] = '\\';
        esc[1] = c == '\n' ? 'n' : c == '\r' ? 'r' : 't';
        esc[2] = '\0';
        return 2;
    }
    if (c < 0x20 || c == 0x7f || (first && (c == ':' || c == '#') && p[1] == c))
        return (size_t)snprintf(esc, 12, "\\x%02x", c);
    if (c < 0x80)
        return 0;
    n = aivm_util__utf8_decode(&cp, p, p + strnlen((const char *)p, 4));
    if (!n) /* not UTF-8: the byte, shown */
        return (size_t)snprintf(esc, 12, "\\x%02x", c);
    *consumed = n;
    if (aivm_util__unprintable(cp)) /* C1 controls (U+0080-U+009F), noncharacters */
        return (size_t)snprintf(esc, 12, "\\u%04lx", cp);
    return 0;
}

bool aivm_has_controls(const char *s)
{
    char esc[12];
    size_t used;
    for (const unsigned char *p = (const unsigned char *)s; s && *p; p += used)
        if (vis_one(esc, p, &used, p == (const unsigned char *)s))
            return true;
    return false;
}

char *aivm_vis(char *out, size_t cap, const char *s)
{
    size_t k = 0, used;
    char esc[12];
    const unsigned char *start = (const unsigned char *)(s ? s : "");
    if (!cap)
        return out;
    for (const unsigned char *p = start; *p; p += used) {
        size_t n = vis_one(esc, p, &used, p == start);
        const char *piece = n ? esc : (const char *)p;
        if (!n)
            n = used; /* a UTF-8 sequence, kept whole */
        if (k + n >= cap)
            break;
        memcpy(out + k, piece, n);
        k += n;
    }
    out[k] = '\0';
    return out;
}

bool aivm_parse_duration(double *out, const char *arg)
{
    char num[32];
    size_t n = strlen(arg);
    double mult = 1, v;
    if (n == 0 || n >= sizeof num)
        return false;
    memcpy(num, arg, n + 1);
    switch (num[n - 1]) {
    case 's':
        num[n - 1] = '\0';
        break;
    case 'm':
        mult = 60;
        num[n - 1] = '\0';
        break;
    case 'h':
        mult = 3600;
        num[n - 1] = '\0';
        break;
    case 'd':
        mult = 86400;
        num[n - 1] = '\0';
        break;
    default:
        break;
    }
    if (!aivm_parse_double(&v, num) || v < 0 || v * mult > 365 * 86400.0)
        return false; /* a year at most: no overflow, no infinity */
    *out = v * mult;
    return true;
}
