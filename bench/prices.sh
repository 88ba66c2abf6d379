#!/usr/bin/env bash
# bench/prices.sh BIN WORKDIR - price benchmarks (issue 7, items 3 and 4), called by
# bench/run.sh; prints markdown sections on stdout.
#
#   3. price ingest: one region's whole VM price list (bench/gen_prices.py, the API's
#      page format) parsed and classified by libaivm (bench/price_ingest, built next to
#      BIN with -DAIVM_BUILD_BENCH=ON) against jq extracting the same rows.
#   4. live fetch: `prices fetch` of 16 sizes from the loopback mock
#      (tests/http/mock_retail.py) with 200 ms added per request, cold (--refresh) and
#      a warm-cache `recommend --prices cached|live`.
#
# Needs hyperfine, jq, /usr/bin/time, python3. ROWS (default 15000) sets the list size.
set -euo pipefail
bin=$1
work=$2
root=$(cd "$(dirname "$0")/.." && pwd)
ingest=${PRICE_INGEST:-$(dirname "$bin")/price_ingest}
rows=${ROWS:-15000}
mock_pid=
cleanup() { if [ -n "$mock_pid" ]; then kill "$mock_pid" 2>/dev/null || true; wait "$mock_pid" 2>/dev/null || true; fi; }
trap cleanup EXIT

median() { jq -r ".results[$2].median" "$1"; }
peak_rss_kib() { /usr/bin/time -f '%M' "$@" 2>&1 >/dev/null | tail -1; }

# 3. Price ingest.
list=$work/prices.json
python3 "$root/bench/gen_prices.py" "$rows" "$list"
size=$(stat -c %s "$list")
jqf='.Items[] | select(.serviceName=="Virtual Machines") | [.armSkuName,.productName,.skuName,.type,.reservationTerm,.retailPrice]'
echo "## 3. price ingest"
echo
if [ ! -x "$ingest" ]; then
  echo "Skipped: $ingest not built (configure with -DAIVM_BUILD_BENCH=ON)."
  echo
else
  one=$(jq -r '.Items[0].armSkuName' "$list")
  hyperfine -N --warmup 3 -r "${RUNS_INGEST:-20}" --export-json "$work/h3.json" \
    "$ingest $list eastus" "$ingest $list eastus $one" "jq -c '$jqf' $list" >/dev/null
  t_all=$(median "$work/h3.json" 0); t_one=$(median "$work/h3.json" 1); t_jq=$(median "$work/h3.json" 2)
  r_all=$(peak_rss_kib "$ingest" "$list" eastus); r_one=$(peak_rss_kib "$ingest" "$list" eastus "$one")
  r_jq=$(peak_rss_kib jq -c "$jqf" "$list")
  out_all=$("$ingest" "$list" eastus); out_one=$("$ingest" "$list" eastus "$one")
  n_jq=$(jq -c "$jqf" "$list" | wc -l)
  echo "$rows items, $(awk -v s="$size" 'BEGIN{printf "%.1f MB", s/1e6}') (bench/gen_prices.py, the API's page format), read from disk (warm page cache)."
  echo
  echo "| command | output | median | vs jq | peak RSS | RSS / input |"
  echo "|---|---|---|---|---|---|"
  row() { awk -v n="$1" -v o="$2" -v t="$3" -v j="$t_jq" -v r="$4" -v s="$size" \
    'BEGIN{printf "| %s | %s | %.1f ms | %.1f× faster | %.1f MB | %.2f× |\n", n, o, t*1000, j/t, r/1024, r*1024/s}'; }
  row "**price_ingest FILE eastus** (parse + classify every size)" "$out_all" "$t_all" "$r_all"
  row "price_ingest FILE eastus $one (one size, as a query)" "$out_one" "$t_one" "$r_one"
  awk -v t="$t_jq" -v r="$r_jq" -v s="$size" -v n="$n_jq" \
    'BEGIN{printf "| jq -c (same rows, 6 fields each) | %d rows | %.1f ms | 1× | %.1f MB | %.2f× |\n", n, t*1000, r/1024, r*1024/s}'
  echo
  echo "Targets: ≥ 3× faster than jq; peak RSS ≤ 3× the input."
  echo
fi

