#!/usr/bin/env python3
"""recommend and check give one answer (docs/ranking.md, "check").

Usage:
    python3 tests/consistency/roundtrip.py list           print the case ids
    python3 tests/consistency/roundtrip.py BINARY CASE    run one case
    python3 tests/consistency/roundtrip.py BINARY all     run every case

roundtrip_*: for a workload, recommend's #1 (--format json) is written into an aivm plan
file with the workload's keys and its deployment's VM count; `check` of that plan raises
no sizing finding (AIVM007, AIVM008, AIVM009, AIVM014) and no error, and
suggests that very size. The same plan with a worse size (recommend's last shown, or a
size the rules reject) gets #1 suggested.

band_*: serving ranks by the cost of meeting the target: #1's deployment costs at most the
similar-cost band (1.25 / 0.75 = 1.67x, docs/ranking.md) of the cheapest deployment that
meets the target in the same tier, for 8B/70B/405B at several targets.
"""
import json
import os
import subprocess
import sys
import tempfile
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "clock"))
import testclock  # noqa: E402  (tests/clock/testclock.py: the pinned clock)

DATE = ["--date", "2026-11-29"]

# (id, recommend args, plan keys)
ROUNDTRIP = [
    ("infer_8b_2000", ["--phase", "inference", "--model", "llama-3.1-8b",
                       "--tokens-per-second", "2000"],
     {"phase": "inference", "model": "llama-3.1-8b", "tokens_per_second": 2000}),
    ("infer_8b_500", ["--phase", "inference", "--model", "llama-3.1-8b",
                      "--tokens-per-second", "500"],
     {"phase": "inference", "model": "llama-3.1-8b", "tokens_per_second": 500}),
    ("infer_70b_500", ["--phase", "inference", "--model", "llama-3.1-70b",
                       "--tokens-per-second", "500"],
     {"phase": "inference", "model": "llama-3.1-70b", "tokens_per_second": 500}),
    ("infer_70b_3000_ctx", ["--phase", "inference", "--model", "llama-3.1-70b",
                            "--tokens-per-second", "3000", "--context", "8192"],
     {"phase": "inference", "model": "llama-3.1-70b", "tokens_per_second": 3000,
      "context": 8192}),
    ("infer_8b_conc", ["--phase", "inference", "--model", "llama-3.1-8b", "--context", "8192",
                       "--concurrency", "16", "--tokens-per-second", "2000"],
     {"phase": "inference", "model": "llama-3.1-8b", "context": 8192, "concurrency": 16,
      "tokens_per_second": 2000}),
    ("infer_8b_nowork", ["--phase", "inference", "--model", "llama-3.1-8b"],
     {"phase": "inference", "model": "llama-3.1-8b"}),
    ("infer_mixtral", ["--phase", "inference", "--model", "mixtral-8x7b",
                       "--tokens-per-second", "1000"],
     {"phase": "inference", "model": "mixtral-8x7b", "tokens_per_second": 1000}),
    ("train_8b_lora", ["--phase", "train", "--model", "llama-3.1-8b", "--finetune", "lora",
                       "--tokens", "1B"],
     {"phase": "train", "model": "llama-3.1-8b", "finetune": "lora", "tokens": "1B"}),
    ("train_8b_100b", ["--phase", "train", "--model", "llama-3.1-8b", "--tokens", "100B"],
     {"phase": "train", "model": "llama-3.1-8b", "tokens": "100B"}),
    ("train_70b_ckpt", ["--phase", "train", "--model", "llama-2-70b",
                        "--activation-checkpointing", "--tokens", "20B"],
     {"phase": "train", "model": "llama-2-70b", "activation_checkpointing": True,
      "tokens": "20B"}),
    ("train_gen_guidance", ["--phase", "train", "--kind", "generative"],
     {"phase": "train", "kind": "generative"}),
    ("infer_nongen_small", ["--phase", "inference", "--kind", "non-generative",
                            "--model-size", "small"],
     {"phase": "inference", "kind": "non-generative", "model_size": "small"}),
    ("infer_westeurope", ["--phase", "inference", "--model", "llama-3.1-8b",
                          "--region", "westeurope", "--tokens-per-second", "1000"],
     {"phase": "inference", "model": "llama-3.1-8b", "tokens_per_second": 1000,
      "region": "westeurope"}),
]

