/*
 * plan_build.c - what the three readers (Terraform, ARM, plan file) build
 * resources with: new resources, strings owned by the plan, JSON pointers,
 * scalar getters, tags, the OS from the resource type and Azure's location
 * names. The readers call only these; plan.c calls the readers.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aivm/buf.h"
#include "aivm/util.h"
#include "plan_int.h"

aivm_plan_resource *aivm_plan__add(aivm_plan *plan, const char *file, aivm_plan_format fmt)
{
    aivm_plan_resource *r = aivm_arena_alloc(&plan->arena, sizeof *r);
    aivm_workload init = AIVM_WORKLOAD_INIT;
    if (plan->n == plan->cap) {
        plan->cap = plan->cap ? plan->cap * 2 : 16;
        plan->items = aivm_xrealloc(plan->items, plan->cap * sizeof *plan->items);
    }
    r->file = file;
    r->format = fmt;
    r->count = 1;
    r->wl = init;
    plan->items[plan->n++] = r;
    return r;
}

const char *aivm_plan__fmt(aivm_plan *plan, const char *fmt, ...)
{
    aivm_buf b = AIVM_BUF_INIT;
    const char *s;
    va_list ap;
    va_start(ap, fmt);
    aivm_buf_vprintf(&b, fmt, ap);
    va_end(ap);
    s = aivm_arena_strdup(&plan->arena, b.ptr ? b.ptr : "");
    aivm_buf_dispose(&b);
    return s;
}

const char *aivm_plan__ptr(aivm_plan *plan, const char *base, const char *seg)
{
    aivm_buf b = AIVM_BUF_INIT;
    const char *s;
    aivm_buf_puts(&b, base);
    aivm_buf_puts(&b, "/");
    for (const char *p = seg; *p; p++) {
        if (*p == '~')
            aivm_buf_puts(&b, "~0");
        else if (*p == '/')
            aivm_buf_puts(&b, "~1");
        else
            aivm_buf_put(&b, p, 1);
    }
    s = aivm_arena_strdup(&plan->arena, b.ptr);
    aivm_buf_dispose(&b);
    return s;
}

const char *aivm_plan__ptr_idx(aivm_plan *plan, const char *base, size_t i)
{
    return aivm_plan__fmt(plan, "%s/%zu", base, i);
}

const char *aivm_plan__str(const aivm_ynode *n)
{
    if (!n || n->type != AIVM_Y_SCALAR || aivm_yis_null(n))
        return NULL;
    return n->str;
}

bool aivm_plan__uint(unsigned *out, const aivm_ynode *n)
{
    uint64_t v;
    const char *s = aivm_plan__str(n);
    if (!s || !aivm_parse_u64(&v, s, 1000000))
        return false;
    *out = (unsigned)v;
    return true;
}

int aivm_plan__count(unsigned *out, const aivm_ynode *n)
{
    if (!n || aivm_yis_null(n))
        return 0;
    return aivm_plan__uint(out, n) ? 1 : -1;
}

void aivm_plan__set_count(aivm_plan_resource *r, unsigned long long a, unsigned long long b,
                          unsigned long long c)
{
    unsigned long long v = a;
    if (b && v > AIVM_PLAN_MAX_COUNT / b)
        v = AIVM_PLAN_MAX_COUNT + 1;
    else
        v *= b;
    if (c && v <= AIVM_PLAN_MAX_COUNT && v > AIVM_PLAN_MAX_COUNT / c)
        v = AIVM_PLAN_MAX_COUNT + 1;
    else if (v <= AIVM_PLAN_MAX_COUNT)
        v *= c;
    if (v > AIVM_PLAN_MAX_COUNT) {
        r->count = 1;
        r->count_expr = "(more than 1000000 VMs)";
        return;
    }
    r->count = (unsigned)v;
}

void aivm_plan__add_tag(aivm_plan *plan, aivm_plan_resource *r, const char *key, const char *value,
                        aivm_loc loc)
{
    aivm_tag *all;
    for (size_t j = 0; j < r->n_tags; j++)
        if (strcmp(r->tags[j].key, key) == 0) {
            r->tags[j].value = value;
            r->tags[j].loc = loc;
            return;
        }
    all = aivm_arena_alloc(&plan->arena, (r->n_tags + 1) * sizeof *all);
    if (r->n_tags)
        memcpy(all, r->tags, r->n_tags * sizeof *all);
    all[r->n_tags].key = key;
    all[r->n_tags].value = value;
    all[r->n_tags].loc = loc;
    r->tags = all;
    r->n_tags++;
}

void aivm_plan__drop_job_tags(aivm_plan_resource *r)
{
    size_t k = 0;
    for (size_t j = 0; j < r->n_tags; j++)
        if (strncmp(r->tags[j].key, "aivm-", 5) != 0 || strcmp(r->tags[j].key, "aivm-waive") == 0)
            r->tags[k++] = r->tags[j];
    r->n_tags = k;
}

void aivm_plan__add_tags(aivm_plan *plan, aivm_plan_resource *r, const aivm_ynode *tags)
{
    if (!tags || tags->type != AIVM_Y_MAP)
        return;
    for (size_t i = 0; i < tags->n; i++) {
        const aivm_ynode *v = tags->kids[2 * i + 1];
        const char *s = aivm_plan__str(v);
        if (s)
            aivm_plan__add_tag(plan, r, tags->kids[2 * i]->str, s, v->loc);
    }
}

void aivm_plan__os_from_type(aivm_plan_resource *r)
{
    if (strstr(r->type, "windows"))
        r->wl.os = AIVM_OS_WINDOWS;
    else if (strstr(r->type, "linux"))
        r->wl.os = AIVM_OS_LINUX;
}

aivm_os aivm_plan__os_from_name(const char *s)
{
    if (s && aivm_streq_nocase(s, "Windows"))
        return AIVM_OS_WINDOWS;
    if (s && aivm_streq_nocase(s, "Linux"))
        return AIVM_OS_LINUX;
    return AIVM_OS_UNSET;
}

static bool has_nocase(const char *s, const char *word)
{
    size_t n = strlen(word);
    for (; s && *s; s++)
        if (aivm_strneq_nocase(s, word, n))
            return true;
    return false;
}

aivm_os aivm_plan__os_from_image(const char *publisher, const char *offer)
{
    static const char *const linux_words[] = {
        "ubuntu", "linux", "centos", "rhel",    "redhat",  "suse",      "sles",     "debian",
        "alma",   "rocky", "oracle", "mariner", "flatcar", "canonical", "openlogic"};
    if (has_nocase(publisher, "windows") || has_nocase(offer, "windows") ||
        has_nocase(offer, "dsvm-win"))
        return AIVM_OS_WINDOWS;
    for (size_t i = 0; i < sizeof linux_words / sizeof linux_words[0]; i++)
        if (has_nocase(publisher, linux_words[i]) || has_nocase(offer, linux_words[i]))
            return AIVM_OS_LINUX;
    return AIVM_OS_UNSET;
}

const char *aivm_plan__region(aivm_plan *plan, const char *s)
{
    char buf[64];
    size_t k = 0;
    if (!s || !s[0])
        return NULL;
    for (; *s && k + 1 < sizeof buf; s++)
        if (*s != ' ' && *s != '\t' && *s != '\n' && *s != '\r' && *s != '\v' && *s != '\f')
            buf[k++] = aivm_ascii_lower(*s);
    buf[k] = '\0';
    return aivm_plan__fmt(plan, "%s", buf);
}
