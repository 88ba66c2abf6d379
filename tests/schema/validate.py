#!/usr/bin/env python3
"""Validate the real JSON output against docs/schema/*.schema.json, and check that
--format yaml carries the JSON document and --format csv one row per recommendation.

Usage:
    python3 tests/schema/validate.py list             print the case ids
    python3 tests/schema/validate.py BINARY CASE      run one case
    python3 tests/schema/validate.py BINARY all       run every case

Each recommend case runs the binary with --format json, yaml and csv and checks:
the JSON validates against recommend.schema.json; yaml.safe_load of the YAML equals the
JSON (values, types and key order: compared as json.dumps of both); the CSV (csv module)
has the documented header and one row per recommendation, with the JSON's ranks, sizes and
hourly prices; the Markdown table has the table report's columns in its order and one row
per recommendation. A check case validates against check.schema.json, a prices case (prices show
from the cache fixture) against prices.schema.json. The "strict" cases rename or mistype a
field of real output and expect the schema to reject it.

Needs python3-jsonschema and python3-yaml (scripts/quickstart.sh installs them); exits 77
(ctest: skipped) when they are missing.
"""
import copy
import csv
import io
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "clock"))
import testclock  # noqa: E402  (tests/clock/testclock.py: the pinned clock)

try:
    import jsonschema
    import yaml
except ImportError as e:  # pragma: no cover
    print("skipped: %s (install python3-jsonschema and python3-yaml)" % e)
    sys.exit(77)

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
FIX = os.path.join(ROOT, "tests", "fixtures")
DATE = ["--date", "2026-11-29"]

CSV_HEADER = ("rank,size,series,gpus,vcpus,ram_gib,infiniband,hourly,spot_hourly,vms,"
              "hourly_all,why,currency,pricing,price_source,price_region,on_demand_hourly,"
              "gpu_count,gpu_model,gpu_memory_gb,deployment_hourly,deployment_monthly,score,"
              "lifecycle,precision,job_cost,cost_per_million_output_tokens,"
              "cost_per_million_output_tokens_at_capacity,ttft_ms,tpot_ms,"
              "tensor_parallel").split(",")

RECOMMEND = {
    "train_generative": ["--phase", "train", "--kind", "generative"],
    "inference_small_nongen": ["--phase", "inference", "--kind", "non-generative",
                               "--model-size", "small", "--top", "3"],
    "inference_explain": ["--phase", "inference", "--kind", "generative", "--explain"],
    "train_spot_nodes": ["--phase", "train", "--kind", "generative", "--spot",
                         "--checkpointing", "--nodes", "4", "--scheduler", "slurm"],
    "sizing_70b_train": ["--phase", "train", "--kind", "generative", "--params", "70b"],
    "sizing_model_inference": ["--phase", "inference", "--model", "llama-3.1-8b",
                               "--concurrency", "8", "--top", "10"],
    "windows_westeurope": ["--phase", "inference", "--kind", "generative", "--os", "windows",
                           "--region", "westeurope"],
    "containers_managed": ["--phase", "train", "--kind", "non-generative", "--containers",
                           "--managed", "--top", "2"],
    "none_fits_budget": ["--phase", "train", "--kind", "generative",
                         "--max-price-per-hour", "0.01"],
    "workload_file": ["--workload", os.path.join(FIX, "workload", "extras.yaml")],
    "hostile_rules": ["--phase", "train", "--kind", "generative", "--rules",
                      os.path.join(FIX, "rules", "hostile_markup.yaml")],
    "retired_many": ["--phase", "train", "--kind", "generative", "--include-retired",
                     "--top", "60", "--pricing", "spot"],
    "work_train_tokens": ["--phase", "train", "--kind", "generative", "--model", "llama-3.1-8b",
                          "--tokens", "1T", "--top", "10"],
    "work_train_samples": ["--phase", "train", "--model", "resnet-50", "--samples", "115M",
                           "--top", "200"],
    "work_serving": ["--phase", "inference", "--kind", "generative", "--model", "llama-3.1-70b",
                     "--tokens-per-second", "1500", "--top", "6"],
    # an encoder: work is {requests_per_second, prompt_tokens, ...}, no output tokens
    "work_encoder": ["--phase", "inference", "--model", "bert-large", "--requests-per-second",
                     "1000", "--top", "3"],
    # an encoder on CPU sizes: serving.processor/vcpus/cpu_isa/gflops_per_vcpu
    "work_encoder_cpu": ["--phase", "inference", "--model", "bert-base", "--model-size",
                         "small", "--requests-per-second", "100", "--top", "3"],
    "availability_regions": ["--phase", "train", "--kind", "generative", "--regions",
                             "eastus,westus2", "--quota",
                             "eastus=" + os.path.join(FIX, "avail", "usage-eastus.json"),
                             "--skus", os.path.join(FIX, "avail", "skus-eastus.json"),
                             "--top", "8"],
}

