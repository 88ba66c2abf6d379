#!/usr/bin/env bash
# run.sh BINARY CASEDIR - run one golden case of aivm-advise and compare.
#
# A case directory holds:
#   cmd      the arguments, one per line (@FIXTURES@ = tests/fixtures, @DATA@ = data,
#            @TMP@ = a fresh temporary directory, @CASE@ = the case directory)
#   stdout   expected standard output (exact)
#   stderr   expected standard error (exact)
#   exit     expected exit status
#   stdin    optional: fed to standard input
#   check    optional: a bash script run after the command with $OUT (stdout file),
#            $ERR, $TMP, $BIN, $ROOT and $CASE set; it must exit 0 (semantic assertions,
#            e.g. with jq)
#   env      optional: extra VAR=value lines for the environment (@TMP@ replaced); a
#            later line wins, so COLUMNS=60 replaces the default below (AIVM_NOW=...
#            sets another clock than tests/now.env's for the command)
#   setup    optional: a bash script run in the temporary directory before the command,
#            with $TMP, $ROOT, $CASE, $AIVM_NOW and $AIVM_NOW_EPOCH (the pinned clock, in
#            seconds: date files relative to it, never to the real day) set; exit
#            77 skips the case (e.g. a chown to another user when not run as root)
#   cwd      optional: the directory, relative to @TMP@, to run the command in (default
#            @TMP@ itself; setup creates it)
#   filter   optional: sed expressions, one per line, applied to stdout and stderr after
#            the paths (what varies run to run, e.g. the age of a cache entry)
# UPDATE_GOLDEN=1 rewrites stdout, stderr and exit from the actual run.
set -u
bin=$1
case_dir=$2
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The command runs below $tmp: a configuration file above it would be read by every case.
d=$tmp
while [ "$d" != / ]; do
  d=$(dirname "$d")
  if [ -e "${d%/}/.aivm-advise.yaml" ]; then
    echo "FAIL: ${d%/}/.aivm-advise.yaml would be read by every case (docs/config.md)"; exit 1
  fi
done

# One clock for every case: the instant of tests/now.env (ctest sets it too), never the
# real day, so the suite passes on any date (docs/cli.md, AIVM_NOW). Setup and check
# scripts inherit it; a file they must date is dated relative to it.
if [ -z "${AIVM_NOW:-}" ]; then
  AIVM_NOW=$(sed -n 's/^AIVM_NOW=//p' "$root/tests/now.env")
fi
AIVM_NOW_EPOCH=$(date -u -d "$AIVM_NOW" +%s)
export AIVM_NOW AIVM_NOW_EPOCH

args=()
while IFS= read -r line || [ -n "$line" ]; do
  line=${line//@FIXTURES@/$root/tests/fixtures}
  line=${line//@DATA@/$root/data}
  line=${line//@TMP@/$tmp}
  line=${line//@CASE@/$case_dir}
  args+=("$line")
done < "$case_dir/cmd"

envs=(LC_ALL=C TZ=UTC COLUMNS=100 NO_COLOR= TERM=dumb HOME="$tmp/home"
      XDG_CACHE_HOME="$tmp/cache" XDG_DATA_HOME="$tmp/data" no_proxy='*' NO_PROXY='*'
      AIVM_NOW="$AIVM_NOW")
if [ -f "$case_dir/env" ]; then
  while IFS= read -r line || [ -n "$line" ]; do
    [ -n "$line" ] && envs+=("${line//@TMP@/$tmp}")
  done < "$case_dir/env"
fi

if [ -f "$case_dir/setup" ]; then
  (cd "$tmp" && TMP="$tmp" ROOT="$root" CASE="$case_dir" bash "$case_dir/setup")
  case $? in
    0) ;;
    77) echo "SKIP: the setup cannot build this case here"; exit 77 ;;
    *) echo "FAIL: setup script"; exit 1 ;;
  esac
fi
run_dir=$tmp
[ -f "$case_dir/cwd" ] && run_dir="$tmp/$(cat "$case_dir/cwd")"

stdin=/dev/null
[ -f "$case_dir/stdin" ] && stdin="$case_dir/stdin"
(cd "$run_dir" && env -i PATH="$PATH" "${envs[@]}" "$bin" "${args[@]}" <"$stdin" >"$tmp/out" 2>"$tmp/err")
status=$?
# Paths of the checkout vary between machines: show them as @FIXTURES@/@DATA@/@TMP@.
for f in out err; do
  sed -i -e "s#$root/tests/fixtures#@FIXTURES@#g" -e "s#$root/data#@DATA@#g" -e "s#$tmp#@TMP@#g" "$tmp/$f"
  [ -f "$case_dir/filter" ] && sed -i -f "$case_dir/filter" "$tmp/$f"
done

if [ "${UPDATE_GOLDEN:-}" = 1 ]; then
  cp "$tmp/out" "$case_dir/stdout"
  cp "$tmp/err" "$case_dir/stderr"
  echo "$status" > "$case_dir/exit"
fi

fail=0
if ! diff -u "$case_dir/stdout" "$tmp/out"; then echo "FAIL: stdout differs"; fail=1; fi
if ! diff -u "$case_dir/stderr" "$tmp/err"; then echo "FAIL: stderr differs"; fail=1; fi
want=$(cat "$case_dir/exit")
if [ "$status" != "$want" ]; then echo "FAIL: exit $status, expected $want"; fail=1; fi
if [ -f "$case_dir/check" ]; then
  if ! OUT="$tmp/out" ERR="$tmp/err" TMP="$tmp" BIN="$bin" ROOT="$root" CASE="$case_dir" \
       bash "$case_dir/check"; then
    echo "FAIL: check script"; fail=1
  fi
fi
exit $fail
