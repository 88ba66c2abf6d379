#!/usr/bin/env bash
# quickstart.sh - set up a Debian 12 machine, build aivm-advise, then either
# run it or run the whole test suite.
#
#   scripts/quickstart.sh [ADVISE ARGS...]   build, then run aivm-advise ARGS
#   scripts/quickstart.sh --test             build, then run every test (ctest)
#   scripts/quickstart.sh --sanitize         ASan+UBSan build, then every test
#
# Installs only the Debian packages that are missing (apt-get; sudo only when
# not root). Build trees: build/ (normal) and build-asan/ (sanitizers).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

packages=(build-essential cmake pkg-config libyaml-dev libcjson-dev libcurl4-openssl-dev
          libcmocka-dev jq python3 python3-jsonschema python3-yaml ca-certificates)
mode=run
# What the completion, man page, .deb, JUnit schema and HTML tests run (tests/completions,
# tests/install_test.sh, tests/junit: xmllint, tests/html: tidy and a headless chromium;
# faketime: .ci/run's second pass of the suite with the clock a year ahead).
test_packages=(bash-completion zsh fish man-db groff-base dpkg-dev file libxml2-utils tidy chromium
               faketime)
case "${1:-}" in
  --test) mode=test; shift; packages+=("${test_packages[@]}") ;;
  --sanitize) mode=sanitize; shift; packages+=(clang libclang-rt-14-dev "${test_packages[@]}") ;;
esac

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if ((${#missing[@]})); then
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo=sudo
  echo "quickstart: installing ${missing[*]}" >&2
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends \
    "${missing[@]}" >&2
fi

jobs=$(nproc 2>/dev/null || echo 2)
if [ "$mode" = sanitize ]; then
  CC=clang cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Debug -DAIVM_WERROR=ON \
    -DAIVM_SANITIZE=address,undefined >&2
  cmake --build build-asan -j"$jobs" >&2
  ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1 \
    ctest --test-dir build-asan --output-on-failure -j"$jobs"
  exit
fi

cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo >&2
cmake --build build -j"$jobs" >&2
if [ "$mode" = test ]; then
  ctest --test-dir build --output-on-failure -j"$jobs"
else
  exec ./build/aivm-advise "$@"
fi
