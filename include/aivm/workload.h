/*
 * aivm/workload.h - the workload descriptor: what the user wants to run.
 *
 * A workload is a plain caller-owned struct. Strings it points at are
 * borrowed (from argv, or from an aivm_workload_doc that must outlive it).
 */
#ifndef AIVM_WORKLOAD_H
#define AIVM_WORKLOAD_H

#include <stdbool.h>
#include <stddef.h>

#include "aivm/error.h"

typedef enum { AIVM_PHASE_UNSET = 0, AIVM_PHASE_TRAIN, AIVM_PHASE_INFERENCE } aivm_phase;
typedef enum { AIVM_KIND_UNSET = 0, AIVM_KIND_GENERATIVE, AIVM_KIND_NON_GENERATIVE } aivm_kind;
typedef enum { AIVM_MSIZE_UNSET = 0, AIVM_MSIZE_SMALL, AIVM_MSIZE_COMPLEX } aivm_model_size;
typedef enum { AIVM_OS_UNSET = 0, AIVM_OS_LINUX, AIVM_OS_WINDOWS } aivm_os;
typedef enum { AIVM_SCHED_UNSET = 0, AIVM_SCHED_SLURM, AIVM_SCHED_GRIDENGINE, AIVM_SCHED_PBS,
               AIVM_SCHED_NONE } aivm_scheduler;

/* Bits of aivm_workload.set: which fields were given explicitly. */
#define AIVM_WL_PHASE (1u << 0)
#define AIVM_WL_KIND (1u << 1)
#define AIVM_WL_MODEL_SIZE (1u << 2)
#define AIVM_WL_REGION (1u << 3)
#define AIVM_WL_OS (1u << 4)
#define AIVM_WL_INCLUDE_RETIRED (1u << 5)
#define AIVM_WL_NODES (1u << 6)
#define AIVM_WL_SCHEDULER (1u << 7)
#define AIVM_WL_MANAGED (1u << 8)
#define AIVM_WL_CONTAINERS (1u << 9)
#define AIVM_WL_SPOT (1u << 10)
#define AIVM_WL_CHECKPOINTING (1u << 11)

typedef struct {
    aivm_phase phase;
    aivm_kind kind;
    aivm_model_size model_size;
    const char *region;
    aivm_os os;
    bool include_retired;
    const char *today; /* "YYYY-MM-DD": lifecycle is judged as of this date; NULL = as stored */
    unsigned set;      /* AIVM_WL_* bits */
    aivm_loc phase_loc, kind_loc; /* where the value came from (file input); line 0 = flag */
    /* Beyond the size (docs/advice.md): image, orchestrator, containers, spot. */
    unsigned nodes;           /* VMs the job spans; 0 = unset (finish makes it 1) */
    aivm_scheduler scheduler; /* open-source scheduler the user runs */
    bool managed;             /* wants built-in scheduling with nothing to install */
    bool containers;          /* runs in containers */
    bool spot;                /* asks for spot capacity */
    bool checkpointing;       /* the job checkpoints and can resume */
} aivm_workload;

#define AIVM_WORKLOAD_INIT {AIVM_PHASE_UNSET, AIVM_KIND_UNSET, AIVM_MSIZE_UNSET, NULL, \
                            AIVM_OS_UNSET, false, NULL, 0, {NULL, 0, 0}, {NULL, 0, 0}, \
                            0, AIVM_SCHED_UNSET, false, false, false, false}

/** The most VMs --nodes accepts. */
#define AIVM_MAX_NODES 10000u

/** Parse a value by its documented spelling. Return 0 or AIVM_EINVALID
 *  (err gets "invalid phase 'x' (expected train or inference)"). */
int aivm_phase_parse(aivm_phase *out, const char *s, aivm_error *err);
int aivm_kind_parse(aivm_kind *out, const char *s, aivm_error *err);
int aivm_model_size_parse(aivm_model_size *out, const char *s, aivm_error *err);
int aivm_os_parse(aivm_os *out, const char *s, aivm_error *err);
/** "slurm", "gridengine", "pbs" or "none". */
int aivm_scheduler_parse(aivm_scheduler *out, const char *s, aivm_error *err);

const char *aivm_phase_name(aivm_phase p);
const char *aivm_kind_name(aivm_kind k);
const char *aivm_model_size_name(aivm_model_size m);
const char *aivm_os_name(aivm_os o);
const char *aivm_scheduler_name(aivm_scheduler s);

/**
 * Fill the defaults the CLI documents (model_size complex, region eastus,
 * os linux, nodes 1, scheduler none) into fields not set, and check that
 * phase and kind are set.
 * Returns 0 or AIVM_EINVALID naming the missing field.
 */
int aivm_workload_finish(aivm_workload *wl, aivm_error *err);

/** A parsed workload file; owns the strings its workload points at. */
typedef struct aivm_workload_doc aivm_workload_doc;

/**
 * Parse a workload file (YAML or JSON: keys phase, kind, model_size,
 * region, os, include_retired, nodes, scheduler, managed, containers, spot,
 * checkpointing) into `wl`, overwriting only the keys the
 * file has. On success `*out` owns the strings `wl` now borrows; free it
 * with aivm_workload_doc_free() after the last use of `wl`.
 * Returns 0, AIVM_ESYNTAX, AIVM_EINVALID or AIVM_ELIMIT.
 */
int aivm_workload_load_mem(aivm_workload_doc **out, aivm_workload *wl, const char *buf,
                           size_t len, const char *name, aivm_error *err);
int aivm_workload_load_file(aivm_workload_doc **out, aivm_workload *wl, const char *path,
                            aivm_error *err);
void aivm_workload_doc_free(aivm_workload_doc *doc);

#endif