# sweep_*: recommend's #1 (size and VM count) through check for many workloads, serving
# and training, several models, precisions and targets: no sizing finding, no InfiniBand
# warning (AIVM003: the engine picked that size) and the plan is suggested itself.
SWEEP_INFER = [
    ("llama-3.1-8b", None), ("llama-3.1-8b", "fp8"), ("llama-3.1-70b", None),
    ("llama-3.1-70b", "fp8"), ("llama-2-70b", "fp8"), ("llama-3.1-405b", "fp8"),
    ("llama-3.1-405b", None), ("mixtral-8x7b", "int4"), ("qwen2.5-32b", None),
    ("gpt-oss-120b", None)]
SWEEP_TARGETS = [None, "500", "5000", "20000"]
SWEEP_TRAIN = [
    ("llama-3.1-8b", ["--finetune", "lora"], None), ("llama-3.1-8b", [], "10B"),
    ("llama-3.1-8b", ["--finetune", "qlora", "--precision", "int4"], "1B"),
    ("llama-2-70b", ["--finetune", "lora", "--activation-checkpointing"], "1B"),
    ("llama-2-70b", ["--activation-checkpointing"], None),
    ("qwen2.5-7b", ["--precision", "fp16"], "5B"), ("phi-3-mini", [], "20B")]


def sweep_cases():
    """(id, recommend args, plan keys) of the sweep."""
    out = []
    for model, prec in SWEEP_INFER:
        for target in SWEEP_TARGETS:
            args = ["--phase", "inference", "--model", model]
            keys = {"phase": "inference", "model": model}
            if prec:
                args += ["--precision", prec]
                keys["precision"] = prec
            if target:
                args += ["--tokens-per-second", target]
                keys["tokens_per_second"] = int(target)
            out.append(("infer_%s_%s_%s" % (model, prec or "default", target or "none"),
                        args, keys))
    for model, extra, tokens in SWEEP_TRAIN:
        args = ["--phase", "train", "--model", model] + extra
        keys = {"phase": "train", "model": model}
        for flag, val in zip(extra, extra[1:] + [None]):
            if flag == "--finetune":
                keys["finetune"] = val
            elif flag == "--precision":
                keys["precision"] = val
            elif flag == "--activation-checkpointing":
                keys["activation_checkpointing"] = True
        if tokens:
            args += ["--tokens", tokens]
            keys["tokens"] = tokens
        out.append(("train_%s_%s_%s" % (model, "_".join(a.strip("-") for a in extra) or "full",
                                        tokens or "none"), args, keys))
    return [(c.replace(".", "").replace("-", "_"), a, k) for c, a, k in out]


SIZING = {"AIVM007", "AIVM008", "AIVM009", "AIVM014"}

BAND = [(m, t) for m in ("llama-3.1-8b", "llama-3.1-70b", "llama-3.1-405b")
        for t in ("100", "500", "2000", "10000")]
BAND_MAX = 1.25 / 0.75 + 1e-6


def run(binary, args, tmp, want=(0,)):
    env = dict(os.environ, **testclock.ENV, LC_ALL="C", TZ="UTC", HOME=os.path.join(tmp, "home"),
               XDG_CACHE_HOME=os.path.join(tmp, "cache"),
               XDG_CONFIG_HOME=os.path.join(tmp, "config"),
               XDG_DATA_HOME=os.path.join(tmp, "data"))
    p = subprocess.run([binary] + args, cwd=tmp, env=env, capture_output=True, text=True,
                       timeout=60)
    if p.returncode not in want:
        raise AssertionError("%s: exit %d: %s" % (" ".join(args), p.returncode, p.stderr[:400]))
    return p.stdout


def plan_yaml(name, size, count, keys):
    lines = ['version: "1"', "workloads:", "  - name: %s" % name, "    size: %s" % size,
             "    count: %d" % count]
    if "region" not in keys:
        lines.append("    region: eastus")
    for k, v in keys.items():
        if isinstance(v, bool):
            v = "true" if v else "false"
        lines.append("    %s: %s" % (k, v))
    return "\n".join(lines) + "\n"


def check_plan(binary, tmp, name, size, count, keys):
    path = os.path.join(tmp, name + ".yaml")
    with open(path, "w") as f:
        f.write(plan_yaml(name, size, count, keys))
    return json.loads(run(binary, ["check", "--format", "json", "--fail-on", "never"] + DATE +
                          ["--", path], tmp))["resources"][0]


