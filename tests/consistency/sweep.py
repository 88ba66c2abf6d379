#!/usr/bin/env python3
"""One answer per question: a sweep of workloads through every recommend format.

Usage:
    python3 tests/consistency/sweep.py list            print the group ids
    python3 tests/consistency/sweep.py BINARY GROUP    run one group
    python3 tests/consistency/sweep.py BINARY all      run every group

Each group is a product of phase x model x work amount x --nodes x pricing x currency
(a few hundred workloads in all). For every workload the binary runs with --format json,
csv, table and markdown, and for every size shown:

  - the JSON's deployment is the one record: deployment.instances equals serving.vms or
    job.vms, serving.vms >= fit.vms, ranking.deployment_hourly and serving.cost_per_hour /
    job.cost_per_hour equal deployment.hourly, job.cost equals deployment.job_cost,
    serving.cost_per_million_output_tokens equals deployment's, and the price block's
    deployment_on_demand_hourly equals instances x the on-demand price;
  - the CSV row has the same vms, hourly_all, deployment_hourly, deployment_monthly,
    job_cost and cost per million output tokens;
  - the table and the Markdown rows show the same VMS and <CUR>/H_ALL, the same DAYS and
    JOB_COST or TOK/S and <CUR>/MTOK, under headings in the currency asked for;
  - unknown is null in JSON, empty in CSV and "-" in the table, never 0.

Needs python3 only. Exits 1 on the first group with a mismatch, listing every mismatch.
"""
import csv
import io
import itertools
import json
import os
import subprocess
import sys
import tempfile
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "clock"))
import testclock  # noqa: E402  (tests/clock/testclock.py: the pinned clock)

DATE = ["--date", "2026-11-29"]

MODELS_INFER = ["llama-3.1-8b", "llama-3.1-70b", "mixtral-8x7b"]
MODELS_TRAIN = ["llama-3.1-8b", "llama-2-70b"]
TARGETS = [None, "500", "2000", "20000"]
TOKENS = [None, "100B", "1T"]
NODES = [None, "3"]
PRICING = [[], ["--pricing", "spot"], ["--spot"], ["--pricing", "reserved-1y"]]
CURRENCY = [[], ["--currency", "EUR"]]


def workloads():
    """(group, args) for every workload of the sweep."""
    out = []
    for model, target, nodes, pricing, cur in itertools.product(
            MODELS_INFER, TARGETS, NODES, PRICING, CURRENCY):
        args = ["--phase", "inference", "--model", model]
        if target:
            args += ["--tokens-per-second", target]
        if nodes:
            args += ["--nodes", nodes]
        out.append(("infer_" + model.replace(".", "").replace("-", "_"),
                    args + pricing + cur))
    for model, tokens, nodes, pricing, cur in itertools.product(
            MODELS_TRAIN, TOKENS, NODES, PRICING, CURRENCY):
        args = ["--phase", "train", "--model", model]
        if tokens:
            args += ["--tokens", tokens]
        if nodes:
            args += ["--nodes", nodes]
        out.append(("train_" + model.replace(".", "").replace("-", "_"), args + pricing + cur))
    for phase, kind, nodes, cur in itertools.product(
            ["train", "inference"], ["generative", "non-generative"], NODES, CURRENCY):
        args = ["--phase", phase, "--kind", kind]
        if nodes:
            args += ["--nodes", nodes]
        out.append(("guidance", args + cur))
    return out


def run(binary, args, fmt, tmp):
    env = dict(os.environ, **testclock.ENV, LC_ALL="C", TZ="UTC", COLUMNS="400", NO_COLOR="1",
               HOME=os.path.join(tmp, "home"), XDG_CACHE_HOME=os.path.join(tmp, "cache"),
               XDG_CONFIG_HOME=os.path.join(tmp, "config"), XDG_DATA_HOME=os.path.join(tmp, "data"))
    p = subprocess.run([binary] + args + DATE + ["--top", "6", "--format", fmt, "-q"],
                       cwd=tmp, env=env, capture_output=True, text=True, timeout=60)
    return p.returncode, p.stdout, p.stderr


def close(a, b, tol=1e-3):
    if a is None or b is None:
        return a is None and b is None
    return abs(a - b) <= tol * max(1.0, abs(a), abs(b))


