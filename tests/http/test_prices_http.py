#!/usr/bin/env python3
"""test_prices_http.py BIN CASE - live-price tests of aivm-advise against the
loopback mock of the Azure Retail Prices API (mock_retail.py), started here on
an ephemeral port of 127.0.0.1. Each CASE is one ctest (label "http"); run
with CASE "list" to print them. Nothing here touches the internet.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mock_retail  # noqa: E402
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "clock"))
import testclock  # noqa: E402  (tests/clock/testclock.py: the pinned clock)

BIN = None
WL = ["--phase", "inference", "--kind", "generative", "--date", "2026-11-29"]
FAST = ["--retry-delay", "0.05", "--timeout", "5"]


class Env:
    """A temp HOME/cache, a mock server, and a way to run the binary."""

    def __init__(self, **mock):
        self.tmp = tempfile.mkdtemp(prefix="aivm-http-")
        self.cache = os.path.join(self.tmp, "cache")
        self.log_path = os.path.join(self.tmp, "requests.jsonl")
        self.srv, self.state = mock_retail.start(log_path=self.log_path, **mock)
        self.url = "http://127.0.0.1:%d/api/retail/prices" % self.srv.server_address[1]

    def run(self, *args, cache=True, url=True):
        extra = []
        if url:
            extra += ["--prices-url", self.url]
        if cache:
            extra += ["--cache-dir", self.cache]
        # check takes no option after its files: the mock's options go first there
        argv = [BIN, "check"] + extra + list(args[1:]) if args[:1] == ("check",) \
            else [BIN] + list(args) + extra
        env = {"PATH": os.environ.get("PATH", ""), "LC_ALL": "C", **testclock.ENV, "TZ": "UTC",
               "HOME": os.path.join(self.tmp, "home"), "NO_COLOR": "", "TERM": "dumb",
               "no_proxy": "*", "NO_PROXY": "*"}
        t0 = time.time()
        # in the temp directory: no .aivm-advise.yaml of the checkout is read
        p = subprocess.run(argv, capture_output=True, text=True, env=env, timeout=60,
                           cwd=self.tmp)
        p.elapsed = time.time() - t0
        return p

    def log(self):
        return self.state.finished_log()

    def stop(self):
        """Stop serving and close the socket: later connections are refused."""
        self.srv.shutdown()
        self.srv.server_close()

    def close(self):
        self.stop()
        shutil.rmtree(self.tmp, ignore_errors=True)


def check(cond, msg, p=None):
    if not cond:
        extra = ""
        if p is not None:
            extra = "\n--- exit %s\n--- stdout\n%s\n--- stderr\n%s" % (
                p.returncode, p.stdout[:3000], p.stderr[:3000])
        raise AssertionError(msg + extra)


def ok_json(p):
    check(p.returncode == 0, "expected exit 0", p)
    return json.loads(p.stdout)


def recs(doc):
    return doc["recommendations"]


def expect_exit4(p, text):
    check(p.returncode == 4, "expected exit 4", p)
    check(p.stdout == "", "stdout must be empty when prices are unavailable", p)
    check(text in p.stderr, "stderr should mention %r" % text, p)


# ---- cases ----

def case_rank_by_live_price(e):
    p = e.run(*WL, "--prices", "live", "--sort", "price", "--top", "20", "--format", "json")
    doc = ok_json(p)
    rs = recs(doc)
    check(len(rs) == 16, "all 16 ranked sizes shown", p)
    priced = [r for r in rs if r["price"]["hourly"] is not None]
    for r in rs:
        check(r["price"]["source"] == "live", "every price is live: %s" % r["sku"], p)
        check(r["price"]["fetched_at"], "fetched_at set", p)
    for r in priced:
        want = mock_retail.SIZES[r["sku"]][1]
        check(abs(r["price"]["hourly"] - want) < 1e-9, "%s live price %s != %s" % (
            r["sku"], r["price"]["hourly"], want), p)
        check(abs(r["deployment"]["monthly"] - round(want * 730, 3)) < 1e-6, "monthly", p)
    hours = [r["price"]["hourly"] for r in priced]
    check(hours == sorted(hours), "ranked by live price: %s" % hours, p)
    unknown = [r["sku"] for r in rs if r["price"]["hourly"] is None]
    check(set(unknown) == {"Standard_ND128isrG5_GB300_v6", "Standard_ND128isr_GB300_v6"},
          "unknown prices: %s" % unknown, p)
    check(rs[-1]["sku"] in unknown and rs[-1]["deployment"]["hourly"] is None,
          "unknown prices sort last and are null, never 0", p)
    # the catalog's order differs: NC4as_T4 is 0.526 there, 0.61 live
    check(rs[0]["sku"] == "Standard_NC4as_T4_v3" and rs[0]["price"]["hourly"] == 0.61, "first", p)
    log = e.log()
    check(any(x["skip"] > 0 for x in log), "pages were followed")
    for x in log:
        check(x["api_version"] == "2023-01-01-preview" and x["currency"] == "'USD'",
              "every page URL is rebuilt with api-version and currency: %s" % x["query"])
        check(x["ua"] == "aivm-advise/0.1.0", "User-Agent: %s" % x["ua"])
        check("gzip" in (x["accept_encoding"] or ""), "gzip accepted")
    p = e.run(*WL, "--prices", "live", "--sort", "price-per-gpu", "--top", "20",
              "--format", "json")
    rs = [r for r in recs(ok_json(p)) if r["price"]["hourly"] is not None]
    per = [r["price"]["hourly"] / r["gpu"]["count"] for r in rs]
    check(per == sorted(per), "ranked by price per GPU: %s" % per, p)


def case_pricing_models(e):
    sku = "Standard_NC24ads_A100_v4"
    od = mock_retail.SIZES[sku][1]
    want = {"spot": od * 0.2, "reserved-1y": round(od * 8760 * 0.6, 2) / 8760,
            "reserved-3y": round(od * 26280 * 0.4, 2) / 26280,
            "savings-plan-1y": od * 0.65, "savings-plan-3y": od * 0.45}
    for model, v in want.items():
        p = e.run(*WL, "--prices", "live", "--pricing", model, "--top", "20", "--format", "json")
        r = [r for r in recs(ok_json(p)) if r["sku"] == sku][0]
        check(r["price"]["pricing"] == model, "pricing echoed", p)
        check(abs(r["price"]["hourly"] - v) < 1e-6, "%s: %s != %s" % (model, r["price"]["hourly"], v), p)
        check(abs(r["price"]["alternatives"]["on-demand"] - od) < 1e-9, "alternatives", p)
        check(r["price"]["alternatives"]["spot"] < od, "spot below on-demand", p)
    p = e.run(*WL, "--prices", "live", "--os", "windows", "--top", "20", "--format", "json")
    rs = {r["sku"]: r for r in recs(ok_json(p))}
    check(abs(rs[sku]["price"]["hourly"] - round(od * 1.1, 4)) < 1e-9, "windows price", p)
    h = rs["Standard_NC40ads_H100_v5"]["price"]  # productName "... Srs Win"
    check(abs(h["hourly"] - round(6.50 * 1.1, 4)) < 1e-9, "'Win' token is Windows", p)
    check("reserved-1y" not in rs[sku]["price"]["alternatives"], "no Windows reservation row", p)


def case_cost_ranking_prices_every_candidate(e):
    """With a model size the objective is the deployment's cost: every feasible
    size is priced (not only those shown) and the order follows the live prices."""
    p = e.run("--phase", "inference", "--model", "llama-3.1-8b", "--date", "2026-11-29",
              "--prices", "live", "--top", "2", "--format", "json")
    doc = ok_json(p)
    rs = recs(doc)
    asked = {x["sku"] for x in e.log() if x["skip"] == 0}
    check(len(rs) == 2, "two shown", p)
    check(len(asked) > 2, "every ranked size priced, not only the two shown: %s" % sorted(asked))
    for r in rs:
        check(r["ranking"]["objective"] == "cost" and r["price"]["source"] == "live", "live cost", p)
    costs = [r["ranking"]["adjusted_hourly"] for r in rs]
    check(costs == sorted(costs), "ordered by adjusted cost: %s" % costs, p)
    check(rs[0]["price"]["hourly"] == mock_retail.SIZES[rs[0]["sku"]][1], "live price used", p)


def case_budget_filter(e):
    p = e.run(*WL, "--prices", "live", "--max-price-per-hour", "5", "--top", "20",
              "--format", "json")
    doc = ok_json(p)
    for r in recs(doc):
        check(r["deployment"]["hourly"] <= 5, "within budget: %s" % r["sku"], p)
    rej = {r["sku"]: r for r in doc["rejected"] if r["rule"] == "max-price-per-hour"}
    check("Standard_ND96isr_H100_v5" in rej and "98.320" in rej["Standard_ND96isr_H100_v5"]["message"],
          "over-budget size says why", p)
    check("Standard_ND128isr_GB300_v6" in rej and
          "no known" in rej["Standard_ND128isr_GB300_v6"]["message"],
          "unknown price is not taken as within budget", p)
    check(rej["Standard_ND96isr_H100_v5"]["guidance"] == ["G13"], "G13", p)


def case_retry_429(e):
    e.state.fault, e.state.fault_sku = "429", "Standard_NC24ads_A100_v4"
    p = e.run(*WL, "--prices", "live", "--top", "20", "--format", "json", *FAST)
    ok_json(p)
    hits = [x for x in e.log() if x["sku"] == "Standard_NC24ads_A100_v4" and x["skip"] == 0]
    check([x["status"] for x in hits] == [429, 200], "429 then 200: %s" % hits)
    gap = hits[1]["start"] - hits[0]["end"]
    check(gap >= 0.9, "Retry-After: 1 honoured despite --retry-delay 0.05 (waited %.2fs)" % gap)


def case_retry_5xx_once(e):
    e.state.fault = "503-once"
    p = e.run(*WL, "--prices", "live", "--top", "3", "--format", "json", *FAST)
    doc = ok_json(p)
    check(all(r["price"]["source"] == "live" for r in recs(doc)), "live after retry", p)
    seen = {}
    for x in e.log():
        seen.setdefault((x["sku"], x["skip"]), []).append(x["status"])
    for k, v in seen.items():
        check(v == [503, 200], "%s: one 503 then 200, got %s" % (k, v))


def case_5xx_persistent(e):
    sku = "Standard_NC24ads_A100_v4"
    e.state.fault, e.state.fault_sku = "503-always", sku
    p = e.run(*WL, "--prices", "live", "--top", "5", "--retries", "2", "--retry-delay", "0.05")
    expect_exit4(p, "HTTP 503")
    check("gave up after 3 attempts" in p.stderr, "attempt count reported", p)
    check(len([x for x in e.log() if x["sku"] == sku]) == 3, "exactly 3 attempts")
    files = os.listdir(os.path.join(e.cache, "prices"))
    check(not any(sku in f for f in files), "a failed fetch is never cached: %s" % files)
    check(any("NC40ads" in f for f in files), "complete fetches are cached: %s" % files)
    # --allow-partial: warnings, and price.source per row
    p = e.run(*WL, "--prices", "live", "--top", "5", "--retries", "1", "--retry-delay", "0.05",
              "--allow-partial", "--format", "json")
    doc = ok_json(p)
    rs = {r["sku"]: r for r in recs(doc)}
    check(rs[sku]["price"]["source"] == "catalog", "fallback is labelled catalog", p)
    check(any(r["price"]["source"] in ("live", "cache") for r in rs.values()), "others live", p)
    check(any("no live price" in w for w in doc["warnings"]), "warning", p)


def case_404_not_retried(e):
    e.state.fault, e.state.fault_sku = "404", "Standard_NC24ads_A100_v4"
    p = e.run(*WL, "--prices", "live", "--top", "5", *FAST)
    expect_exit4(p, "HTTP 404")
    check(len([x for x in e.log() if x["sku"] == "Standard_NC24ads_A100_v4"]) == 1, "no retry")


def case_slow(e):
    sku = "Standard_NC24ads_A100_v4"
    e.state.fault, e.state.fault_sku = "slow-once", sku
    p = e.run(*WL, "--prices", "live", "--top", "5", "--format", "json", "--timeout", "1",
              "--retry-delay", "0.05")
    ok_json(p)
    check(len([x for x in e.log() if x["sku"] == sku and x["skip"] == 0]) >= 2, "retried")
    e.state.fault = "slow-always"
    p = e.run(*WL, "--prices", "live", "--top", "5", "--timeout", "0.5", "--retries", "1",
              "--retry-delay", "0.05", "--refresh")
    expect_exit4(p, "timed out")


def case_tiny_timeout_is_not_off(e):
    """--timeout 0.0001 rounds up to 1 ms: it never becomes 0, which libcurl reads as
    "no timeout" (a stalled server would then hold the run)."""
    e.state.fault = "slow-always"
    p = e.run(*WL, "--prices", "live", "--top", "1", "--timeout", "0.0001", "--retries", "0",
              "--refresh")
    expect_exit4(p, "")
    check(p.elapsed < 2.0, "gave up within the timeout, not after the 2.5 s stall: %.2fs" %
          p.elapsed, p)


def case_malformed_pages(e):
    sku = "Standard_NC24ads_A100_v4"
    e.state.fault_sku = sku
    for fault, text in [("truncated", "not valid JSON"), ("html", "HTML"),
                        ("html-502", "HTTP 502"), ("not-items", "no Items array"),
                        ("items-not-array", "no Items array")]:
        e.state.fault = fault
        p = e.run(*WL, "--prices", "live", "--top", "5", "--retries", "1", "--retry-delay",
                  "0.05", "--refresh")
        expect_exit4(p, text)
    for fault in ("truncated-once", "drop"):
        e.state.fault = fault
        e.state.attempts.clear()
        p = e.run(*WL, "--prices", "live", "--top", "5", "--format", "json", "--refresh", *FAST)
        r = [r for r in recs(ok_json(p)) if r["sku"] == sku][0]
        check(r["price"]["hourly"] == 3.2, "%s: recovered on retry" % fault, p)


def case_paging_faults(e):
    e.state.fault_sku = "Standard_NC24ads_A100_v4"
    for fault, text in [("foreign-next", "another origin"), ("self-next", "earlier page"),
                        ("endless", "more than 64 pages")]:
        e.state.fault = fault
        p = e.run(*WL, "--prices", "live", "--top", "5", "--refresh", *FAST)
        expect_exit4(p, text)
    check(not any(x["skip"] > 64 * 3 for x in e.log()), "page cap stops the chain")
    for fault in ("empty-next", "dup-boundary"):
        e.state.fault = fault
        p = e.run(*WL, "--prices", "live", "--top", "5", "--refresh", "--format", "json")
        r = [r for r in recs(ok_json(p)) if r["sku"] == "Standard_NC24ads_A100_v4"][0]
        check(r["price"]["hourly"] == 3.2 and r["price"]["alternatives"]["spot"] == 0.64,
              "%s: right prices" % fault, p)
        check(not r["price"].get("ambiguous"), "a repeated boundary row is a duplicate", p)


def case_cache_roundtrip(e):
    p = e.run(*WL, "--prices", "live", "--top", "2", "--format", "json")
    first = ok_json(p)
    n = len(e.log())
    check(n >= 2, "fetched")
    d = os.path.join(e.cache, "prices")
    files = sorted(os.listdir(d))
    check(len(files) == 2 and all(f.endswith(".json") for f in files), "2 entries: %s" % files)
    meta = json.load(open(os.path.join(d, files[0])))
    for k in ("url", "fetched_at", "pages", "count", "currency", "tool_version", "api_version"):
        check(k in meta, "cache metadata has %s" % k)
    check(meta["count"] == len(meta["Items"]) and meta["currency"] == "USD", "count/currency")
    p = e.run(*WL, "--prices", "live", "--top", "2", "--format", "json")
    doc = ok_json(p)
    check(len(e.log()) == n, "fresh cache: no request")
    check(all(r["price"]["source"] == "cache" for r in recs(doc)), "source cache", p)
    check([r["price"]["hourly"] for r in recs(doc)] == [r["price"]["hourly"] for r in recs(first)],
          "same prices from the cache", p)
    e.run(*WL, "--prices", "live", "--top", "2", "--refresh")
    check(len(e.log()) > n, "--refresh fetches again")
    n = len(e.log())
    e.run(*WL, "--prices", "live", "--top", "2", "--cache-ttl", "0")
    check(len(e.log()) > n, "--cache-ttl 0 fetches again")
    e.stop()
    p = e.run(*WL, "--prices", "cached", "--top", "2", "--format", "json")
    doc = ok_json(p)
    check(all(r["price"]["source"] == "cache" for r in recs(doc)), "offline from cache", p)
    check(not any(".tmp." in f for f in os.listdir(d)), "no temp files left")


def case_corrupt_cache(e):
    ok_json(e.run(*WL, "--prices", "live", "--top", "2", "--format", "json"))
    d = os.path.join(e.cache, "prices")
    victim = sorted(os.listdir(d))[0]
    with open(os.path.join(d, victim), "w") as f:
        f.write('{"aivm_prices_cache":1,"Items":[{"trunc')
    n = len(e.log())
    p = e.run(*WL, "--prices", "cached", "--top", "2", "--format", "json")
    doc = ok_json(p)
    check(any("corrupt cache entry" in w for w in doc["warnings"]), "warned", p)
    check(sum(r["price"]["source"] == "catalog" for r in recs(doc)) == 1, "one fell back", p)
    p = e.run(*WL, "--prices", "live", "--top", "2", "--format", "json")
    doc = ok_json(p)
    check(any("corrupt cache entry" in w and "fetching again" in w for w in doc["warnings"]),
          "warned", p)
    check(len(e.log()) > n, "refetched the corrupt entry")
    json.load(open(os.path.join(d, victim)))  # rewritten whole
    check(all(r["price"]["source"] in ("live", "cache") for r in recs(doc)), "all priced", p)


def case_concurrency(e):
    e.state.latency = 0.2
    e.state.page_size = 100
    p = e.run(*WL, "--prices", "live", "--sort", "price", "--top", "20", "--format", "json")
    ok_json(p)
    log = e.log()
    check(len(log) == 16, "one request per size: %d" % len(log))
    events = sorted([(x["start"], 1) for x in log] + [(x["end"], -1) for x in log],
                    key=lambda t: (t[0], t[1]))
    cur = peak = 0
    for _, d in events:
        cur += d
        peak = max(peak, cur)
    check(peak <= 4, "at most 4 requests in flight (saw %d)" % peak)
    check(peak >= 3, "requests do run in parallel (saw %d)" % peak)
    check(p.elapsed < 16 * 0.2 * 0.6, "parallel fetch took %.2fs" % p.elapsed)


def case_currency(e):
    p = e.run(*WL, "--prices", "live", "--currency", "EUR", "--top", "3")
    check(p.returncode == 0, "exit 0", p)
    check("EUR/HOUR" in p.stdout and "live from the Azure Retail Prices API" in p.stdout,
          "table names the currency and the source", p)
    check(all(x["currency"] == "'EUR'" for x in e.log()), "currencyCode parameter")


def case_prices_fetch_show(e):
    skus = ["Standard_NC24ads_A100_v4", "Standard_ND96isr_H100_v5", "Standard_ND96is_H100_v5"]
    args = ["prices", "fetch", "--region", "eastus"]
    for s in skus:
        args += ["--sku", s]
    p = e.run(*args)
    check(p.returncode == 0, "fetch ok", p)
    check("3 sizes: 3 fetched" in p.stdout, "summary", p)
    e.stop()
    p = e.run("prices", "show", "--region", "eastus", "--sku", skus[1], "--cached")
    check(p.returncode == 0, "show from cache", p)
    for text in ("on-demand", "spot", "low priority (not used", "dev/test (not used",
                 "reserved-1y", "savings-plan-3y", "Cloud Services", "expired or free meter",
                 "linux: on-demand 98.3200;", "windows: on-demand 108.1520;"):
        check(text in p.stdout, "show lists %r" % text, p)
    p = e.run("prices", "show", "--region", "eastus", "--sku", skus[2], "--cached")
    check("linux: on-demand unknown;" in p.stdout, "no rows: unknown, not 0", p)
    p = e.run(*WL, "--prices", "live", "--top", "3", "--retries", "1", "--retry-delay", "0.05")
    expect_exit4(p, "Couldn't connect")


def case_fetch_quiet_prints_the_summary_only(e):
    """prices fetch -q: no per-size lines and no progress (even on a terminal), one
    summary line of what was fetched, what was already cached and what failed; the
    error line of a size that failed stays."""
    import pty
    skus = ["Standard_NC24ads_A100_v4", "Standard_NC40ads_H100_v5"]
    args = ["prices", "fetch", "--region", "eastus"] + FAST
    for s in skus:
        args += ["--sku", s]
    p = e.run(*args, "-q")
    check(p.returncode == 0 and p.stderr == "", "quiet and ok", p)
    lines = p.stdout.splitlines()
    check(len(lines) == 1 and lines[0].startswith("2 sizes: 2 fetched, 0 already cached, 0 failed (")
          and lines[0].endswith(" requests); cache %s" % e.cache), "one line", p)
    # without -q: a line per size, then the same summary (now from the cache)
    p = e.run(*args)
    lines = p.stdout.splitlines()
    check(len(lines) == 3 and all("cached, still fresh" in l for l in lines[:2]), "per size", p)
    check(lines[2].startswith("2 sizes: 0 fetched, 2 already cached, 0 failed"), "summary", p)
    # a size the API answers 404 for: its error on stderr, counted in the summary, exit 4
    e.state.fault, e.state.fault_sku = "404", skus[1]
    p = e.run(*args, "--refresh", "-q")
    e.state.fault, e.state.fault_sku = None, None
    check(p.returncode == 4, "exit 4 when a size failed", p)
    check(p.stdout.splitlines() != [] and p.stdout.splitlines()[-1].startswith(
        "2 sizes: 1 fetched, 0 already cached, 1 failed"), "summary counts the failure", p)
    check(len(p.stdout.splitlines()) == 1, "still no per-size lines", p)
    err = p.stderr.splitlines()
    check(len(err) == 1 and skus[1] + " in eastus" in err[0], "the failure says why", p)
    # -q with a terminal on stderr: no progress line drawn
    master, slave = pty.openpty()
    env = {"PATH": os.environ.get("PATH", ""), "LC_ALL": "C", **testclock.ENV, "TERM": "xterm",
           "HOME": os.path.join(e.tmp, "home")}
    proc = subprocess.run([BIN, *args, "-q", "--refresh", "--prices-url", e.url,
                           "--cache-dir", e.cache], stdout=subprocess.PIPE, stderr=slave,
                          env=env, timeout=60)
    os.close(slave)
    os.set_blocking(master, False)
    try:
        out = os.read(master, 4096)
    except OSError:
        out = b""
    os.close(master)
    check(proc.returncode == 0 and b"fetching prices" not in out, "no progress: %r" % out)
    check(len(proc.stdout.splitlines()) == 1, "one summary line")
    # the whole price list of a region (no --sku): -q leaves the summary line alone too
    p = e.run("prices", "fetch", "--region", "eastus", *FAST, "-q")
    lines = p.stdout.splitlines()
    check(p.returncode == 0 and len(lines) == 1 and lines[0].startswith("1 region: 1 fetched"),
          "region list: one summary line", p)
    p = e.run("prices", "fetch", "--region", "eastus", *FAST)
    lines = [x for x in p.stdout.splitlines()  # the catalog gaps follow (tested elsewhere)
             if not x.startswith(("priced but not in the catalog", "catalog sizes with no price"))]
    check(len(lines) == 2 and "whole price list" in lines[0], "region list: a line, then the summary", p)


def case_fetch_reads_the_project_config(e):
    """prices fetch takes region from .aivm-advise.yaml and prices-url and cache-dir
    from the user's own ~/.config/aivm-advise/config.yaml (a found configuration may
    not say where prices come from: exit 3 at the key), and a flag wins over both."""
    proj = os.path.join(e.tmp, "proj")
    sub = os.path.join(proj, "infra")
    home = os.path.join(e.tmp, "home")
    user = os.path.join(home, ".config", "aivm-advise")
    os.makedirs(sub)
    os.makedirs(user)
    with open(os.path.join(proj, ".aivm-advise.yaml"), "w") as f:
        f.write("region: West US 2\n")
    with open(os.path.join(user, "config.yaml"), "w") as f:
        f.write("prices-url: %s\ncache-dir: %s/user-cache\n" % (e.url, e.tmp))
    env = {"PATH": os.environ.get("PATH", ""), "LC_ALL": "C", **testclock.ENV, "TZ": "UTC",
           "HOME": home, "TERM": "dumb", "no_proxy": "*"}
    argv = [os.path.abspath(BIN), "prices", "fetch", "-q", "--sku", "Standard_NC24ads_A100_v4"] + FAST
    p = subprocess.run(argv, cwd=sub, capture_output=True, text=True, env=env, timeout=60)
    check(p.returncode == 0, "fetch with the config's settings", p)
    check(p.stdout.endswith("cache %s/user-cache\n" % e.tmp), "the user config's cache-dir", p)
    region = lambda x: "armRegionName eq 'westus2'" in urllib.parse.unquote_plus(x["query"])
    check([region(x) for x in e.log()] == [True], "the config's region: %s" % e.log())
    p = subprocess.run(argv + ["--region", "eastus"], cwd=sub, capture_output=True, text=True,
                       env=env, timeout=60)
    check(p.returncode == 0 and not region(e.log()[-1]), "the flag wins", p)
    p = subprocess.run(argv + ["--no-config"], cwd=sub, capture_output=True, text=True,
                       env=env, timeout=60)
    check(p.returncode == 2 and "needs --region" in p.stderr, "--no-config: no region", p)
    n = len(e.log())
    with open(os.path.join(proj, ".aivm-advise.yaml"), "a") as f:
        f.write("prices-url: %s\n" % e.url)
    p = subprocess.run(argv, cwd=sub, capture_output=True, text=True, env=env, timeout=60)
    check(p.returncode == 3 and ".aivm-advise.yaml:2:13: error: key 'prices-url' is not taken"
          in p.stderr and len(e.log()) == n, "a found config's prices-url is refused", p)


def case_fetch_that_caches_nothing_fails(e):
    """prices fetch exists to fill the cache: when the cache directory is not a
    directory (or not writable), it says so in one line and exits non-zero."""
    not_a_dir = os.path.join(e.tmp, "file-not-dir")
    open(not_a_dir, "w").close()
    p = e.run("prices", "fetch", "--region", "eastus", "--sku", "Standard_NC24ads_A100_v4",
              "--cache-dir", not_a_dir, cache=False)
    check(p.returncode == 5, "exit 5 when nothing could be cached", p)
    lines = [l for l in p.stderr.splitlines() if "could not be cached" in l]
    check(len(lines) == 1 and "1 of 1 sizes" in lines[0], "one line says why", p)


def case_scheme_is_case_insensitive(e):
    """URL schemes are case-insensitive (RFC 3986): HTTP:// passes the check and works."""
    p = e.run(*WL, "--prices", "live", "--top", "1", "--format", "json",
              "--prices-url", e.url.replace("http://", "HTTP://", 1), url=False)
    doc = ok_json(p)
    check(recs(doc)[0]["price"]["source"] == "live", "live price through HTTP://", p)


