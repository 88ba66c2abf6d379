/*
 * check_avail.c - findings from the offline snapshots (docs/availability.md):
 * AIVM013 when the planned VMs need more vCPUs than the family, regional or
 * (for spot priority) low-priority quota has free, and AIVM017 when the SKU
 * list says the size is not offered in the planned location or is
 * restricted there for the subscription.
 */
#include <string.h>

#include "aivm/avail.h"
#include "aivm/util.h"
#include "check_int.h"

static const char *const g13[] = {"G13"};

static bool has_finding(const aivm_check__flist *l, const char *id)
{
    for (size_t i = 0; i < l->n; i++)
        if (strcmp(l->v[i].id, id) == 0)
            return true;
    return false;
}

static const char *family_key(char *out, size_t cap, const char *family)
{
    if (!family)
        out[0] = '\0';
    else
        aivm_avail_family_key(out, cap, family);
    return out;
}

/* What the earlier resources of the plan take from the limits `a` is judged
 * against: the tally holds one sum per region, family and priority. */
static bool prior_of(aivm_avail_prior *p, const aivm_check__quota_tally *t,
                     const aivm_availability *a)
{
    char key[128];
    family_key(key, sizeof key, a->family);
    memset(p, 0, sizeof *p);
    for (size_t i = 0; i < t->n; i++) {
        const aivm_check__quota_use *u = &t->v[i];
        if (strcmp(u->region, a->region) != 0)
            continue;
        if (u->spot)
            p->spot += u->vcpus;
        else
            p->regional += u->vcpus;
        if (!u->spot && key[0] && strcmp(u->family, key) == 0)
            p->family += u->vcpus;
    }
    return p->spot > 0 || p->regional > 0;
}

static void tally_add(aivm_check__quota_tally *t, const aivm_availability *a, bool spot)
{
    char key[128];
    family_key(key, sizeof key, a->family);
    for (size_t i = 0; i < t->n; i++)
        if (t->v[i].spot == spot && strcmp(t->v[i].region, a->region) == 0 &&
            strcmp(t->v[i].family, key) == 0) {
            t->v[i].vcpus += a->needed;
            return;
        }
    if (t->n == t->cap) {
        t->cap = t->cap ? 2 * t->cap : 8;
        t->v = aivm_xrealloc(t->v, t->cap * sizeof *t->v);
    }
    t->v[t->n].region = a->region;
    memcpy(t->v[t->n].family, key, sizeof key);
    t->v[t->n].spot = spot;
    t->v[t->n++].vcpus = a->needed;
}

/* The size cannot be deployed there at all: absent from the SKU list (or the
 * catalog's region list), or restricted in the whole region. */
static bool not_deployable(const aivm_availability *a)
{
    if (a->offered == 0)
        return true;
    for (size_t i = 0; a->offered == 1 && i < a->n_restrictions; i++)
        if (!a->restrictions[i].zone)
            return true;
    return false;
}

static void offer_findings(aivm_check__flist *l, const aivm_check_item *it,
                           const aivm_availability *a, const char *name)
{
    aivm_finding *f;
    if (has_finding(l, "AIVM017") || !a->has_skus) /* raised already, or no SKU list there */
        return;
    for (size_t i = 0; a->offered == 1 && i < a->n_restrictions; i++)
        if (!a->restrictions[i].zone) {
            f = aivm_check__add(l, "AIVM017", AIVM_SEV_ERROR, it->res);
            f->message = aivm_check__fmt(
                "%s is restricted in %s for this subscription (%s, az vm list-skus): the "
                "deployment will fail; ask for access or pick another region",
                name, it->wl.region, a->restrictions[i].reason);
            aivm_check__guidance(f, g13, 1);
            return;
        }
    if (a->offered == 0) {
        f = aivm_check__add(l, "AIVM017", AIVM_SEV_ERROR, it->res);
        f->message = aivm_check__fmt("%s is not in the SKU list of %s (az vm list-skus): it is "
                                     "not offered there",
                                     name, it->wl.region);
        aivm_check__guidance(f, g13, 1);
    }
}

/* AIVM002 from the SKU list's RetirementDateUtc, worded by the check date,
 * unless the catalog's lifecycle raised it already. */