CHECK = {
    "check_findings_waivers": [os.path.join(FIX, "check", "tf_plan.json")],
    "check_clean": [os.path.join(FIX, "check", "plan_clean.yaml")],
    "check_arm": [os.path.join(FIX, "check", "arm_template.json")],
    "check_plan_waivers_file": ["--waivers", os.path.join(FIX, "check", "waivers.yaml"),
                                os.path.join(FIX, "check", "plan.yaml")],
    "check_fail_never_warn": ["--fail-on", "never", os.path.join(FIX, "check", "plan_warn.yaml")],
    "check_quota": ["--quota", "eastus=" + os.path.join(FIX, "avail", "usage-eastus.json"),
                    os.path.join(FIX, "avail", "plan.yaml")],
    "check_work_serving": ["--model", "llama-3.1-8b", "--tokens-per-second", "500",
                           os.path.join(FIX, "check", "plan_clean.yaml")],
    "check_work_samples": [os.path.join(FIX, "check", "tf_samples.json")],
    "check_base": [os.path.join(FIX, "check", "diff", "head.yaml"), "--base",
                   os.path.join(FIX, "check", "diff", "base.yaml")],
    "check_base_unpriced": [os.path.join(FIX, "check", "diff", "head.yaml"), "--base",
                            os.path.join(FIX, "check", "diff", "base_unpriced.yaml")],
    "check_source": ["--source", os.path.join(FIX, "source"), os.path.join(FIX, "source", "plan.json")],
}

PRICES = {
    "prices_show_a100": "Standard_NC24ads_A100_v4",
    "prices_show_nd_h100": "Standard_ND96isr_H100_v5",
}

STRICT = ["strict_recommend_renamed", "strict_recommend_mistyped", "strict_check_enum",
          "strict_prices_renamed", "strict_prices_fetch"]

# prices fetch --format json: sizes served from the cache fixture (a TTL longer than their
# age: no request), and sizes that fail (a closed loopback port: never the real endpoint).
FETCH = ["prices_fetch_cached", "prices_fetch_failed"]

# -v --format json: each command's document, with its sources, against its schema.
VERBOSE = {
    "recommend": (["--phase", "inference", "--model", "llama-3.1-8b", "--top", "2"] + DATE,
                  {"config", "catalog", "rules", "models", "prices"}),
    "check": (["check", os.path.join(FIX, "check", "plan_clean.yaml")] + DATE,
              {"config", "catalog", "rules", "models", "prices"}),
    "catalog": (["catalog", "list", "--gpu", "H100"], {"config", "catalog", "rules"}),
    "models": (["models", "show", "llama-3.1-8b"], {"config", "models"}),
    "rules": (["rules", "list"], {"config", "catalog", "rules"}),
}


def cases():
    return (list(RECOMMEND) + list(CHECK) + list(PRICES) + STRICT + FETCH +
            ["verbose_" + k for k in VERBOSE])


class Failed(Exception):
    pass


def check(cond, what):
    if not cond:
        raise Failed(what)


