/*
 * clock.c - the one reader of the clock. Every "now" of the library and the
 * CLI comes from here: the wall clock for dates, ages and expiry (the CLI
 * may pin it with AIVM_NOW, docs/cli.md), the monotonic clock for timeouts
 * and backoff. A unit test (tests/clock/only_seam.sh) fails when any other
 * file of src/ reads the time, so no answer can depend on the day it runs
 * except through this seam.
 */
#include <string.h>
#include <time.h>

#include "aivm/util.h"

long long aivm_clock_wall(void)
{
    return (long long)time(NULL);
}

double aivm_clock_monotonic(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static bool two_digits(const char *s, unsigned max, unsigned *out)
{
    if (s[0] < '0' || s[0] > '9' || s[1] < '0' || s[1] > '9')
        return false;
    *out = (unsigned)(s[0] - '0') * 10 + (unsigned)(s[1] - '0');
    return *out <= max;
}

bool aivm_parse_instant(long long *out, const char *s)
{
    long long days;
    unsigned h, m, sec;
    char date[11];
    if (!s)
        return false;
    if (s[0] == '@') {
        uint64_t v;
        /* whole seconds since the epoch, as date(1) takes them: to 9999-12-31 */
        if (!aivm_parse_u64(&v, s + 1, 253402300799ULL))
            return false;
        *out = (long long)v;
        return true;
    }
    if (strlen(s) < 10)
        return false;
    memcpy(date, s, 10);
    date[10] = '\0';
    if (!aivm_date_days(&days, date))
        return false;
    if (s[10] == '\0') {
        *out = days * 86400;
        return true;
    }
    if (strlen(s) != 20 || s[10] != 'T' || s[13] != ':' || s[16] != ':' || s[19] != 'Z' ||
        !two_digits(s + 11, 23, &h) || !two_digits(s + 14, 59, &m) || !two_digits(s + 17, 59, &sec))
        return false;
    *out = days * 86400 + h * 3600 + m * 60 + sec;
    return true;
}
