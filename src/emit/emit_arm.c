/*
 * emit_arm.c - the deployment as an ARM template: a VM and its network
 * interface, a scale set (with a proximity placement group and one
 * placement group for InfiniBand training), or an AKS agent pool of an
 * existing cluster; parameters for the location, subnet, admin credentials
 * and cluster (the resource group is the deployment's). Written with the
 * JSON writer (util/jsonw.h), so every string is escaped; a literal value
 * that starts with '[' is written "[[...", as ARM reads a literal, never
 * as an expression.
 */
#include <stdio.h>
#include <string.h>

#include "emit_int.h"
#include "util/jsonw.h"

#define API_COMPUTE "2024-07-01"
#define API_NETWORK "2024-05-01"
#define API_AKS "2024-09-01"
#define NIC_ID "[resourceId('Microsoft.Network/networkInterfaces', 'aivm-nic')]"
#define PPG_ID "[resourceId('Microsoft.Compute/proximityPlacementGroups', 'aivm-ppg')]"

/* A literal string value: ARM takes "[..." for an expression, "[[..." for a
 * literal that starts with '['. */
static void lit(aivm_jw *w, const char *key, const char *s)
{
    aivm_buf b = AIVM_BUF_INIT;
    if (s[0] != '[') {
        aivm_jw_str(w, key, s);
        return;
    }
    aivm_buf_printf(&b, "[%s", s);
    aivm_jw_str(w, key, b.ptr);
    aivm_buf_dispose(&b);
}

static void param(aivm_jw *w, const char *name, const char *type, const char *dflt,
                  const char *desc)
{
    aivm_jw_object(w, name);
    aivm_jw_str(w, "type", type);
    if (dflt)
        lit(w, "defaultValue", dflt);
    aivm_jw_object(w, "metadata");
    aivm_jw_str(w, "description", desc);
    aivm_jw_end(w);
    aivm_jw_end(w);
}

static void parameters(aivm_jw *w, const aivm_emit__deploy *d)
{
    aivm_jw_object(w, "parameters");
    if (d->shape == AIVM_EMIT__AKS_POOL) {
        param(w, "clusterName", "string", NULL, "Name of the AKS cluster that gets the node pool");
        aivm_jw_end(w);
        return;
    }
    param(w, "location", "string", d->region, "Region (the advice's)");
    param(w, "subnetId", "string", NULL, "ID of the subnet the VMs join");
    param(w, "adminUsername", "string", "azureuser", "Administrator user name");
    if (d->windows)
        param(w, "adminPassword", "securestring", NULL, "Administrator password");
    else
        param(w, "adminSshPublicKey", "string", NULL,
              "SSH public key (OpenSSH format) of the admin user");
    aivm_jw_end(w);
}

static void zones(aivm_jw *w, const char *key, unsigned mask)
{
    char zl[31][4];
    size_t n = aivm_emit__zone_list(zl, 31, mask);
    if (!n)
        return;
    aivm_jw_array(w, key);
    for (size_t i = 0; i < n; i++)
        aivm_jw_str(w, NULL, zl[i]);
    aivm_jw_end(w);
}

/* Open a resource of the template: its type, API version, name, the
 * location parameter and the zones of `zone_mask` (none: regional). */
static void resource(aivm_jw *w, const char *type, const char *api, const char *name,
                     unsigned zone_mask)
{
    aivm_jw_object(w, NULL);
    aivm_jw_str(w, "type", type);
    aivm_jw_str(w, "apiVersion", api);
    aivm_jw_str(w, "name", name);
    aivm_jw_str(w, "location", "[parameters('location')]");
    zones(w, "zones", zone_mask);
}

static void depends_on(aivm_jw *w, const char *id)
{
    aivm_jw_array(w, "dependsOn");
    aivm_jw_str(w, NULL, id);
    aivm_jw_end(w);
}

static void tags(aivm_jw *w, const aivm_emit__deploy *d)
{
    aivm_jw_object(w, "tags");
    for (size_t i = 0; i < d->n_tags; i++)
        lit(w, d->tags[i].key, d->tags[i].value);
    aivm_jw_end(w);
}

static void spot(aivm_jw *w, const aivm_emit__deploy *d)
{
    if (!d->spot)
        return;
    aivm_jw_str(w, "priority", "Spot");
    aivm_jw_str(w, "evictionPolicy", d->eviction);
    aivm_jw_object(w, "billingProfile");
    aivm_jw_num(w, "maxPrice", -1);
    aivm_jw_end(w);
}