def case_cache_dir_writable_by_others_is_refused(e):
    """Like ssh, a cache directory others can write is not trusted: another user
    could plant a price there. Warned about; nothing read from or written to it."""
    shared = os.path.join(e.tmp, "shared-cache")
    os.mkdir(shared)
    os.chmod(shared, 0o777)
    p = e.run("prices", "fetch", "--region", "eastus", "--sku", "Standard_NC24ads_A100_v4",
              "--cache-dir", shared, cache=False)
    check(p.returncode == 5 and "writable by others" in p.stderr, "refused with why", p)
    check(os.listdir(shared) == [], "nothing written: %s" % os.listdir(shared), p)


def case_cache_subdirectory_writable_by_others_is_refused(e):
    """Every level under the cache root is checked, not only the top: a prices/
    directory others can write (or a link in its place) is refused like the root."""
    root = os.path.join(e.tmp, "cache-root")
    os.makedirs(os.path.join(root, "prices"), mode=0o700)
    os.chmod(root, 0o700)
    os.chmod(os.path.join(root, "prices"), 0o777)
    p = e.run("prices", "fetch", "--region", "eastus", "--sku", "Standard_NC24ads_A100_v4",
              "--cache-dir", root, cache=False)
    check(p.returncode == 5 and "prices' is writable by others" in p.stderr, "refused with why", p)
    check(os.listdir(os.path.join(root, "prices")) == [], "nothing written", p)


