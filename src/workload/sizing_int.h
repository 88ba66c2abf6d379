/* sizing_int.h - internals of the workload module shared by workload.c, sizing.c and inputs.c. */
#ifndef AIVM_SIZING_INT_H
#define AIVM_SIZING_INT_H

#include "aivm/sizing.h"
#include "util/yamlutil.h"

/* The spellings of the enum inputs: [0] "" for unset, NULL-terminated
 * (workload.c, sizing.c; the descriptor table of inputs.c points at them). */
extern const char *const aivm_workload__phase_names[];
extern const char *const aivm_workload__kind_names[];
extern const char *const aivm_workload__msize_names[];
extern const char *const aivm_workload__os_names[];
extern const char *const aivm_workload__sched_names[];
extern const char *const aivm_sizing__prec_names[];
extern const char *const aivm_sizing__ft_names[];
extern const char *const aivm_sizing__opt_names[];
extern const char *const aivm_sizing__shard_names[];

/** A count written with an optional K/M/B/T suffix ("7B", "1.4T", "300K", "1e12"): at
 *  least 1 and at most `max`. The parser of --params and --tokens. */
bool aivm_workload__parse_count(double *out, const char *s, double max);

#endif
