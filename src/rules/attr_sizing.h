/* attr_sizing.h - getters of the sizing attributes in attr.c's table
 * (workload: params, precision, ...; candidate: fit.*). All return null
 * when the workload has no sizing, so rules on them stay inert. */
#ifndef AIVM_ATTR_SIZING_H
#define AIVM_ATTR_SIZING_H

#include "attr.h"

extern const char *const aivm_attr__precisions[];
extern const char *const aivm_attr__finetunes[];
extern const char *const aivm_attr__shardings[];
extern const char *const aivm_attr__fit_limits[];

aivm_value aivm_attr__w_params(const aivm_workload *wl, const aivm_size *s);
aivm_value aivm_attr__w_total_gib(const aivm_workload *wl, const aivm_size *s);
aivm_value aivm_attr__w_precision(const aivm_workload *wl, const aivm_size *s);
aivm_value aivm_attr__w_finetune(const aivm_workload *wl, const aivm_size *s);
aivm_value aivm_attr__w_sharding(const aivm_workload *wl, const aivm_size *s);
aivm_value aivm_attr__w_act_ckpt(const aivm_workload *wl, const aivm_size *s);
aivm_value aivm_attr__w_max_nodes(const aivm_workload *wl, const aivm_size *s);
aivm_value aivm_attr__c_fits(const aivm_workload *wl, const aivm_size *s);
aivm_value aivm_attr__c_limit(const aivm_workload *wl, const aivm_size *s);
aivm_value aivm_attr__c_vms(const aivm_workload *wl, const aivm_size *s);
aivm_value aivm_attr__c_multi_vm(const aivm_workload *wl, const aivm_size *s);
aivm_value aivm_attr__c_replica_vms(const aivm_workload *wl, const aivm_size *s);
aivm_value aivm_attr__c_replicas(const aivm_workload *wl, const aivm_size *s);
aivm_value aivm_attr__c_gpus_needed(const aivm_workload *wl, const aivm_size *s);
aivm_value aivm_attr__c_gpus_total(const aivm_workload *wl, const aivm_size *s);
aivm_value aivm_attr__c_idle_gpus(const aivm_workload *wl, const aivm_size *s);
aivm_value aivm_attr__c_utilization(const aivm_workload *wl, const aivm_size *s);
aivm_value aivm_attr__c_utilization_pct(const aivm_workload *wl, const aivm_size *s);
aivm_value aivm_attr__c_need_gib(const aivm_workload *wl, const aivm_size *s);
aivm_value aivm_attr__c_usable_gib(const aivm_workload *wl, const aivm_size *s);

#endif
