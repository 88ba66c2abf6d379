/*
 * avail_family.c - the quota family of each catalog series, spelt as Azure's
 * Usage API (`az vm list-usage`) and the Resource SKUs API's `family` spell
 * it ("standardNCSv3Family", "Standard NCASv3_T4 Family",
 * "standard NDAMSv4_A100Family"). Series names do not derive those names
 * (NCasT4_v3 is NCASv3_T4, NCv2 is NCSv2, ND v1 is NDS), so the table says
 * them. A series missing here has an unknown family: check reports it.
 */
#include <string.h>

#include "aivm/avail.h"
#include "aivm/util.h"

typedef struct {
    const char *series; /* the catalog's `series` */
    const char *family; /* as the usage list writes the row's name.value */
    const char *promo;  /* family of the series' _Promo sizes; NULL when none */
} series_family;

/* Names from Azure's usage list (the Azure CLI's recorded westus list of
 * 2023-05-25 holds most of them) and the SKU list's `family` of each series. */
static const series_family table[] = {
    {"A8-A11", "standardA8_A11Family", NULL},
    {"Av1", "standardA0_A7Family", NULL},
    {"Av2", "standardAv2Family", NULL},
    {"Basic Av1", "basicAFamily", NULL},
    {"Bv1", "standardBSFamily", NULL},
    {"Bsv2", "standardBsv2Family", NULL},
    {"Dasv5", "standardDASv5Family", NULL},
    {"Dasv6", "standardDASv6Family", NULL},
    {"Ddsv5", "standardDDSv5Family", NULL},
    {"Ddsv6", "standardDDSv6Family", NULL},
    {"Dsv2", "standardDSv2Family", "standardDSv2PromoFamily"},
    {"Dsv3", "standardDSv3Family", NULL},
    {"Dsv4", "standardDSv4Family", NULL},
    {"Dsv5", "standardDSv5Family", NULL},
    {"Dsv6", "standardDSv6Family", NULL},
    {"Dv2", "standardDv2Family", "standardDv2PromoFamily"},
    {"Dv3", "standardDv3Family", NULL},
    {"Dv5", "standardDv5Family", NULL},
    {"Eadsv5", "standardEADSv5Family", NULL},
    {"Eadsv6", "standardEADSv6Family", NULL},
    {"Easv5", "standardEASv5Family", NULL},
    {"Easv6", "standardEASv6Family", NULL},
    {"Edsv5", "standardEDSv5Family", NULL},
    {"Edsv6", "standardEDSv6Family", NULL},
    {"Esv5", "standardESv5Family", NULL},
    {"Esv6", "standardESv6Family", NULL},
    {"Ev5", "standardEv5Family", NULL},
    {"FX", "standardFXMDVSFamily", NULL},
    {"Falsv6", "standardFALSv6Family", NULL},
    {"Famsv6", "standardFAMSv6Family", NULL},
    {"Fasv6", "standardFASv6Family", NULL},
    {"Fsv2", "standardFSv2Family", NULL},
    {"Mdsv2 medium memory", "standardMDSMediumMemoryv2Family", NULL},
    {"Mdsv3 medium memory", "standardMDSMediumMemoryv3Family", NULL},
    {"Msv2 medium memory", "standardMSMediumMemoryv2Family", NULL},
    {"Msv3 medium memory", "standardMSMediumMemoryv3Family", NULL},
    {"Mv2", "standardMSv2Family", NULL},
    {"NC", "standardNCFamily", "standardNCPromoFamily"},
    {"NC A10 v4", "StandardNCADSA10v4Family", NULL},
    {"NC A100 v4", "StandardNCADSA100v4Family", NULL},
    {"NCCads H100 v5", "standardNCCadsH100v5Family", NULL},
    {"NCads H100 v5", "standardNCadsH100v5Family", NULL},
    {"NCasT4_v3", "Standard NCASv3_T4 Family", NULL},
    {"NCv2", "standardNCSv2Family", NULL},
    {"NCv3", "standardNCSv3Family", NULL},
    {"ND", "standardNDSFamily", NULL},
    {"ND A100 v4", "Standard NDASv4_A100 Family", NULL},
    {"ND H100 v5", "standardNDSH100v5Family", NULL},
    {"ND H200 v5", "standardNDISRH200V5Family", NULL},
    {"ND v2", "standardNDSv2Family", NULL},
    {"NDm A100 v4", "standard NDAMSv4_A100Family", NULL},
    {"NV", "standardNVFamily", "standardNVPromoFamily"},
    {"NP", "standardNPSFamily", NULL}, /* "Standard NPS Family vCPUs" in the westus list */
    {"NVadsA10 v5", "StandardNVADSA10v5Family", NULL},
    {"NVv2", "standardNVSv2Family", NULL}, /* "Standard NVSv2 Family vCPUs" in the westus list */
    {"NVv3", "standardNVSv3Family", NULL},
    {"NVv4", "standardNVSv4Family", NULL},
};

static bool ends_with_nocase(const char *s, const char *suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && aivm_streq_nocase(s + n - m, suffix);
}

const char *aivm_avail_series_family(const char *series, const char *size_name)
{
    for (size_t i = 0; series && i < sizeof table / sizeof table[0]; i++)
        if (strcmp(table[i].series, series) == 0)
            return table[i].promo && size_name && ends_with_nocase(size_name, "_Promo")
                       ? table[i].promo
                       : table[i].family;
    return NULL;
}

size_t aivm_avail_series_family_count(void)
{
    return sizeof table / sizeof table[0];
}

const char *aivm_avail_series_family_at(size_t i, const char **family_out)
{
    if (i >= sizeof table / sizeof table[0])
        return NULL;
    if (family_out)
        *family_out = table[i].family;
    return table[i].series;
}