static void storage(aivm_jw *w, const aivm_emit__deploy *d)
{
    aivm_jw_object(w, "storageProfile");
    aivm_jw_object(w, "imageReference");
    lit(w, "publisher", d->publisher);
    lit(w, "offer", d->offer);
    lit(w, "sku", d->sku);
    lit(w, "version", d->version);
    aivm_jw_end(w);
    aivm_jw_object(w, "osDisk");
    aivm_jw_str(w, "createOption", "FromImage");
    aivm_jw_str(w, "osType", d->windows ? "Windows" : "Linux");
    aivm_jw_object(w, "managedDisk");
    aivm_jw_str(w, "storageAccountType", "StandardSSD_LRS");
    aivm_jw_end(w);
    aivm_jw_end(w);
    aivm_jw_end(w);
}

static void plan(aivm_jw *w, const aivm_emit__deploy *d)
{
    if (!d->image_plan)
        return;
    aivm_jw_object(w, "plan");
    lit(w, "name", d->sku);
    lit(w, "product", d->offer);
    lit(w, "publisher", d->publisher);
    aivm_jw_end(w);
}

static void os_profile(aivm_jw *w, const aivm_emit__deploy *d, const char *name_key,
                       const char *name)
{
    aivm_jw_object(w, "osProfile");
    aivm_jw_str(w, name_key, name);
    aivm_jw_str(w, "adminUsername", "[parameters('adminUsername')]");
    if (d->windows) {
        aivm_jw_str(w, "adminPassword", "[parameters('adminPassword')]");
        aivm_jw_object(w, "windowsConfiguration");
        aivm_jw_bool(w, "provisionVMAgent", true);
        aivm_jw_end(w);
    } else {
        aivm_jw_object(w, "linuxConfiguration");
        aivm_jw_bool(w, "disablePasswordAuthentication", true);
        aivm_jw_object(w, "ssh");
        aivm_jw_array(w, "publicKeys");
        aivm_jw_object(w, NULL);
        aivm_jw_str(w, "path",
                    "[format('/home/{0}/.ssh/authorized_keys', "
                    "parameters('adminUsername'))]");
        aivm_jw_str(w, "keyData", "[parameters('adminSshPublicKey')]");
        aivm_jw_end(w);
        aivm_jw_end(w);
        aivm_jw_end(w);
        aivm_jw_end(w);
    }
    aivm_jw_end(w);
}

static void ip_config(aivm_jw *w, bool primary)
{
    aivm_jw_array(w, "ipConfigurations");
    aivm_jw_object(w, NULL);
    aivm_jw_str(w, "name", "internal");
    aivm_jw_object(w, "properties");
    if (primary)
        aivm_jw_bool(w, "primary", true);
    else
        aivm_jw_str(w, "privateIPAllocationMethod", "Dynamic");
    aivm_jw_object(w, "subnet");
    aivm_jw_str(w, "id", "[parameters('subnetId')]");
    aivm_jw_end(w);
    aivm_jw_end(w);
    aivm_jw_end(w);
    aivm_jw_end(w);
}

/* What the VM and each instance of the scale set are: image and disk, OS
 * profile, network profile (the VM's NIC by reference, the scale set's
 * inline) and spot priority. */
static void machine(aivm_jw *w, const aivm_emit__deploy *d, bool scale_set)
{
    storage(w, d);
    if (scale_set)
        os_profile(w, d, "computerNamePrefix", "aivm");
    else
        os_profile(w, d, "computerName", d->name);
    aivm_jw_object(w, "networkProfile");
    if (scale_set) {
        aivm_jw_array(w, "networkInterfaceConfigurations");
        aivm_jw_object(w, NULL);
        aivm_jw_str(w, "name", "aivm-nic");
        aivm_jw_object(w, "properties");
        aivm_jw_bool(w, "primary", true);
        aivm_jw_bool(w, "enableAcceleratedNetworking", d->accelerated);
        ip_config(w, true);
        aivm_jw_end(w);
    } else {
        aivm_jw_array(w, "networkInterfaces");
        aivm_jw_object(w, NULL);
        aivm_jw_str(w, "id", NIC_ID);
    }
    aivm_jw_end(w);
    aivm_jw_end(w);
    aivm_jw_end(w);
    spot(w, d);
}

static void vm(aivm_jw *w, const aivm_emit__deploy *d)
{
    resource(w, "Microsoft.Network/networkInterfaces", API_NETWORK, "aivm-nic", 0);
    aivm_jw_object(w, "properties");
    aivm_jw_bool(w, "enableAcceleratedNetworking", d->accelerated);
    ip_config(w, false);
    aivm_jw_end(w);
    aivm_jw_end(w);

    resource(w, "Microsoft.Compute/virtualMachines", API_COMPUTE, d->name, d->zones);
    depends_on(w, NIC_ID);
    tags(w, d);
    plan(w, d);
    aivm_jw_object(w, "properties");
    aivm_jw_object(w, "hardwareProfile");
    lit(w, "vmSize", d->size);
    aivm_jw_end(w);
    machine(w, d, false);
    aivm_jw_end(w);
    aivm_jw_end(w);
}

