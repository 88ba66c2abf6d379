#!/usr/bin/env bash
# diff.sh - time check --base on large plans: a 5,000-VM plan against itself (every
# resource and finding matched) and against a plan whose addresses all differ
# (nothing matched: every resource added and removed). Resources are matched by
# address and findings by check id and address through hash indexes
# (src/check/check_diff.c), so the diff stays linear; the plan alone is the floor.
# Not a test.
#   bench/diff.sh [BINARY] [VMS]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${1:-$root/build/aivm-advise}
n=${2:-5000}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 "$root/bench/gen_tfplan.py" "$n" "$work/plan.json"
sed 's/azurerm_linux_virtual_machine\.vm\[/azurerm_linux_virtual_machine.other[/g' \
  "$work/plan.json" > "$work/moved.json"
time_it() {
  local label=$1; shift
  local start end
  start=$(date +%s.%N)
  "$bin" check --no-config --date 2026-11-29 --format json --fail-on never "$@" \
    > "$work/out.json" 2>/dev/null || true
  end=$(date +%s.%N)
  awk -v l="$label" -v s="$start" -v e="$end" 'BEGIN{printf "%-52s %.2f s\n", l, e - s}'
}
time_it "$n VMs, no base" "$work/plan.json"
time_it "$n VMs, --base itself (all matched)" --base "$work/plan.json" "$work/plan.json"
time_it "$n VMs, --base all addresses differ" --base "$work/moved.json" "$work/plan.json"