def schema(name):
    with open(os.path.join(ROOT, "docs", "schema", name + ".schema.json")) as f:
        s = json.load(f)
    jsonschema.Draft202012Validator.check_schema(s)
    return jsonschema.Draft202012Validator(s)


FITS_OR_NONE = (0, 6)  # recommend: 6 = no size fits, the report still written (docs/cli.md)


def run(binary, args, tmp, want_exit=(0,)):
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LC_ALL": "C", "TZ": "UTC", **testclock.ENV,
           "NO_COLOR": "1", "HOME": tmp, "XDG_CACHE_HOME": os.path.join(tmp, "xdg"),
           "XDG_DATA_HOME": os.path.join(tmp, "data"),
           "no_proxy": "*", "NO_PROXY": "*", "COLUMNS": "400"}  # wide: every table column
    p = subprocess.run([binary] + args, cwd=ROOT, env=env, capture_output=True, timeout=60)
    check(p.returncode in want_exit, "%s: exit %d, stderr %s" % (" ".join(args), p.returncode,
                                                                 p.stderr.decode()[:400]))
    return p.stdout.decode("utf-8")


def validate(v, doc, what):
    errs = sorted(v.iter_errors(doc), key=lambda e: list(e.path))
    check(not errs, "%s: %s" % (what, "; ".join(
        "%s: %s" % ("/".join(map(str, e.path)), e.message[:200]) for e in errs[:5])))


def recommend_case(binary, args, tmp):
    v = schema("recommend")
    text = run(binary, args + DATE + ["--format", "json"], tmp, FITS_OR_NONE)
    doc = json.loads(text)
    validate(v, doc, "recommend JSON")
    # YAML: the same document, key order included (json.dumps keeps insertion order and
    # tells 1 from 1.0 and "1" from 1).
    y = yaml.safe_load(run(binary, args + DATE + ["--format", "yaml"], tmp, FITS_OR_NONE))
    tag = lambda o: "<%s %r>" % (type(o).__name__, o)  # a date or other non-JSON value
    check(json.dumps(y, default=tag) == json.dumps(doc), "YAML differs from JSON: %s" %
          first_diff(y, doc))
    # CSV: RFC 4180 as the csv module reads it; LF line ends.
    raw = run(binary, args + DATE + ["--format", "csv"], tmp, FITS_OR_NONE)
    check("\r" not in raw.replace('\r"', ""), "CSV uses LF line ends")
    rows = list(csv.reader(io.StringIO(raw, newline="")))
    check(rows and rows[0] == CSV_HEADER, "CSV header %r" % (rows[:1],))
    recs = doc["recommendations"]
    check(len(rows) - 1 == len(recs), "CSV rows %d, recommendations %d" % (len(rows) - 1, len(recs)))
    for r, c in zip(rows[1:], recs):
        d = dict(zip(CSV_HEADER, r))
        check(len(r) == len(CSV_HEADER), "CSV row width %d" % len(r))
        check(int(d["rank"]) == c["rank"] and d["size"] == c["sku"], "CSV row %r vs %s" % (r[:2], c["sku"]))
        h = c["price"]["hourly"]
        check((d["hourly"] == "" and h is None) or (h is not None and abs(float(d["hourly"]) - h) < 1e-6),
              "CSV hourly %r vs JSON %r for %s" % (d["hourly"], h, c["sku"]))
        check(d["currency"] == c["price"]["currency"] and d["pricing"] == c["price"]["pricing"]
              and d["lifecycle"] == c["lifecycle"], "CSV machine columns of %s" % c["sku"])
        g = c["gpu"]
        check((g is None and d["gpu_count"] == "") or (g is not None and float(d["gpu_count"]) == g["count"]),
              "CSV gpu_count of %s" % c["sku"])
        dep = c["deployment"]
        check(d["vms"] == str(dep["instances"]), "CSV vms of %s" % c["sku"])
        for col, v in (("hourly_all", dep["hourly"]), ("deployment_hourly", dep["hourly"]),
                       ("deployment_monthly", dep["monthly"]), ("job_cost", dep["job_cost"]),
                       ("cost_per_million_output_tokens", dep["cost_per_million_output_tokens"])):
            check((d[col] == "" and v is None) or (v is not None and abs(float(d[col]) - v) < 1e-3),
                  "CSV %s %r vs JSON deployment %r for %s" % (col, d[col], v, c["sku"]))
    # Markdown: the table report's columns in its order, one row per recommendation.
    table = run(binary, args + DATE + ["--format", "table", "--color", "never"], tmp, FITS_OR_NONE)
    md = run(binary, args + DATE + ["--format", "markdown"], tmp, FITS_OR_NONE)
    heads = [l.split() for l in table.splitlines() if l.startswith("#   SIZE")]
    md_rows = [[c.strip().replace("\\_", "_") for c in l.strip("|").split(" | ")]
               for l in md.splitlines() if l.startswith("| ")]
    if recs:
        check(len(heads) == 1 and md_rows and md_rows[0] == heads[0],
              "Markdown header %r vs table %r" % (md_rows[:1], heads))
        check(len(md_rows) - 1 == len(recs), "Markdown rows %d" % (len(md_rows) - 1))
        for r, c in zip(md_rows[1:], recs):
            check(r[0] == str(c["rank"]) and r[1] == c["sku"], "Markdown row %r" % r[:2])
    else:
        check(not heads and not md_rows and "No size fits" in md, "no table without a size")
    return "%d recommendations, %d rejected" % (len(recs), len(doc["rejected"]))


