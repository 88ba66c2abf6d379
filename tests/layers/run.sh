#!/usr/bin/env bash
# run.sh SOURCE_DIR - scripts/check_layers.py passes on the tree and fails, naming
# the file and line, on each rule broken in a scratch copy: a module including
# another module's private header, a public header declaring a function another
# module defines, an upward include.
set -euo pipefail
src=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
python3 "$src/scripts/check_layers.py" "$src" >/dev/null
expect() { # expect NAME PATTERN: the scratch copy fails with PATTERN
  local out rc
  set +e
  out=$(python3 "$src/scripts/check_layers.py" "$tmp/t" 2>&1)
  rc=$?
  set -e
  [ "$rc" -eq 1 ] || { echo "FAIL $1: exit $rc"; echo "$out"; exit 1; }
  grep -q -- "$2" <<<"$out" || { echo "FAIL $1: no '$2' in:"; echo "$out"; exit 1; }
  echo "ok   $1"
}
fresh() { rm -rf "$tmp/t"; mkdir -p "$tmp/t"; cp -r "$src/src" "$src/include" "$src/tools" "$tmp/t/"; }

fresh
sed -i '0,/#include "advise_int.h"/s//#include "advise_int.h"\n#include "catalog\/catalog_int.h"/' \
  "$tmp/t/src/advise/advise_engine.c"
expect private-header 'advise_engine.c:[0-9]*: advise includes the private header "catalog/catalog_int.h" of catalog'

fresh
printf '/** stray */\nint aivm_sort_parse_again(void);\n' >>"$tmp/t/include/aivm/catalog.h"
printf 'int aivm_sort_parse_again(void)\n{\n    return 0;\n}\n' >>"$tmp/t/src/advise/advise_cost.c"
expect foreign-declaration 'catalog.h:[0-9]*: aivm_sort_parse_again is declared by catalog.*defined in src/advise/advise_cost.c'

fresh
sed -i '0,/#include "catalog_int.h"/s//#include "catalog_int.h"\n#include "aivm\/advise.h"/' \
  "$tmp/t/src/catalog/catalog.c"
expect upward 'catalog includes "aivm/advise.h" of advise, which is not below it'
echo "layers test passed"
