#!/usr/bin/env python3
"""gen_skus.py N LOCS OUT - an `az vm list-skus -o json` snapshot of N VM entries,
each in LOCS locations with one locationInfo row and one Zone and one Location
restriction naming every location: the shape that made the --skus loader
quadratic in locations per entry (bench/skus.sh)."""
import json, sys

n, locs, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
names = ["region%03d" % i for i in range(locs)]
entries = []
for i in range(n):
    entries.append({
        "resourceType": "virtualMachines", "name": "Standard_Bench%d_v1" % i,
        "family": "standardBenchFamily", "locations": names,
        "locationInfo": [{"location": l, "zones": ["1", "2", "3"]} for l in names],
        "capabilities": [{"name": "vCPUs", "value": "8"}, {"name": "GPUs", "value": "1"}],
        "restrictions": [
            {"type": "Zone", "reasonCode": "NotAvailableForSubscription", "values": names,
             "restrictionInfo": {"locations": names, "zones": ["2"]}},
            {"type": "Location", "reasonCode": "NotAvailableForSubscription", "values": names,
             "restrictionInfo": {"locations": names}},
        ],
    })
json.dump(entries, open(out, "w"))
