#!/usr/bin/env bash
# bench/regions.sh BIN WORKDIR - region-wide price lists against per-size fetching
# (issue 14, "Region-wide prices, fast"); called by bench/run.sh, or alone; prints a
# markdown section on stdout. Not a timed test.
#
# The loopback mock (tests/http/mock_retail.py) adds 200 ms to every request, serves
# 1,000-item pages and gives every size of the shipped catalog rows in five regions
# (--synth-skus / --synth-regions). In the same run:
#   per-size:    `prices fetch --region R --sku S ...` with every catalog size offered
#                in R (what `prices fetch --region R` did before), one query per size;
#   region-wide: `prices fetch --region R` and `prices fetch --regions R1,...,R5`, one
#                query per region, later pages by $skip in parallel.
# Both with --refresh and at most 4 requests in flight. Needs python3 (PyYAML), jq,
# hyperfine. RUNS_REGION (default 5) sets the region-wide repetitions; per-size runs once.
set -euo pipefail
bin=$1
work=$2
root=$(cd "$(dirname "$0")/.." && pwd)
regions="eastus westus2 southcentralus eastus2 westus3"
mock_pid=
cleanup() { if [ -n "$mock_pid" ]; then kill "$mock_pid" 2>/dev/null || true; wait "$mock_pid" 2>/dev/null || true; fi; }
trap cleanup EXIT

# every catalog size, and the sizes offered in each region (as prices fetch chose them)
python3 - "$root/data/catalog.yaml" "$work" $regions <<'PY'
import sys, yaml
cat = yaml.safe_load(open(sys.argv[1]))
with open(sys.argv[2] + "/all-sizes.txt", "w") as f:
    f.write("\n".join(s["name"] for s in cat["sizes"]) + "\n")
for r in sys.argv[3:]:
    with open("%s/sizes-%s.txt" % (sys.argv[2], r), "w") as f:
        f.write("\n".join(s["name"] for s in cat["sizes"]
                          if not s.get("regions") or r in s["regions"]) + "\n")
PY
latency=0.2
log=$work/regions-mock.log
: > "$log"
# a rate-limit budget that does not run out: the client would pause a backoff step per request
python3 "$root/tests/http/mock_retail.py" --latency "$latency" --page-size 1000 --log "$log" \
  --remaining 1000000 \
  --synth-skus "$work/all-sizes.txt" --synth-regions "$(echo $regions | tr ' ' ,)" \
  > "$work/regions-mock.out" 2>&1 &
mock_pid=$!
for _ in $(seq 100); do grep -q '^PORT ' "$work/regions-mock.out" 2>/dev/null && break; sleep 0.05; done
port=$(awk '/^PORT /{print $2}' "$work/regions-mock.out")
common="--prices-url http://127.0.0.1:$port/api/retail/prices --refresh --quiet"

secs() { python3 -c 'import sys,time,subprocess
t=time.time(); subprocess.run(sys.argv[1:], check=True, stdout=subprocess.DEVNULL); print("%.3f" % (time.time()-t))' "$@"; }
count() { local before=$1; echo $(( $(wc -l < "$log") - before )); }

# per-size: one run each (11 s and more)
first=${regions%% *}
n_first=$(wc -l < "$work/sizes-$first.txt")
ps_args() { sed 's/^/--sku /' "$work/sizes-$1.txt" | tr '\n' ' '; }
b=$(wc -l < "$log")
# shellcheck disable=SC2046
t_ps1=$(secs "$bin" prices fetch --region "$first" $(ps_args "$first") $common --cache-dir "$work/c-ps1")
r_ps1=$(count "$b")
b=$(wc -l < "$log")
t_ps5=0
n_ps5=0
for r in $regions; do
  # shellcheck disable=SC2046
  t=$(secs "$bin" prices fetch --region "$r" $(ps_args "$r") $common --cache-dir "$work/c-ps5")
  t_ps5=$(awk -v a="$t_ps5" -v b="$t" 'BEGIN{printf "%.3f", a+b}')
  n_ps5=$((n_ps5 + $(wc -l < "$work/sizes-$r.txt")))
done
r_ps5=$(count "$b")

# region-wide
b=$(wc -l < "$log")
"$bin" prices fetch --region "$first" $common --cache-dir "$work/c-rw1" > /dev/null
r_rw1=$(count "$b")
list=$(echo $regions | tr ' ' ,)
b=$(wc -l < "$log")
"$bin" prices fetch --regions "$list" $common --cache-dir "$work/c-rw5" > /dev/null
r_rw5=$(count "$b")
items=$(jq -r .count "$work"/c-rw1/prices/*-USD-"$first".all.json)
pages=$(jq -r .pages "$work"/c-rw1/prices/*-USD-"$first".all.json)
hyperfine -N --warmup 1 -r "${RUNS_REGION:-5}" --export-json "$work/hr.json" \
  "$bin prices fetch --region $first $common --cache-dir $work/c-rw1" \
  "$bin prices fetch --regions $list $common --cache-dir $work/c-rw5" > /dev/null
t_rw1=$(jq -r '.results[0].median' "$work/hr.json")
t_rw5=$(jq -r '.results[1].median' "$work/hr.json")

# the region caches price every size as the per-size entries do
same=$(for s in $(head -40 "$work/sizes-$first.txt"); do
  for c in c-rw1 c-ps1; do
    "$bin" prices show --region "$first" --sku "$s" --cached --cache-dir "$work/$c" \
      --prices-url "http://127.0.0.1:$port/api/retail/prices" | tail -n +2 | md5sum
  done | uniq | wc -l; done | sort -u | tr '\n' ' ')
cleanup
mock_pid=

echo "## 6. region-wide price lists (loopback mock, $latency s added per request)"
echo
echo "Every size of the shipped catalog has rows in the mock ($items items, $pages pages of 1,000 for $first); at most 4 requests in flight; \`--refresh\`."
echo
echo "| fetch | requests | time | vs per-size |"
echo "|---|---|---|---|"
awk -v t="$t_ps1" -v n="$r_ps1" -v s="$n_first" -v r="$first" \
  'BEGIN{printf "| per-size, %s: `prices fetch --region %s` + %d `--sku` (one query per size, as before) | %d | %.2f s | 1× |\n", r, r, s, n, t}'
awk -v t="$t_rw1" -v n="$r_rw1" -v b="$t_ps1" -v r="$first" \
  'BEGIN{printf "| **region-wide, %s: `prices fetch --region %s`** | %d | **%.2f s** | **%.1f× faster** |\n", r, r, n, t, b/t}'
awk -v t="$t_ps5" -v n="$r_ps5" -v s="$n_ps5" \
  'BEGIN{printf "| per-size, 5 regions: 5 × `prices fetch --region R --sku ...` (%d sizes) | %d | %.2f s | 1× |\n", s, n, t}'
awk -v t="$t_rw5" -v n="$r_rw5" -v b="$t_ps5" -v l="$list" \
  'BEGIN{printf "| **region-wide, 5 regions: `prices fetch --regions %s`** | %d | **%.2f s** | **%.1f× faster** |\n", l, n, t, b/t}'
echo
echo "Targets: one region ≤ 2 s and five regions ≤ 6 s, each ≥ 5× faster than per-size fetching. \`prices show\` of the first 40 sizes of $first from the region cache and from the per-size cache: distinct outputs per size: $same(1 = identical)."
echo
