#!/usr/bin/env bash
# consistent.sh BIN - one CLI: every command takes -h, -V, -q, -v, --config/--no-config
# and --format with
# values in any case; `version` has JSON and refuses stray arguments; recommend
# exits 6 when no size fits. Fails on the first command that differs.
set -uo pipefail
bin=$(realpath "$1")
root=$(cd "$(dirname "$0")/../.." && pwd)
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
  # shellcheck disable=SC2086
  [ -z "$c" ] || "$bin" $c -h | grep -- '-v, --verbose' >/dev/null || bad "'$c -h' lists no -v, --verbose"
  # shellcheck disable=SC2086
  "$bin" $c --no-config -h >/dev/null 2>&1 || bad "'$c --no-config' is refused"
  # shellcheck disable=SC2086
  "$bin" $c --config "$tmp/none.yaml" -h >/dev/null 2>&1 || bad "'$c --config FILE' is refused"
done
# A project's settings serve every command: keys of other commands are not errors.
printf 'region: westeurope\nprices: catalog\ncache-ttl: 24h\nfail-on: warning\n' > "$tmp/proj.yaml"
for c in "catalog list" "catalog show Standard_NC24ads_A100_v4" "models list" "rules list" "version" \
  "completion bash"; do
  # shellcheck disable=SC2086
  "$bin" $c --config "$tmp/proj.yaml" >/dev/null 2>"$tmp/err" || bad "'$c --config': $(cat "$tmp/err")"
done

# -v on every command: its sources on stderr (with -q too), or in the JSON's "sources".
verbose() { # EXPECTED-KINDS ARGS...: the kinds said on stderr, then in the JSON
  local want=$1 got
  shift
  got=$("$bin" "$@" -v -q 2>&1 >/dev/null | sed -n 's/^aivm-advise: verbose: \([a-z]*\):.*/\1/p' |
        sort -u | tr '\n' ' ')
  [ "$got" = "$want " ] || bad "'$* -v' says sources: '$got', expected '$want '"
  "$bin" "$@" -v --format json 2>err.txt | jq -e '.sources.config[0].from' >/dev/null \
    || bad "'$* -v --format json': no sources.config"
  ! grep -q 'verbose:' err.txt || bad "'$* -v --format json' also says them on stderr"
}
verbose "catalog config prices rules" --phase train --kind generative --top 1
verbose "catalog config models prices rules" check --no-config "$root/tests/fixtures/check/plan_clean.yaml"
verbose "catalog config rules" catalog list --gpu H100
verbose "catalog config rules" catalog show nd96isr_h100_v5
verbose "config models" models show llama-3.1-8b
verbose "catalog config rules" rules show aivm004
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
