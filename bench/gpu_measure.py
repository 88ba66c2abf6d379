#!/usr/bin/env python3
"""gpu_measure.py - measure on a real GPU what docs/throughput.md and docs/sizing.md estimate.

Not a test and never run in CI: it needs a CUDA GPU, PyTorch, transformers and peft
(bitsandbytes for QLoRA, optional). Models are built with random weights from their
published configs (the shapes of data/models.yaml), so nothing is downloaded.

    python3 bench/gpu_measure.py [--quick] [--out results.json] [--peak-tflops 989.5]

Prints one JSON document:
  device      name, memory, the dense bf16 peak assumed (--peak-tflops, else by name)
  inference[] per model x context x batch: prefill seconds, decode tokens/s (all sequences),
              time per output token, peak memory (GiB), and the estimate of
              docs/throughput.md for the same case (MBU 0.6, compute efficiency 0.5)
  training[]  per model x mode (full, lora, qlora) x activation checkpointing: step
              seconds, tokens/s, achieved TFLOP/s (FLOPs/token of docs/throughput.md x
              tokens / step time), MFU against the peak, peak memory (GiB)
Each case that fails (out of memory, missing package) records its error and the run goes on.
"""
import argparse
import gc
import json
import sys
import time

# Published configs (Hugging Face config.json of each model; data/models.yaml sources).
CONFIGS = {
    "llama-3.2-1b": dict(hidden_size=2048, intermediate_size=8192, num_hidden_layers=16,
                         num_attention_heads=32, num_key_value_heads=8, vocab_size=128256,
                         rope_theta=500000.0, tie_word_embeddings=True, params=1.24e9),
    "llama-3.1-8b": dict(hidden_size=4096, intermediate_size=14336, num_hidden_layers=32,
                         num_attention_heads=32, num_key_value_heads=8, vocab_size=128256,
                         rope_theta=500000.0, tie_word_embeddings=False, params=8.03e9),
    "llama-2-7b": dict(hidden_size=4096, intermediate_size=11008, num_hidden_layers=32,
                       num_attention_heads=32, num_key_value_heads=32, vocab_size=32000,
                       rope_theta=10000.0, tie_word_embeddings=False, params=6.74e9),
}

# Dense peaks and HBM bandwidth of the catalog's gpu_models (data/catalog.yaml).
GPUS = {"H200": (989.5, 4800), "H100": (989.5, 3350), "A100": (312, 2039),
        "MI300X": (1307.4, 5300), "GB200": (2500, 8000), "A10": (125, 600)}

MBU, COMPUTE_EFF = 0.6, 0.5


def gib(n):
    return round(n / 2**30, 3)


def device_facts(torch, peak_arg):
    name = torch.cuda.get_device_name(0)
    peak, bw = next(((p, b) for k, (p, b) in GPUS.items() if k in name.upper()), (None, None))
    return {"name": name, "memory_gib": gib(torch.cuda.get_device_properties(0).total_memory),
            "peak_bf16_tflops": peak_arg or peak, "hbm_gbs": bw}


def build(transformers, torch, model_id, quantize=False):
    """A random-weight model of the published shape on the GPU (QLoRA: NF4 base weights)."""
    c = dict(CONFIGS[model_id])
    c.pop("params")
    cfg = transformers.LlamaConfig(max_position_embeddings=131072, **c)
    torch.manual_seed(0)
    model = transformers.AutoModelForCausalLM.from_config(cfg, torch_dtype=torch.bfloat16)
    if not quantize:
        return model.cuda()
    # bitsandbytes quantises while loading: save the random weights to a local
    # temporary directory and load them back in 4 bits (nothing is downloaded)
    import shutil
    import tempfile

    import bitsandbytes  # noqa: F401  (fails early when absent)
    import peft
    tmp = tempfile.mkdtemp(prefix="aivm-gpu-measure-")
    try:
        model.save_pretrained(tmp)
        del model
        gc.collect()
        q = transformers.BitsAndBytesConfig(load_in_4bit=True, bnb_4bit_quant_type="nf4",
                                            bnb_4bit_compute_dtype=torch.bfloat16)
        model = transformers.AutoModelForCausalLM.from_pretrained(
            tmp, quantization_config=q, torch_dtype=torch.bfloat16, device_map={"": 0})
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return peft.prepare_model_for_kbit_training(model)


