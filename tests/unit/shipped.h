/* shipped.h - the set-up several unit tests share: the shipped catalog and
 * rules (and model presets) as a cmocka group fixture, the advice on them
 * and a check of a plan given as text, both as of one fixed day. */
#ifndef AIVM_TEST_SHIPPED_H
#define AIVM_TEST_SHIPPED_H

#include <stdbool.h>

#include "aivm/check.h"
#include "helpers.h"

/** The day every advice and check of these tests is run on. */
#define SHIPPED_TODAY "2026-11-29"

/** The shipped data, owned by the fixture (shipped_dispose frees it). */
typedef struct {
    aivm_catalog *cat;
    aivm_rules *rules;
    aivm_models *models; /* NULL unless loaded with models */
} shipped_data;

/** Load data/catalog.yaml and data/rules.yaml (and the model presets when
 *  `models`) into `*d`. Fails the test on error. */
void shipped_load(shipped_data *d, bool models);
/** Free what shipped_load loaded and clear `*d`. */
void shipped_dispose(shipped_data *d);
/** cmocka group set-up: `*state` is a shipped_data with the catalog and
 *  rules, freed by shipped_teardown. */
int shipped_setup(void **state);
int shipped_teardown(void **state);

/** The shipped data of a test file whose helpers read it from file scope:
 *  shipped_group_setup (a cmocka group set-up) loads the catalog, rules and
 *  model presets into it, shipped_group_teardown frees them. */
extern shipped_data shipped;
int shipped_group_setup(void **state);
int shipped_group_teardown(void **state);

/** The advice on the shipped data for `wl` (finished first, as of
 *  SHIPPED_TODAY). Fails the test on error; the caller frees the advice. */
aivm_advice *shipped_advise(const shipped_data *d, aivm_workload *wl);

/** A new plan read from `text` as the file `name`. Fails the test on error;
 *  the caller frees it with aivm_plan_free. */
aivm_plan *shipped_plan(const char *text, const char *name);
/** aivm_check_run on the shipped data as of SHIPPED_TODAY (`o->today` is set);
 *  returns its status. */
int shipped_check(aivm_check_report **out, const shipped_data *d, const aivm_plan *plan,
                  aivm_check_opts *o, aivm_error *err);
/** Judge `rep` against --fail-on `level` (and --fail-on-new when `new_only`)
 *  with aivm_check_judge and return whether its verdict is FAIL. */
bool shipped_fails_at(aivm_check_report *rep, aivm_severity level, bool new_only);

#endif