def first_diff(a, b, path="$"):
    if type(a) is not type(b):
        return "%s: %r (%s) vs %r (%s)" % (path, a, type(a).__name__, b, type(b).__name__)
    if isinstance(a, dict):
        if list(a) != list(b):
            return "%s: keys %s vs %s" % (path, list(a)[:8], list(b)[:8])
        for k in a:
            d = first_diff(a[k], b[k], path + "." + k)
            if d:
                return d
    elif isinstance(a, list):
        if len(a) != len(b):
            return "%s: %d vs %d items" % (path, len(a), len(b))
        for i, (x, y) in enumerate(zip(a, b)):
            d = first_diff(x, y, "%s[%d]" % (path, i))
            if d:
                return d
    elif a != b:
        return "%s: %r vs %r" % (path, a, b)
    return None


def prices_doc(binary, sku, tmp):
    cache = os.path.join(tmp, "cache")
    if not os.path.isdir(cache):
        shutil.copytree(os.path.join(FIX, "prices", "cache"), cache)
        for d, _, files in os.walk(cache):
            os.chmod(d, 0o700)
            for f in files:  # entries are the user's, 0600, as the tool writes them
                os.chmod(os.path.join(d, f), 0o600)
    return json.loads(run(binary, ["prices", "show", "--region", "eastus", "--sku", sku,
                                   "--cached", "--cache-dir", cache, "--format", "json"], tmp))


def fetch_doc(binary, tmp, failed=False, verbose=False):
    """prices fetch --format json: from the cache fixture, or failing on a closed port."""
    prices_doc(binary, PRICES["prices_show_a100"], tmp)  # copies the cache fixture
    cache = os.path.join(tmp, "cache")
    args = ["prices", "fetch", "--region", "eastus", "--cache-dir", cache, "--format", "json",
            "--sku", PRICES["prices_show_a100"], "--sku", PRICES["prices_show_nd_h100"]]
    if failed:
        args += ["--prices-url", "http://127.0.0.1:9/api/retail/prices", "--retries", "0"]
    else:  # older than any fixture entry: served from the cache, no request
        newest = 0
        for f in os.listdir(os.path.join(cache, "prices")):
            with open(os.path.join(cache, "prices", f)) as fh:
                at = json.load(fh)["fetched_at"]
            newest = max(newest, int(subprocess.check_output(
                ["date", "-u", "-d", at, "+%s"]).decode()))
        ttl = testclock.EPOCH - newest + 86400
        args += ["--cache-ttl", str(ttl)]
    if verbose:
        args.append("-v")
    return json.loads(run(binary, args, tmp, want_exit=(4,) if failed else (0,)))


