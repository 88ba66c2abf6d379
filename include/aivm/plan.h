/*
 * aivm/plan.h - planned infrastructure: the VM resources of a Terraform plan
 * (`terraform show -json`), an ARM template (also what `az bicep build`
 * emits) or an aivm plan file, read into one aivm_plan (docs/check.md).
 *
 * A plan owns everything it hands out (one arena): strings, tags and
 * positions stay valid until aivm_plan_free(). Several inputs can be read
 * into the same plan; each resource keeps the name of its input file.
 */
#ifndef AIVM_PLAN_H
#define AIVM_PLAN_H

#include <stdbool.h>
#include <stddef.h>

#include "aivm/error.h"
#include "aivm/workload.h"

typedef enum {
    AIVM_PLAN_AUTO = 0,      /* detect from the document's top-level keys */
    AIVM_PLAN_TERRAFORM = 1, /* terraform show -json */
    AIVM_PLAN_ARM = 2,       /* ARM deployment template */
    AIVM_PLAN_FILE = 3       /* aivm plan file (YAML/JSON, key `workloads`) */
} aivm_plan_format;

typedef enum {
    AIVM_PRIO_REGULAR = 0,
    AIVM_PRIO_SPOT = 1, /* Spot, or the older Low priority */
} aivm_priority;

/** One tag of a resource (`tags`, or AKS node-pool tags merged over them). */
typedef struct {
    const char *key;
    const char *value;
    aivm_loc loc; /* of the value */
} aivm_tag;

/** A bad aivm-* tag (unknown key or invalid value) of a resource: check
 *  reports it as AIVM021 and judges the rest without the tag. */
typedef struct {
    const char *message; /* one line, with the CLI's did-you-mean where one is close */
    aivm_loc loc;        /* of the tag's value */
} aivm_tag_issue;

/** One planned VM resource: a VM, a scale set, a node pool, a Batch pool, an
 *  ML compute cluster or a plan-file workload. Transparent: readers fill it,
 *  check and renderers read it. */
typedef struct {
    const char *file; /* input name as given ("-" for stdin) */
    aivm_plan_format format;
    const char *address;    /* Terraform address, ARM type/name[/pool], or plan-file name */
    const char *group;      /* address without its [index]: instances of one resource */
    const char *type;       /* azurerm_..., Microsoft.Compute/..., or "workload" */
    const char *size;       /* planned size as written; NULL when absent, empty or unresolved */
    const char *size_expr;  /* the unresolved expression or empty value, when size is NULL */
    const char *size_via;   /* "parameter 'vmSize' default", ...; NULL for a literal */
    unsigned count;         /* VMs of this entry (instances, nodes, max nodes) */
    const char *count_expr; /* a count the reader could not evaluate (an ARM expression):
                               count is then 1 for the rules but the VMs and cost are unknown */
    unsigned nodes;         /* VMs of the whole group (sum of counts) */
    bool node_pool;         /* an AKS node pool (the next three fields apply) */
    bool autoscale;         /* an autoscaling pool (AKS min_count/max_count, minCount/maxCount):
                               count is the maximum, the priced bound */
    unsigned count_min;     /* autoscale: the fewest VMs (may be 0); count is the most */
    bool system_pool;       /* an AKS system node pool (the default node pool, mode System):
                               it runs the cluster's own pods, so check judges it without the
                               AI workload of --phase/--kind or the cluster's aivm-* tags */
    aivm_priority priority;
    const char *region; /* NULL when unknown at plan time */
    bool conditional;   /* ARM `condition` that could not be evaluated */
    const char *unread; /* a deployment whose VMs the reader cannot see (an ARM linked
                           template: its templateLink uri, or "(no uri)"); NULL otherwise.
                           check reports it as AIVM023, never as 0 VMs */
    aivm_tag *tags;
    size_t n_tags;
    aivm_workload wl;   /* from aivm-* tags (or plan-file keys), with the model-size
                           tags in wl.sizing_in; strings borrowed from the plan */
    const char *params; /* aivm-params as written ("70B"), NULL if absent */
    const char *model;  /* aivm-model preset id, NULL if absent */
    aivm_loc model_loc;
    const char *precision; /* aivm-precision, NULL if absent */
    bool checkpointing;    /* aivm-checkpointing: true */
    const char *waive;     /* aivm-waive tag value, NULL if absent */
    aivm_loc waive_loc;
    aivm_loc loc;               /* the resource's own position */
    aivm_loc size_loc;          /* the size value (or the resource when absent) */
    const char *pointer;        /* JSON pointer to the size value (or the resource) */
    aivm_loc region_loc;        /* the location value; line 0 when absent */
    aivm_tag_issue *tag_issues; /* bad aivm-* tags, in tag order (ignored when judging) */
    size_t n_tag_issues;
    /* The Marketplace image the VMs boot (Terraform source_image_reference or
     * storage_image_reference, ARM storageProfile.imageReference), as written;
     * all three NULL when there is none, or any is not a literal (a gallery
     * image id, an expression, known after apply). check judges its CPU
     * architecture against the size's (AIVM024). */
    const char *image_publisher, *image_offer, *image_sku;
    const char *image_block; /* Terraform: the block holding it ("source_image_reference") */
    aivm_loc image_loc;      /* the sku value; line 0 when there is no image */
} aivm_plan_resource;

typedef struct aivm_plan aivm_plan;

/** Create an empty plan. Caller frees with aivm_plan_free(). */
void aivm_plan_new(aivm_plan **out);
/** Free a plan and everything it owns. Accepts NULL. */
void aivm_plan_free(aivm_plan *plan);

/**
 * Read one input from memory into `plan` (resources are appended). `name`
 * labels positions and is copied. `fmt` AUTO detects the format.
 * `*fmt_out` (may be NULL) receives the format read.
 * Returns 0, AIVM_ESYNTAX (malformed JSON/YAML), AIVM_EINVALID (not a
 * recognised format, or a bad plan-file key) or AIVM_ELIMIT; a bad aivm-*
 * tag (or plan-file workload value) is not an error: the resource keeps it
 * in `tag_issues` and the tag is ignored;
 * on failure the plan keeps the resources of earlier inputs only.
 */
int aivm_plan_read_mem(aivm_plan *plan, aivm_plan_format *fmt_out, const char *buf, size_t len,
                       const char *name, aivm_plan_format fmt, aivm_error *err);
/** File wrapper ("-" reads stdin); also AIVM_ENOTFOUND/AIVM_EIO. */
int aivm_plan_read_file(aivm_plan *plan, aivm_plan_format *fmt_out, const char *path,
                        aivm_plan_format fmt, aivm_error *err);

/** How many resources the plan holds (every input read into it). */
size_t aivm_plan_count(const aivm_plan *plan);
/** The i-th resource in input order. Owned by the plan. */
const aivm_plan_resource *aivm_plan_at(const aivm_plan *plan, size_t i);
/** The value of tag `key` (exact), or NULL. */
const aivm_tag *aivm_plan_resource_tag(const aivm_plan_resource *r, const char *key);

/** "terraform", "arm", "plan" (and "auto"). */
const char *aivm_plan_format_name(aivm_plan_format f);
/** Parse a format name; 0 or AIVM_EINVALID. */
int aivm_plan_format_parse(aivm_plan_format *out, const char *s, aivm_error *err);
const char *aivm_priority_name(aivm_priority p);

#endif
