/*
 * check_source.c - findings on the `.tf` source (check --source): each
 * Terraform resource's findings move from the generated plan JSON to the
 * size attribute (or the block) of its `resource` block, an image finding
 * (AIVM024) to the image's `sku`, and keep the plan position as `plan_loc`
 * (SARIF relatedLocations, JSON plan_location).
 */
#include <string.h>

#include "aivm/check.h"
#include "aivm/util.h"

static bool is_size_key(const char *s, size_t n)
{
    static const char *const keys[] = {"size", "vm_size", "sku", "sku_name"};
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
        if (strlen(keys[i]) == n && memcmp(keys[i], s, n) == 0)
            return true;
    return false;
}

/* The size attribute the plan reader took the size from, from the JSON
 * pointer to it (".../after/size", ".../values/default_node_pool/0/vm_size"):
 * its key and the nested block it is in (NULL directly in the resource).
 * Both written into the caller's buffers; key "" when the pointer does not
 * end at a size attribute. */
static void size_attr_of(const char *ptr, char *key, char *parent, size_t cap)
{
    const char *end, *seg, *prev_end;
    key[0] = parent[0] = '\0';
    if (!ptr || !(end = ptr + strlen(ptr)) || end == ptr)
        return;
    seg = end;
    while (seg > ptr && seg[-1] != '/')
        seg--;
    if (!is_size_key(seg, (size_t)(end - seg)) || (size_t)(end - seg) >= cap)
        return;
    memcpy(key, seg, (size_t)(end - seg));
    key[end - seg] = '\0';
    for (;;) { /* the segment before it, past list indexes */
        const char *s;
        prev_end = seg > ptr ? seg - 1 : ptr;
        s = prev_end;
        while (s > ptr && s[-1] != '/')
            s--;
        if (s == prev_end)
            return;
        if (strspn(s, "0123456789") == (size_t)(prev_end - s)) {
            seg = s;
            continue;
        }
        if ((prev_end - s == 5 && memcmp(s, "after", 5) == 0) ||
            (prev_end - s == 6 && memcmp(s, "values", 6) == 0) || (size_t)(prev_end - s) >= cap)
            return;
        memcpy(parent, s, (size_t)(prev_end - s));
        parent[prev_end - s] = '\0';
        return;
    }
}

size_t aivm_check_locate_source(aivm_check_report *rep, aivm_tf_source *src)
{
    size_t found = 0;
    for (size_t i = 0; i < rep->n_items; i++) {
        const aivm_check_item *it = &rep->items[i];
        const aivm_plan_resource *r = it->res;
        char key[64], parent[64];
        aivm_loc at, image_at;
        if (r->format != AIVM_PLAN_TERRAFORM)
            continue;
        size_attr_of(r->pointer, key, parent, sizeof key);
        if (!aivm_tf_source_find(src, r->address, r->type, key[0] ? key : NULL,
                                 parent[0] ? parent : NULL, &at))
            continue;
        found++;
        if (!r->image_block ||
            !aivm_tf_source_find(src, r->address, r->type, "sku", r->image_block, &image_at))
            image_at = at;
        for (size_t j = it->first; j < it->first + it->n; j++) {
            aivm_finding *f = &rep->findings[j];
            if (!f->loc.file || !r->file || strcmp(f->loc.file, r->file) != 0)
                continue; /* a waiver entry, or already moved */
            f->plan_loc = f->loc;
            f->loc = strcmp(f->id, "AIVM024") == 0 ? image_at : at; /* the image's sku */
        }
    }
    return found;
}
