/*
 * report_vis.c - untrusted text made safe for the human-readable renderers
 * (docs/security.md): control characters shown as \n, \x1b, ... so a plan's
 * address or a rule's message cannot start a forged line or a terminal
 * escape sequence. JSON, SARIF and JUnit escape by their own rules.
 */
#include <stdlib.h>
#include <string.h>

#include "aivm/util.h"
#include "report_int.h"

/* The escaped copies live in a small ring, so one printf may take up to
 * RING escaped arguments; the renderers never hold one longer than a call. */
#define RING 8

const char *aivm_report__vis(const char *s)
{
    static char *ring[RING];
    static unsigned next;
    size_t cap;
    char *out;
    if (!s || !aivm_has_controls(s))
        return s;
    cap = strlen(s) * 6 + 1;
    out = aivm_xrealloc(ring[next], cap);
    ring[next] = out;
    next = (next + 1) % RING;
    return aivm_vis(out, cap, s);
}
