#!/usr/bin/env bash
# run.sh BIN SOURCE_DIR - libyaml and cJSON are linked, not loaded on first use:
# the binary's dynamic section NEEDs libyaml-0.so.2 and libcjson.so.1 (so ldd,
# dpkg-shlibdeps and the sanitizers see them), ldd resolves both, and libcurl is
# not NEEDED (prices_http.c loads it on the first fetch: docs/performance.md).
# `--version` names the versions of the libraries it runs with, and YAML input
# is read through the linked libyaml.
set -euo pipefail
bin=$1 src=$2
fail() { echo "FAIL: $*" >&2; exit 1; }
needed=$(readelf -d "$bin" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')
resolved=$(ldd "$bin")
for lib in libyaml-0.so.2 libcjson.so.1; do
  grep -qxF "$lib" <<<"$needed" || fail "$bin does not NEED $lib: $(tr '\n' ' ' <<<"$needed")"
  grep -q "^[[:space:]]*$lib => /" <<<"$resolved" || fail "ldd does not resolve $lib"
done
grep -q '^libcurl' <<<"$needed" && fail "$bin NEEDs libcurl (it is loaded on the first fetch)"
yaml=$(pkg-config --modversion yaml-0.1) cjson=$(pkg-config --modversion libcjson)
line=$("$bin" --version | sed -n 3p)
case "$line" in
  "libyaml $yaml, cJSON $cjson, libcurl "*) ;;
  *) fail "--version third line: '$line', want libyaml $yaml, cJSON $cjson" ;;
esac
"$bin" --catalog "$src/data/catalog.yaml" --phase train --kind generative --format json \
  --date 2026-11-29 >/dev/null || fail "--catalog data/catalog.yaml (YAML through libyaml)"
echo "libs test passed"