# 4. Live fetch against the loopback mock: 16 sizes, one page each, 200 ms per request.
latency=0.2
log=$work/mock.log
: > "$log"
python3 "$root/tests/http/mock_retail.py" --latency "$latency" --page-size 100 --log "$log" \
  > "$work/mock.out" 2>&1 &
mock_pid=$!
for _ in $(seq 100); do grep -q '^PORT ' "$work/mock.out" 2>/dev/null && break; sleep 0.05; done
port=$(awk '/^PORT /{print $2}' "$work/mock.out")
url=http://127.0.0.1:$port/api/retail/prices
cache=$work/price-cache
skus="Standard_NC40ads_H100_v5 Standard_NC80adis_H100_v5 Standard_NC24ads_A100_v4
Standard_NC48ads_A100_v4 Standard_NC96ads_A100_v4 Standard_NC4as_T4_v3 Standard_NC8as_T4_v3
Standard_NC16as_T4_v3 Standard_NC64as_T4_v3 Standard_ND128isr_NDR_GB200_v6
Standard_ND96isr_H100_v5 Standard_ND96asr_v4 Standard_ND96amsr_A100_v4 Standard_ND40rs_v2
Standard_ND128isr_GB300_v6 Standard_NC6s_v3"
sku_args=$(for s in $skus; do printf -- '--sku %s ' "$s"; done)
fetch="$bin prices fetch --region eastus $sku_args--prices-url $url --cache-dir $cache --refresh --quiet"
$fetch > /dev/null
requests=$(wc -l < "$log")
# in flight: overlap of [start, end] over the first run's requests
inflight=$(python3 - "$log" <<'PY'
import json, sys
log = [json.loads(l) for l in open(sys.argv[1])]
ev = sorted([(x["start"], 1) for x in log] + [(x["end"], -1) for x in log])
cur = peak = 0
for _, d in ev:
    cur += d
    peak = max(peak, cur)
print(peak)
PY
)
hyperfine -N --warmup 1 -r "${RUNS_FETCH:-5}" --export-json "$work/h4.json" "$fetch" >/dev/null
wl="--phase inference --kind generative --region eastus --format json --prices-url $url --cache-dir $cache"
# the sizes a recommendation prices: fetched once, then every run below is served from the cache
$bin $wl --prices live --cache-ttl 1d > /dev/null
before=$(wc -l < "$log")
hyperfine -N --warmup 3 -r "${RUNS_WARM:-30}" --export-json "$work/h4b.json" \
  "$bin $wl --prices cached" "$bin $wl --prices live --cache-ttl 1d" \
  "$bin $wl --prices catalog" >/dev/null
after=$(wc -l < "$log")
sources=$($bin $wl --prices cached | jq -r '[.recommendations[].price.source] | group_by(.)
  | map("\(length) \(.[0])") | join(", ")')
cleanup
mock_pid=
echo "## 4. live fetch (loopback mock, $latency s added per request)"
echo
echo "\`aivm-advise prices fetch --region eastus\` with 16 \`--sku\` (one page each) \`--refresh\`: $requests requests per run, at most $inflight in flight (mock log)."
echo
echo "| run | median | note |"
echo "|---|---|---|"
awk -v t="$(median "$work/h4.json" 0)" -v n="$requests" -v l="$latency" \
  'BEGIN{printf "| **cold fetch, 16 sizes** | **%.2f s** | a sequential client: %d × %.1f s = %.1f s (%.1f× slower) |\n", t, n, l, n*l, n*l/t}'
awk -v t="$(median "$work/h4b.json" 0)" -v n="$((after - before))" \
  -v s="$sources" 'BEGIN{printf "| recommend --prices cached (warm cache) | %.1f ms | prices: %s; %d requests during the warm runs |\n", t*1000, s, n}'
awk -v t="$(median "$work/h4b.json" 1)" \
  'BEGIN{printf "| recommend --prices live (warm cache, TTL 1 d) | %.1f ms | |\n", t*1000}'
awk -v t="$(median "$work/h4b.json" 2)" \
  'BEGIN{printf "| recommend --prices catalog (no cache, for reference) | %.1f ms | |\n", t*1000}'
echo
echo "Targets: cold ≤ 1.3 s (4 in flight) against ≈ 3.2 s sequential; warm cache ≤ 10 ms."
echo
