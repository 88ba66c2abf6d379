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
    return ["roundtrip_" + c[0] for c in ROUNDTRIP] + [
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
                else:
                    msg = band(binary, case, tmp)
                print("ok   %s: %s" % (case, msg))
            except AssertionError as e:
                failed += 1
                print("FAIL %s: %s" % (case, e))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
