/*
 * avail_load.c - reads the two offline snapshots (docs/availability.md):
 * `az vm list-usage -o json` (or REST Usage - List) and `az vm list-skus
 * -o json` (or REST Resource Skus - List), each a JSON array or an object
 * whose "value" is one. Strict where it matters (types of the fields used,
 * with file:line:col), lenient elsewhere (unknown keys are ignored: the
 * formats grow). A filter drops what is not used before it is built, so a
 * whole-cloud SKU list stays cheap.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aivm/avail.h"
#include "aivm/buf.h"
#include "aivm/util.h"
#include "avail_int.h"
#include "util/yamlutil.h"

static void index_rows(aivm_avail__snap *s);
static void unindex_rows(aivm_avail__snap *s);

aivm_avail *aivm_avail_new(void)
{
    return aivm_xcalloc(1, sizeof(aivm_avail));
}

void aivm_avail_free(aivm_avail *av)
{
    if (!av)
        return;
    for (size_t i = 0; i < av->n_snaps; i++) {
        unindex_rows(&av->snaps[i]);
        free(av->snaps[i].rows);
    }
    free(av->snaps);
    free(av->skus);
    free(av->covered);
    free((void *)av->unknown);
    aivm_avail__covered_free(av);
    aivm_arena_dispose(&av->arena);
    free(av);
}

bool aivm_avail_has_usage(const aivm_avail *av)
{
    return av && av->n_snaps > 0;
}

bool aivm_avail_has_skus(const aivm_avail *av)
{
    return av && av->n_covered > 0;
}

bool aivm_avail_has_usage_for(const aivm_avail *av, const char *region)
{
    return aivm_avail__snap_of(av, region) != NULL;
}

char *aivm_avail_family_key(char *out, size_t cap, const char *name)
{
    static const char *const tails[] = {"familyvcpus", "vcpus", "family"};
    size_t n = 0;
    if (cap == 0)
        return out;
    for (const char *p = name ? name : ""; *p && n + 1 < cap; p++) {
        char c = aivm_ascii_lower(*p);
        if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'))
            out[n++] = c;
    }
    out[n] = '\0';
    if (n > 8 && strncmp(out, "standard", 8) == 0) {
        memmove(out, out + 8, n - 8 + 1);
        n -= 8;
    }
    for (size_t t = 0; t < sizeof tails / sizeof tails[0]; t++) {
        size_t k = strlen(tails[t]);
        if (n > k && strcmp(out + n - k, tails[t]) == 0) {
            out[n - k] = '\0';
            break;
        }
    }
    return out;
}

/* The array of a snapshot: the document itself or its "value". */
static int top_array(const aivm_ynode **out, const aivm_ynode *root, const char *name,
                     const char *what, aivm_error *err)
{
    aivm_loc start = {name, 1, 1};
    if (!root)
        return aivm_error_set(err, AIVM_EINVALID, &start, "empty %s file", what);
    if (root->type == AIVM_Y_MAP) {
        const aivm_ynode *v = aivm_ymap_get(root, "value");
        if (!v)
            return aivm_error_set(err, AIVM_EINVALID, &root->loc,
                                  "%s: expected a JSON array (as az prints it) or an object "
                                  "with \"value\" (the REST response)",
                                  what);
        root = v;
    }
    if (root->type != AIVM_Y_SEQ)
        return aivm_error_set(err, AIVM_EINVALID, &root->loc, "%s: expected an array, got %s", what,
                              aivm_ytype_name(root->type));
    if (root->n > AIVM_AVAIL_MAX_ENTRIES)
        return aivm_error_set(err, AIVM_ELIMIT, &root->loc, "%s: more than %u entries", what,
                              AIVM_AVAIL_MAX_ENTRIES);
    *out = root;
    return 0;
}

/* A count: a whole number 0-1e12, or a string holding one (az prints both);
 * a limit may also be -1, no limit. Fractions and other negatives are no count. */
