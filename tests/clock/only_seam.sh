#!/usr/bin/env bash
# only_seam.sh ROOT - src/util/clock.c is the only file of src/ and tools/ that
# reads the clock (issue: the suite must pass on any day). Every other "now"
# is handed in by the caller: the CLI's cli_now() (AIVM_NOW), the fetch
# options' `now`. Fails, naming file:line, on any other reader; then plants
# one and checks that it is caught (the test can fail).
set -u
root=$1
pattern='\btime[[:space:]]*\([[:space:]]*(NULL|0|&)|\bclock[[:space:]]*\([[:space:]]*\)|\b(clock_gettime|gettimeofday|timespec_get|ftime)[[:space:]]*\(|\b(localtime|gmtime|ctime|asctime|strftime)(_r)?[[:space:]]*\('
scan() {
  grep -rnE "$pattern" "$@" --include='*.c' --include='*.h' |
    grep -v '^[^:]*/util/clock\.c:' |
    grep -vE ':[0-9]+:[[:space:]]*(/?\*|\*)' # comment lines
}
found=$(scan "$root/src" "$root/tools")
if [ -n "$found" ]; then
  echo "FAIL: the clock is read outside src/util/clock.c:"
  echo "$found"
  exit 1
fi
# The scan finds a planted reader (guards against a pattern that matches nothing).
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/src/x"
printf 'long f(void)\n{\n    return (long)time(NULL);\n}\n' > "$tmp/src/x/a.c"
printf 'void g(struct timespec *t)\n{\n    clock_gettime(CLOCK_REALTIME, t);\n}\n' > "$tmp/src/x/b.c"
n=$(scan "$tmp/src" | wc -l)
if [ "$n" -ne 2 ]; then
  echo "FAIL: the scan found $n of the 2 planted readers"
  exit 1
fi
echo "ok: src/util/clock.c is the only reader of the clock"
