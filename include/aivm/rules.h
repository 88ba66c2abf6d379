/*
 * aivm/rules.h - the rule set: data-driven conditions over a workload and a
 * candidate size, with an effect (exclude, require, prefer, penalize), a
 * weight, a severity for check mode, the guidance items they implement and
 * a message (docs/rules-format.md).
 *
 * A rule set owns its rules; pointers from the getters stay valid until
 * aivm_rules_free().
 */
#ifndef AIVM_RULES_H
#define AIVM_RULES_H

#include <stdbool.h>
#include <stddef.h>

#include "aivm/buf.h"
#include "aivm/catalog.h"
#include "aivm/error.h"
#include "aivm/workload.h"

typedef enum {
    AIVM_EFFECT_EXCLUDE = 0,  /* candidates matching `if` are rejected */
    AIVM_EFFECT_REQUIRE = 1,  /* candidates not matching `if` are rejected */
    AIVM_EFFECT_PREFER = 2,   /* matching candidates gain `weight` */
    AIVM_EFFECT_PENALIZE = 3, /* matching candidates lose `weight` */
    AIVM_EFFECT_NOTE = 4      /* matching candidates get an informational reason */
} aivm_effect;

typedef enum { AIVM_SEV_NOTE = 0, AIVM_SEV_WARNING = 1, AIVM_SEV_ERROR = 2 } aivm_severity;

typedef struct aivm_rules aivm_rules;
typedef struct aivm_rule aivm_rule;

/** Create an empty rule set. Caller frees with aivm_rules_free(). */
void aivm_rules_new(aivm_rules **out);

/**
 * Parse rules from memory and merge them into `rules`: a rule whose id is
 * already present replaces it (this is how `--rules FILE` overrides shipped
 * rules). Within one document ids must be unique. `name` labels positions.
 * Returns 0, AIVM_ESYNTAX, AIVM_EINVALID (unknown key, wrong type, unknown
 * attribute or value, duplicate id) or AIVM_ELIMIT; on failure `rules` is
 * unchanged.
 */
int aivm_rules_load_mem(aivm_rules *rules, const char *buf, size_t len, const char *name,
                        aivm_error *err);
/**
 * Merge the shipped rules (data/rules.yaml, checked by the loader at build
 * time and compiled into the binary as C records: nothing is parsed or
 * loaded at run time). Rules already present with the same ids are replaced.
 * Same returns as aivm_rules_load_mem().
 */
int aivm_rules_load_builtin(aivm_rules *rules, aivm_error *err);

/** File wrapper of aivm_rules_load_mem(); also AIVM_ENOTFOUND/AIVM_EIO. */
int aivm_rules_load_file(aivm_rules *rules, const char *path, aivm_error *err);
/** Free a rule set and every rule it owns. Accepts NULL. */
void aivm_rules_free(aivm_rules *rules);

/** How many rules the set holds (enabled or not). */
size_t aivm_rules_count(const aivm_rules *rules);
/** The i-th enabled-or-disabled rule in evaluation order. */
const aivm_rule *aivm_rules_at(const aivm_rules *rules, size_t i);
/** Find a rule by id; NULL when absent. */
const aivm_rule *aivm_rules_find(const aivm_rules *rules, const char *id);

/** A rule's fields as loaded: id, effect, severity (check mode), weight
 *  (score contribution of prefer/penalize), enabled, one-line title (may be NULL).
 *  Strings are owned by the rule set. */
const char *aivm_rule_id(const aivm_rule *r);
aivm_effect aivm_rule_effect(const aivm_rule *r);
aivm_severity aivm_rule_severity(const aivm_rule *r);
double aivm_rule_weight(const aivm_rule *r);
bool aivm_rule_enabled(const aivm_rule *r);
const char *aivm_rule_title(const aivm_rule *r);
/** The check id ("AIVM003") the rule reports in check mode (`check:` key),
 *  or NULL when the rule only ranks. */
const char *aivm_rule_check_id(const aivm_rule *r);
/** The guidance ids ("G1", ...) the rule implements. */
const aivm_strlist *aivm_rule_guidance(const aivm_rule *r);

/** The rule's message template as written ({attr} placeholders unfilled;
 *  NULL when it has none), owned by the rule set. */
const char *aivm_rule_message(const aivm_rule *r);
/** Where the rule was defined (its file is the name it was loaded under). */
aivm_loc aivm_rule_loc(const aivm_rule *r);
/** Append the rule's `when` conditions (workload; `candidate` false) or its
 *  `if` conditions (candidate size; `candidate` true) to `out`, as
 *  "phase = train, gpu.count >= 8"; nothing when there are none. */
void aivm_rule_render_conditions(aivm_buf *out, const aivm_rule *r, bool candidate);