static int get_count(double *out, const aivm_ynode *row, const char *key, bool limit,
                     aivm_error *err)
{
    const aivm_ynode *n = aivm_ymap_get(row, key);
    if (!n)
        return aivm_error_set(err, AIVM_EINVALID, &row->loc, "usage row: missing '%s'", key);
    if (n->type != AIVM_Y_SCALAR || !aivm_parse_double(out, n->str))
        return aivm_error_set(err, AIVM_EINVALID, &n->loc, "usage row '%s': expected a number",
                              key);
    if (!(limit && *out == -1) && !(*out >= 0 && *out <= 1e12 && *out == (double)(long long)*out))
        return aivm_error_set(err, AIVM_EINVALID, &n->loc,
                              "usage row '%s': %s is not a whole number of 0 or more%s", key,
                              n->str, limit ? " (or -1, no limit)" : "");
    return 0;
}

static const char *opt_str(const aivm_ynode *map, const char *key)
{
    const aivm_ynode *v = map ? aivm_ymap_get(map, key) : NULL;
    return v && v->type == AIVM_Y_SCALAR && !(v->plain && strcmp(v->str, "null") == 0) ? v->str
                                                                                       : NULL;
}

static int parse(aivm_ynode **root, aivm_arena *tmp, const char *buf, size_t len, const char *name,
                 const aivm_yfilter *f, aivm_error *err)
{
    if (len > AIVM_AVAIL_MAX_FILE)
        return aivm_error_set(err, AIVM_ELIMIT, NULL, "%s: larger than %u MiB", name,
                              AIVM_AVAIL_MAX_FILE >> 20);
    return aivm_yaml_parse_filtered(root, tmp, buf, len, name, f, err);
}

int aivm_avail_add_usage_mem(aivm_avail *av, const char *region, const char *buf, size_t len,
                             const char *name, aivm_error *err)
{
    aivm_arena tmp = AIVM_ARENA_INIT;
    aivm_ynode *root = NULL;
    const aivm_ynode *arr = NULL;
    aivm_avail__usage *rows = NULL;
    size_t n = 0;
    int rc = parse(&root, &tmp, buf, len, name, NULL, err);
    if (rc == 0)
        rc = top_array(&arr, root, name, "usage list", err);
    if (rc == 0)
        rows = aivm_xcalloc(arr->n ? arr->n : 1, sizeof *rows);
    for (size_t i = 0; rc == 0 && i < arr->n; i++) {
        const aivm_ynode *e = arr->kids[i], *nm;
        const char *value, *local;
        char key[128];
        aivm_avail__usage *u = &rows[n];
        rc = aivm_yexpect(e, AIVM_Y_MAP, "usage row", err);
        if (rc == 0)
            rc = aivm_yrequire(&nm, e, "name", "usage row", err);
        if (rc == 0)
            rc = aivm_yexpect(nm, AIVM_Y_MAP, "usage row 'name'", err);
        if (rc < 0)
            break;
        value = opt_str(nm, "value");
        if (!value) {
            rc = aivm_error_set(err, AIVM_EINVALID, &nm->loc,
                                "usage row 'name': missing string 'value'");
            break;
        }
        rc = get_count(&u->used, e, "currentValue", false, err);
        if (rc == 0)
            rc = get_count(&u->limit, e, "limit", true, err);
        if (rc < 0)
            break;
        local = opt_str(e, "localName");
        if (!local)
            local = opt_str(nm, "localizedValue");
        u->value = aivm_arena_strdup(&av->arena, value);
        u->local = local ? aivm_arena_strdup(&av->arena, local) : NULL;
        u->key = aivm_arena_strdup(&av->arena, aivm_avail_family_key(key, sizeof key, value));
        n++;
    }
    aivm_arena_dispose(&tmp);
    if (rc < 0) {
        free(rows);
        return rc;
    }
    for (size_t i = 0; i < av->n_snaps; i++)
        if (strcmp(av->snaps[i].region, region) == 0) { /* the later file wins */
            unindex_rows(&av->snaps[i]);
            free(av->snaps[i].rows);
            av->snaps[i].rows = rows;
            av->snaps[i].n = n;
            index_rows(&av->snaps[i]);
            return 0;
        }
    av->snaps = aivm_xrealloc(av->snaps, (av->n_snaps + 1) * sizeof *av->snaps);
    av->snaps[av->n_snaps].region = aivm_arena_strdup(&av->arena, region);
    av->snaps[av->n_snaps].rows = rows;
    av->snaps[av->n_snaps].n = n;
    index_rows(&av->snaps[av->n_snaps++]);
    return 0;
}

