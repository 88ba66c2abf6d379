#!/usr/bin/env bash
# install_test.sh BUILD_DIR - `cmake --install` puts the binary and the data in a
# prefix, and the installed binary runs from anywhere without flags.
set -euo pipefail
build=$1
prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT
cmake --install "$build" --prefix "$prefix" >/dev/null
test -x "$prefix/bin/aivm-advise"
test -f "$prefix/share/aivm-advise/catalog.yaml"
test -f "$prefix/share/aivm-advise/rules.yaml"
cd /
out=$("$prefix/bin/aivm-advise" --phase train --kind generative --format json --date 2026-11-29)
echo "$out" | jq -e '.recommendations[0].family == "ND"' >/dev/null
# The installed data file is the same catalog format: --catalog reads it.
"$prefix/bin/aivm-advise" --catalog "$prefix/share/aivm-advise/catalog.yaml" \
  --phase inference --kind generative --format json --date 2026-11-29 \
  | jq -e '(.recommendations | length) == 5' >/dev/null
echo "install test passed"
