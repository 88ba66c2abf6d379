#!/usr/bin/env bash
# consistent.sh BIN - one CLI: every command takes -h, -V, -q and --format with
# values in any case; `version` has JSON and refuses stray arguments; recommend
# exits 6 when no size fits. Fails on the first command that differs.
set -uo pipefail
bin=$(realpath "$1")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
export HOME=$tmp XDG_CACHE_HOME=$tmp/cache LC_ALL=C
fail=0
bad() { echo "FAIL: $*" >&2; fail=1; }

# Every command (and subcommand) with -V prints the version block, exit 0.
for c in "" "recommend" "check" "prices fetch" "prices show" "catalog list" "catalog show" \
  "catalog compare" "catalog validate" "models list" "models show" "rules list" "rules show" "version"; do
  # shellcheck disable=SC2086
  out=$("$bin" $c -V 2>&1) || bad "'$c -V' exits $?"
  [[ $out == "aivm-advise "* ]] || bad "'$c -V' prints: ${out%%$'\n'*}"
  # shellcheck disable=SC2086
  "$bin" $c -q -h >/dev/null 2>&1 || bad "'$c -q -h' exits $?"
done
[ "$("$bin" catalog list -q -f NAMES | head -1)" != "" ] || bad "catalog list -q -f NAMES"
"$bin" rules list -q --format JSON | jq -e '.rules | length > 0' >/dev/null || bad "rules list --format JSON"
"$bin" models show LLAMA-3.1-8B -q --format Json | jq -e '.models[0].name // .name' >/dev/null \
  || bad "models show LLAMA-3.1-8B --format Json"
"$bin" rules show aivm004 >/dev/null || bad "rules show aivm004"
"$bin" rules show TRAIN-RDMA >/dev/null || bad "rules show TRAIN-RDMA"

# version: text, JSON (any case), no stray arguments.
"$bin" version --format JSON >v.json || bad "version --format JSON exits $?"
jq -e '(.version | type == "string") and (.catalog.sizes > 0) and (.catalog.as_of | test("^[0-9]{4}-"))
       and (.libraries | has("libyaml") and has("cjson") and has("libcurl"))' v.json >/dev/null \
  || bad "version --format JSON: $(cat v.json)"
[ "$(jq -r .version v.json)" = "$("$bin" --version | sed -n '1s/^aivm-advise //p')" ] || bad "version JSON != --version"
"$bin" version extra >/dev/null 2>&1
[ $? -eq 2 ] || bad "version extra: not a usage error"
"$bin" version --format xml >/dev/null 2>&1
[ $? -eq 2 ] || bad "version --format xml: not a usage error"

# No size fits: exit 6, the report still written.
"$bin" --phase train --kind generative --max-price-per-hour 0.01 --format json >nofit.json 2>/dev/null
rc=$?
[ $rc -eq 6 ] || bad "no size fits: exit $rc, expected 6"
jq -e '.recommendations == []' nofit.json >/dev/null || bad "no size fits: no JSON report"
"$bin" --phase train --kind generative --top 1 >/dev/null 2>&1 || bad "a fitting run exits $?"
exit $fail