/* ---- SKU lists ---------------------------------------------------------- */

static bool is_entry_level(const char *const *path, size_t depth)
{
    return (depth == 1 && !path[0]) ||
           (depth == 2 && path[0] && strcmp(path[0], "value") == 0 && !path[1]);
}

/* Keep only what is read: the rest of an entry (costs, apiVersions, zone
 * details) is skipped without being built. */
static aivm_yverdict sku_filter(const char *const *path, size_t depth, const char *key, void *ctx)
{
    static const char *const keep[] = {"name",         "resourceType", "family",       "locations",
                                       "locationInfo", "capabilities", "restrictions", NULL};
    (void)ctx;
    if (depth == 0)
        return AIVM_YKEEP;
    if (is_entry_level(path, depth)) {
        for (size_t i = 0; keep[i]; i++)
            if (strcmp(key, keep[i]) == 0)
                return AIVM_YKEEP;
        return AIVM_YDROP;
    }
    return strcmp(key, "zoneDetails") == 0 ? AIVM_YDROP : AIVM_YKEEP;
}

static unsigned zone_mask(const aivm_ynode *seq)
{
    unsigned m = 0;
    uint64_t z;
    for (size_t i = 0; seq && seq->type == AIVM_Y_SEQ && i < seq->n; i++)
        if (seq->kids[i]->type == AIVM_Y_SCALAR && aivm_parse_u64(&z, seq->kids[i]->str, 31) &&
            z >= 1)
            m |= 1u << z;
    return m;
}

/* RetirementDateUtc as the Resource SKUs API writes it ("09/03/2024",
 * month first, maybe with a time) or as an ISO date, as YYYY-MM-DD in the
 * arena; NULL when it is neither. */
static const char *retirement_date(const char *v, aivm_arena *a)
{
    unsigned x = 0, y = 0, z = 0;
    char d[40] = "";
    if (sscanf(v, "%4u-%2u-%2u", &x, &y, &z) == 3 && x >= 1900 && y >= 1 && y <= 12 && z >= 1 &&
        z <= 31)
        snprintf(d, sizeof d, "%04u-%02u-%02u", x, y, z);
    else if (sscanf(v, "%2u/%2u/%4u", &x, &y, &z) == 3 && x >= 1 && x <= 12 && y >= 1 && y <= 31 &&
             z >= 1900)
        snprintf(d, sizeof d, "%04u-%02u-%02u", z, x, y);
    return d[0] && aivm_is_date(d) ? aivm_arena_strdup(a, d) : NULL;
}

static void capabilities(aivm_avail__sku *s, const aivm_ynode *caps, aivm_arena *a)
{
    s->vcpus = -1;
    s->gpus = -1;
    s->rdma = -1;
    s->memory_gib = -1;
    s->accelerated_net = -1;
    for (size_t i = 0; caps && caps->type == AIVM_Y_SEQ && i < caps->n; i++) {
        const char *k = opt_str(caps->kids[i], "name"), *v = opt_str(caps->kids[i], "value");
        double d;
        if (!k || !v)
            continue;
        if (strcmp(k, "vCPUs") == 0 && aivm_parse_double(&d, v) && d >= 0 && d < 1e6)
            s->vcpus = (int)d; /* in range: the cast is defined */
        else if (strcmp(k, "GPUs") == 0 && aivm_parse_double(&d, v))
            s->gpus = d;
        else if (strcmp(k, "MemoryGB") == 0 && aivm_parse_double(&d, v) && d >= 0)
            s->memory_gib = d;
        else if (strcmp(k, "RdmaEnabled") == 0)
            s->rdma = aivm_streq_nocase(v, "true");
        else if (strcmp(k, "AcceleratedNetworkingEnabled") == 0)
            s->accelerated_net = aivm_streq_nocase(v, "true");
        else if (strcmp(k, "RetirementDateUtc") == 0)
            s->retirement = retirement_date(v, a);
        else if (strcmp(k, "CpuArchitectureType") == 0)
            s->arch = aivm_arena_strdup(a, v);
        else if (strcmp(k, "HyperVGenerations") == 0)
            s->hyperv = (strstr(v, "V1") ? 1u << 1 : 0) | (strstr(v, "V2") ? 1u << 2 : 0);
    }
}

