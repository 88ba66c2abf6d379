#!/usr/bin/env bash
# reloc_test.sh OBJECT... - the compiled-in catalog's sizes (`image` in
# builtin_catalog.c) hold no pointer, so a position-independent binary does not
# relocate them at start-up: the object lands in .rodata and that section has
# no relocations (docs/performance.md). Given the aivm library's objects.
set -euo pipefail
obj=""
for o in "$@"; do
  case $o in */builtin_catalog.c.o | */builtin_catalog.c.obj) obj=$o ;; esac
done
[ -n "$obj" ] || { echo "reloc_test: builtin_catalog object not among: $*" >&2; exit 1; }
sym=$(nm "$obj" | awk '$3 == "image" {print $2}')
[ "$sym" = "r" ] || { echo "reloc_test: 'image' is '$sym', not read-only data (r)" >&2; exit 1; }
if readelf -S -W "$obj" | grep '\.rela\?\.rodata' >/dev/null; then
  echo "reloc_test: .rodata of $obj has relocations:" >&2
  readelf -S -W "$obj" | grep '\.rela\?\.rodata' >&2
  exit 1
fi
echo "reloc test passed"
