/*
 * aivm/inputs.h - the descriptor table of a workload's inputs.
 *
 * One row per input (AIVM_IN_x of aivm/workload.h): its command-line flag, its
 * workload-file key, its plan tag, its type and range, and its --help line.
 * The one parser of every spelling (flag, key, tag) and the one precedence
 * (aivm_origin) are here, so a value means the same and fails with the same
 * message wherever it is written. The CLI builds its option rows, --help and
 * completion lists from the table; the workload-file reader and the plan
 * readers look keys and tags up in it.
 *
 * Rows and their strings are static: nothing here allocates or is freed.
 */
#ifndef AIVM_INPUTS_H
#define AIVM_INPUTS_H

#include <stdbool.h>
#include <stddef.h>

#include "aivm/error.h"
#include "aivm/workload.h"

/** How a value is written. */
typedef enum {
    AIVM_IV_ENUM,    /* one of `names` (ASCII case ignored; did-you-mean on a miss) */
    AIVM_IV_COUNT,   /* a whole number from 1 to `max` */
    AIVM_IV_NUMBER,  /* a number more than 0 and at most `max` */
    AIVM_IV_DAYS,    /* a number from 0 (no limit) to `max` */
    AIVM_IV_TOKENS,  /* a token count with a K/M/B/T suffix (aivm_tokens_parse) */
    AIVM_IV_PARAMS,  /* a parameter count with a K/M/B/T suffix (aivm_params_parse) */
    AIVM_IV_SAMPLES, /* a sample count with a K/M/B/T suffix (as a token count) */
    AIVM_IV_SWITCH,  /* a flag without a value; true or false as a key or tag */
    AIVM_IV_NAME     /* any text (a model preset id, checked when the data is loaded) */
} aivm_input_type;

/* Where an input may be written (aivm_input.where). */
#define AIVM_IW_RECOMMEND (1u << 0) /* a flag of recommend */
#define AIVM_IW_CHECK (1u << 1)     /* a flag of check (a default under the plan's tags) */
#define AIVM_IW_TAG (1u << 2)       /* a plan tag, "aivm-" + flag */
#define AIVM_IW_CONFIG                                                                             \
    (1u << 3) /* a configuration key (the flag's name): the project's,                             \
                 not one job's (docs/config.md) */

/** One input. */
typedef struct {
    unsigned id;              /* AIVM_IN_x */
    const char *flag;         /* the long option without "--"; the tag is "aivm-" + flag */
    const char *key;          /* the workload-file key */
    aivm_input_type type;     /* how the value is written */
    double max;               /* COUNT, NUMBER, DAYS: the largest value */
    const char *const *names; /* ENUM: the values, [0] "" for unset, NULL-terminated */
    const char *metavar;      /* the value in --help ("N", "train|inference"); NULL: a switch */
    const char *help;         /* the --help line */
    unsigned where;           /* AIVM_IW_x bits */
} aivm_input;

/** The number of rows (AIVM_IN_COUNT). */
size_t aivm_inputs_count(void);
/** Row `i` (0 <= i < aivm_inputs_count(), in --help order; row i has id i). */
const aivm_input *aivm_input_at(size_t i);
/** The row of flag `name` (without "--"), exact; NULL when none. */
const aivm_input *aivm_input_by_flag(const char *name);
/** The row of workload-file key `name`, exact; NULL when none. */
const aivm_input *aivm_input_by_key(const char *name);
/** The row of plan tag `name` ("aivm-tokens", ASCII case ignored); NULL when
 *  none or when the input is not a tag. */
const aivm_input *aivm_input_by_tag(const char *name);

/**
 * Parse `text` as input `f` and set it in `wl` with `origin`, unless `wl`
 * already holds it from a later origin (then nothing changes). A switch
 * given as a flag passes text NULL (true). `where` names the spelling for
 * the message ("--phase", "key 'phase' in the workload", "tag 'aivm-phase'
 * of vm.a"); `loc` (may be NULL) is the value's position, kept as the
 * phase's or kind's origin and put on the error. The text is borrowed (a
 * NAME points at it). Returns 0 or AIVM_EINVALID with the one message of
 * every spelling: "invalid value 'x' for WHERE (expected ...; did you mean
 * ...?)".
 */
int aivm_input_set(aivm_workload *wl, const aivm_input *f, const char *text, aivm_origin origin,
                   const char *where, const aivm_loc *loc, aivm_error *err);

/**
 * Write input `f` of `wl` as its flag, key or tag takes it ("inference",
 * "2048", "1000000000000", "true") into `out` (`cap` bytes, always
 * NUL-terminated): aivm_input_set() of that text gives the value back.
 * Returns `out`.
 */
char *aivm_input_format(char *out, size_t cap, const aivm_workload *wl, const aivm_input *f);

/** Whether input `id` of `wl` was given: it has an origin, or its bit in
 *  wl->set, wl->sizing_in.set or wl->work.set (a caller that filled the
 *  struct itself). */
bool aivm_workload_given(const aivm_workload *wl, unsigned id);

/** The origin of input `id` in `wl` (AIVM_ORIGIN_NONE when not given). */
aivm_origin aivm_workload_origin(const aivm_workload *wl, unsigned id);

/**
 * Copy every input `src` gives into `dst` where `src`'s origin is at least
 * `dst`'s: the value, its set bits and its origin. The precedence of every
 * command (defaults < config < workload file < flags < plan tags) is this
 * one rule. Strings are borrowed from `src`'s owner.
 */
void aivm_workload_overlay(aivm_workload *dst, const aivm_workload *src);

#endif