/* An open-addressing set of lowercase location names (power-of-two size,
 * at most half full): each location's index, or -1 when absent. What makes
 * a SKU entry's loading linear in its size: its locationInfo and
 * restrictions are matched to its locations by lookup, not by scanning. */
typedef struct {
    const char **keys;
    size_t *vals;
    size_t cap, n;
} locset;

static uint64_t hash_str(const char *s)
{
    uint64_t h = 1469598103934665603ull;
    for (; *s; s++)
        h = (h ^ (unsigned char)aivm_ascii_lower(*s)) * 1099511628211ull;
    return h;
}

static void locset_init(locset *t, size_t n)
{
    t->cap = 16;
    while (t->cap < 2 * n + 2)
        t->cap *= 2;
    t->keys = aivm_xcalloc(t->cap, sizeof *t->keys);
    t->vals = aivm_xcalloc(t->cap, sizeof *t->vals);
    t->n = 0;
}

static void locset_dispose(locset *t)
{
    free((void *)t->keys);
    free(t->vals);
}

/* The slot of `key` (case-insensitive): its own, or the empty one it would take. */
static size_t locset_slot(const locset *t, const char *key)
{
    size_t i = (size_t)hash_str(key) & (t->cap - 1);
    while (t->keys[i] && !aivm_streq_nocase(t->keys[i], key))
        i = (i + 1) & (t->cap - 1);
    return i;
}

/* Add `key` with `val` unless present; false when it was there. */
static bool locset_add(locset *t, const char *key, size_t val)
{
    size_t i = locset_slot(t, key);
    if (t->keys[i])
        return false;
    if (2 * (t->n + 1) > t->cap) { /* grow: rehash into twice the slots */
        locset old = *t;
        locset_init(t, old.cap);
        for (size_t k = 0; k < old.cap; k++)
            if (old.keys[k])
                locset_add(t, old.keys[k], old.vals[k]);
        locset_dispose(&old);
        i = locset_slot(t, key);
    }
    t->keys[i] = key;
    t->vals[i] = val;
    t->n++;
    return true;
}

static long locset_get(const locset *t, const char *key)
{
    size_t i = locset_slot(t, key);
    return t->keys[i] ? (long)t->vals[i] : -1;
}

/* Restriction `r` (the entry's `ri`-th) on every location of the entry it
 * names in `values` or restrictionInfo.locations; `first` is the entry's
 * first SKU, `seen[k]` the last restriction applied to SKU first+k. */
static void restrict_names(aivm_avail *av, size_t first, const locset *at, const aivm_ynode *seq,
                           const aivm_ynode *r, size_t ri, size_t *seen)
{
    const aivm_ynode *info = aivm_ymap_get(r, "restrictionInfo");
    const char *type = opt_str(r, "type"), *reason = opt_str(r, "reasonCode");
    bool zone = aivm_streq_nocase(type, "Zone");
    for (size_t i = 0; seq && seq->type == AIVM_Y_SEQ && i < seq->n; i++) {
        long k = seq->kids[i]->type == AIVM_Y_SCALAR ? locset_get(at, seq->kids[i]->str) : -1;
        aivm_avail__sku *s;
        aivm_avail_restriction *x;
        if (k < 0 || seen[k] == ri + 1)
            continue;
        seen[k] = ri + 1;
        s = &av->skus[first + (size_t)k];
        if (s->n_restrictions == AIVM_AVAIL_MAX_RESTRICTIONS)
            continue;
        x = &s->restrictions[s->n_restrictions++];
        x->zone = zone;
        x->reason = aivm_arena_strdup(&av->arena, reason ? reason : "unknown");
        x->zones = zone && info ? zone_mask(aivm_ymap_get(info, "zones")) : 0;
    }
}