static void ppg(aivm_jw *w, const aivm_emit__deploy *d)
{
    resource(w, "Microsoft.Compute/proximityPlacementGroups", API_COMPUTE, "aivm-ppg", d->zones);
    aivm_jw_object(w, "properties");
    aivm_jw_str(w, "proximityPlacementGroupType", "Standard");
    aivm_jw_object(w, "intent");
    aivm_jw_array(w, "vmSizes");
    lit(w, NULL, d->size);
    aivm_jw_end(w);
    aivm_jw_end(w);
    aivm_jw_end(w);
    aivm_jw_end(w);
}

static void vmss(aivm_jw *w, const aivm_emit__deploy *d)
{
    if (d->ib_placement)
        ppg(w, d);
    resource(w, "Microsoft.Compute/virtualMachineScaleSets", API_COMPUTE, d->name, d->zones);
    if (d->ib_placement)
        depends_on(w, PPG_ID);
    aivm_jw_object(w, "sku");
    lit(w, "name", d->size);
    aivm_jw_str(w, "tier", "Standard");
    aivm_jw_num(w, "capacity", d->vms);
    aivm_jw_end(w);
    tags(w, d);
    plan(w, d);
    aivm_jw_object(w, "properties");
    aivm_jw_str(w, "orchestrationMode", "Uniform");
    aivm_jw_bool(w, "overprovision", false);
    aivm_jw_object(w, "upgradePolicy");
    aivm_jw_str(w, "mode", "Manual");
    aivm_jw_end(w);
    if (d->ib_placement) {
        aivm_jw_bool(w, "singlePlacementGroup", d->vms <= 100);
        aivm_jw_object(w, "proximityPlacementGroup");
        aivm_jw_str(w, "id", PPG_ID);
        aivm_jw_end(w);
    }
    aivm_jw_object(w, "virtualMachineProfile");
    machine(w, d, true);
    aivm_jw_end(w);
    aivm_jw_end(w);
    aivm_jw_end(w);
}

static void pool(aivm_jw *w, const aivm_emit__deploy *d)
{
    aivm_jw_object(w, NULL);
    aivm_jw_str(w, "type", "Microsoft.ContainerService/managedClusters/agentPools");
    aivm_jw_str(w, "apiVersion", API_AKS);
    aivm_jw_str(w, "name", "[format('{0}/{1}', parameters('clusterName'), 'aivm')]");
    aivm_jw_object(w, "properties");
    lit(w, "vmSize", d->size);
    aivm_jw_num(w, "count", d->vms);
    aivm_jw_str(w, "mode", "User");
    aivm_jw_str(w, "osType", d->windows ? "Windows" : "Linux");
    aivm_jw_str(w, "type", "VirtualMachineScaleSets");
    zones(w, "availabilityZones", d->zones);
    if (d->spot) {
        aivm_jw_str(w, "scaleSetPriority", "Spot");
        aivm_jw_str(w, "scaleSetEvictionPolicy", d->eviction);
        aivm_jw_num(w, "spotMaxPrice", -1);
    }
    tags(w, d);
    aivm_jw_end(w);
    aivm_jw_end(w);
}

int aivm_emit__arm(aivm_buf *out, const aivm_emit__deploy *d, aivm_error *err)
{
    aivm_buf sum = AIVM_BUF_INIT;
    aivm_jw w;
    aivm_emit__summary(&sum, d);
    aivm_jw_init(&w, out);
    aivm_jw_set_indent(&w, 2); /* the layout of ARM templates in the docs and editors */
    aivm_jw_object(&w, NULL);
    aivm_jw_str(&w, "$schema",
                "https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#");
    aivm_jw_str(&w, "contentVersion", "1.0.0.0");
    aivm_jw_object(&w, "metadata");
    aivm_jw_str(&w, "generator", "aivm-advise --emit arm");
    aivm_jw_str(&w, "recommendation", sum.ptr ? sum.ptr : "");
    if (d->overlay[0])
        aivm_jw_str(&w, "catalogOverlay", d->overlay);
    if (d->shape != AIVM_EMIT__AKS_POOL)
        aivm_jw_str(&w, "image", d->image_id ? d->image_id : "a platform image (no image advice)");
    else
        aivm_jw_str(&w, "image", "AKS chooses the node image");
    aivm_jw_end(&w);
    parameters(&w, d);
    aivm_jw_array(&w, "resources");
    if (d->shape == AIVM_EMIT__VM)
        vm(&w, d);
    else if (d->shape == AIVM_EMIT__VMSS)
        vmss(&w, d);
    else
        pool(&w, d);
    aivm_jw_end(&w);
    aivm_jw_end(&w);
    aivm_buf_puts(out, "\n");
    aivm_buf_dispose(&sum);
    if (out->overflow)
        return aivm_error_set(err, AIVM_ELIMIT, NULL, "the emitted template is too large");
    return 0;
}
