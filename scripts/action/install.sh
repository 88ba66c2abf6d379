#!/bin/sh
# install.sh - step 1 of the GitHub Action (action.yml): find aivm-advise, or build it
# from the action's own checkout. In order: the `binary` input (AIVM_BINARY); an
# aivm-advise on PATH (a .deb installed in an earlier step); else a Release build with
# CMake in $RUNNER_TEMP, after installing the Debian build dependencies with apt-get
# only when pkg-config or cmake cannot find them. Then jq (installed the same way when
# absent). Writes `path=` to $GITHUB_OUTPUT.
set -eu
src=${GITHUB_ACTION_PATH:?not run by the GitHub Actions runner}
if [ -n "${AIVM_BINARY:-}" ]; then
    case $AIVM_BINARY in /*) bin=$AIVM_BINARY ;; *) bin=$PWD/$AIVM_BINARY ;; esac
    [ -x "$bin" ] || { echo "::error::aivm-advise: binary '$AIVM_BINARY' is not an executable file"; exit 1; }
elif bin=$(command -v aivm-advise); then
    :
else
    need=""
    command -v cmake >/dev/null || need="$need cmake"
    command -v pkg-config >/dev/null || need="$need pkg-config"
    command -v cc >/dev/null || need="$need gcc"
    for mod in yaml-0.1:libyaml-dev libcjson:libcjson-dev libcurl:libcurl4-openssl-dev; do
        command -v pkg-config >/dev/null && pkg-config --exists "${mod%%:*}" || need="$need ${mod#*:}"
    done
    if [ -n "$need" ]; then
        sudo=""
        [ "$(id -u)" = 0 ] || sudo=sudo
        echo "Installing the build dependencies:$need"
        $sudo apt-get update -qq
        # shellcheck disable=SC2086
        DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends $need
    fi
    build=${RUNNER_TEMP:?}/aivm-advise-build
    cmake -S "$src" -B "$build" -DCMAKE_BUILD_TYPE=Release -DAIVM_BUILD_TESTS=OFF >/dev/null
    cmake --build "$build" --target aivm-advise -j "$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)" >/dev/null
    bin=$build/aivm-advise
fi
# jq reads the JSON report into the step's outputs (check.sh): GitHub's runners have
# it; elsewhere it is installed the way the build dependencies are.
if ! command -v jq >/dev/null; then
    sudo=""
    [ "$(id -u)" = 0 ] || sudo=sudo
    echo "Installing jq"
    { $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq \
        --no-install-recommends jq; } ||
        { echo "::error::aivm-advise: jq is needed to read the report and could not be installed"; exit 1; }
fi
"$bin" --version | head -n 1
echo "path=$bin" >>"$GITHUB_OUTPUT"