/* The Zone and Location restrictions of an entry, each on the locations it names. */
static void restrictions(aivm_avail *av, size_t first, const locset *at, const aivm_ynode *rs)
{
    size_t *seen = aivm_xcalloc(av->n_skus - first + 1, sizeof *seen);
    for (size_t i = 0; rs && rs->type == AIVM_Y_SEQ && i < rs->n; i++) {
        const aivm_ynode *r = rs->kids[i], *info;
        const char *type = r->type == AIVM_Y_MAP ? opt_str(r, "type") : NULL;
        if (!type || (!aivm_streq_nocase(type, "Zone") && !aivm_streq_nocase(type, "Location")))
            continue;
        info = aivm_ymap_get(r, "restrictionInfo");
        restrict_names(av, first, at, aivm_ymap_get(r, "values"), r, i, seen);
        restrict_names(av, first, at, info ? aivm_ymap_get(info, "locations") : NULL, r, i, seen);
    }
    free(seen);
}

static void cover(aivm_avail *av, const char *loc)
{
    if (!av->covered_set) {
        av->covered_set = aivm_xcalloc(1, sizeof(locset));
        locset_init(av->covered_set, 64);
    }
    if (!locset_add(av->covered_set, loc, av->n_covered))
        return;
    if (av->n_covered == av->cap_covered) { /* doubling: a copy per location was quadratic */
        av->cap_covered = av->cap_covered ? 2 * av->cap_covered : 64;
        av->covered = aivm_xrealloc(av->covered, av->cap_covered * sizeof *av->covered);
    }
    av->covered[av->n_covered++] = loc;
}

bool aivm_avail__covers(const aivm_avail *av, const char *location)
{
    const locset *t = av ? av->covered_set : NULL;
    size_t i;
    if (!t || !location)
        return false;
    i = locset_slot(t, location);
    return t->keys[i] && strcmp(t->keys[i], location) == 0;
}

/* The usage rows of a snapshot by key: the first row of each key. */
static void index_rows(aivm_avail__snap *s)
{
    locset *t = aivm_xcalloc(1, sizeof *t);
    locset_init(t, s->n);
    for (size_t i = 0; i < s->n; i++)
        (void)locset_add(t, s->rows[i].key, i);
    s->index = t;
}

static void unindex_rows(aivm_avail__snap *s)
{
    if (s->index)
        locset_dispose(s->index);
    free(s->index);
    s->index = NULL;
}

const aivm_avail__usage *aivm_avail__row_of(const aivm_avail__snap *s, const char *key)
{
    const locset *t = s ? s->index : NULL;
    size_t i;
    if (!t || !key || !*key)
        return NULL;
    i = locset_slot(t, key);
    return t->keys[i] && strcmp(t->keys[i], key) == 0 ? &s->rows[t->vals[i]] : NULL;
}

void aivm_avail__covered_free(aivm_avail *av)
{
    if (av->covered_set)
        locset_dispose(av->covered_set);
    free(av->covered_set);
    av->covered_set = NULL;
}

static char *lower_dup(aivm_arena *a, const char *s)
{
    char *d = aivm_arena_strdup(a, s);
    for (char *p = d; *p; p++)
        *p = aivm_ascii_lower(*p);
    return d;
}

/* One SKU entry: one aivm_avail__sku per distinct location (at most
 * AIVM_AVAIL_MAX_LOCATIONS), its zones and restrictions matched by lookup. */
