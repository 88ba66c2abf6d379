#!/bin/sh
# check.sh - step 2 of the GitHub Action (action.yml): one `aivm-advise check` run on
# the plans that writes the annotations (stdout), the SARIF file for
# github/codeql-action/upload-sarif, the Markdown summary (appended to
# $GITHUB_STEP_SUMMARY) and the JSON report, whose counts and cost become the step's
# outputs (read with jq, which install.sh provides: any JSON layout, not this
# binary's print format). --config, --source, --base and --fail-on-new are passed only when their
# input is set. The plans follow "--": a file a pull request adds, named
# "--config=x.json", is a file to check, never an option. The outputs of an earlier
# run (the SARIF file, the report and the summary) are removed first, so a run that
# cannot check (exit 2-5) reports no SARIF file. The step exits with check's status
# (1: the gate failed), after the outputs and the summary are written.
set -eu
bin=${AIVM_BIN:?no aivm-advise: the path output of the install step}
[ -n "${AIVM_PLANS:-}" ] || { echo "::error::aivm-advise: the 'plans' input is empty"; exit 2; }
out=${RUNNER_TEMP:?}/aivm-advise
mkdir -p "$out"
sarif=${AIVM_SARIF:-aivm-advise.sarif}
rm -f "$out/report.json" "$out/summary.md"
[ ! -f "$sarif" ] || rm -f -- "$sarif"

set -- check --format github --output "sarif=$sarif" --output "markdown=$out/summary.md" \
    --output "json=$out/report.json"
[ -z "${AIVM_FAIL_ON:-}" ] || set -- "$@" --fail-on "$AIVM_FAIL_ON"
[ -z "${AIVM_CONFIG:-}" ] || set -- "$@" --config "$AIVM_CONFIG"
[ -z "${AIVM_SOURCE:-}" ] || set -- "$@" --source "$AIVM_SOURCE"
[ -z "${AIVM_BASE:-}" ] || set -- "$@" --base "$AIVM_BASE"
case ${AIVM_FAIL_ON_NEW:-false} in
true | TRUE | True | 1 | yes) set -- "$@" --fail-on-new ;;
false | FALSE | False | 0 | no | "") ;;
*) echo "::error::aivm-advise: fail-on-new must be true or false, not '$AIVM_FAIL_ON_NEW'"; exit 2 ;;
esac
# The plans: separated by spaces or new lines; shell patterns expand (infra/*.json);
# after "--", so that no file name is taken for an option.
set -- "$@" -- $AIVM_PLANS

status=0
"$bin" "$@" || status=$?

# A scalar of the report by its dotted path (cost.monthly); nothing when absent or null.
get() {
    [ -f "$out/report.json" ] &&
        jq -r --arg p "$1" 'getpath($p | split(".")) | if . == null then empty else . end' \
            "$out/report.json"
}
errors=$(get summary.errors || true)
warnings=$(get summary.warnings || true)
notes=$(get summary.notes || true)
findings=""
[ -z "$errors" ] || findings=$((errors + ${warnings:-0} + ${notes:-0}))
{
    echo "exit-code=$status"
    echo "findings=$findings"
    echo "errors=$errors"
    echo "warnings=$warnings"
    echo "notes=$notes"
    echo "monthly-cost=$(get cost.monthly || true)"
    echo "cost-change=$(get diff.cost.monthly_change || true)"
    echo "currency=$(get cost.currency || true)"
    echo "reference-priced=$(get cost.reference_priced || true)"
    [ -f "$sarif" ] && echo "sarif-file=$sarif" || echo "sarif-file="
} >>"$GITHUB_OUTPUT"
if [ -f "$out/summary.md" ] && [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
    cat "$out/summary.md" >>"$GITHUB_STEP_SUMMARY"
fi
exit "$status"
