#!/usr/bin/env python3
"""gen_tfplan.py N OUT - a Terraform plan JSON (terraform show -json) with N
azurerm_linux_virtual_machine resources spread over real sizes and workload tags."""
import json
import sys

n, dst = int(sys.argv[1]), sys.argv[2]
sizes = ["Standard_ND96isr_H100_v5", "Standard_NC40ads_H100_v5", "Standard_NC24ads_A100_v4",
         "Standard_E8as_v6", "Standard_F8als_v6", "Standard_NC6s_v3", "Standard_NV36ads_A10_v5"]
phases = ["train", "inference"]
kinds = ["generative", "non-generative"]
resources, changes = [], []
for i in range(n):
    addr = "module.fleet.azurerm_linux_virtual_machine.vm[%d]" % i
    values = {
        "name": "vm-%05d" % i, "location": "eastus", "size": sizes[i % len(sizes)],
        "resource_group_name": "rg-ai", "admin_username": "azureuser",
        "priority": "Spot" if i % 5 == 0 else "Regular",
        "network_interface_ids": ["/subscriptions/0/resourceGroups/rg/providers/x/nic-%d" % i],
        "os_disk": [{"caching": "ReadWrite", "storage_account_type": "Premium_LRS"}],
        "source_image_reference": [{"publisher": "microsoft-dsvm", "offer": "ubuntu-2204",
                                    "sku": "2204-gen2", "version": "latest"}],
        "tags": {"aivm-phase": phases[i % 2], "aivm-kind": kinds[(i // 2) % 2],
                 "aivm-model-size": "complex", "team": "ml-%d" % (i % 17)},
    }
    resources.append({"address": addr, "mode": "managed", "type": "azurerm_linux_virtual_machine",
                      "name": "vm", "index": i, "provider_name": "registry.terraform.io/hashicorp/azurerm",
                      "schema_version": 0, "values": values, "sensitive_values": {}})
    changes.append({"address": addr, "module_address": "module.fleet", "mode": "managed",
                    "type": "azurerm_linux_virtual_machine", "name": "vm", "index": i,
                    "provider_name": "registry.terraform.io/hashicorp/azurerm",
                    "change": {"actions": ["create"], "before": None, "after": values,
                               "after_unknown": {"id": True}, "before_sensitive": False,
                               "after_sensitive": {}}})
plan = {"format_version": "1.2", "terraform_version": "1.9.5",
        "planned_values": {"root_module": {"child_modules": [
            {"address": "module.fleet", "resources": resources}]}},
        "resource_changes": changes,
        "configuration": {"provider_config": {"azurerm": {"name": "azurerm"}}}}
json.dump(plan, open(dst, "w"), indent=2)