def case_cache_entry_not_ours_is_refused(e):
    """An entry the tool wrote is 0600; one of another mode (a committed or copied
    file, 0644) is refused unread, warned about, and fetched again."""
    args = ["prices", "show", "--region", "eastus", "--sku", "Standard_NC24ads_A100_v4",
            "--format", "json"]
    check(e.run("prices", "fetch", "--region", "eastus", "--sku",
                "Standard_NC24ads_A100_v4").returncode == 0, "first fetch")
    entries = [os.path.join(d, f) for d, _, fs in os.walk(e.cache) for f in fs]
    check(len(entries) == 1 and os.stat(entries[0]).st_mode & 0o777 == 0o600,
          "one entry, mode 0600: %s" % entries)
    os.chmod(entries[0], 0o644)
    p = e.run(*args, "--cached")
    check(p.returncode != 0 and "is not one aivm-advise wrote" in p.stderr, "refused unread", p)
    n = len(e.log())
    p = e.run(*args)
    check(p.returncode == 0 and len(e.log()) > n and '"source":\t"live"' in p.stdout,
          "fetched again", p)


def case_stale_temp_files_are_removed(e):
    """A run killed between write and rename leaves '<entry>.tmp.XXXXXX': the next
    write of that entry removes ours once they are older than ten minutes."""
    args = ["prices", "fetch", "--region", "eastus", "--sku", "Standard_NC24ads_A100_v4"]
    check(e.run(*args).returncode == 0, "first fetch")
    entries = [os.path.join(d, f) for d, _, fs in os.walk(e.cache) for f in fs]
    check(len(entries) == 1, "one cache entry: %s" % entries)
    stale, fresh = entries[0] + ".tmp.AbC123", entries[0] + ".tmp.XyZ789"
    for path, age in ((stale, 3600), (fresh, 0)):
        open(path, "w").close()
        os.utime(path, (testclock.EPOCH - age, testclock.EPOCH - age))
    check(e.run(*args, "--refresh").returncode == 0, "second fetch")
    check(not os.path.exists(stale), "the stale temp file is gone")
    check(os.path.exists(fresh), "a recent one (maybe a live writer's) is kept")


