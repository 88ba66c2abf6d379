#!/usr/bin/env bash
# run.sh BIN FAKE_DIR SOURCE_DIR - libyaml is loaded on first use: a run that
# needs no YAML works without it, and one that reads YAML from a libyaml that
# cannot be used exits 5 with a one-line error naming the library.
set -euo pipefail
bin=$1 fake=$2 src=$3
export LD_LIBRARY_PATH=$fake${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
# The shipped catalog, rules and model presets are compiled in: no YAML, no libyaml.
"$bin" --phase train --kind generative --format json --date 2026-11-29 >/dev/null
# The model presets too: a --model run (and check, which sizes with them) needs no libyaml.
"$bin" --phase inference --model llama-3.1-70b --tokens-per-second 500 --date 2026-11-29 >/dev/null
"$bin" models show llama-3.1-8b >/dev/null
set +e
err=$("$bin" --catalog "$src/data/catalog.yaml" --phase train --kind generative 2>&1 >/dev/null)
rc=$?
set -e
[ "$rc" -eq 5 ] || { echo "exit $rc, want 5: $err" >&2; exit 1; }
want="aivm-advise: error: libyaml-0.so.2 lacks yaml_parser_initialize"
[ "$err" = "$want" ] || { echo "stderr: '$err', want '$want'" >&2; exit 1; }
echo "libyaml test passed"
