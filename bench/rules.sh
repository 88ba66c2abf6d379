#!/usr/bin/env bash
# rules.sh - time loading large --rules files (16k, 50k, 100k rules): loading is
# O(n) with the id index (was O(n^2): 100k rules took 123 s). Not a test.
#   bench/rules.sh [BINARY]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${1:-$root/build/aivm-advise}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for n in 16000 50000 100000; do
  python3 "$root/bench/gen_rules.py" "$n" "$work/r.yaml"
  start=$(date +%s.%N)
  "$bin" --rules "$work/r.yaml" --phase inference --kind generative --top 1 >/dev/null
  end=$(date +%s.%N)
  awk -v n="$n" -v s="$start" -v e="$end" 'BEGIN{printf "%6d rules: %.2f s\n", n, e - s}'
done