def case_check_unknown_region_never_queried(e):
    """A plan's location goes into the API's $filter only when it is an Azure region
    of the catalog's list: an injected one is never sent (and is not priced)."""
    fx = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "fixtures", "check",
                      "tf_injected_location.json")
    p = e.run("check", "--date", "2026-11-29", "--prices", "live", "--format", "json", fx)
    doc = json.loads(p.stdout)
    check(doc["resources"][0]["cost"] is None, "not priced", p)
    check(e.log() == [], "no request sent: %s" % e.log(), p)


def case_show_escapes_api_text(e):
    """API text (productName) reaches the terminal with its control characters shown."""
    e.state.fault = "hostile-text"
    p = e.run("prices", "show", "--region", "eastus", "--sku", "Standard_NC24ads_A100_v4")
    check(p.returncode == 0, "show ok", p)
    check(not any(l.startswith("::error") for l in p.stdout.splitlines()), "no forged line", p)
    check("\x1b" not in p.stdout and "\r" not in p.stdout, "no raw escape or CR", p)
    check("\\n::error::pwned\\x1b[31m\\r" in p.stdout, "shown visibly", p)
    # the csv and json formats carry the same text through the output-safety layer
    hostile = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "golden",
                           "hostile", "check_output.py")
    for fmt in ("csv", "json"):
        p = e.run("prices", "show", "--region", "eastus", "--sku", "Standard_NC24ads_A100_v4",
                  "--format", fmt)
        check(p.returncode == 0 and "pwned" in p.stdout, "show -f %s ok" % fmt, p)
        out = os.path.join(e.tmp, "show." + fmt)
        with open(out, "w") as f:
            f.write(p.stdout)
        r = subprocess.run([sys.executable, hostile, fmt, out], capture_output=True, text=True)
        check(r.returncode == 0, "show -f %s keeps the output-safety rules: %s" % (fmt, r.stdout), p)


