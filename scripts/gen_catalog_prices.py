#!/usr/bin/env python3
"""Regenerate the `price:` blocks of data/catalog.yaml from the P1 price extract.

The catalog is hand-maintained YAML; only the per-size `price:` blocks are generated.
This script rewrites them in place (keeping every other line, comment and key order
untouched) from a SkyPilot-format Azure VM CSV (columns InstanceType, Price, SpotPrice,
Region, ...), e.g. P1's azure/vms.csv (every region; docs/prices.md) or the US extract kept outside
the repository at ../shared/reference/azure-vm-facts.csv. The CSV itself is never
copied into the repo.

Rules (docs/catalog-format.md, `price`):
  * one flow map per region present in the CSV: the nine US regions first in a fixed
    order, then every other region in name order:
        eastus: {on_demand: 98.32, spot: 18.169536}
  * reference_region = eastus if priced there, else the first of eastus2, southcentralus,
    westus2, westus3, centralus, northcentralus, westus, westcentralus that has a price;
  * spot is null when SpotPrice is blank or zero, and for the sizes whose source repeats
    the PAYG price as SpotPrice (ND H200 v5, ND GB200 v6: no Spot price published);
  * a size without CSV rows gets no price block (never a zero price);
  * prices are copied as written in the CSV (no float re-formatting).

Usage:
  scripts/gen_catalog_prices.py [--csv FILE] [--catalog FILE] [--as-of YYYY-MM-DD]
                                [--in-place | --check]
Without --in-place/--check the updated catalog is written to stdout.
--check exits 1 when the catalog's price blocks differ from what the CSV gives.
Needs only the Python standard library.
"""
import argparse
import csv
import os
import re
import sys

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_CSV = os.path.join(os.path.dirname(REPO), "shared", "reference", "azure-vm-facts.csv")
DEFAULT_CATALOG = os.path.join(REPO, "data", "catalog.yaml")

REGION_ORDER = ["eastus", "eastus2", "centralus", "northcentralus", "southcentralus",
                "westcentralus", "westus", "westus2", "westus3"]
REFERENCE_PREFERENCE = ["eastus", "eastus2", "southcentralus", "westus2", "westus3",
                        "centralus", "northcentralus", "westus", "westcentralus"]
# Sizes whose source copies the PAYG price into SpotPrice: read as "no Spot price".
SPOT_EQUALS_PAYG_MEANS_NONE = {"Standard_ND96isr_H200_v5", "Standard_ND128isr_NDR_GB200_v6"}
NUM = re.compile(r"^\d+(\.\d+)?$")

SIZE_IND = "    "           # indentation of a size's keys
NAME_RE = re.compile(r"^  - name: (\S+)\s*$")
TOP_KEY_RE = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*:")


def load_prices(path):
    prices = {}
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            name, region = row["InstanceType"], row["Region"]
            if not re.match(r"^[a-z0-9]+$", region):
                continue
            pay, spot = row["Price"].strip(), row["SpotPrice"].strip()
            if not NUM.match(pay) or float(pay) <= 0:
                continue                      # no usable PAYG price: leave the region out
            if not NUM.match(spot) or float(spot) <= 0:
                spot = None
            elif name in SPOT_EQUALS_PAYG_MEANS_NONE and float(spot) == float(pay):
                spot = None
            prices.setdefault(name, {})[region] = (pay, spot)
    return prices


def price_block(name, regions, as_of):
    ref = next(r for r in REFERENCE_PREFERENCE if r in regions)
    lines = [SIZE_IND + "price:",
             SIZE_IND + "  currency: USD",
             SIZE_IND + '  as_of: "%s"' % as_of,
             SIZE_IND + "  source: P1",
             SIZE_IND + "  reference_region: " + ref,
             SIZE_IND + "  regions:"]
    for r in REGION_ORDER + sorted(set(regions) - set(REGION_ORDER)):
        if r in regions:
            pay, spot = regions[r]
            lines.append("%s    %s: {on_demand: %s, spot: %s}" % (SIZE_IND, r, pay, spot if spot else "null"))
    return lines


def rewrite(lines, prices, as_of, log):
    out = []
    i, n = 0, len(lines)
    in_sizes = False
    seen = set()
    while i < n:
        line = lines[i]
        if TOP_KEY_RE.match(line):
            in_sizes = line.startswith("sizes:")
        m = NAME_RE.match(line) if in_sizes else None
        if not m:
            out.append(line)
            i += 1
            continue
        # one size entry: from its "- name:" line up to the next item, comment block or top-level key
        name = m.group(1)
        seen.add(name)
        j = i + 1
        while j < n and lines[j].startswith(SIZE_IND) or (j < n and lines[j] == "" and
                                                         j + 1 < n and lines[j + 1].startswith(SIZE_IND)):
            j += 1
        body = lines[i + 1:j]
        # drop the existing price block (the "price:" line and its deeper-indented lines)
        kept, k = [], 0
        had_price = False
        while k < len(body):
            if body[k] == SIZE_IND + "price:":
                had_price = True
                k += 1
                while k < len(body) and body[k].startswith(SIZE_IND + " "):
                    k += 1
                continue
            kept.append(body[k])
            k += 1
        new_block = price_block(name, prices[name], as_of) if name in prices else []
        if had_price and not new_block:
            log("warning: %s has no CSV rows; price block removed" % name)
        # put the block right before "sources:" (the catalog's key order)
        at = next((x for x, l in enumerate(kept) if l.startswith(SIZE_IND + "sources:")), len(kept))
        out.append(line)
        out.extend(kept[:at] + new_block + kept[at:])
        i = j
    for name in sorted(set(prices) - seen):
        log("info: CSV size not in the catalog (ignored): %s" % name)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--csv", default=DEFAULT_CSV)
    ap.add_argument("--catalog", default=DEFAULT_CATALOG)
    ap.add_argument("--as-of", default="2026-05-20", help="snapshot date of the CSV prices")
    g = ap.add_mutually_exclusive_group()
    g.add_argument("--in-place", action="store_true")
    g.add_argument("--check", action="store_true")
    a = ap.parse_args()
    if not re.match(r"^\d{4}-\d{2}-\d{2}$", a.as_of):
        ap.error("--as-of must be YYYY-MM-DD")

    with open(a.catalog, encoding="utf-8") as fh:
        text = fh.read()
    lines = text.split("\n")
    trailing = lines and lines[-1] == ""
    if trailing:
        lines = lines[:-1]
    new = rewrite(lines, load_prices(a.csv), a.as_of, lambda m: print(m, file=sys.stderr))
    new_text = "\n".join(new) + ("\n" if trailing else "")

    if a.check:
        if new_text != text:
            print("%s: price blocks are out of date (run with --in-place)" % a.catalog, file=sys.stderr)
            return 1
        return 0
    if a.in_place:
        if new_text != text:
            tmp = a.catalog + ".tmp"
            with open(tmp, "w", encoding="utf-8") as fh:
                fh.write(new_text)
            os.replace(tmp, a.catalog)
        return 0
    sys.stdout.write(new_text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
