#!/usr/bin/env bash
# try_repo.sh BIN ROOT - the hooks of .pre-commit-hooks.yaml through Debian's
# `pre-commit try-repo`, offline, in a scratch git repository: the check hook fails
# on a plan with errors and passes a clean plan and an ARM template, and lets other
# JSON (package.json, tsconfig.template.json) and YAML (prometheus-rules.yaml) pass; the validate hook passes a catalog and a rules file and fails each
# broken one at its file:line:col. The hook repository is a git repository holding
# only the hook files (what try-repo clones). pre-commit missing: skipped (77),
# a failure with CI=true.
set -euo pipefail
bin=$1 root=$2
fix=$root/tests/fixtures
if ! command -v pre-commit >/dev/null || ! command -v git >/dev/null; then
  [ "${CI:-}" = true ] && { echo "FAIL: pre-commit or git is missing, and CI=true" >&2; exit 1; }
  echo "SKIP: pre-commit (apt-get install pre-commit) or git is not installed"; exit 77
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
export HOME=$tmp/home PRE_COMMIT_HOME=$tmp/cache XDG_CACHE_HOME=$tmp/xdg LC_ALL=C.UTF-8
export GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@example.org GIT_COMMITTER_NAME=t GIT_COMMITTER_EMAIL=t@example.org
export GIT_CONFIG_NOSYSTEM=1 no_proxy='*' NO_PROXY='*'
mkdir -p "$HOME" "$tmp/bin"
ln -s "$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")" "$tmp/bin/aivm-advise"
export PATH="$tmp/bin:$PATH"

hooks=$tmp/hooks
mkdir -p "$hooks/scripts"
cp "$root/.pre-commit-hooks.yaml" "$hooks/"
cp "$root/scripts/pre-commit-validate" "$root/scripts/pre-commit-check" "$hooks/scripts/"
git -C "$hooks" init -q && git -C "$hooks" add -A && git -C "$hooks" commit -qm hooks

repo=$tmp/repo
mkdir -p "$repo/infra" "$repo/policy" "$repo/data"
cd "$repo"
git init -q
cp "$fix/check/tf_plan.json" infra/plan.json                 # errors: AIVM004, AIVM005...
cp "$fix/check/tf_d4s_untagged.json" infra/clean-plan.json   # no error
cp "$fix/check/arm_os_declared.json" infra/azuredeploy.json  # an ARM template, no error
echo '{"name": "web", "version": "1.0.0"}' > package.json     # not a plan: not checked
echo '{"compilerOptions": {"strict": true}}' > tsconfig.template.json   # neither (issue #33)
printf 'groups:\n  - name: gpu\n    rules: []\n' > policy/prometheus-rules.yaml  # not aivm's
cp "$fix/rules/company_policy.yaml" policy/company-rules.yaml
cp "$fix/rules/err_unknown_attribute.yaml" policy/broken-rules.yaml
cp "$fix/catalog/ok_small.yaml" data/catalog.yaml
cp "$fix/catalog/err_unknown_key.yaml" data/bad-catalog.yaml
git add -A && git commit -qm fixtures

# try HOOK FILE... : run HOOK on FILEs; sets $out and $rc.
try() {
  local hook=$1
  shift
  rc=0
  out=$(pre-commit try-repo "$hooks" "$hook" --files "$@" 2>&1) || rc=$?
}
try aivm-advise-check infra/plan.json
[ $rc = 1 ] || fail "check hook on a plan with errors: exit $rc: $out"
grep -q 'AIVM004' <<<"$out" || fail "check hook: no AIVM004 in its output: $out"
grep -q 'infra/plan.json:[0-9]*:[0-9]*' <<<"$out" || fail "check hook: no file:line:col: $out"
try aivm-advise-check infra/clean-plan.json infra/azuredeploy.json
[ $rc = 0 ] || fail "check hook on a clean plan and template: exit $rc: $out"
grep -q 'aivm-advise check.*Passed' <<<"$out" || fail "check hook did not pass: $out"
try aivm-advise-check package.json tsconfig.template.json
[ $rc = 0 ] && grep -q 'aivm-advise check.*Passed' <<<"$out" && ! grep -q 'AIVM' <<<"$out" \
  || fail "check hook on JSON that is no plan or template: exit $rc: $out"
try aivm-advise-validate policy/prometheus-rules.yaml
[ $rc = 0 ] || fail "validate hook on Prometheus rules: exit $rc: $out"

try aivm-advise-validate policy/company-rules.yaml data/catalog.yaml
[ $rc = 0 ] && grep -q 'aivm-advise validate.*Passed' <<<"$out" \
  || fail "validate hook on a good catalog and rules file: exit $rc: $out"
try aivm-advise-validate policy/broken-rules.yaml
[ $rc = 1 ] && grep -q "policy/broken-rules.yaml:4:10: error: unknown candidate attribute" <<<"$out" \
  || fail "validate hook on a broken rules file: exit $rc: $out"
try aivm-advise-validate data/bad-catalog.yaml
[ $rc = 1 ] && grep -q "data/bad-catalog.yaml:[0-9]*:[0-9]*: error" <<<"$out" \
  || fail "validate hook on a broken catalog: exit $rc: $out"
# Every file the patterns select (as `pre-commit run --all-files`): only the broken ones named.
rc=0
out=$(pre-commit try-repo "$hooks" aivm-advise-validate --all-files 2>&1) || rc=$?
[ $rc = 1 ] && grep -q "bad-catalog.yaml" <<<"$out" && ! grep -q "company-rules.yaml" <<<"$out" \
  || fail "validate hook --all-files: exit $rc: $out"
echo "pre-commit hooks pass try-repo"