/** True when the rule's `when` conditions hold for the workload. */
bool aivm_rule_applies(const aivm_rule *r, const aivm_workload *wl);
/** True when the rule's `if` conditions hold for the candidate. */
bool aivm_rule_matches(const aivm_rule *r, const aivm_workload *wl, const aivm_size *size);
/** Whether an `effect` rejects a candidate its `if` conditions did (`matches`)
 *  or did not match: an exclude that matches, a require that does not. The
 *  one definition of rejection, for recommend's ranking and check's findings. */
bool aivm_effect_rejects(aivm_effect effect, bool matches);
/** True when `r` applies to the workload and rejects `size` (aivm_effect_rejects). */
bool aivm_rule_rejects(const aivm_rule *r, const aivm_workload *wl, const aivm_size *size);
/** If the rule is scaled (`scale: ATTR`), the candidate's value of it for
 *  workload `wl` in `*v` and true; false otherwise. The workload matters for
 *  attributes such as fit.memory_utilization (its sizing). */
bool aivm_rule_scale_value(const aivm_rule *r, const aivm_workload *wl, const aivm_size *size,
                           double *v);
/** The parameter count from which a model counts as "complex" when only
 *  --params is known (rules file key `sizing.complex_from_params`); 0 = unset. */
double aivm_rules_complex_from_params(const aivm_rules *rules);
/** The model-size class of a workload whose sizing is resolved (wl->sizing)
 *  and whose --model-size was not given: complex from the rules' threshold
 *  up, small below it. Nothing changes without a sizing or a threshold. The
 *  one derivation of recommend and check. */
void aivm_rules_settle_size_class(const aivm_rules *rules, aivm_workload *wl);
/** A rendered rule message is cut (with "...") past this many bytes: a
 *  placeholder-heavy --rules message cannot blow up the output. */
#define AIVM_RULE_MESSAGE_MAX 4096

/** Render the rule's message for a candidate ({attr} placeholders filled) into `out`. */
void aivm_rule_render_message(aivm_buf *out, const aivm_rule *r, const aivm_workload *wl,
                              const aivm_size *size);

/** "exclude", "require", "prefer", "penalize", "note"; "note", "warning", "error". */
const char *aivm_effect_name(aivm_effect e);
const char *aivm_severity_name(aivm_severity s);

/* ---- target rules (aivm/extras.h makes the choices they drive) */

typedef enum {
    AIVM_TARGET_SIZE = 0, /* an ordinary rule: ranks sizes (advise.c) */
    AIVM_TARGET_IMAGE = 1,
    AIVM_TARGET_ORCHESTRATOR = 2,
    AIVM_TARGET_CONTAINER_TOOL = 3,
    AIVM_TARGET_SPOT = 4,
    AIVM_TARGET_NOTICE = 5 /* a line for human-readable output only, never JSON */
} aivm_target;

typedef enum {
    AIVM_SPOT_NONE = 0, /* no spot rule fired */
    AIVM_SPOT_RECOMMENDED = 1,
    AIVM_SPOT_CHECKPOINTING_REQUIRED = 2,
    AIVM_SPOT_NOT_RECOMMENDED = 3
} aivm_spot_advice;

/** The rule's target (AIVM_TARGET_SIZE for ordinary rules). */
aivm_target aivm_rule_target(const aivm_rule *r);

/** "image", "orchestrator", "container_tool", "spot", "notice" ("size" for 0). */
const char *aivm_target_name(aivm_target t);
/** "recommended", "checkpointing-required", "not-recommended" (NULL for NONE). */
const char *aivm_spot_advice_name(aivm_spot_advice a);

/**
 * Check that every `select` and `orchestrator` id of the target rules
 * names an entry of the catalog. Kinds the catalog has no entries of at
 * all are not checked (that advice is then simply off). Returns 0 or
 * AIVM_EINVALID with the position of the offending id in the rules file.
 */
int aivm_rules_check_targets(const aivm_rules *rules, const aivm_catalog *cat, aivm_error *err);

/** One rule that fired for a candidate (a size, an image, an orchestrator...).
 *  `message` is owned by whoever made it (the advice, the extras). */
typedef struct {
    const aivm_rule *rule;
    char *message;
    double delta; /* contribution to the score (0 for require) */
    bool scaled;  /* the rule is scaled (`scale: ATTR`) and the candidate has a value of it:
                     `delta` is a share of the weight (filled by the engine, so no renderer
                     evaluates a rule to tell the main reason) */
    double
        effect_pct; /* with the cost objective: its share of the preference band, in % of
                       the cost (delta x AIVM_PREF_PCT_PER_POINT; + makes the size look cheaper) */
} aivm_reason;

#endif