def case_progress_only_on_a_terminal(e):
    import pty
    p = e.run(*WL, "--prices", "live", "--top", "2", "--format", "json")
    check(p.returncode == 0 and "fetching prices" not in p.stderr, "quiet when not a TTY", p)
    master, slave = pty.openpty()
    env = {"PATH": os.environ.get("PATH", ""), "LC_ALL": "C", **testclock.ENV, "TERM": "xterm",
           "HOME": os.path.join(e.tmp, "home")}
    proc = subprocess.run([BIN, *WL, "--prices", "live", "--top", "2", "--refresh",
                           "--format", "json", "--prices-url", e.url, "--cache-dir", e.cache],
                          stdout=subprocess.PIPE, stderr=slave, env=env, timeout=60)
    os.close(slave)
    out = b""
    while True:
        try:
            chunk = os.read(master, 4096)
        except OSError:
            break
        if not chunk:
            break
        out += chunk
    os.close(master)
    check(proc.returncode == 0, "exit 0 with a terminal on stderr")
    check(b"fetching prices: 2/2 done" in out, "progress line on the terminal: %r" % out[:200])
    json.loads(proc.stdout)  # stdout stays clean JSON


def case_check_live_prices(e):
    """aivm-advise check: the cost summary from live prices (issue 6)."""
    fx = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "fixtures", "check")
    base = ["check", "--date", "2026-11-29", "--format", "json", "--fail-on", "never"] + FAST
    p = e.run(*base, "--prices", "live", os.path.join(fx, "plan_clean.yaml"))
    doc = ok_json(p)
    c = doc["resources"][0]["cost"]
    check(c["source"] == "live" and c["rate"] == "on-demand", "live on-demand: %s" % c, p)
    check(abs(c["hourly"] - 2 * 6.50) < 1e-9, "2 VMs x the mock's 6.50: %s" % c, p)
    check(abs(doc["cost"]["monthly"] - 13.0 * 730) < 1e-6, "monthly at 730 h", p)
    # plan.yaml plans Standard_F8s_v2, which the mock does not list: exit 4 only with
    # --require-live-prices ...
    expect_exit4(e.run(*base, "--prices", "live", "--require-live-prices",
                       os.path.join(fx, "plan.yaml")),
                 "no live price for Standard_F8s_v2")
    # ... else that resource keeps its catalog price, with a warning naming it
    p = e.run(*base, "--prices", "live", os.path.join(fx, "plan.yaml"))
    doc = ok_json(p)
    check("have no live price (first: Standard_F8s_v2" in p.stderr, "fallback warned", p)
    by = {r["address"]: r["cost"] for r in doc["resources"]}
    check(by["fraud-scoring"]["source"] == "catalog", "catalog fallback: %s" % by)
    check(by["batch-embeddings"]["source"] in ("live", "cache") and
          by["batch-embeddings"]["rate"] == "spot" and
          abs(by["batch-embeddings"]["hourly"] - 6.50 * 0.2) < 1e-9,
          "spot as planned: %s" % by["batch-embeddings"])
    # --prices cached reuses what live stored, without the network
    e.stop()
    doc = ok_json(e.run(*base, "--prices", "cached", os.path.join(fx, "plan_clean.yaml")))
    check(doc["resources"][0]["cost"]["source"] == "cache", "from the cache: %s" % doc)


