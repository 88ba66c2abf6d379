#!/usr/bin/env bash
# skus.sh - time loading large --skus snapshots: entries with many locations,
# locationInfo rows and restrictions naming every location. Loading is linear
# (a hash set per entry and for the covered locations; at most 256 locations
# an entry); it was quadratic in locations per entry (a 2.4 MB file took 82 s).
# Not a test.
#   bench/skus.sh [BINARY]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${1:-$root/build/aivm-advise}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for spec in "200 250" "800 250" "3000 60"; do
  set -- $spec
  python3 "$root/bench/gen_skus.py" "$1" "$2" "$work/s.json"
  size=$(du -h "$work/s.json" | cut -f1)
  start=$(date +%s.%N)
  "$bin" --skus "$work/s.json" --no-config --phase inference --kind generative --top 1 \
    >/dev/null 2>&1 || true
  end=$(date +%s.%N)
  awk -v n="$1" -v l="$2" -v z="$size" -v s="$start" -v e="$end" \
    'BEGIN{printf "%5d entries x %3d locations (%s): %.2f s\n", n, l, z, e - s}'
done