def rejects(v, doc, what):
    check(any(True for _ in v.iter_errors(doc)), "the schema accepts %s" % what)


def one(binary, case):
    tmp = tempfile.mkdtemp(prefix="aivm-schema-")
    try:
        if case in RECOMMEND:
            return recommend_case(binary, RECOMMEND[case], tmp)
        if case in CHECK:
            doc = json.loads(run(binary, ["check"] + DATE + ["--format", "json"] + CHECK[case],
                                 tmp, want_exit=(0, 1)))
            validate(schema("check"), doc, "check JSON")
            return "%d resources, %d findings" % (len(doc["resources"]), sum(
                len(r["findings"]) for r in doc["resources"]))
        if case in PRICES:
            doc = prices_doc(binary, PRICES[case], tmp)
            validate(schema("prices"), doc, "prices JSON")
            check(doc["rows"] and doc["source"] == "cache", "rows from the cache")
            return "%d rows" % len(doc["rows"])
        if case in FETCH:
            doc = fetch_doc(binary, tmp, failed=case == "prices_fetch_failed")
            validate(schema("prices-fetch"), doc, "prices fetch JSON")
            want = "failed" if case == "prices_fetch_failed" else "cached"
            check([e["status"] for e in doc["entries"]] == [want, want] and
                  doc["summary"][want] == 2 and doc["scope"] == "sizes",
                  "two %s entries: %s" % (want, doc["entries"]))
            check(case != "prices_fetch_failed" or (doc["fatal"] and all(
                e["error"] and e["items"] is None for e in doc["entries"])), "failures say why")
            check(case == "prices_fetch_failed" or all(
                e["cache_path"].endswith(e["sku"] + ".json") and e["age_s"] > 0
                for e in doc["entries"]), "cache files and ages")
            return "%d entries" % len(doc["entries"])
        if case.startswith("verbose_"):
            args, kinds = VERBOSE[case[8:]]
            name = "models" if case == "verbose_models" else case[8:]
            doc = json.loads(run(binary, args + ["--format", "json", "-v"], tmp))
            validate(schema(name), doc, name + " JSON with sources")
            check(set(doc["sources"]) == kinds, "source kinds %s" % list(doc["sources"]))
            plain = json.loads(run(binary, args + ["--format", "json"], tmp))
            check("sources" not in plain and list(doc)[:-1] == list(plain),
                  "sources only with -v, the last member")
            bad = copy.deepcopy(doc)
            bad["sources"]["catalog" if "catalog" in kinds else "models"][0]["from"] = "disk"
            rejects(schema(name), bad, "an unknown source")
            return "sources: %s" % ", ".join(doc["sources"])
        if case == "strict_prices_fetch":
            v = schema("prices-fetch")
            doc = fetch_doc(binary, tmp, verbose=True)
            validate(v, doc, "prices fetch JSON")
            check(doc["sources"]["prices"][-1]["from"] == "cache", "-v: the cache entries")
            for path, val in ((("entries", 0, "status"), "fresh"), (("summary", "fetched"), "2"),
                              (("entries", 0, "age_s"), "1 h"), (("unpriced_sizes",), {})):
                bad = copy.deepcopy(doc)
                node = bad
                for k in path[:-1]:
                    node = node[k]
                node[path[-1]] = val
                rejects(v, bad, "%s = %r" % ("/".join(map(str, path)), val))
            bad = copy.deepcopy(doc)
            bad["unknown"] = bad.pop("unknown_sizes")
            rejects(v, bad, "a renamed unknown_sizes")
            return "5 bad fields rejected"
        if case == "strict_recommend_renamed":
            v = schema("recommend")
            doc = json.loads(run(binary, ["--phase", "train", "--kind", "generative"] + DATE +
                                 ["--format", "json"], tmp))
            validate(v, doc, "recommend JSON")
            for path in (("recommendations", 0, "sku"), ("recommendations", 0, "price", "hourly"),
                         ("workload", "phase"), ("candidates_ranked",), ("rejected", 0, "rule"),
                         ("catalog", "prices_as_of")):
                bad = copy.deepcopy(doc)
                node = bad
                for k in path[:-1]:
                    node = node[k]
                node[path[-1] + "_renamed"] = node.pop(path[-1])
                rejects(v, bad, "a renamed %s" % "/".join(map(str, path)))
            return "6 renamed fields rejected"
        if case == "strict_recommend_mistyped":
            v = schema("recommend")
            doc = json.loads(run(binary, ["--phase", "inference", "--kind", "generative",
                                          "--params", "7b"] + DATE + ["--format", "json"], tmp))
            validate(v, doc, "recommend JSON")
            muts = [("vcpus", "96"), ("infiniband", "no"), ("lifecycle", "GA"),
                    ("gpu", {"count": 1}), ("score", None)]
            for k, val in muts:
                bad = copy.deepcopy(doc)
                bad["recommendations"][0][k] = val
                rejects(v, bad, "recommendations[0].%s = %r" % (k, val))
            bad = copy.deepcopy(doc)
            bad["recommendations"][0]["fit"]["vms"] = 1.5
            rejects(v, bad, "fit.vms = 1.5")
            bad = copy.deepcopy(doc)
            bad["recommendations"][0]["price"]["pricing"] = "ondemand"
            rejects(v, bad, "price.pricing = ondemand")
            return "7 mistyped fields rejected"
        if case == "strict_check_enum":
            v = schema("check")
            doc = json.loads(run(binary, ["check"] + DATE + ["--format", "json",
                                 os.path.join(FIX, "check", "tf_plan.json")], tmp, want_exit=(1,)))
            validate(v, doc, "check JSON")
            f = next(r for r in doc["resources"] if r["findings"])
            for k, val in (("severity", "fatal"), ("id", "AIVM3"), ("guidance", "G1")):
                bad = copy.deepcopy(doc)
                next(r for r in bad["resources"] if r["findings"])["findings"][0][k] = val
                rejects(v, bad, "findings[0].%s = %r" % (k, val))
            bad = copy.deepcopy(doc)
            bad["summary"]["errors_count"] = bad["summary"].pop("errors")
            rejects(v, bad, "a renamed summary.errors")
            check(f["findings"], "a finding to mutate")
            return "4 bad fields rejected"
        if case == "strict_prices_renamed":
            v = schema("prices")
            doc = prices_doc(binary, PRICES["prices_show_a100"], tmp)
            validate(v, doc, "prices JSON")
            bad = copy.deepcopy(doc)
            bad["rows"][0]["hourly_price"] = bad["rows"][0].pop("hourly")
            rejects(v, bad, "a renamed rows[0].hourly")
            bad = copy.deepcopy(doc)
            bad["hourly"]["linux"]["on-demand"] = "3.2"
            rejects(v, bad, "a string price")
            bad = copy.deepcopy(doc)
            bad["hourly"]["linux"]["ondemand"] = bad["hourly"]["linux"].pop("on-demand")
            rejects(v, bad, "a misspelt pricing model")
            return "3 bad fields rejected"
        raise Failed("unknown case %s" % case)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def main(argv):
    if len(argv) == 2 and argv[1] == "list":
        print("\n".join(cases()))
        return 0
    if len(argv) != 3:
        print(__doc__)
        return 2
    binary = os.path.abspath(argv[1])
    todo = cases() if argv[2] == "all" else [argv[2]]
    bad = 0
    for c in todo:
        try:
            print("ok %s: %s" % (c, one(binary, c)))
        except Failed as e:
            print("FAIL %s: %s" % (c, e))
            bad += 1
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