def sweep(binary, case, tmp):
    _, args, keys = next(c for c in sweep_cases() if c[0] == case)
    doc = json.loads(run(binary, args + DATE + ["--format", "json", "--top", "1"], tmp))
    recs = doc["recommendations"]
    assert recs, "recommend shows no size"
    first = recs[0]
    vms = first["deployment"]["instances"]
    res = check_plan(binary, tmp, "best", first["sku"], vms, keys)
    found = [(f["id"], f["severity"], f["message"]) for f in res["findings"]]
    bad = [f for f in found if f[0] in SIZING | {"AIVM003"} or f[1] == "error"]
    assert not bad, "check of recommend's #1 %s x %d raised %s" % (first["sku"], vms, bad)
    assert res["suggested"] == first["sku"], "check suggests %s, recommend's #1 is %s x %d" % (
        res["suggested"], first["sku"], vms)
    assert res["suggested_instances"] == vms, "check suggests %s x %s, recommend's #1 is x %d" % (
        res["suggested"], res["suggested_instances"], vms)
    return "%s x %d round-trips" % (first["sku"], vms)


def roundtrip(binary, case, tmp):
    _, args, keys = next(c for c in ROUNDTRIP if c[0] == case)
    doc = json.loads(run(binary, args + DATE + ["--format", "json", "--top", "100"], tmp))
    recs = doc["recommendations"]
    assert recs, "recommend shows no size"
    first = recs[0]
    res = check_plan(binary, tmp, "best", first["sku"], first["deployment"]["instances"], keys)
    found = [(f["id"], f["severity"]) for f in res["findings"]]
    bad = [f for f in found if f[0] in SIZING or f[1] == "error"]
    assert not bad, "check of recommend's #1 %s x %d raised %s" % (
        first["sku"], first["deployment"]["instances"], bad)
    assert res["suggested"] == first["sku"], "check suggests %s, recommend's #1 is %s" % (
        res["suggested"], first["sku"])
    # a worse size: the last ranked one (or a CPU size the rules reject)
    worse = recs[-1]["sku"] if len(recs) > 1 else "Standard_D4s_v5"
    if worse == first["sku"]:
        worse = "Standard_D4s_v5"
    res = check_plan(binary, tmp, "worse", worse, 1, keys)
    assert res["suggested"] == first["sku"], "check of %s suggests %s, recommend's #1 is %s" % (
        worse, res["suggested"], first["sku"])
    return "%s x %d round-trips; %s gets it suggested" % (
        first["sku"], first["deployment"]["instances"], worse)


def band(binary, case, tmp):
    _, model, target = case.split("_", 2)
    model = {"8b": "llama-3.1-8b", "70b": "llama-3.1-70b", "405b": "llama-3.1-405b"}[model]
    doc = json.loads(run(binary, ["--phase", "inference", "--model", model,
                                  "--tokens-per-second", target, "--format", "json",
                                  "--top", "100"] + DATE, tmp))
    recs = [r for r in doc["recommendations"] if r["deployment"]["hourly"] is not None]
    assert recs, "no priced deployment"
    first = recs[0]
    tier = first["ranking"]["tier"]
    same = [r for r in recs if r["ranking"]["tier"] == tier]
    cheapest = min(r["deployment"]["hourly"] for r in same)
    for r in recs:  # every deployment shown meets the target
        sv = r["serving"]
        if sv and "unknown" not in sv:
            assert sv["capacity_tokens_per_second"] + 1e-6 >= float(target), r["sku"]
    ratio = first["deployment"]["hourly"] / cheapest
    assert ratio <= BAND_MAX, "#1 %s costs %.2fx the cheapest deployment meeting %s tokens/s" % (
        first["sku"], ratio, target)
    return "#1 %s at %.3f/h, %.2fx the cheapest (%s tier)" % (
        first["sku"], first["deployment"]["hourly"], ratio, first["ranking"]["tier_id"])


def cases():
    return ["roundtrip_" + c[0] for c in ROUNDTRIP] + ["sweep_" + c[0] for c in sweep_cases()] + [
        "band_%s_%s" % (m.split("-")[-1], t) for m, t in BAND]


def main():
    if sys.argv[1:] == ["list"]:
        print("\n".join(cases()))
        return 0
    if len(sys.argv) != 3:
        print(__doc__)
        return 2
    binary = sys.argv[1]
    todo = cases() if sys.argv[2] == "all" else [sys.argv[2]]
    failed = 0
    for case in todo:
        with tempfile.TemporaryDirectory(prefix="aivm-rt-") as tmp:
            try:
                if case.startswith("roundtrip_"):
                    msg = roundtrip(binary, case[len("roundtrip_"):], tmp)
                elif case.startswith("sweep_"):
                    msg = sweep(binary, case[len("sweep_"):], tmp)
                else:
                    msg = band(binary, case, tmp)
                print("ok   %s: %s" % (case, msg))
            except AssertionError as e:
                failed += 1
                print("FAIL %s: %s" % (case, e))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
