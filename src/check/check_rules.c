/*
 * check_rules.c - the table of check ids (AIVM001...): name, default
 * severity, title, help and guidance items. SARIF rule metadata, JUnit
 * test cases and docs/rules.md follow this table; ids are never reused.
 */
#include <string.h>

#include "aivm/check.h"

static const aivm_check_rule table[] = {
    {"AIVM001", "UnknownSize", AIVM_SEV_WARNING, "Unknown VM size",
     "The planned size is empty, an expression that cannot be evaluated before deployment, or a "
     "name that is not in the aivm-advise catalog (which holds the sizes relevant to AI "
     "workloads). No other rule can judge it: set a literal size, or check the name.",
     "", false, false},
    {"AIVM002", "RetiredOrRetiringSize", AIVM_SEV_ERROR, "Retired or retiring VM size",
     "Retired sizes can no longer be deployed (error); retiring sizes have an announced "
     "retirement date (warning). Move to a current series; the suggested size is the best fit "
     "for the workload.",
     "G10", false, false},
    {"AIVM003", "InfiniBandForInference", AIVM_SEV_WARNING, "InfiniBand size for inference",
     "InfiniBand back-end networking is unnecessary for inference and its cost buys nothing "
     "there (guidance G12). Pick a size without InfiniBand.",
     "G12", false, false},
    {"AIVM004", "MultiNodeTrainingWithoutRdma", AIVM_SEV_ERROR,
     "Multi-node training without RDMA/InfiniBand",
     "Several VMs train together, but the size has no RDMA/InfiniBand interconnect: "
     "GPU-to-GPU traffic across VMs will dominate (guidance G11). Use an ND size with "
     "InfiniBand (the r in ND96isr) or train on one VM.",
     "G11", false, false},
    {"AIVM005", "GpuNeeded", AIVM_SEV_ERROR, "Not the GPU the guidance calls for",
     "The workload (generative AI, or complex non-generative models) calls for GPUs of the ND "
     "or NC family (guidance G1, G2, G4, G5), but the planned size is a CPU size or another "
     "family.",
     "G1 G2 G4 G5", false, false},
    {"AIVM006", "GpuForSmallModel", AIVM_SEV_WARNING, "GPU size for a small non-generative model",
     "Small non-generative models train on memory-optimized CPU VMs and are served from "
     "compute-optimized CPU VMs (guidance G3, G6): a GPU costs more and stays idle.",
     "G3 G6", false, false},
    {"AIVM007", "ModelDoesNotFit", AIVM_SEV_ERROR, "Model does not fit the planned GPUs",
     "The GPU memory the model needs (weights, and for training gradients, optimizer state and "
     "activations) exceeds the GPU memory of the planned VMs (guidance G9). Evaluated when "
     "the resource has aivm-params or aivm-model.",
     "G9", true, false},
    {"AIVM008", "FarMoreGpuMemory", AIVM_SEV_WARNING, "Far more GPU memory than needed",
     "The job fills less than a quarter of the GPU memory of the planned VMs: an "
     "under-utilised, costly deployment (guidance G9). Evaluated when the resource has "
     "aivm-params or aivm-model.",
     "G9", true, false},
    {"AIVM009", "OlderGeneration", AIVM_SEV_NOTE, "Older generation where a newer one fits",
     "A newer hardware generation fits the workload at least as well (guidance G10: prefer the "
     "newest SKUs for the best training and inference times).",
     "G10", false, false},
    {"AIVM010", "SpotTrainingWithoutCheckpoints", AIVM_SEV_WARNING,
     "Spot training without checkpointing",
     "Spot (or low-priority) capacity can be reclaimed at any time; training on it loses work "
     "unless it checkpoints regularly (guidance G14). Declare checkpointing with the tag "
     "aivm-checkpointing = \"true\", or use regular priority.",
     "G14", false, false},
    {"AIVM011", "MissingWorkloadTags", AIVM_SEV_NOTE, "Resource without workload tags",
     "Without aivm-phase and aivm-kind tags (or --workload) only lifecycle rules can judge the "
     "size. Tag the resource with its AI workload.",
     "", false, false},
    {"AIVM012", "ExpiredWaiver", AIVM_SEV_ERROR, "Expired waiver",
     "A waiver's expiry date has passed: the finding it waived counts again. Fix the finding, "
     "or renew the waiver with a new reason and date.",
     "", false, false},
    {"AIVM013", "InsufficientQuota", AIVM_SEV_ERROR, "Insufficient vCPU quota",
     "The planned VMs need more vCPUs than the subscription's quota has free in the location: "
     "the family's limit, the total regional limit or, for spot priority, the low-priority "
     "limit (the --quota snapshot of az vm list-usage). The deployment will fail. Ask for the "
     "increase the message names, or plan another region or size.",
     "G13", false, true},
    {"AIVM014", "CheaperForTheWork", AIVM_SEV_NOTE, "Another size does the work for much less",
     "With an amount of work (aivm-tokens or aivm-tokens-per-second, docs/throughput.md), "
     "another size that passes every rule finishes the training job, or serves the tokens, "
     "for at least 30 % less than the planned deployment: its time x its price is lower "
     "(guidance G13). Consider the suggested size.",
     "G13", true, false},
    {"AIVM015", "OsNotSupported", AIVM_SEV_ERROR, "Size whose series does not support the OS",
     "The planned operating system is not one the size's series supports, per its Microsoft "
     "size page (ND H100 v5 and ND MI300X v5 are Linux only; NVv4 and NGads V620 Windows "
     "only). Deploy the other OS or pick a size that supports it.",
     "G7", false, false},
    {"AIVM016", "PrecisionNotNative", AIVM_SEV_ERROR,
     "GPU without native support for the precision",
     "The workload's number format (aivm-precision, bf16 by default for training) is not one the "
     "size's GPUs run natively: V100 and T4 have no bf16, A100, A10 and T4 no FP8. The job "
     "would fail or fall back to a slow path. Pick a GPU that runs it, or a format it runs.",
     "G9", true, false},
    {"AIVM017", "SizeNotOfferedInRegion", AIVM_SEV_ERROR, "Size not offered in the region",
     "The size has no price meter in the planned location (the catalog's region lists, from "
     "the Retail Prices API): it is not offered there, and the deployment will fail. Pick a "
     "size offered there, or another region (the suggested size is offered in the planned one).",
     "G13", false, false},
    {"AIVM018", "ServingShortOfTarget", AIVM_SEV_WARNING, "Serving deployment short of its target",
     "With a serving target (aivm-tokens-per-second, or --tokens-per-second), the planned VMs "
     "sustain fewer output tokens per second than the target at the estimated throughput "
     "(docs/throughput.md): the service is overloaded (guidance G9). The message names the "
     "VMs of the planned size that meet it: raise the count or pick a faster size.",
     "G9", true, false},
    {"AIVM019", "TrainingPastMaxDays", AIVM_SEV_WARNING, "Training job past --max-days",
     "With a training amount (aivm-tokens, or --tokens), the planned VMs take longer than "
     "--max-days (aivm-max-days; 30 days by default) at the estimated throughput "
     "(docs/throughput.md): the deployment is too small for the job (guidance G9). The message "
     "names the VMs of the planned size that finish within it by data parallelism over "
     "InfiniBand (guidance G11).",
     "G9 G11", true, false},
    {"AIVM020", "LocationNotARegion", AIVM_SEV_WARNING, "Location that is not an Azure region",
     "The planned location is not an Azure region of the catalog's list: a placeholder, a typo "
     "(eastus3) or a reference Terraform or ARM did not evaluate "
     "(azurerm_resource_group.example.location). The resource is judged without a region: it "
     "is not priced, no price query names the location and no regional rule applies. Set the "
     "region's name (the message suggests the closest one).",
     "G13", false, false},
    {"AIVM021", "BadAivmTag", AIVM_SEV_ERROR, "Bad aivm-* tag",
     "An aivm-* tag of the resource is unknown, or its value is not one aivm-advise reads (a "
     "misspelt phase, an unknown model preset, a malformed aivm-waive): the message names what "
     "was expected and the closest valid name. The resource is judged without that tag, and "
     "the rest of the plan as usual. Fix the tag.",
     "", false, false},
    {"AIVM022", "UnmatchedWaiver", AIVM_SEV_NOTE, "Waiver that matches nothing",
     "A waiver (waivers file or aivm-waive tag) waived no finding of this input: its resource "
     "is not in the input, or the finding it names is no longer raised. An expired waiver "
     "counts (AIVM012) only where its resource is checked; elsewhere it is this note. The "
     "message names the waiver's file and line: remove it, or fix its rule or resource.",
     "", false, false},
    {"AIVM023", "LinkedTemplateNotRead", AIVM_SEV_WARNING, "Linked template not read",
     "An ARM deployment (Microsoft.Resources/deployments) links its template by "
     "properties.templateLink (a URI or a template spec) instead of holding it inline. "
     "aivm-advise reads local files only, so the VMs of that deployment are neither checked "
     "nor costed. Check the linked template itself (download it, or pass the file it is "
     "built from), or inline it.",
     "", false, false},
    {"AIVM024", "ImageArchitectureMismatch", AIVM_SEV_ERROR,
     "Image of another CPU architecture than the size",
     "The planned image (Terraform source_image_reference, ARM imageReference) is built for "
     "another CPU architecture than the size: an x86_64 image on an Arm64 size (ND GB200 v6 "
     "and ND GB300 v6 have NVIDIA Grace CPUs), or an Arm64 image on an x86_64 size. The VM "
     "cannot boot it and the deployment fails (guidance G8: the image must carry the drivers "
     "and libraries the size needs). Deploy an image of the size's architecture, such as "
     "Canonical's ubuntu-24_04-lts server-arm64 on Grace. Judged only where the image's "
     "architecture is known: a catalog image, a SKU naming arm64 or aarch64, or a publisher "
     "that names every Arm64 SKU so (Canonical, MicrosoftWindowsServer, microsoft-dsvm).",
     "G8", false, false},
    {"AIVM025", "UnverifiedSize", AIVM_SEV_NOTE, "Size not on its series' current Microsoft page",
     "The planned size is in the catalog, but not on its series' current Microsoft size page: "
     "its facts come from other lists (an isolated-sizes list, an az vm list-skus snapshot) or "
     "an older copy of a page (previous-generation sizes), and no public price or region list "
     "backs it, so its cost is unknown. recommend never picks such a size (rule "
     "size-unverified). Confirm it is still offered in the location (az vm list-skus), or "
     "move to the suggested size.",
     "G9", false, false},
};

const aivm_check_rule *aivm_check_rules(size_t *n)
{
    *n = sizeof table / sizeof table[0];
    return table;
}

const aivm_check_rule *aivm_check_rule_find(const char *id)
{
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
        if (strcmp(table[i].id, id) == 0)
            return &table[i];
    return NULL;
}