static void retirement_finding(aivm_check__flist *l, const aivm_check_item *it,
                               const aivm_availability *a, const char *name, const char *today)
{
    static const char *const g10[] = {"G10"};
    aivm_finding *f;
    if (!a->retirement[0] || has_finding(l, "AIVM002"))
        return;
    if (today && strcmp(a->retirement, today) <= 0) {
        f = aivm_check__add(l, "AIVM002", AIVM_SEV_ERROR, it->res);
        f->message = aivm_check__fmt("%s was retired on %s (RetirementDateUtc in the SKU list of "
                                     "%s) and can no longer be deployed",
                                     name, a->retirement, it->wl.region);
    } else {
        f = aivm_check__add(l, "AIVM002", AIVM_SEV_WARNING, it->res);
        f->message = aivm_check__fmt("%s retires on %s (RetirementDateUtc in the SKU list of %s): "
                                     "plan the move to a newer series",
                                     name, a->retirement, it->wl.region);
    }
    aivm_check__guidance(f, g10, 1);
}

void aivm_check__avail_findings(aivm_check__flist *l, aivm_check_item *it, const aivm_check_opts *o,
                                aivm_check__quota_tally *t)
{
    aivm_avail_prior prior;
    bool spot;
    const char *name;
    aivm_availability a;
    aivm_finding *f;
    unsigned vms;
    bool unknown;
    if (!o->avail || it->region_unknown || !it->res->region)
        return;      /* no location planned: nothing to hold the snapshots to */
    if (!it->size) { /* outside the catalog: the SKU list still knows it */
        if (!it->res->size)
            return;
        aivm_avail_eval_sku(&a, o->avail, it->res->size, it->wl.region);
        offer_findings(l, it, &a, it->res->size);
        retirement_finding(l, it, &a, it->res->size, o->today);
        return;
    }
    name = aivm_str(&it->size->name);
    /* an unknown count is never taken for 1: one VM is judged (if even one does
     * not fit, the error stands), said so, and kept out of the plan's tally;
     * a count of 0 takes no quota */
    unknown = it->res->count_expr != NULL;
    vms = unknown ? 1 : it->res->count;
    spot = it->res->priority == AIVM_PRIO_SPOT;
    aivm_avail_eval(&a, o->avail, it->size, it->wl.region, vms ? vms : 1, spot);
    offer_findings(l, it, &a, name);
    retirement_finding(l, it, &a, name, o->today);
    if (has_finding(l, "AIVM017") || not_deployable(&a) || vms == 0)
        return; /* it will not deploy there: it takes no quota, and AIVM017 says why */
    if (prior_of(&prior, t, &a)) /* the plan's earlier resources share the quota */
        aivm_avail_eval_prior(&a, o->avail, it->size, it->wl.region, vms, spot, &prior);
    if (!unknown)
        tally_add(t, &a, spot);
    if (!a.quota_ok && unknown) {
        f = aivm_check__add(l, "AIVM013", AIVM_SEV_ERROR, it->res);
        f->message = aivm_check__fmt("? x %s (count unknown), and even one VM does not fit: %s",
                                     name, a.why);
        aivm_check__guidance(f, g13, 1);
    } else if (!a.quota_ok) {
        f = aivm_check__add(l, "AIVM013", AIVM_SEV_ERROR, it->res);
        f->message = aivm_check__fmt("%u x %s: %s", vms, name, a.why);
        aivm_check__guidance(f, g13, 1);
    } else if (a.has_quota && !spot && (!a.family || !a.family_found)) {
        /* never silence: the family limit was not checked */
        f = aivm_check__add(l, "AIVM013", AIVM_SEV_NOTE, it->res);
        if (!a.family)
            f->message = aivm_check__fmt(
                "the quota family of %s (series %s) is unknown to aivm-advise (give --skus, "
                "whose 'family' names it): only the regional limit of %s was checked",
                name, aivm_str(&it->size->series), it->wl.region);
        else
            f->message = aivm_check__fmt(
                "the usage list of %s has no row for %s's quota family %s: only the regional "
                "limit was checked",
                it->wl.region, name, a.family);
        aivm_check__guidance(f, g13, 1);
    }
}
