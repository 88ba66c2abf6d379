/*
 * aivm/extras.h - advice beyond the VM size (docs/advice.md): the image to
 * boot (G7, G8), the orchestrators to run it with (G15-G19), the container
 * tooling it needs (G20-G22), whether spot capacity is safe (G14), and the
 * notices for human-readable output (G13, G23).
 *
 * Every choice is made by rules in the rules file that carry a `target`
 * (image, orchestrator, container_tool, spot, notice) instead of an
 * `effect`; they `select` a catalog id (or give a spot `advice`) with a
 * weight, and the highest total wins. So a company overrides the choice
 * with --rules, as it overrides size rules.
 */
#ifndef AIVM_EXTRAS_H
#define AIVM_EXTRAS_H

#include <stdbool.h>
#include <stddef.h>

#include "aivm/catalog.h"
#include "aivm/error.h"
#include "aivm/rules.h"
#include "aivm/workload.h"

/** The chosen image (image NULL when no image rule selected one). */
typedef struct {
    const aivm_image *image;
    double score;
    aivm_reason *reasons;
    size_t n_reasons;
} aivm_image_choice;

typedef struct {
    unsigned rank; /* 1-based */
    const aivm_orchestrator *orchestrator;
    double score;
    aivm_reason *reasons;
    size_t n_reasons;
} aivm_orchestrator_choice;

typedef struct {
    const aivm_container_tool *tool;
    double score;
    aivm_reason *reasons;
    size_t n_reasons;
} aivm_tool_choice;

/** Everything beyond the size. Reason messages are owned by it. */
typedef struct aivm_extras {
    const aivm_size *size; /* the size the advice is for (rank 1), NULL if none fits */
    aivm_image_choice image;
    aivm_orchestrator_choice *orchestrators; /* best first; only those selected */
    size_t n_orchestrators;
    bool containers;         /* the workload asked for containers */
    aivm_tool_choice *tools; /* best first */
    size_t n_tools;
    aivm_reason *container_notes; /* container rules that select nothing */
    size_t n_container_notes;
    bool spot_requested;
    aivm_spot_advice spot;
    aivm_reason *spot_reasons;
    size_t n_spot_reasons;
    aivm_reason *notices; /* human-readable output only */
    size_t n_notices;
} aivm_extras;

/**
 * Run the target rules of `rules` for `wl` and the chosen `size` (may be
 * NULL: rules with an `if` then do not fire). Orchestrators are chosen
 * first, so image, container, spot and notice rules can test the rank-1
 * orchestrator. `*out` is freed with aivm_extras_free(); it borrows the
 * catalog and rules. Returns 0 (aborts on out-of-memory only).
 */
int aivm_extras_eval(aivm_extras **out, const aivm_catalog *cat, const aivm_rules *rules,
                     const aivm_workload *wl, const aivm_size *size, aivm_error *err);
void aivm_extras_free(aivm_extras *ex);

#endif
