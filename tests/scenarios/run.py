#!/usr/bin/env python3
"""Expert scenario suite for aivm-advise (issue 11: defensible recommendations).

Usage:
    python3 tests/scenarios/run.py BINARY [ID...]   run all scenarios (or the given ids)
    python3 tests/scenarios/run.py list             print the scenario ids

Each scenario in scenarios.json is {"id", "args", "expect", "why", "source"}. The binary runs
with cwd = the repository root, env LC_ALL=C TZ=UTC NO_COLOR=1 HOME/XDG_CACHE_HOME = a fresh
temporary directory, and `--date 2026-12-01` appended unless the args already carry --date.
`@SCEN@` in an argument is replaced by the absolute path of this directory (plan fixtures).

Python 3 standard library only. Prints "ok ID" or "FAIL ID: ..." per scenario and a final
"N passed, M failed"; exit 0 only when every selected scenario passes.

Expect keys
-----------
exit (int, default 0), stderr_contains (string)

Class keys, judged on the top pick (recommendations[0]) and usable inside ranked_none_match /
none_shown_match (a candidate "matches" a class when every key of it holds):
  top_size_in, top_size_not_in (sku), family, family_in, family_not_in, category,
  gpu_model_in, gpu_model_not_in, gpu_precision (the GPU natively supports it, per the
  catalog's gpu_models), infiniband (bool), vms (int), min_vms, max_vms, max_hourly
  (deployment hourly: per-VM price x VMs), min_gpu_memory_gb_per_vm
Other recommend keys:
  ranked_none_match   no ranked candidate (all of them: re-run with --top candidates_ranked)
                      may match the class
  none_shown_match    no shown candidate (recommendations as printed) may match the class
  workload_region     workload.region as resolved
  spot_advice         spot.advice
  top_region_in       availability.region of the top pick (--regions, --quota, --skus)
  region_of           {sku: region}: each named size is shown, for that region
  rejected_with       {"sku", "rule", "message_contains"}: a rejected entry with all three
check keys:
  check_finding                 a finding with this id appears (any resource)
  check_suggested_in / _not_in  the suggested size of the finding (the first finding with
                                check_finding's id, else the first finding; the resource's
                                `suggested` when the finding has none)
  check_suggested_gpu_model_in / _not_in   that size's GPU model (looked up in the catalog)
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "clock"))
import testclock  # noqa: E402  (tests/clock/testclock.py: the pinned clock)

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
DATE = "2026-12-01"
TIMEOUT = 120

CLASS_KEYS = {
    "top_size_in", "top_size_not_in", "family", "family_in", "family_not_in", "category",
    "gpu_model_in", "gpu_model_not_in", "gpu_precision", "infiniband", "vms", "min_vms",
    "max_vms", "max_hourly", "min_gpu_memory_gb_per_vm",
}
RECOMMEND_KEYS = CLASS_KEYS | {"ranked_none_match", "none_shown_match", "workload_region",
                               "spot_advice", "top_region_in", "region_of", "rejected_with"}
CHECK_KEYS = {"check_finding", "check_suggested_in", "check_suggested_not_in",
              "check_suggested_gpu_model_in", "check_suggested_gpu_model_not_in"}
COMMON_KEYS = {"exit", "stderr_contains"}

# Fallback if data/catalog.yaml cannot be read (copied from its gpu_models, 2026-12-01).
FALLBACK_PRECISIONS = {
    "A10": "fp32 tf32 bf16 fp16 int8 int4", "A100": "fp64 fp32 tf32 bf16 fp16 int8 int4",
    "GB200": "fp64 fp32 tf32 bf16 fp16 fp8 int8 fp4", "GB300": "fp64 fp32 tf32 bf16 fp16 fp8 int8 fp4",
    "H100": "fp64 fp32 tf32 bf16 fp16 fp8 int8", "H200": "fp64 fp32 tf32 bf16 fp16 fp8 int8",
    "K80": "fp64 fp32", "M60": "fp32", "MI25": "fp64 fp32 fp16",
    "MI300X": "fp64 fp32 tf32 bf16 fp16 fp8 int8", "P100": "fp64 fp32 fp16", "P40": "fp32 int8",
    "RTX PRO 6000": "fp32 tf32 bf16 fp16 fp8 int8 fp4", "T4": "fp32 fp16 int8 int4",
    "V100": "fp64 fp32 fp16", "V620": "fp32 fp16", "V710": "fp32 fp16",
}


def load_catalog():
    """Minimal line parser of data/catalog.yaml: size -> {gpu_model, family, infiniband},
    GPU model -> native precisions. No YAML library (stdlib only)."""
    sizes, precisions = {}, {}
    path = os.path.join(ROOT, "data", "catalog.yaml")
    try:
        with open(path, encoding="utf-8") as f:
            lines = f.read().splitlines()
    except OSError:
        lines = []
    section, cur, model = None, None, None
    for line in lines:
        m = re.match(r"^([a-z_]+):", line)
        if m:
            section = m.group(1)
            cur = model = None
            continue
        if section == "sizes":
            m = re.match(r"^  - name:\s*(\S+)", line)
            if m:
                cur = sizes.setdefault(m.group(1), {"gpu_model": None})
                continue
            if cur is None:
                continue
            m = re.match(r'^      model:\s*"?([^"#]+?)"?\s*(#.*)?$', line)
            if m:
                cur["gpu_model"] = m.group(1).strip()
                continue
            m = re.match(r"^    family:\s*(\S+)", line)
            if m:
                cur["family"] = m.group(1)
                continue
            m = re.match(r"^    infiniband:\s*(\S+)", line)
            if m:
                cur["infiniband"] = m.group(1) == "true"
        elif section == "gpu_models":
            m = re.match(r'^  - model:\s*"?([^"#]+?)"?\s*(#.*)?$', line)
            if m:
                model = m.group(1).strip()
                continue
            m = re.match(r"^    precisions:\s*\[([^\]]*)\]", line)
            if m and model:
                precisions[model] = [p.strip() for p in m.group(1).split(",") if p.strip()]
    if not precisions:
        precisions = {k: v.split() for k, v in FALLBACK_PRECISIONS.items()}
    return sizes, precisions


SIZES, PRECISIONS = load_catalog()


def load_scenarios():
    with open(os.path.join(HERE, "scenarios.json"), encoding="utf-8") as f:
        scen = json.load(f)
    seen = set()
    for s in scen:
        if s["id"] in seen:
            raise SystemExit("duplicate scenario id " + s["id"])
        seen.add(s["id"])
        unknown = set(s["expect"]) - RECOMMEND_KEYS - CHECK_KEYS - COMMON_KEYS
        if unknown:
            raise SystemExit("%s: unknown expect keys %s" % (s["id"], sorted(unknown)))
    return scen


# ---------------------------------------------------------------- candidate facts
def cand_vms(c):
    dep = c.get("deployment") or {}
    if isinstance(dep.get("instances"), int):
        return dep["instances"]
    fit = c.get("fit") or {}
    if isinstance(fit.get("vms"), int):
        return fit["vms"]
    return 1


def cand_hourly(c):
    """Deployment hourly price (per-VM price x VMs), None when unknown."""
    dep = c.get("deployment") or {}
    if dep.get("hourly") is not None:
        return float(dep["hourly"])
    price = c.get("price") or {}
    vms = cand_vms(c)
    if price.get("hourly") is not None:
        return float(price["hourly"]) * vms
    if price.get("deployment_on_demand_hourly") is not None:
        return float(price["deployment_on_demand_hourly"])
    if price.get("on_demand_hourly") is not None:
        return float(price["on_demand_hourly"]) * vms
    return None


def gpu_model(c):
    g = c.get("gpu")
    return g.get("model") if isinstance(g, dict) else None


def gpu_mem_per_vm(c):
    g = c.get("gpu")
    if not isinstance(g, dict):
        return 0.0
    return float(g.get("count") or 0) * float(g.get("memory_gb") or 0)


def describe(c):
    if not c:
        return "no top pick"
    h = cand_hourly(c)
    hs = "$?/h" if h is None else "$%.2f/h" % h
    return "top pick %s, %s, %d VMs" % (c.get("sku"), hs, cand_vms(c))


def class_failures(c, cls):
    """Return the list of class keys the candidate does NOT satisfy (as messages)."""
    bad = []
    sku, fam, model = c.get("sku"), c.get("family"), gpu_model(c)
    for k, v in cls.items():
        if k == "top_size_in" and sku not in v:
            bad.append("size %s not in %s" % (sku, v))
        elif k == "top_size_not_in" and sku in v:
            bad.append("size %s is excluded" % sku)
        elif k == "family" and fam != v:
            bad.append("family %s != %s" % (fam, v))
        elif k == "family_in" and fam not in v:
            bad.append("family %s not in %s" % (fam, v))
        elif k == "family_not_in" and fam in v:
            bad.append("family %s is excluded" % fam)
        elif k == "category" and c.get("category") != v:
            bad.append("category %s != %s" % (c.get("category"), v))
        elif k == "gpu_model_in" and model not in v:
            bad.append("GPU %s not in %s" % (model, v))
        elif k == "gpu_model_not_in" and model in v:
            bad.append("GPU %s is excluded" % model)
        elif k == "gpu_precision":
            if model is None or v not in PRECISIONS.get(model, []):
                bad.append("GPU %s lacks native %s" % (model, v))
        elif k == "infiniband" and bool(c.get("infiniband")) != bool(v):
            bad.append("infiniband %s != %s" % (c.get("infiniband"), v))
        elif k == "vms" and cand_vms(c) != v:
            bad.append("%d VMs != %d" % (cand_vms(c), v))
        elif k == "min_vms" and cand_vms(c) < v:
            bad.append("%d VMs < %d" % (cand_vms(c), v))
        elif k == "max_vms" and cand_vms(c) > v:
            bad.append("%d VMs > %d" % (cand_vms(c), v))
        elif k == "max_hourly":
            h = cand_hourly(c)
            if h is None:
                bad.append("no deployment price (max $%s/h)" % v)
            elif h > v + 1e-9:
                bad.append("$%.2f/h > $%s/h" % (h, v))
        elif k == "min_gpu_memory_gb_per_vm" and gpu_mem_per_vm(c) < v:
            bad.append("%.0f GB GPU memory per VM < %s" % (gpu_mem_per_vm(c), v))
    return bad


def matches(c, cls):
    return not class_failures(c, cls)


# ---------------------------------------------------------------- running
def build_cmd(binary, args):
    args = [a.replace("@SCEN@", HERE) for a in args]
    if not any(a == "--date" or a.startswith("--date=") for a in args):
        args = args + ["--date", DATE]
    return [binary] + args


def run(cmd, env):
    try:
        p = subprocess.run(cmd, cwd=ROOT, env=env, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        return None, "", "timed out after %ds" % TIMEOUT
    except OSError as e:
        return None, "", str(e)
    return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")


def with_top(args, n):
    out, skip = [], False
    for i, a in enumerate(args):
        if skip:
            skip = False
            continue
        if a == "--top":
            skip = True
            continue
        if a.startswith("--top="):
            continue
        out.append(a)
    return out + ["--top", str(n)]


def first_line(s):
    s = s.strip().splitlines()
    return s[0][:160] if s else ""


def evaluate(binary, scen, env):
    exp = scen["expect"]
    is_check = bool(scen["args"]) and scen["args"][0] == "check"
    cmd = build_cmd(binary, scen["args"])
    rc, out, err = run(cmd, env)
    if rc is None:
        return ["could not run: " + err], None
    doc = None
    try:
        doc = json.loads(out) if out.strip() else None
    except ValueError:
        doc = None
    top = None
    if not is_check and isinstance(doc, dict) and doc.get("recommendations"):
        top = doc["recommendations"][0]

    fails = []
    want_rc = exp.get("exit", 0)
    if rc != want_rc:
        fails.append("exit %d, expected %d%s" % (rc, want_rc,
                     (" (stderr: %s)" % first_line(err)) if err.strip() else ""))
    if "stderr_contains" in exp and exp["stderr_contains"] not in err:
        fails.append("stderr lacks %r (stderr: %s)" % (exp["stderr_contains"], first_line(err)))

    needs_doc = (set(exp) - COMMON_KEYS)
    if not needs_doc:
        return fails, top
    if not isinstance(doc, dict):
        fails.append("no JSON document on stdout")
        return fails, top

    if is_check:
        fails += evaluate_check(doc, exp)
        return fails, top

    cls = {k: v for k, v in exp.items() if k in CLASS_KEYS}
    if cls:
        if top is None:
            fails.append("no recommendation")
        else:
            fails += class_failures(top, cls)
    if "workload_region" in exp:
        got = (doc.get("workload") or {}).get("region")
        if got != exp["workload_region"]:
            fails.append("workload.region %r != %r" % (got, exp["workload_region"]))
    if "spot_advice" in exp:
        got = (doc.get("spot") or {}).get("advice")
        if got != exp["spot_advice"]:
            fails.append("spot.advice %r != %r" % (got, exp["spot_advice"]))
    if "top_region_in" in exp:
        got = ((top or {}).get("availability") or {}).get("region")
        if got not in exp["top_region_in"]:
            fails.append("top pick's availability.region %r not in %s" % (got, exp["top_region_in"]))
    for sku, region in (exp.get("region_of") or {}).items():
        shown = [c for c in doc.get("recommendations") or [] if c.get("sku") == sku]
        got = [(c.get("availability") or {}).get("region") for c in shown]
        if got != [region]:
            fails.append("%s shown for %s, expected [%r]" % (sku, got, region))
    if "rejected_with" in exp:
        want = exp["rejected_with"]
        if not any(r.get("sku") == want["sku"] and r.get("rule") == want["rule"] and
                   want["message_contains"] in (r.get("message") or "")
                   for r in doc.get("rejected") or []):
            fails.append("no rejected entry %s" % want)
    if "none_shown_match" in exp:
        for c in doc.get("recommendations") or []:
            if matches(c, exp["none_shown_match"]):
                fails.append("shown #%s %s matches %s" % (c.get("rank"), c.get("sku"),
                                                           exp["none_shown_match"]))
                break
    if "ranked_none_match" in exp:
        n = doc.get("candidates_ranked")
        ranked = doc.get("recommendations") or []
        if isinstance(n, int) and n > len(ranked):
            rc2, out2, err2 = run(build_cmd(binary, with_top(scen["args"], n)), env)
            try:
                ranked = json.loads(out2)["recommendations"]
            except (ValueError, KeyError, TypeError):
                fails.append("re-run with --top %d failed (exit %s)" % (n, rc2))
                ranked = []
        for c in ranked:
            if matches(c, exp["ranked_none_match"]):
                fails.append("ranked #%s %s matches %s" % (c.get("rank"), c.get("sku"),
                                                            exp["ranked_none_match"]))
                break
    return fails, top


def evaluate_check(doc, exp):
    fails = []
    findings = []  # (finding, resource)
    for r in doc.get("resources") or []:
        for f in r.get("findings") or []:
            findings.append((f, r))
    for f in doc.get("unattached_findings") or []:
        findings.append((f, {}))
    ids = [f.get("id") for f, _ in findings]
    want = exp.get("check_finding")
    if want and want not in ids:
        fails.append("no finding %s (findings: %s)" % (want, ",".join(ids) or "none"))
    keys = [k for k in exp if k.startswith("check_suggested")]
    if not keys:
        return fails
    chosen = None
    for f, r in findings:
        if want is None or f.get("id") == want:
            chosen = (f, r)
            break
    if chosen is None and findings:
        chosen = findings[0]
    sug = None
    if chosen:
        sug = chosen[0].get("suggested") or chosen[1].get("suggested")
    if sug is None:
        for r in doc.get("resources") or []:
            if r.get("suggested"):
                sug = r["suggested"]
                break
    model = (SIZES.get(sug) or {}).get("gpu_model") if sug else None
    for k in keys:
        v = exp[k]
        if k == "check_suggested_in" and sug not in v:
            fails.append("suggested %s not in %s" % (sug, v))
        elif k == "check_suggested_not_in" and sug in v:
            fails.append("suggested %s is excluded" % sug)
        elif k == "check_suggested_gpu_model_in" and model not in v:
            fails.append("suggested %s (GPU %s) not in %s" % (sug, model, v))
        elif k == "check_suggested_gpu_model_not_in" and (sug is None or model in v):
            fails.append("suggested %s (GPU %s) is excluded" % (sug, model))
    return fails


def check_summary(doc):
    try:
        parts = []
        for r in doc["resources"]:
            parts.append("%s: %s -> %s" % (r.get("size"), ",".join(f["id"] for f in r["findings"]) or "no findings",
                                           r.get("suggested")))
        return "; ".join(parts)
    except (KeyError, TypeError):
        return ""


def main(argv):
    if len(argv) < 2 or argv[1] in ("-h", "--help"):
        sys.stderr.write(__doc__)
        return 2
    scen = load_scenarios()
    if argv[1] == "list":
        for s in scen:
            print(s["id"])
        return 0
    binary = os.path.abspath(argv[1])
    if not os.path.isfile(binary) or not os.access(binary, os.X_OK):
        sys.stderr.write("run.py: %s is not an executable file\n" % binary)
        return 2
    wanted = argv[2:]
    if wanted:
        ids = {s["id"] for s in scen}
        missing = [w for w in wanted if w not in ids]
        if missing:
            sys.stderr.write("run.py: unknown scenario id(s): %s\n" % ", ".join(missing))
            return 2
        scen = [s for s in scen if s["id"] in wanted]

    tmp = tempfile.mkdtemp(prefix="aivm-scen-")
    env = {"LC_ALL": "C", "TZ": "UTC", "NO_COLOR": "1", "HOME": tmp, **testclock.ENV,
           "XDG_CACHE_HOME": os.path.join(tmp, "cache"), "PATH": os.environ.get("PATH", "/usr/bin:/bin")}
    os.makedirs(env["XDG_CACHE_HOME"], exist_ok=True)
    passed = failed = 0
    try:
        for s in scen:
            fails, top = evaluate(binary, s, env)
            if fails:
                failed += 1
                ctx = describe(top) if top is not None else ""
                if not ctx and s["args"] and s["args"][0] == "check":
                    rc, out, _ = run(build_cmd(binary, s["args"]), env)
                    try:
                        ctx = check_summary(json.loads(out))
                    except ValueError:
                        ctx = ""
                print("FAIL %s: %s%s" % (s["id"], "; ".join(fails), (" (%s)" % ctx) if ctx else ""))
            else:
                passed += 1
                print("ok %s" % s["id"])
            sys.stdout.flush()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print("%d passed, %d failed" % (passed, failed))
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