def num_cell(s):
    """A table/CSV/Markdown cell as a number, or None for unknown ('-' or '')."""
    s = s.strip().rstrip("*").rstrip("\\").replace("\\*", "")
    return None if s in ("", "-") else float(s)


def table_rows(text):
    """The ranked rows of a table report: tokens after the IB column, per rank."""
    rows = {}
    for line in text.splitlines():
        toks = line.split()
        if not toks or not toks[0].isdigit():
            continue
        try:
            ib = next(i for i, t in enumerate(toks) if i > 2 and t in ("yes", "no"))
        except StopIteration:
            continue
        rows[int(toks[0])] = toks[ib + 1:]
    return rows


def heading(text):
    for line in text.splitlines():
        if line.startswith("#   SIZE"):
            return line.split()
    return []


def check_one(binary, args, tmp, errors):
    where = " ".join(args)

    def bad(msg):
        errors.append("%s: %s" % (where, msg))

    rc, out, err = run(binary, args, "json", tmp)
    if rc != 0:
        bad("json exit %d: %s" % (rc, err.strip()[:200]))
        return
    doc = json.loads(out)
    recs = doc["recommendations"]
    currency = args[args.index("--currency") + 1] if "--currency" in args else "USD"
    spot = "--spot" in args
    for c in recs:
        d = c["deployment"]
        sku = c["sku"]
        if d["currency"] != currency:
            bad("%s deployment.currency %s" % (sku, d["currency"]))
        if d["hourly"] is not None and d["hourly"] == 0:
            bad("%s deployment.hourly is 0" % sku)
        sv, jb, fit = c.get("serving"), c.get("job"), c.get("fit")
        if sv and "unknown" not in sv:
            if sv["vms"] != d["instances"]:
                bad("%s serving.vms %s != instances %s" % (sku, sv["vms"], d["instances"]))
            if fit and sv["vms"] < fit["vms"]:
                bad("%s serving.vms %s < fit.vms %s" % (sku, sv["vms"], fit["vms"]))
            if not close(sv["cost_per_hour"], d["hourly"]):
                bad("%s serving.cost_per_hour %s != %s" % (sku, sv["cost_per_hour"], d["hourly"]))
            if not close(sv["cost_per_million_output_tokens"], d["cost_per_million_output_tokens"]):
                bad("%s serving $/Mtok differs from the deployment's" % sku)
            if sv["capacity_tokens_per_second"] + 1 < sv["target_tokens_per_second"]:
                bad("%s capacity %s below the target" % (sku, sv["capacity_tokens_per_second"]))
        if jb and "unknown" not in jb:
            if jb["vms"] != d["instances"]:
                bad("%s job.vms %s != instances %s" % (sku, jb["vms"], d["instances"]))
            if not close(jb["cost"], d["job_cost"]):
                bad("%s job.cost %s != deployment.job_cost %s" % (sku, jb["cost"], d["job_cost"]))
        r = c["ranking"]
        if r.get("cost_basis") == "price" and not close(r["deployment_hourly"], d["hourly"]):
            bad("%s ranking.deployment_hourly %s != %s" % (sku, r["deployment_hourly"], d["hourly"]))
        p = c["price"]
        if "deployment_on_demand_hourly" in p:
            want = None if p["on_demand_hourly"] is None else p["on_demand_hourly"] * d["instances"]
            if not close(p["deployment_on_demand_hourly"], want):
                bad("%s price.deployment_on_demand_hourly %s != %s" %
                    (sku, p["deployment_on_demand_hourly"], want))
        if fit and not spot and d["pricing"] == "on-demand" and p["hourly"] is not None:
            if not close(d["hourly"], p["hourly"] * d["instances"]):
                bad("%s deployment.hourly %s != %s x %s" % (sku, d["hourly"], p["hourly"],
                                                           d["instances"]))

    rc, out, _ = run(binary, args, "csv", tmp)
    rows = list(csv.DictReader(io.StringIO(out, newline="")))
    if len(rows) != len(recs):
        bad("CSV rows %d != %d" % (len(rows), len(recs)))
    for row, c in zip(rows, recs):
        d = c["deployment"]
        mtok = d["cost_per_million_output_tokens"]
        for col, want in (("vms", d["instances"]), ("hourly_all", d["hourly"]),
                          ("deployment_hourly", d["hourly"]),
                          ("deployment_monthly", d["monthly"]), ("job_cost", d["job_cost"]),
                          ("cost_per_million_output_tokens", mtok)):
            if not close(num_cell(row[col]), want):
                bad("CSV %s of %s: %r vs JSON %r" % (col, c["sku"], row[col], want))

    has_deploy = "fit" in (recs[0] if recs else {}) or "--nodes" in args
    work = bool(recs) and any(k in recs[0] and recs[0][k] is not None for k in ("job", "serving"))
    rc, table, _ = run(binary, args, "table", tmp)
    rc, md, _ = run(binary, args, "markdown", tmp)
    head = heading(table)
    if recs and has_deploy and ("%s/H_ALL" % currency) not in head:
        bad("table heading %r lacks %s/H_ALL" % (head, currency))
    if recs and work and "--tokens-per-second" in args and ("%s/MTOK" % currency) not in head:
        bad("table heading %r lacks %s/MTOK" % (head, currency))
    if recs and ("%s/HOUR" % currency) not in head:
        bad("table heading %r lacks %s/HOUR" % (head, currency))
    trows = table_rows(table)
    md_rows = [[x.strip() for x in l.strip().strip("|").split(" | ")]
               for l in md.splitlines() if l.startswith("| ") and not l.startswith("| #")]
    md_head = next(([x.strip().replace("\\_", "_") for x in l.strip().strip("|").split(" | ")]
                    for l in md.splitlines() if l.startswith("| #")), [])
    for c in recs:
        d = c["deployment"]
        t = trows.get(c["rank"])
        if t is None:
            bad("table has no row %d" % c["rank"])
            continue
        k = 2 if spot else 1  # price (and spot) cells before VMS
        if has_deploy:
            if int(t[k]) != d["instances"] or not close(num_cell(t[k + 1]), d["hourly"]):
                bad("table VMS/H_ALL of %s: %s %s vs %s %s" % (c["sku"], t[k], t[k + 1],
                                                               d["instances"], d["hourly"]))
            k += 2
        if work:
            jb, sv = c.get("job"), c.get("serving")
            if jb and "unknown" not in jb and not close(num_cell(t[k + 1]), d["job_cost"], 5e-3):
                bad("table JOB_COST of %s: %s vs %s" % (c["sku"], t[k + 1], d["job_cost"]))
            if sv and "unknown" not in sv:
                if not close(num_cell(t[k]), sv["capacity_tokens_per_second"], 5e-3):
                    bad("table TOK/S of %s: %s vs %s" % (c["sku"], t[k],
                                                         sv["capacity_tokens_per_second"]))
                if not close(num_cell(t[k + 1]), d["cost_per_million_output_tokens"], 5e-3):
                    bad("table MTOK of %s: %s vs %s" % (c["sku"], t[k + 1],
                                                        d["cost_per_million_output_tokens"]))
        m = next((r for r in md_rows if r and r[0] == str(c["rank"])), None)
        if m is None or not md_head:
            bad("Markdown has no row %d" % c["rank"])
            continue
        cells = dict(zip(md_head, m))
        if has_deploy:
            h = cells.get("%s/H_ALL" % currency)
            if h is None or int(cells.get("VMS", "0")) != d["instances"] or not close(
                    num_cell(h), d["hourly"]):
                bad("Markdown VMS/H_ALL of %s: %s %s" % (c["sku"], cells.get("VMS"), h))


def groups():
    g = {}
    for name, args in workloads():
        g.setdefault(name, []).append(args)
    return g


def main():
    if sys.argv[1:] == ["list"]:
        print("\n".join(sorted(groups())))
        return 0
    if len(sys.argv) != 3:
        print(__doc__)
        return 2
    binary, group = sys.argv[1], sys.argv[2]
    todo = groups()
    names = sorted(todo) if group == "all" else [group]
    errors = []
    n = 0
    with tempfile.TemporaryDirectory(prefix="aivm-sweep-") as tmp:
        for name in names:
            for args in todo[name]:
                check_one(binary, args, tmp, errors)
                n += 1
    for e in errors[:40]:
        print("FAIL", e)
    if errors:
        print("%d mismatches in %d workloads" % (len(errors), n))
        return 1
    print("%d workloads: every format shows the same deployment" % n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
