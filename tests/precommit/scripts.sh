#!/usr/bin/env bash
# scripts.sh BIN ROOT - the scripts the pre-commit hooks run (scripts/pre-commit-check,
# scripts/pre-commit-validate), without pre-commit: they run check and validate on the
# files aivm-advise reads (a plan by its name, an ARM template by its $schema; a
# catalog or rules file by its top-level key) and let other JSON/YAML files pass
# (issue #33: tsconfig.template.json, prometheus-rules.yaml failed a commit).
set -euo pipefail
bin=$1 root=$2
fix=$root/tests/fixtures
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
mkdir -p "$tmp/bin" "$tmp/w/infra" "$tmp/w/ops"
ln -s "$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")" "$tmp/bin/aivm-advise"
export PATH="$tmp/bin:$PATH" LC_ALL=C NO_COLOR=1 HOME=$tmp/home XDG_CACHE_HOME=$tmp/xdg
cd "$tmp/w"
cp "$fix/check/tf_plan.json" infra/plan.json              # errors: AIVM004, AIVM005...
cp "$fix/check/tf_d4s_untagged.json" infra/prod-tfplan.json   # a plan by name, no error
cp "$fix/check/arm_os_declared.json" infra/vm-stack.json  # ARM by its $schema, no error
cp "$fix/check/tf_plan.json" infra/planets.json           # "plan" is not a word of it
# not aivm-advise's: a TypeScript config named like a template, Prometheus rules
printf '{"compilerOptions": {"strict": true}, "include": ["src"]}\n' > tsconfig.template.json
printf 'groups:\n  - name: gpu\n    rules:\n      - alert: GpuDown\n        expr: up == 0\n' \
  > ops/prometheus-rules.yaml
cp "$fix/catalog/err_unknown_key.yaml" ops/bad-catalog.yaml

run() { rc=0; out=$("$@" 2>&1) || rc=$?; }
check=$root/scripts/pre-commit-check validate=$root/scripts/pre-commit-validate
run sh "$check" tsconfig.template.json infra/planets.json
[ $rc = 0 ] && [ -z "$out" ] || fail "check hook on files check does not read: exit $rc: $out"
run sh "$check" infra/prod-tfplan.json infra/vm-stack.json tsconfig.template.json
[ $rc = 0 ] || fail "check hook on a clean plan and template: exit $rc: $out"
grep -q 'infra/prod-tfplan.json' <<<"$out" && grep -q 'infra/vm-stack.json' <<<"$out" \
  || fail "check hook did not check the plan and the template: $out"
grep -q 'tsconfig' <<<"$out" && fail "check hook read tsconfig.template.json: $out"
run sh "$check" infra/plan.json tsconfig.template.json
[ $rc = 1 ] && grep -q 'AIVM004' <<<"$out" || fail "check hook on a plan with errors: exit $rc: $out"
run sh "$validate" ops/prometheus-rules.yaml
[ $rc = 0 ] && [ -z "$out" ] || fail "validate hook on Prometheus rules: exit $rc: $out"
run sh "$validate" ops/prometheus-rules.yaml ops/bad-catalog.yaml
[ $rc = 1 ] && grep -q 'ops/bad-catalog.yaml:[0-9]*:[0-9]*: error' <<<"$out" \
  || fail "validate hook on a broken catalog: exit $rc: $out"
# the hook's args end with "--": options before it, files after it, even one named
# like an option (issue #34: a planted --config=... file must not configure check)
run sh "$check" --fail-on never -- infra/plan.json
[ $rc = 0 ] && grep -q 'AIVM004' <<<"$out" || fail "check hook with --fail-on never: exit $rc: $out"
cp infra/plan.json ./--config=x.plan.json
run sh "$check" -- --config=x.plan.json
[ $rc = 1 ] && grep -q 'AIVM004' <<<"$out" \
  || fail "a file named like an option was not checked as a file: exit $rc: $out"
# options without "--" (pre-commit replaces the default args) are an error, not lost
run sh "$check" --fail-on never infra/plan.json
[ $rc = 2 ] && grep -q "end the hook's args with '--'" <<<"$out" \
  || fail "check hook with an option and no '--': exit $rc: $out"
echo "pre-commit scripts pass"