def case_check_live_price_outage_keeps_the_findings(e):
    """check --prices live while the price API is down (issue 22): the findings, the
    report and every --output file are written with catalog prices and a warning that
    names the failure; exit 4 only with --require-live-prices."""
    fx = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "fixtures", "check",
                      "plan.yaml")
    out = os.path.join(e.cache, "out")
    os.makedirs(out, exist_ok=True)
    e.stop()  # nothing listens on the mock's port any more
    args = ["check", "--date", "2026-11-29", "--prices", "live", "--retries", "0"] + FAST
    p = e.run(*args, "--format", "json", "--output", "sarif=%s/c.sarif" % out,
              "--output", "junit=%s/c.xml" % out, "--output", "markdown=%s/c.md" % out,
              fx, cache=False)
    check(p.returncode == 1, "exit 1 from the findings (--fail-on error), not 4", p)
    doc = json.loads(p.stdout)
    check(any(f["id"] == "AIVM007" for r in doc["resources"] for f in r["findings"]),
          "the findings are intact", p)
    srcs = {r["cost"]["source"] for r in doc["resources"] if r["cost"]}
    check(srcs == {"catalog"}, "catalog prices: %s" % srcs, p)
    check("no live price" in p.stderr and "unreachable" in p.stderr and
          "catalog prices" in p.stderr, "warning names the failure", p)
    for f in ("c.sarif", "c.xml", "c.md"):
        check(os.path.getsize(os.path.join(out, f)) > 0, "%s written" % f, p)
    p = e.run(*args, "--require-live-prices", fx, cache=False)
    expect_exit4(p, "")
    # --prices cached without a cache entry: catalog prices, and a warning as recommend's
    p = e.run("check", "--date", "2026-11-29", "--prices", "cached", "--format", "json", fx)
    check(p.returncode == 1 and json.loads(p.stdout)["resources"], "report written", p)
    check("no cached price" in p.stderr or "cached price" in p.stderr, "cached warned", p)