def estimate_decode(model_id, ctx, batch, out_tokens, peak, bw):
    """docs/throughput.md for one replica on one GPU."""
    c = CONFIGS[model_id]
    n = c["params"]
    head_dim = c["hidden_size"] // c["num_attention_heads"]
    kv = batch * (ctx + out_tokens / 2) * 2 * c["num_hidden_layers"] * c["num_key_value_heads"] \
        * head_dim * 2
    step = max((n * 2 + kv) / (bw * 1e9 * MBU), 2 * n * batch / (peak * 1e12 * COMPUTE_EFF))
    prefill = 2 * n * ctx * batch / (peak * 1e12 * COMPUTE_EFF)
    return {"prefill_s": prefill, "tokens_per_second": batch * out_tokens /
            (prefill + out_tokens * step), "step_s": step}


def measure_inference(torch, transformers, model_id, contexts, batches, out_tokens, dev):
    rows = []
    model = build(transformers, torch, model_id).eval()
    vocab = CONFIGS[model_id]["vocab_size"]
    for ctx in contexts:
        for b in batches:
            row = {"model": model_id, "context": ctx, "batch": b, "output_tokens": out_tokens}
            ids = out = past = nxt = None
            try:
                torch.cuda.empty_cache()
                torch.cuda.reset_peak_memory_stats()
                ids = torch.randint(0, vocab, (b, ctx), device="cuda")
                with torch.no_grad():
                    torch.cuda.synchronize()
                    t0 = time.perf_counter()
                    out = model(ids, use_cache=True)
                    torch.cuda.synchronize()
                    t1 = time.perf_counter()
                    past, nxt = out.past_key_values, out.logits[:, -1:].argmax(-1)
                    for _ in range(out_tokens):
                        out = model(nxt, past_key_values=past, use_cache=True)
                        past, nxt = out.past_key_values, out.logits[:, -1:].argmax(-1)
                    torch.cuda.synchronize()
                    t2 = time.perf_counter()
                row.update(prefill_s=round(t1 - t0, 5),
                           decode_tokens_per_second=round(b * out_tokens / (t2 - t1), 2),
                           time_per_output_token_ms=round((t2 - t1) / out_tokens * 1e3, 3),
                           request_tokens_per_second=round(b * out_tokens / (t2 - t0), 2),
                           peak_memory_gib=gib(torch.cuda.max_memory_allocated()))
                if dev["peak_bf16_tflops"] and dev["hbm_gbs"]:
                    e = estimate_decode(model_id, ctx, b, out_tokens, dev["peak_bf16_tflops"],
                                        dev["hbm_gbs"])
                    row["estimate"] = {k: round(v, 5) for k, v in e.items()}
                    row["estimate_gap_pct"] = round(
                        (e["tokens_per_second"] / row["request_tokens_per_second"] - 1) * 100, 1)
            except Exception as ex:  # OOM and the like: record and go on
                row["error"] = f"{type(ex).__name__}: {str(ex)[:200]}"
            rows.append(row)
            ids = out = past = nxt = None  # free the KV cache before the next case
            gc.collect()
    del model
    gc.collect()
    torch.cuda.empty_cache()
    return rows


def flops_per_token(n, mode, trainable, ckpt):
    f = 4 * n + 2 * trainable if mode in ("lora", "qlora") else 6 * n
    return f + 2 * n if ckpt else f


