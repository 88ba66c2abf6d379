#!/usr/bin/env python3
"""gen_tfplan.py N OUT [--indent] - a Terraform plan JSON (terraform show -json)
with N azurerm_linux_virtual_machine resources spread over real sizes and
workload tags. Each resource carries the attributes the azurerm provider (v3/v4)
reports for a planned VM: admin_ssh_key, boot_diagnostics, identity, os_disk
details, additional_capabilities, the null/empty optional blocks, and the
after_unknown / after_sensitive / before_sensitive shapes Terraform writes for a
create, so 5,000 VMs come to about 27 MB. Like Terraform, it writes one line;
--indent writes it as `jq .` prints it (about 48 MB)."""
import base64
import hashlib
import json
import sys

n, dst = int(sys.argv[1]), sys.argv[2]
indent = "--indent" in sys.argv[3:]
sizes = ["Standard_ND96isr_H100_v5", "Standard_NC40ads_H100_v5", "Standard_NC24ads_A100_v4",
         "Standard_E8as_v6", "Standard_F8als_v6", "Standard_NC6s_v3", "Standard_NV36ads_A10_v5"]
phases = ["train", "inference"]
kinds = ["generative", "non-generative"]
sub = "/subscriptions/00000000-0000-0000-0000-000000000000"
rg = sub + "/resourceGroups/rg-ai"


def ssh_key(i):
    """A deterministic RSA-2048 public key of the real length (ssh-rsa, 372 chars + comment)."""
    body = b"".join(hashlib.sha512(b"%d-%d" % (i, k)).digest() for k in range(5))
    return "ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQ" + base64.b64encode(body).decode()[:338] + \
        " azureuser@build-%d" % (i % 31)


def vm_values(i):
    name = "vm-%05d" % i
    spot = i % 5 == 0
    return {
        "additional_capabilities": [{"hibernation_enabled": False, "ultra_ssd_enabled": False}],
        "admin_password": None,
        "admin_ssh_key": [{"public_key": ssh_key(i), "username": "azureuser"}],
        "admin_username": "azureuser",
        "allow_extension_operations": True,
        "availability_set_id": None,
        "boot_diagnostics": [{"storage_account_uri": None}],
        "custom_data": None,
        "dedicated_host_id": None,
        "disable_password_authentication": True,
        "eviction_policy": "Deallocate" if spot else None,
        "extensions_time_budget": "PT1H30M",
        "identity": [{"identity_ids": [], "type": "SystemAssigned"}],
        "license_type": None,
        "location": "eastus",
        "max_bid_price": -1,
        "name": name,
        "network_interface_ids": [rg + "/providers/Microsoft.Network/networkInterfaces/"
                                  "nic-%05d" % i],
        "os_disk": [{"caching": "ReadWrite", "diff_disk_settings": [],
                     "disk_size_gb": 256,
                     "name": "osdisk-%05d" % i, "storage_account_type": "Premium_LRS",
                     "write_accelerator_enabled": False}],
        "patch_assessment_mode": "ImageDefault",
        "patch_mode": "ImageDefault",
        "plan": [],
        "priority": "Spot" if spot else "Regular",
        "provision_vm_agent": True,
        "proximity_placement_group_id": None,
        "resource_group_name": "rg-ai",
        "secret": [],
        "secure_boot_enabled": False,
        "size": sizes[i % len(sizes)],
        "source_image_id": None,
        "source_image_reference": [{"offer": "ubuntu-hpc", "publisher": "microsoft-dsvm",
                                    "sku": "2204", "version": "latest"}],
        "tags": {"aivm-phase": phases[i % 2], "aivm-kind": kinds[(i // 2) % 2],
                 "aivm-model-size": "complex", "team": "ml-%d" % (i % 17),
                 "env": "prod"},
        "timeouts": None,
        "user_data": None,
        "vtpm_enabled": False,
        "zone": str(i % 3 + 1),
    }


after_unknown = {
    "additional_capabilities": [{}], "admin_ssh_key": [{}], "boot_diagnostics": [{}],
    "computer_name": True, "id": True,
    "identity": [{"identity_ids": [], "principal_id": True, "tenant_id": True}],
    "network_interface_ids": [False], "os_disk": [{"diff_disk_settings": []}],
    "plan": [], "private_ip_address": True,
    "private_ip_addresses": True, "public_ip_address": True, "public_ip_addresses": True,
    "secret": [], "source_image_reference": [{}], "tags": {},
    "virtual_machine_id": True,
}
after_sensitive = {
    "additional_capabilities": [{}], "admin_password": True, "admin_ssh_key": [{}],
    "boot_diagnostics": [{}], "custom_data": True,
    "identity": [{"identity_ids": []}], "network_interface_ids": [False],
    "os_disk": [{"diff_disk_settings": []}], "plan": [],
    "secret": [], "source_image_reference": [{}], "tags": {},
}
provider = "registry.terraform.io/hashicorp/azurerm"
resources, changes = [], []
for i in range(n):
    addr = "module.fleet.azurerm_linux_virtual_machine.vm[%d]" % i
    values = vm_values(i)
    resources.append({"address": addr, "mode": "managed", "type": "azurerm_linux_virtual_machine",
                      "name": "vm", "index": i, "provider_name": provider,
                      "schema_version": 0, "values": values,
                      "sensitive_values": after_sensitive})
    changes.append({"address": addr, "module_address": "module.fleet", "mode": "managed",
                    "type": "azurerm_linux_virtual_machine", "name": "vm", "index": i,
                    "provider_name": provider,
                    "change": {"actions": ["create"], "before": None, "after": values,
                               "after_unknown": after_unknown, "before_sensitive": False,
                               "after_sensitive": after_sensitive}})
config_vm = {
    "address": "azurerm_linux_virtual_machine.vm", "mode": "managed",
    "type": "azurerm_linux_virtual_machine", "name": "vm", "provider_config_key": "azurerm",
    "expressions": {k: {"references": ["var." + k]} for k in
                    ("location", "resource_group_name", "size", "admin_username", "tags")},
    "schema_version": 0, "count_expression": {"references": ["var.vm_count"]},
}
plan = {"format_version": "1.2", "terraform_version": "1.9.5",
        "variables": {"vm_count": {"value": n}},
        "planned_values": {"root_module": {"child_modules": [
            {"address": "module.fleet", "resources": resources}]}},
        "resource_changes": changes,
        "configuration": {"provider_config": {"azurerm": {
            "name": "azurerm", "full_name": provider,
            "expressions": {"features": [{}]}}},
            "root_module": {"module_calls": {"fleet": {
                "source": "./modules/fleet", "module": {"resources": [config_vm]}}}}},
        "timestamp": "2026-11-30T00:00:00Z", "applyable": True, "complete": True,
        "errored": False}
with open(dst, "w") as f:
    if indent:
        json.dump(plan, f, indent=2)
    else:
        json.dump(plan, f, separators=(",", ":"))