def case_no_meter_is_not_offered_with_availability(e):
    # the mock has no meter at all for one GB300 size and only zero-priced meters for the
    # other: without availability flags both are shown with an unknown price
    # (case_rank_by_live_price); with --regions the one without a meter is not offered there
    p = e.run(*WL, "--prices", "live", "--regions", "eastus", "--top", "20", "--format", "json")
    doc = ok_json(p)
    skus = [r["sku"] for r in recs(doc)]
    none = [s for s in ("Standard_ND128isrG5_GB300_v6", "Standard_ND128isr_GB300_v6")
            if s not in mock_retail.ZERO_PRICE]
    check(len(none) == 1, "one GB300 size has no meter in the mock: %s" % none)
    check(none[0] not in skus, "%s is not shown" % none[0], p)
    check(any(r["sku"] == none[0] and r["rule"] == "availability" and
              r["message"] == "not offered in eastus (no meter in the live price list)"
              for r in doc["rejected"]), "%s rejected for its missing meter" % none[0], p)
    for s in mock_retail.ZERO_PRICE:
        check(s in skus, "%s has a meter (zero-priced): offered, price unknown" % s, p)
    # --regions fetches the region's whole list live first (one query) and the sizes are
    # priced from that fresh region entry of the cache (source "cache", fetched this run)
    for r in recs(doc):
        check(r["availability"]["region"] == "eastus" and r["price"]["source"] in ("live", "cache"),
              "%s priced from the live list of eastus" % r["sku"], p)
    check(len(skus) == 15, "the 15 sizes with a meter stay: %s" % skus, p)
    log = e.log()
    check(log and all(x["sku"] == "" for x in log),
          "only region-wide queries, no query per size: %s" % [x["sku"] for x in log], p)


