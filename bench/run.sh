#!/usr/bin/env bash
# bench/run.sh - the benchmark suite (not a test): measures aivm-advise side by side
# with the floors and the alternatives a user would otherwise use, in one run, and
# writes bench/results.md (copy it into docs/performance.md with the machine).
#
#   bench/run.sh            all benchmarks that the built commands support
#   RUNS=50 bench/run.sh    fewer repetitions
#
# Needs: hyperfine, jq, yq, /usr/bin/time (package time), python3, a C compiler.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
runs=${RUNS:-200}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
out=bench/results.md

for p in hyperfine jq yq time; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing="${missing:-} $p"
done
if [ -n "${missing:-}" ]; then
  sudo=""; [ "$(id -u)" -ne 0 ] && sudo=sudo
  $sudo apt-get install -y -qq $missing >&2
fi

cmake -S . -B build-bench -DCMAKE_BUILD_TYPE=Release -DAIVM_BUILD_TESTS=OFF -DAIVM_BUILD_BENCH=ON \
  -DAIVM_CATALOG_YAML="$root/data/catalog.yaml" >/dev/null
cmake --build build-bench -j"$(nproc)" >/dev/null
bin=$root/build-bench/aivm-advise
cmake -S . -B build-bench-nopie -DCMAKE_BUILD_TYPE=Release -DAIVM_BUILD_TESTS=OFF \
  -DAIVM_PIE=OFF -DAIVM_CATALOG_YAML="$root/data/catalog.yaml" >/dev/null
cmake --build build-bench-nopie -j"$(nproc)" --target aivm-advise >/dev/null
nopie=$root/build-bench-nopie/aivm-advise
cc -O2 bench/floor_trivial.c -o "$work/floor_trivial"
cc -O2 bench/floor_libs.c -o "$work/floor_libs" $(pkg-config --cflags --libs yaml-0.1 libcjson libcurl)

median() { # hyperfine JSON → median seconds of command $2
  jq -r ".results[$2].median" "$1"
}
peak_rss_kib() { /usr/bin/time -f '%M' "$@" 2>&1 >/dev/null | tail -1; }

{
echo "# Benchmark results"
echo
echo "Machine: $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo), $(uname -sr); $(date -u +%Y-%m-%d)."
echo "Medians of $runs runs (hyperfine -N, warm page cache). Binary: Release build."
echo
} > "$out"

# 1. Recommend, cold process, shipped catalog, catalog prices, JSON.
yq . data/catalog.yaml > "$work/catalog.json"
filter='[.sizes[] | select(.category == "gpu" and (.family == "ND" or .family == "NC") and .lifecycle.status != "retired")] | sort_by(-.generation_year) | .[0:5] | map(.name)'
hyperfine -N --warmup 10 -r "$runs" --export-json "$work/h1.json" \
  "$work/floor_trivial" "$work/floor_libs" \
  "$bin --phase train --kind generative --format json" \
  "$nopie --phase train --kind generative --format json" >/dev/null
hyperfine --warmup 2 -r 10 --export-json "$work/h1b.json" \
  "jq '$filter' $work/catalog.json" "yq '$filter' data/catalog.yaml" >/dev/null
t0=$(median "$work/h1.json" 0); t1=$(median "$work/h1.json" 1); t2=$(median "$work/h1.json" 2)
tj=$(median "$work/h1b.json" 0); ty=$(median "$work/h1b.json" 1)
rss=$(peak_rss_kib "$bin" --phase train --kind generative --format json)
rss0=$(peak_rss_kib "$work/floor_trivial")
{
echo "## 1. recommend, cold process"
echo
echo "| command | median | ratio to aivm-advise | peak RSS |"
echo "|---|---|---|---|"
awk -v t="$t0" -v a="$t2" -v r="$rss0" 'BEGIN{printf "| trivial C program | %.2f ms | %.2f× | %s KiB |\n", t*1000, t/a, r}'
awk -v t="$t1" -v a="$t2" 'BEGIN{printf "| C program linking libyaml+cJSON+libcurl | %.2f ms | %.2f× | |\n", t*1000, t/a}'
awk -v t="$t2" -v r="$rss" 'BEGIN{printf "| **aivm-advise --phase train --kind generative --format json** | **%.2f ms** | 1× | %s KiB |\n", t*1000, r}'
awk -v t="$(median "$work/h1.json" 3)" -v a="$t2" 'BEGIN{printf "| the same, built with -DAIVM_PIE=OFF (no ASLR) | %.2f ms | %.2f× | |\n", t*1000, t/a}'
awk -v t="$tj" -v a="$t2" 'BEGIN{printf "| jq filter over the catalog (as JSON) | %.2f ms | %.1f× | |\n", t*1000, t/a}'
awk -v t="$ty" -v a="$t2" 'BEGIN{printf "| yq filter over the catalog (YAML) | %.2f ms | %.1f× | |\n", t*1000, t/a}'
echo
awk -v t="$t0" -v a="$t2" -v y="$ty" 'BEGIN{printf "aivm-advise takes %.2f× the trivial process and is %.0f× faster than the yq filter.\n\n", a/t, y/a}'
echo "Targets: median ≤ 2 ms (within 2× of the trivial process), ≥ 10× faster than the yq filter."
echo
} >> "$out"

