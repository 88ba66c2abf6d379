#!/usr/bin/env python3
"""test_region_prices.py BIN CASE - region-wide price lists (`prices fetch
--region R` without --sku, `prices fetch --regions ...`) against the loopback
mock (mock_retail.py): one filtered query per region, later pages by $skip in
parallel, the page cap, a failing page failing the whole region with nothing
cached, equality with per-size fetching, and the region caches that
`--prices cached|live` read. Run with CASE "list" to print the cases.
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mock_retail  # noqa: E402
import test_prices_http as base  # noqa: E402
from test_prices_http import WL, FAST, Env, check, ok_json, recs  # noqa: E402

NO_ROWS = "Standard_ND96is_H100_v5"  # a size the mock has no rows for


def cache_files(e):
    d = os.path.join(e.cache, "prices")
    return sorted(os.listdir(d)) if os.path.isdir(d) else []


def region_file(e, region):
    fs = [f for f in cache_files(e) if f.endswith("-USD-%s.all.json" % region)]
    return os.path.join(e.cache, "prices", fs[0]) if fs else None


def peak_in_flight(log):
    ev = sorted([(x["start"], 1) for x in log] + [(x["end"], -1) for x in log],
                key=lambda t: (t[0], t[1]))
    cur = peak = 0
    for _, d in ev:
        cur += d
        peak = max(peak, cur)
    return peak


def case_region_pages_in_parallel(e):
    # 0.3 s a page: the parallel fetch (~4 rounds) stays well under the serial one (10 pages)
    # even when process start-up is slow on a loaded machine
    e.state.page_size, e.state.latency = 20, 0.3
    total = len(mock_retail.region_rows("eastus"))
    pages = (total + 19) // 20
    p = e.run("prices", "fetch", "--region", "eastus")
    check(p.returncode == 0, "fetch ok", p)
    check("eastus USD: whole price list, %d items, fetched" % total in p.stdout, "line", p)
    check("1 region: 1 fetched, 0 already cached, 0 failed" in p.stdout, "summary", p)
    log = sorted(e.log(), key=lambda x: x["start"])
    for x in log:
        check("armSkuName" not in x["query"] and x["region"] == "eastus",
              "one region-wide filter: %s" % x["query"])
        check(x["api_version"] == "2023-01-01-preview" and x["currency"] == "'USD'",
              "every page URL is rebuilt: %s" % x["query"])
    check(log[0]["skip"] == 0 and log[1]["start"] >= log[0]["end"] - 0.01,
          "page 0 first, alone (it gives the page size)")
    got = sorted(x["skip"] for x in log if x["status"] == 200 and x["skip"] < total)
    check(got == [20 * k for k in range(pages)], "every page by $skip once: %s" % got)
    check(len(log) <= pages + 3, "at most 3 pages past the end: %d requests" % len(log))
    peak = peak_in_flight(log)
    check(3 <= peak <= 4, "pages in parallel, at most 4 in flight (saw %d)" % peak)
    # serial would take pages x 0.3 s; the pages past the end are waited for too (same round)
    check(p.elapsed < pages * 0.3 * 0.75, "parallel: %.2fs for %d pages" % (p.elapsed, pages))
    f = region_file(e, "eastus")
    check(f is not None and cache_files(e) == [os.path.basename(f)], "one region entry: %s"
          % cache_files(e))
    meta = json.load(open(f))
    check(meta["count"] == total == len(meta["Items"]) and meta["pages"] == pages and
          meta["sku"] == "" and meta["region"] == "eastus", "metadata")
    skus = [i["armSkuName"] for i in meta["Items"]]
    want = [r["armSkuName"] for r in mock_retail.region_rows("eastus")]
    check(skus == want, "items joined in page order")


def shown(e, region, sku, cache):
    p = e.run("prices", "show", "--region", region, "--sku", sku, "--cached", "--cache-dir", cache,
              cache=False)
    check(p.returncode == 0, "show %s" % sku, p)
    return p.stdout.split("\n", 1)[1]  # the first line names the source and item count


def case_equal_to_per_size(e):
    """Every size priced from the region list equals a query for that size alone."""
    e.state.page_size = 7  # page boundaries fall inside sizes' row runs
    region_cache, size_cache = e.cache, os.path.join(e.tmp, "per-size")
    # every size the ranking below shows, with rows or without
    skus = mock_retail.all_skus() + [NO_ROWS, "Standard_ND128isrG5_GB300_v6"]
    p = e.run("prices", "fetch", "--region", "eastus")
    check(p.returncode == 0, "region fetch", p)
    args = ["prices", "fetch", "--region", "eastus", "--cache-dir", size_cache]
    for s in skus:
        args += ["--sku", s]
    p = e.run(*args, cache=False)
    check(p.returncode == 0 and "%d sizes: %d fetched" % (len(skus), len(skus)) in p.stdout,
          "per-size fetch", p)
    e.stop()
    for s in skus:
        a, b = shown(e, "eastus", s, region_cache), shown(e, "eastus", s, size_cache)
        check(a == b, "%s: region list and per-size query classify alike\n%s\n---\n%s" % (s, a, b))
    for pricing in ("on-demand", "spot", "reserved-3y", "savings-plan-1y"):
        docs = []
        for c in (region_cache, size_cache):
            p = e.run(*WL, "--prices", "cached", "--pricing", pricing, "--top", "20",
                      "--format", "json", "--cache-dir", c, cache=False)
            docs.append([(r["sku"], r["price"]["hourly"], r["price"]["source"]) for r in
                         recs(ok_json(p))])
        check(docs[0] == docs[1], "%s: same ranking and prices: %s" % (pricing, docs))
        check(any(h is not None for _, h, _ in docs[0]), "prices were found")


def case_two_regions(e):
    e.state.page_size = 25
    p = e.run("prices", "fetch", "--regions", "eastus,West Europe")
    check(p.returncode == 0 and "2 regions: 2 fetched" in p.stdout, "two regions", p)
    check(region_file(e, "eastus") and region_file(e, "westeurope") and len(cache_files(e)) == 2,
          "a cache entry per region: %s" % cache_files(e))
    n = len(e.log())
    check({x["region"] for x in e.log()} == {"eastus", "westeurope"}, "both queried")
    p = e.run("prices", "fetch", "--regions", "eastus,westeurope")
    check("2 regions: 0 fetched, 2 already cached" in p.stdout and len(e.log()) == n,
          "fresh region entries are kept", p)
    for region, factor in (("eastus", 1.0), ("westeurope", 1.25)):
        p = e.run(*WL, "--region", region, "--prices", "live", "--top", "20", "--format", "json")
        rs = [r for r in recs(ok_json(p)) if r["price"]["hourly"] is not None]
        check(rs and all(r["price"]["source"] == "cache" for r in rs), "from the region cache", p)
        for r in rs:
            want = round(mock_retail.SIZES[r["sku"]][1] * factor, 4)
            check(abs(r["price"]["hourly"] - want) < 1e-9, "%s %s: %s != %s" % (
                region, r["sku"], r["price"]["hourly"], want), p)
    check(len(e.log()) == n, "--prices live with fresh region entries: no request")


def case_page_cap_is_an_error(e):
    e.state.page_size, e.state.fault = 20, "endless"
    p = e.run("prices", "fetch", "--region", "eastus", *FAST)
    check(p.returncode == 4, "exit 4", p)
    lines = p.stderr.strip().splitlines()
    check(len(lines) == 1 and "more than 64 pages" in lines[0] and "eastus" in lines[0],
          "one line names the cap", p)
    check(cache_files(e) == [], "nothing cached: %s" % cache_files(e))
    check(len(e.log()) <= 64, "never past the cap: %d requests" % len(e.log()))


def case_pages_past_the_last_must_be_empty(e):
    """A page without NextPageLink announces the end; the pages past it that were
    already asked for are waited for and must be empty. Here they still hold items
    (a list that changed, or a last page that lied): the region fails, nothing is
    cached, an older entry stays."""
    e.state.page_size, e.state.latency = 20, 0.05
    e.state.fault, e.state.fault_sku, e.state.fault_skip = "early-last", "", 20
    p = e.run("prices", "fetch", "--region", "eastus", *FAST)
    check(p.returncode != 0 and "changed while it was fetched" in p.stderr, "region fails", p)
    check(region_file(e, "eastus") is None, "nothing cached: %s" % cache_files(e))
    past = [x for x in e.log() if x["skip"] > 20 and x["status"] == 200]
    check(past, "pages past the announced end were asked for and answered: %s" % e.log())


def case_first_page_that_lies_fails_the_region(e):
    """Page 0 without NextPageLink says it is the only page (the API's page is
    1,000 items: 1,000 of 2,299 were cached as complete). The page after it,
    at $skip = its item count, is asked for and must be empty; here it holds
    items, so the region fails and nothing is cached. A list that is truly one
    page costs that one empty page more and is cached."""
    e.state.page_size, e.state.latency = 20, 0.0
    e.state.fault, e.state.fault_sku, e.state.fault_skip = "early-last", "", 0
    p = e.run("prices", "fetch", "--region", "eastus", *FAST)
    check(p.returncode == 4 and "changed while it was fetched (page 2" in p.stderr,
          "region fails", p)
    check(region_file(e, "eastus") is None, "nothing cached: %s" % cache_files(e))
    check([x for x in e.log() if x["skip"] == 20], "the page after page 0 was asked for: %s"
          % e.log())
    e.state.fault, e.state.page_size = None, 100000  # one true page
    p = e.run("prices", "fetch", "--region", "eastus", *FAST)
    check(p.returncode == 0 and region_file(e, "eastus"), "one true page is cached", p)


def case_failing_page_fails_the_region(e):
    e.state.page_size = 20
    p = e.run("prices", "fetch", "--regions", "eastus,westeurope")
    check(p.returncode == 0, "first fetch", p)
    old = {r: open(region_file(e, r), "rb").read() for r in ("eastus", "westeurope")}
    e.state.fault, e.state.fault_skip = "404", 60  # one page of each region fails
    p = e.run("prices", "fetch", "--regions", "eastus,westeurope", "--refresh", *FAST)
    check(p.returncode == 4, "exit 4", p)
    lines = p.stderr.strip().splitlines()
    check(len(lines) == 2 and all("HTTP 404" in l for l in lines), "one line per region", p)
    check("2 regions: 0 fetched, 0 already cached, 2 failed" in p.stdout, "summary", p)
    for r in old:
        check(open(region_file(e, r), "rb").read() == old[r], "%s: old entry kept whole" % r)
    check(not any(".tmp." in f for f in cache_files(e)), "no temp file left")
    # a fresh cache: nothing written at all, the other region still is
    e.state.fault, e.state.fault_sku, e.state.fault_skip = "503-always", "", 40  # "": region-wide
    fresh = os.path.join(e.tmp, "fresh")
    p = e.run("prices", "fetch", "--region", "eastus", "--retries", "1", "--cache-dir", fresh,
              *FAST, cache=False)
    check(p.returncode == 4 and "HTTP 503" in p.stderr and
          len(p.stderr.strip().splitlines()) == 1, "a page that keeps failing: one line", p)
    check(not os.path.exists(os.path.join(fresh, "prices")) or
          os.listdir(os.path.join(fresh, "prices")) == [], "no partial cache")


def case_region_cache_read_for_sizes(e):
    """--prices cached|live read the region entry; a stale one is refetched per size (live)."""
    e.state.page_size = 50
    check(e.run("prices", "fetch", "--region", "eastus").returncode == 0, "fetch")
    n = len(e.log())
    p = e.run(*WL, "--prices", "live", "--top", "5", "--format", "json")
    check(all(r["price"]["source"] == "cache" for r in recs(ok_json(p))), "fresh: cache", p)
    check(len(e.log()) == n, "no request")
    p = e.run(*WL, "--prices", "live", "--top", "5", "--format", "json", "--cache-ttl", "0")
    check(all(r["price"]["source"] == "live" for r in recs(ok_json(p))), "stale: live", p)
    check(len(e.log()) > n and all("armSkuName" in x["query"] for x in e.log()[n:]),
          "stale region entry: per-size queries")
    p = e.run(*WL, "--prices", "cached", "--top", "5", "--format", "json")
    check(all(r["price"]["source"] == "cache" for r in recs(ok_json(p))), "cached", p)
    p = e.run("prices", "show", "--region", "eastus", "--sku", "Standard_NC24ads_A100_v4",
              "--cached")
    check("live" not in p.stdout.splitlines()[0] and "15 items" in p.stdout.splitlines()[0],
          "the newer per-size entry (15 items with the non-VM meter) serves, not the stale "
          "region one", p)
    e.stop()
    with open(region_file(e, "eastus"), "w") as f:
        f.write('{"aivm_prices_cache":1,"Items":[{"trunc')
    p = e.run(*WL, "--prices", "cached", "--top", "5", "--format", "json")
    doc = ok_json(p)
    check(any("corrupt cache entry" in w for w in doc["warnings"]), "corrupt region entry warned",
          p)
    check(all(r["price"]["source"] == "cache" for r in recs(doc)),
          "then the per-size entries written by the live run serve", p)


def case_unreachable_stops_at_once(e):
    e.stop()
    p = e.run("prices", "fetch", "--regions", "us", "--retry-delay", "0.01")
    check(p.returncode == 4, "exit 4", p)
    lines = p.stderr.strip().splitlines()
    check(len(lines) == 1 and "the price API is unreachable" in lines[0] and
          "regions not fetched" in lines[0], "one line", p)
    check(cache_files(e) == [], "nothing cached")


NEW = "Standard_NC20ads_H100_v5"  # priced by the mock in this case only; not in the catalog


def gap_line(p, head):
    return next((x for x in p.stdout.splitlines() if x.startswith(head)), None)


def case_fetch_reports_what_the_catalog_lacks(e):
    """prices fetch (region-wide and per size) names the sizes a list prices that the catalog
    lacks, and the catalog sizes the catalog places in a fetched region without a meter."""
    mock_retail.synth_skus([NEW])
    e.state.page_size = 50
    p = e.run("prices", "fetch", "--region", "eastus", *FAST)
    unknown = gap_line(p, "priced but not in the catalog")
    check(p.returncode == 0 and unknown and unknown.startswith(
        "priced but not in the catalog (1): %s (eastus);" % NEW) and "catalog refresh" in unknown,
          "the unknown size, with its region and the way to add it", p)
    missing = gap_line(p, "catalog sizes with no price row in any list fetched")
    names = missing.split(": ", 1)[1].split(", ") if missing else []
    check("Standard_NV6ads_A10_v5" in names and NO_ROWS not in names and  # unverified: no region
          "Standard_NC40ads_H100_v5" not in names and NEW not in names,
          "a catalog size of eastus without a meter is listed, a priced one is not", p)
    p = e.run("prices", "fetch", "--region", "eastus", *FAST, "-q")
    check(gap_line(p, "priced but not") is None, "-q: no gap lines", p)
    p = e.run("prices", "fetch", "--region", "eastus", "--sku", NEW, "--sku", NO_ROWS, *FAST)
    check(gap_line(p, "priced but not in the catalog (1): %s (eastus)" % NEW) and
          gap_line(p, "catalog sizes with no price row in any list fetched (1): %s" % NO_ROWS),
          "per size: the unknown priced size and the known unpriced one", p)


def overlay_file(e):
    return os.path.join(e.tmp, "home", ".local", "share", "aivm-advise", "catalog-overlay.json")


def diff_doc(e):
    p = e.run("catalog", "diff", "--format", "json", cache=False, url=False)
    check(p.returncode == 0, "catalog diff", p)
    return json.loads(p.stdout)


def case_refresh_fetches_live_lists(e):
    """catalog refresh --prices live fetches the --regions price lists through the client
    (region-wide queries, the cache written), as prices fetch --regions does, and builds
    the overlay from them; fresh entries are kept, --refresh fetches again."""
    e.state.page_size = 50
    p = e.run("catalog", "refresh", "--regions", "eastus,westeurope", "--prices", "live")
    check(p.returncode == 0, "refresh", p)
    check("2 regions: 2 fetched, 0 already cached, 0 failed" in p.stdout and
          "eastus USD: whole price list" in p.stdout, "the lines of prices fetch", p)
    check("overlay %s (as of " % overlay_file(e) in p.stdout, "the overlay line", p)
    check({x["region"] for x in e.log()} == {"eastus", "westeurope"} and
          all("armSkuName" not in x["query"] for x in e.log()), "region-wide queries")
    check(region_file(e, "eastus") and region_file(e, "westeurope"), "both lists cached")
    doc = diff_doc(e)
    check(any(x["kind"] == "changed" and x["overlay"].startswith("+westeurope ") and
              x["fact"] == "prices" for x in doc["overlay"]), "westeurope's prices added", p)
    check(any(x["kind"] == "disagrees" and x["source"].startswith("price list of eastus, fetched")
              for x in doc["overlay"]), "eastus's prices that disagree listed", p)
    priced = [x for x in doc["overlay"] if x["size"] == "Standard_NC40ads_H100_v5" and
              x["fact"] == "price in eastus"]
    check(priced and priced[0]["overlay"] == "%.4f" % mock_retail.SIZES[
        "Standard_NC40ads_H100_v5"][1], "the mock's price, listed: %s" % priced)
    n = len(e.log())
    p = e.run("catalog", "refresh", "--regions", "eastus,westeurope", "--prices", "live", "-v")
    check(p.returncode == 0 and "0 fetched, 2 already cached" in p.stdout and len(e.log()) == n,
          "fresh lists are kept: no request", p)
    check("verbose: prices: cache %s" % region_file(e, "eastus") in p.stderr, "-v names them", p)
    p = e.run("catalog", "refresh", "--regions", "eastus", "--prices", "live", "--refresh")
    check(p.returncode == 0 and "1 region: 1 fetched" in p.stdout and len(e.log()) > n,
          "--refresh fetches again", p)


def case_refresh_live_failure_keeps_the_overlay(e):
    """A list that cannot be fetched stops the refresh (exit 4) before the overlay is
    written; the cached default never asks the network."""
    e.state.page_size = 50
    check(e.run("catalog", "refresh", "--regions", "eastus", "--prices", "live").returncode == 0,
          "first refresh")
    old = open(overlay_file(e), "rb").read()
    e.state.fault, e.state.fault_sku, e.state.fault_skip = "404", "", 0
    p = e.run("catalog", "refresh", "--regions", "eastus", "--prices", "live", "--refresh",
              "--date", "2027-01-01", *FAST)
    check(p.returncode == 4 and "HTTP 404" in p.stderr and "catalog refresh stopped" in p.stderr,
          "exit 4, the failure and the stop named", p)
    check(open(overlay_file(e), "rb").read() == old, "the overlay is left as it was")
    e.stop()
    n = len(e.log())
    p = e.run("catalog", "refresh", "--regions", "westeurope", "--date", "2027-01-01")
    check(p.returncode == 0 and "westeurope: no cached price list" in p.stderr and
          len(e.log()) == n, "the default reads the cache only", p)
    p = e.run("catalog", "refresh", "--regions", "westeurope", "--prices", "live",
              "--retry-delay", "0.01")
    check(p.returncode == 4 and "the price API is unreachable" in p.stderr, "unreachable", p)


def case_fetch_json(e):
    """prices fetch --format json: per region what was fetched, cached or failed, with ages and
    cache files, the summary, and the sizes the lists and the catalog disagree on; -v adds the
    cache entries as sources; a failure still writes the document (exit 4)."""
    mock_retail.synth_skus([NEW])
    e.state.page_size = 50
    p = e.run("prices", "fetch", "--regions", "eastus,westeurope", "--format", "json", *FAST)
    doc = ok_json(p)
    check([(x["region"], x["sku"], x["status"]) for x in doc["entries"]] ==
          [("eastus", None, "fetched"), ("westeurope", None, "fetched")], "two lists fetched", p)
    check(all(x["cache_path"] == region_file(e, x["region"]) and x["in_cache"] and
              x["age_s"] == 0 and x["items"] > 0 for x in doc["entries"]), "cache files", p)
    check(doc["summary"] == {"total": 2, "fetched": 2, "cached": 0, "failed": 0,
                             "requests": len(e.log())} and doc["scope"] == "regions", "summary")
    check({"sku": NEW, "region": "eastus"} in doc["unknown_sizes"] and
          "Standard_NV6ads_A10_v5" in doc["unpriced_sizes"] and
          "Standard_NC40ads_H100_v5" not in doc["unpriced_sizes"], "the gap lists", p)
    check(doc["catalog"]["as_of"] and "sources" not in doc, "catalog dates, no sources")
    check(p.stdout.count("\n{") == 0 and "whole price list" not in p.stdout, "JSON only", p)
    p = e.run("prices", "fetch", "--regions", "eastus,westeurope", "-f", "json", "-v", "-q")
    doc = ok_json(p)
    check([x["status"] for x in doc["entries"]] == ["cached", "cached"], "fresh: cached", p)
    srcs = [(x["from"], x.get("path")) for x in doc["sources"]["prices"]]
    check(("cache", region_file(e, "eastus")) in srcs and
          ("cache", region_file(e, "westeurope")) in srcs, "-v: the entries: %s" % srcs)
    check(doc["unknown_sizes"], "-q keeps the lists in JSON")
    check("verbose:" not in p.stderr, "the sources are in the JSON, not on stderr", p)
    e.state.fault, e.state.fault_sku, e.state.fault_skip = "404", "", 0
    p = e.run("prices", "fetch", "--region", "eastus", "-f", "json", "--refresh", *FAST)
    check(p.returncode == 4 and "HTTP 404" in p.stderr, "exit 4, the error on stderr", p)
    doc = json.loads(p.stdout)
    x = doc["entries"][0]
    check(x["status"] == "failed" and "HTTP 404" in x["error"] and x["items"] is None and
          doc["summary"]["failed"] == 1, "the failure in the document", p)


CASES = {k[5:]: v for k, v in globals().items() if k.startswith("case_")}


if __name__ == "__main__":
    sys.exit(base.main(CASES))