static int add_sku(aivm_avail *av, const aivm_ynode *e, aivm_error *err)
{
    const char *type, *name, *family;
    const aivm_ynode *locs, *info;
    aivm_avail__sku proto;
    locset at;
    size_t first;
    int rc = aivm_yexpect(e, AIVM_Y_MAP, "SKU entry", err);
    if (rc < 0)
        return rc;
    type = opt_str(e, "resourceType");
    if (type && strcmp(type, "virtualMachines") != 0)
        return 0;
    name = opt_str(e, "name");
    if (!name)
        return aivm_error_set(err, AIVM_EINVALID, &e->loc, "SKU entry: missing string 'name'");
    rc = aivm_yrequire(&locs, e, "locations", "SKU entry", err);
    if (rc == 0)
        rc = aivm_yexpect(locs, AIVM_Y_SEQ, "SKU entry 'locations'", err);
    if (rc < 0)
        return rc;
    if (locs->n > AIVM_AVAIL_MAX_LOCATIONS)
        return aivm_error_set(err, AIVM_ELIMIT, &locs->loc,
                              "SKU entry 'locations': %zu locations, more than %d", locs->n,
                              AIVM_AVAIL_MAX_LOCATIONS);
    for (size_t i = 0; i < locs->n; i++)
        if (locs->kids[i]->type != AIVM_Y_SCALAR)
            return aivm_error_set(err, AIVM_EINVALID, &locs->kids[i]->loc,
                                  "SKU entry 'locations': expected strings");
    memset(&proto, 0, sizeof proto);
    proto.name = aivm_arena_strdup(&av->arena, name);
    family = opt_str(e, "family");
    proto.family = family ? aivm_arena_strdup(&av->arena, family) : NULL;
    capabilities(&proto, aivm_ymap_get(e, "capabilities"), &av->arena);
    first = av->n_skus;
    locset_init(&at, locs->n);
    for (size_t i = 0; i < locs->n; i++) {
        const char *loc = locs->kids[i]->str;
        if (!locset_add(&at, loc, av->n_skus - first))
            continue; /* named twice: one entry */
        if (av->n_skus == av->cap_skus) {
            av->cap_skus = av->cap_skus ? 2 * av->cap_skus : 64;
            av->skus = aivm_xrealloc(av->skus, av->cap_skus * sizeof *av->skus);
        }
        av->skus[av->n_skus] = proto;
        av->skus[av->n_skus].location = lower_dup(&av->arena, loc);
        av->skus[av->n_skus].input_order = av->n_skus;
        cover(av, av->skus[av->n_skus].location);
        av->n_skus++;
    }
    info = aivm_ymap_get(e, "locationInfo");
    for (size_t j = 0; info && info->type == AIVM_Y_SEQ && j < info->n; j++) {
        const char *l = opt_str(info->kids[j], "location");
        long k = l ? locset_get(&at, l) : -1;
        if (k >= 0)
            av->skus[first + (size_t)k].zones |= zone_mask(aivm_ymap_get(info->kids[j], "zones"));
    }
    restrictions(av, first, &at, aivm_ymap_get(e, "restrictions"));
    locset_dispose(&at);
    return 0;
}

int aivm_avail_add_skus_mem(aivm_avail *av, const char *buf, size_t len, const char *name,
                            aivm_error *err)
{
    aivm_arena tmp = AIVM_ARENA_INIT;
    aivm_ynode *root = NULL;
    const aivm_ynode *arr = NULL;
    aivm_yfilter f = {sku_filter, NULL, NULL};
    int rc = parse(&root, &tmp, buf, len, name, &f, err);
    if (rc == 0)
        rc = top_array(&arr, root, name, "SKU list", err);
    for (size_t i = 0; rc == 0 && i < arr->n; i++)
        rc = add_sku(av, arr->kids[i], err);
    aivm_arena_dispose(&tmp);
    aivm_avail__sort(av);
    return rc;
}

static int read_whole(aivm_buf *b, const char *path, aivm_error *err)
{
    return aivm_buf_read_file(b, path, AIVM_AVAIL_MAX_FILE, err);
}

int aivm_avail_add_usage_file(aivm_avail *av, const char *region, const char *path, aivm_error *err)
{
    aivm_buf b = AIVM_BUF_INIT;
    int rc = read_whole(&b, path, err);
    if (rc == 0)
        rc = aivm_avail_add_usage_mem(av, region, b.ptr ? b.ptr : "", b.size, path, err);
    aivm_buf_dispose(&b);
    return rc;
}

int aivm_avail_add_skus_file(aivm_avail *av, const char *path, aivm_error *err)
{
    aivm_buf b = AIVM_BUF_INIT;
    int rc = read_whole(&b, path, err);
    if (rc == 0)
        rc = aivm_avail_add_skus_mem(av, b.ptr ? b.ptr : "", b.size, path, err);
    aivm_buf_dispose(&b);
    return rc;
}