# 2. Catalog scaling. The shipped catalog is compiled in; the scaled catalogs are
# compiled into variant binaries the same way (AIVM_CATALOG_YAML), so this measures
# the engine (rules x sizes, ranking, rendering). --catalog FILE (YAML parsed at run
# time) is measured too, for users with their own catalogs.
for f in 1 10 100; do
  python3 bench/gen_catalog.py "$f" data/catalog.yaml "$work/cat$f.yaml"
  if [ "$f" = 1 ]; then
    cp "$bin" "$work/aivm-x1"
  else
    cmake -S . -B "$work/build-x$f" -DCMAKE_BUILD_TYPE=Release -DAIVM_BUILD_TESTS=OFF \
      -DAIVM_CATALOG_YAML="$work/cat$f.yaml" >/dev/null
    cmake --build "$work/build-x$f" -j"$(nproc)" --target aivm-advise >/dev/null
    cp "$work/build-x$f/aivm-advise" "$work/aivm-x$f"
  fi
done
hyperfine -N --warmup 3 -r 20 --export-json "$work/h2.json" \
  "$work/aivm-x1 --phase train --kind generative" \
  "$work/aivm-x10 --phase train --kind generative" \
  "$work/aivm-x100 --phase train --kind generative" \
  "$work/aivm-x1 --phase train --kind generative --format json" \
  "$work/aivm-x10 --phase train --kind generative --format json" \
  "$work/aivm-x100 --phase train --kind generative --format json" >/dev/null
hyperfine -N --warmup 1 -r 5 --export-json "$work/h2b.json" \
  "$bin --catalog $work/cat1.yaml --phase train --kind generative --format json" \
  "$bin --catalog $work/cat10.yaml --phase train --kind generative --format json" \
  "$bin --catalog $work/cat100.yaml --phase train --kind generative --format json" >/dev/null
{
echo "## 2. catalog scaling"
echo
echo "| catalog | sizes | compiled in, table | compiled in, JSON | --catalog FILE (YAML parse), JSON |"
echo "|---|---|---|---|---|"
for i in 0 1 2; do
  f=$((10 ** i)); n=$(grep -c '^  - name: ' "$work/cat$f.yaml")
  awk -v a="$(median "$work/h2.json" $i)" -v b="$(median "$work/h2.json" $((i + 3)))" \
      -v c="$(median "$work/h2b.json" $i)" -v f="$f" -v n="$n" \
      'BEGIN{printf "| %d× | %d | %.1f ms | %.1f ms | %.0f ms |\n", f, n, a*1000, b*1000, c*1000}'
done
echo
echo "Target: linear or better; 100× under 100 ms. The JSON report lists every rejected size"
echo "(about 22,000 at 100×, a 5 MB document), so it grows with the catalog by design."
echo
} >> "$out"

# 3-5 need the prices and check commands.
if "$bin" prices --help >/dev/null 2>&1 && [ -x bench/prices.sh ]; then
  bash bench/prices.sh "$bin" "$work" >> "$out"
fi
if "$bin" check --help >/dev/null 2>&1; then
  python3 bench/gen_tfplan.py 5000 "$work/plan.json"
  size=$(stat -c %s "$work/plan.json")
  hyperfine -N --warmup 1 -r 10 -i --export-json "$work/h5.json" \
    "$bin check --format json --fail-on never $work/plan.json" >/dev/null
  rss=$(peak_rss_kib "$bin" check --format json --fail-on never "$work/plan.json")
  {
  echo "## 5. check on a Terraform plan with 5,000 VMs"
  echo
  awk -v t="$(median "$work/h5.json" 0)" -v s="$size" -v r="$rss" 'BEGIN{printf "Plan %.1f MB: median %.0f ms, peak RSS %.1f MB (%.2f× the input).\n", s/1e6, t*1000, r/1024, r*1024/s}'
  echo
  echo "Target: ≤ 1 s, peak RSS ≤ 4× the input."
  echo
  } >> "$out"
fi
# 6. region-wide price lists against per-size fetching (about 2.5 minutes)
if "$bin" prices --help 2>/dev/null | grep -- --regions >/dev/null; then
  bash bench/regions.sh "$bin" "$work" >> "$out"
fi
cat "$out"

# Regression guard for start-up (met; keep it so): the cold recommend must stay
# within AIVM_BENCH_MAX_MS (default 2 ms) and AIVM_BENCH_MAX_RATIO (default 2.5,
# wall time on a shared 2-core VM moves 1.5-2.0x run to run) of the trivial process.
max_ms=${AIVM_BENCH_MAX_MS:-2}
max_ratio=${AIVM_BENCH_MAX_RATIO:-2.5}
if ! awk -v t="$t0" -v a="$t2" -v m="$max_ms" -v r="$max_ratio" 'BEGIN{exit !(a*1000 <= m && a/t <= r)}'; then
  awk -v t="$t0" -v a="$t2" -v m="$max_ms" -v r="$max_ratio" \
    'BEGIN{printf "bench: start-up regression: cold recommend %.2f ms, %.2fx the trivial process (guard: <= %s ms, <= %sx)\n", a*1000, a/t, m, r}' >&2
  exit 3
fi
echo "bench: start-up guard met (<= ${max_ms} ms, <= ${max_ratio}x the trivial process)"