def measure_training(torch, transformers, model_id, mode, ckpt, seq, batch, steps, dev):
    row = {"model": model_id, "mode": mode, "activation_checkpointing": ckpt, "seq": seq,
           "batch": batch}
    try:
        torch.cuda.empty_cache()
        torch.cuda.reset_peak_memory_stats()
        model = build(transformers, torch, model_id, quantize=mode == "qlora")
        if mode in ("lora", "qlora"):
            import peft
            model = peft.get_peft_model(model, peft.LoraConfig(
                r=16, lora_alpha=32, target_modules=["q_proj", "k_proj", "v_proj", "o_proj",
                                                     "gate_proj", "up_proj", "down_proj"]))
        if ckpt:
            model.gradient_checkpointing_enable()
            if mode in ("lora", "qlora"):
                model.enable_input_require_grads()
        model.train()
        params = [p for p in model.parameters() if p.requires_grad]
        trainable = sum(p.numel() for p in params)
        opt = torch.optim.AdamW(params, lr=1e-5)
        vocab = CONFIGS[model_id]["vocab_size"]
        ids = torch.randint(0, vocab, (batch, seq), device="cuda")
        times = []
        for i in range(steps + 2):  # two warm-up steps
            torch.cuda.synchronize()
            t0 = time.perf_counter()
            loss = model(ids, labels=ids).loss
            loss.backward()
            opt.step()
            opt.zero_grad(set_to_none=True)
            torch.cuda.synchronize()
            if i >= 2:
                times.append(time.perf_counter() - t0)
        step = sorted(times)[len(times) // 2]
        tokens = batch * seq
        fpt = flops_per_token(CONFIGS[model_id]["params"], mode, trainable, ckpt)
        achieved = fpt * tokens / step / 1e12
        row.update(trainable_params=trainable, step_s=round(step, 5),
                   tokens_per_second=round(tokens / step, 1),
                   achieved_tflops=round(achieved, 2),
                   peak_memory_gib=gib(torch.cuda.max_memory_allocated()))
        if dev["peak_bf16_tflops"]:
            row["mfu"] = round(achieved / dev["peak_bf16_tflops"], 4)
        del model, opt, ids
    except Exception as ex:
        row["error"] = f"{type(ex).__name__}: {str(ex)[:200]}"
    gc.collect()
    torch.cuda.empty_cache()
    return row


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true", help="fewer cases (a few minutes)")
    ap.add_argument("--out", help="also write the JSON here")
    ap.add_argument("--peak-tflops", type=float, help="dense bf16 peak per GPU (TFLOP/s)")
    a = ap.parse_args()
    try:
        import torch
        import transformers
    except ImportError as ex:
        print(json.dumps({"error": f"needs PyTorch and transformers: {ex}"}))
        return 2
    if not torch.cuda.is_available():
        print(json.dumps({"error": "no CUDA GPU: nothing measured"}))
        return 2
    dev = device_facts(torch, a.peak_tflops)
    res = {"device": dev, "versions": {"torch": torch.__version__,
                                       "transformers": transformers.__version__}}
    contexts = [512, 2048] if a.quick else [512, 2048, 8192]
    batches = [1, 8] if a.quick else [1, 8, 32]
    res["inference"] = []
    for m in (["llama-3.1-8b"] if a.quick else ["llama-3.2-1b", "llama-3.1-8b", "llama-2-7b"]):
        res["inference"] += measure_inference(torch, transformers, m, contexts, batches,
                                              32 if a.quick else 128, dev)
    res["training"] = []
    steps = 3 if a.quick else 8
    cases = [("llama-3.2-1b", "full"), ("llama-3.1-8b", "lora"), ("llama-3.1-8b", "qlora")]
    for m, mode in cases:
        for ckpt in (False, True):
            res["training"].append(measure_training(torch, transformers, m, mode, ckpt,
                                                    2048, 1 if a.quick else 4, steps, dev))
    text = json.dumps(res, indent=2)
    print(text)
    if a.out:
        with open(a.out, "w") as f:
            f.write(text + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
