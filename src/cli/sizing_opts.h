/* sizing_opts.h - the model-size flags of recommend (--params ... --gpus):
 * their option-table rows, parsing, merging over a workload file, and
 * resolving the sizing once the data is loaded (docs/sizing.md). */
#ifndef AIVM_CLI_SIZING_OPTS_H
#define AIVM_CLI_SIZING_OPTS_H

#include <stdbool.h>

#include "aivm/rules.h"
#include "aivm/sizing.h"
#include "opts.h"

/* Option ids: CLI_O_SIZING + AIVM_SZ_x. */
#define CLI_O_SIZING 512

/* Rows for a command's option table, in --help order. */
#define CLI_SIZING_OPTIONS                                                                         \
    {CLI_O_SIZING + AIVM_SZ_PARAMS, "params", 0, "N", "model parameters: 350M, 7B, 1.5T, ..."},    \
        {CLI_O_SIZING + AIVM_SZ_MODEL, "model", 0, "NAME",                                         \
         "model preset, e.g. llama-3.1-8b (docs/sizing.md)"},                                      \
        {CLI_O_SIZING + AIVM_SZ_LAYERS, "layers", 0, "N", "transformer layers"},                   \
        {CLI_O_SIZING + AIVM_SZ_HIDDEN, "hidden", 0, "N", "hidden size"},                          \
        {CLI_O_SIZING + AIVM_SZ_HEADS, "heads", 0, "N", "attention heads"},                        \
        {CLI_O_SIZING + AIVM_SZ_KV_HEADS, "kv-heads", 0, "N", "KV heads (GQA; default = heads)"},  \
        {CLI_O_SIZING + AIVM_SZ_ACTIVE_PARAMS, "active-params", 0, "N",                            \
         "mixture of experts: parameters one token uses (compute; memory counts all)"},            \
        {CLI_O_SIZING + AIVM_SZ_PRECISION, "precision", 0,                                         \
         "fp32|bf16|fp16|fp8|int8|int4|fp4|16-bit",                                                \
         "weights (default 16-bit serving, bf16 LLM training; int4 qlora)"},                       \
        {CLI_O_SIZING + AIVM_SZ_KV_PRECISION, "kv-precision", 0, "PRECISION",                      \
         "KV cache precision (default: weights', 16-bit for int8/int4)"},                          \
        {CLI_O_SIZING + AIVM_SZ_CONTEXT, "context", 0, "TOKENS",                                   \
         "sequence length (default: the preset's; 4096 for training)"},                            \
        {CLI_O_SIZING + AIVM_SZ_BATCH, "batch", 0, "N",                                            \
         "training micro-batch per GPU (default 1)"},                                              \
        {CLI_O_SIZING + AIVM_SZ_CONCURRENCY, "concurrency", 0, "N",                                \
         "inference sequences in flight (default 1)"},                                             \
        {CLI_O_SIZING + AIVM_SZ_FINETUNE, "finetune", 0, "full|lora|qlora",                        \
         "training mode (default full)"},                                                          \
        {CLI_O_SIZING + AIVM_SZ_OPTIMIZER, "optimizer", 0, "adamw|adamw-8bit|sgd",                 \
         "optimizer (default adamw)"},                                                             \
        {CLI_O_SIZING + AIVM_SZ_SHARDING, "sharding", 0, "none|zero1|zero2|zero3",                 \
         "training state split across GPUs (default zero3)"},                                      \
        {CLI_O_SIZING + AIVM_SZ_ACT_CKPT, "activation-checkpointing", 0, NULL,                     \
         "recompute activations in the backward pass"},                                            \
        {CLI_O_SIZING + AIVM_SZ_MAX_NODES, "max-nodes", 0, "N",                                    \
         "most VMs per deployment (default 16)"},                                                  \
    {                                                                                              \
        CLI_O_SIZING + AIVM_SZ_GPUS, "gpus", 0, "N", "pin the number of GPUs"                      \
    }

/** Handle option `id` (CLI_O_SIZING + AIVM_SZ_x). Returns 0 or an exit code. */
int cli_sizing_option(aivm_sizing_input *in, int id, const char *arg);

/** Copy the inputs the flags set over `wl` (flags win over the workload file). */
void aivm_sizing_input_merge(aivm_sizing_input *wl, const aivm_sizing_input *flags);

/**
 * Before the workload is finished: when it has sizing inputs, point
 * `*models` at the compiled-in model presets (NULL otherwise) and
 * take the kind from the --model preset when --kind was not given. A kind
 * assumed from --params alone is a warning: written to `assumed` (`cap`
 * bytes; "" when none) for the report's warnings, or on stderr when
 * `assumed` is NULL. Prints errors; returns 0 or an exit code.
 */
int cli_sizing_prepare(const aivm_models **models, aivm_workload *wl, char *assumed, size_t cap);

/**
 * When the workload has sizing inputs: resolve them into `*sz` (presets
 * from `models`), point wl->sizing at it and derive the model size class
 * from the rules' threshold when --model-size was not given.
 * Prints errors; returns 0 or an exit code (2 for flags, 3 for a file).
 */
int cli_sizing_resolve(aivm_sizing *sz, const aivm_models *models, aivm_workload *wl,
                       const aivm_rules *rules, const char *workload_file);

/** The model presets carried in the binary (data/models.yaml, compiled in). */
const aivm_models *cli_models(void);
/** An unknown model preset `name`: a usage error (exit 2) with a did-you-mean
 *  among the presets, or a pointer to `models list`. Returns the exit code. */
int cli_unknown_model(const aivm_models *models, const char *name);

#endif
