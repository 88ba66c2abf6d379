#!/usr/bin/env bash
# format_only.sh ROOT - the renderers (src/report) format the records the
# library made and compute nothing (docs/architecture.md, issue #31): no call
# into rule evaluation, pricing, the engine (advice, check, its verdict, fit,
# work estimates) or the clock, and no monthly cost multiplied out. Fails,
# naming file:line, on each such call; then plants one of each kind in a
# scratch copy and checks that every one is caught (the test can fail).
set -u
root=$1
rules='aivm_rule_(applies|matches|scale_value|render_message)|aivm_rules_(settle_size_class|complex_from_params|check_targets)|aivm_rules__[a-z_]+'
pricing='aivm_price_from_catalog|aivm_prices_get(_regions)?|aivm_prices_region_size|aivm_price_provider_fetch|aivm_deployment_eval|aivm_check_apply_prices|aivm_check_price_queries'
engine='aivm_advise|aivm_recommend|aivm_check_(run|judge|diff_apply|locate_source)|aivm_fit_(compute|for|on)|aivm_sizing_(resolve|memory)|aivm_work_estimate_for|aivm_workload_(settle|finish)'
clock='aivm_clock_(wall|monotonic)|time|clock|clock_gettime|gettimeofday|timespec_get|localtime(_r)?|gmtime(_r)?|strftime'
calls="\\b($rules|$pricing|$engine|$clock)[[:space:]]*\\("
monthly='\*[[:space:]]*AIVM_HOURS_PER_MONTH|AIVM_HOURS_PER_MONTH[[:space:]]*\*'
scan() { # scan DIR: "file:line: text" of each computing line in DIR's .c and .h
  local f
  for f in $(find "$1" -name '*.c' -o -name '*.h' | sort); do
    # comments out first: a line opening with /* or *, and /* ... */ within a line
    sed -E 's#/\*([^*]|\*+[^*/])*\*+/##g; s#^[[:space:]]*(/\*|\*).*$##' "$f" |
      grep -nE "$calls|$monthly" | sed "s#^#$f:#"
  done
}
found=$(scan "$root/src/report")
if [ -n "$found" ]; then
  echo "FAIL: a renderer computes what the library's report should hold:"
  echo "$found"
  exit 1
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/report"
cat >"$tmp/report/planted.c" <<'C'
/* aivm_rule_matches(r, wl, s) in a comment is no call */
static bool a(const aivm_rule *r, const aivm_workload *wl, const aivm_size *s)
{
    return aivm_rule_matches(r, wl, s);
}
static void b(aivm_price *p, const aivm_size *s) { aivm_price_from_catalog(p, s, "x", 0, 0, NULL); }
static void c(aivm_check_report *rep) { aivm_check_judge(rep, NULL); }
static long long d(void) { return aivm_clock_wall(); }
static double e(double h) { return h * AIVM_HOURS_PER_MONTH; }
C
n=$(scan "$tmp/report" | wc -l)
if [ "$n" -ne 5 ]; then
  echo "FAIL: the scan found $n of the 5 planted computations:"
  scan "$tmp/report"
  exit 1
fi
echo "ok: src/report formats only (no rule, price, engine or clock call)"