def case_regions_choose_by_the_live_lists(e):
    # --regions with live prices: each region's whole list is fetched once (no query per
    # size) and decides the best region per size: westeurope is 1.25x eastus in the mock
    p = e.run(*WL, "--prices", "live", "--regions", "westeurope,eastus", "--top", "8",
              "--format", "json")
    doc = ok_json(p)
    log = e.log()
    check(log and all(x["sku"] == "" for x in log), "region-wide queries only", p)
    check({x["region"] for x in log} == {"westeurope", "eastus"}, "both regions fetched", p)
    for r in recs(doc):
        check(r["availability"]["region"] == "eastus", "%s placed in the cheaper eastus" % r["sku"], p)
    p = e.run(*WL, "--prices", "cached", "--regions", "westeurope", "--top", "3", "--format", "json")
    doc = ok_json(p)
    for r in recs(doc):
        check(r["availability"]["region"] == "westeurope" and r["price"]["region"] == "westeurope",
              "%s priced from the westeurope list, not eastus's reference" % r["sku"], p)


CASES = {k[5:]: v for k, v in globals().items() if k.startswith("case_")}


def main(cases=None):
    """`list`, or BINARY CASE: run one case of `cases` (default this file's)."""
    global BIN
    cases = CASES if cases is None else cases
    if len(sys.argv) == 2 and sys.argv[1] == "list":
        print("\n".join(sorted(cases)))
        return 0
    BIN, name = sys.argv[1], sys.argv[2]
    e = Env()
    try:
        cases[name](e)
    finally:
        e.close()
    print("ok %s" % name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
