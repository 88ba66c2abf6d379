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

void aivm_check__avail_findings(aivm_check__flist *l, aivm_check_item *it, const aivm_check_opts *o)
{
    const char *name;
    aivm_availability a;
    aivm_finding *f;
    unsigned vms;
    if (!o->avail || !it->size || it->region_unknown || !it->res->region)
        return; /* no location planned: nothing to hold the snapshots to */
    name = aivm_str(&it->size->name);
    vms = it->res->count_expr ? 1 : (it->res->count ? it->res->count : 1);
    aivm_avail_eval(&a, o->avail, it->size, it->wl.region, vms,
                    it->res->priority == AIVM_PRIO_SPOT);
    if (!a.quota_ok) {
        f = aivm_check__add(l, "AIVM013", AIVM_SEV_ERROR, it->res);
        f->message = aivm_check__fmt("%u x %s: %s", vms, name, a.why);
        aivm_check__guidance(f, g13, 1);
    }
    if (has_finding(l, "AIVM017") || a.offered != 1 || !a.has_skus)
        ;
    else
        for (size_t i = 0; i < a.n_restrictions; i++)
            if (!a.restrictions[i].zone) {
                f = aivm_check__add(l, "AIVM017", AIVM_SEV_ERROR, it->res);
                f->message = aivm_check__fmt(
                    "%s is restricted in %s for this subscription (%s, az vm list-skus): the "
                    "deployment will fail; ask for access or pick another region",
                    name, it->wl.region, a.restrictions[i].reason);
                aivm_check__guidance(f, g13, 1);
                return;
            }
    if (!has_finding(l, "AIVM017") && a.offered == 0 && a.has_skus) {
        f = aivm_check__add(l, "AIVM017", AIVM_SEV_ERROR, it->res);
        f->message = aivm_check__fmt("%s is not in the SKU list of %s (az vm list-skus): it is "
                                     "not offered there",
                                     name, it->wl.region);
        aivm_check__guidance(f, g13, 1);
    }
}
