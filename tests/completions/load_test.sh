#!/usr/bin/env bash
# load_test.sh SHELL BIN ROOT - SHELL's completion script loads without a word on
# stderr (bash with bash-completion, zsh through compinit, fish: `fish -n` then
# source), and simple queries give the expected candidates: options, enum values,
# subcommands, files for file options, and size/model/region/GPU names and rule ids
# from the binary at completion time (a fake binary that has `catalog list --format
# names`; the real one, when it lacks the command, gives none and says nothing).
set -euo pipefail
sh=$1 bin=$2 root=$3
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
need_shell "$sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0

# Loading.
case $sh in
bash)
  bash --norc --noprofile -c 'source /usr/share/bash-completion/bash_completion
    source "$1/completions/aivm-advise.bash"; complete -p aivm-advise' bash "$root" \
    >"$tmp/out" 2>"$tmp/err"
  grep -qx 'complete -F _aivm_advise aivm-advise' "$tmp/out" || { echo "FAIL: bash: not registered" >&2; fail=1; }
  ;;
zsh)
  zsh -f -c 'fpath=("$1/completions" $fpath); autoload -U compinit && compinit -u -D
    print -r -- "autoload:$_comps[aivm-advise]"
    unset "_comps[aivm-advise]"; source "$1/completions/_aivm-advise"
    print -r -- "source:$_comps[aivm-advise]"' zsh "$root" >"$tmp/out" 2>"$tmp/err"
  grep -qx 'autoload:_aivm-advise' "$tmp/out" && grep -qx 'source:_aivm-advise' "$tmp/out" \
    || { echo "FAIL: zsh: not registered: $(cat "$tmp/out")" >&2; fail=1; }
  ;;
fish)
  { fish --no-config -n "$root/completions/aivm-advise.fish" \
      && fish --no-config -c 'source $argv[1]; complete -c aivm-advise | count' "$root/completions/aivm-advise.fish"; } \
    >"$tmp/out" 2>"$tmp/err"
  [ "$(cat "$tmp/out")" -gt 50 ] || { echo "FAIL: fish: $(cat "$tmp/out") completions registered" >&2; fail=1; }
  ;;
esac
if [ -s "$tmp/err" ]; then
  echo "FAIL: $sh: loading wrote to stderr:" >&2; cat "$tmp/err" >&2; fail=1
fi

# expect LINE WANT...: the candidates at the end of LINE are exactly WANT (sorted).
expect() {
  local line=$1 got want
  shift
  got=$("$here/complete.sh" "$sh" "$root" "$line" 2>"$tmp/qerr" | sort | tr '\n' ' ')
  want=$(printf '%s\n' "$@" | sed '/^$/d' | sort | tr '\n' ' ')
  if [ "$got" != "$want" ]; then
    echo "FAIL: $sh: '$line<TAB>' gave [$got], expected [$want]" >&2; fail=1
  fi
  if [ -s "$tmp/qerr" ]; then
    echo "FAIL: $sh: '$line<TAB>' wrote to stderr: $(cat "$tmp/qerr")" >&2; fail=1
  fi
}

mkdir "$tmp/real" "$tmp/fake" "$tmp/files"
ln -s "$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")" "$tmp/real/aivm-advise"
# A binary with the browse commands' name lists (the real one may not have them yet).
cat >"$tmp/fake/aivm-advise" <<'FAKE'
#!/bin/sh
case "$*" in
"catalog list --format names") printf '%s\n' Standard_ND96isr_H100_v5 Standard_ND96amsr_A100_v4 Standard_NC24ads_A100_v4 ;;
"models list --format names") printf '%s\n' llama-3.1-8b llama-3.1-70b mistral-7b ;;
*) echo "aivm-advise: error: unknown command" >&2; exit 2 ;;
esac
FAKE
chmod +x "$tmp/fake/aivm-advise"
touch "$tmp/files/job.yaml" "$tmp/files/jobs.json"

PATH="$tmp/real:$PATH"
expect "aivm-advise --pha" --phase
expect "aivm-advise --phase " train inference
expect "aivm-advise recommend --format " table json yaml markdown csv html
expect "aivm-advise check --fail-on " error warning note never
expect "aivm-advise check -f s" sarif
expect "aivm-advise check --inp" --input
expect "aivm-advise prices " fetch show
expect "aivm-advise catalog " list show compare validate refresh diff
expect "aivm-advise models " list show
expect "aivm-advise catalog list --format " table json names
expect "aivm-advise catalog list --cate" --category
expect "aivm-advise help rec" recommend
expect "aivm-advise ver" version
expect "aivm-advise comp" completion
expect "aivm-advise completion " bash zsh fish
# Names from the real binary: regions and GPU models (__complete), rule and check ids.
expect "aivm-advise --region westeu" westeurope
expect "aivm-advise prices show --region swedenc" swedencentral
expect "aivm-advise catalog list --region northe" northeurope
expect "aivm-advise catalog list --gpu H" H200 H100
expect "aivm-advise catalog list --gpu RTX" "RTX PRO 6000"
expect "aivm-advise rules show train-r" train-rdma
expect "aivm-advise rules show AIVM01" AIVM010 AIVM011 AIVM012 AIVM013 AIVM014 AIVM015 AIVM016 AIVM017 AIVM018 AIVM019
cd "$tmp/files"
expect "aivm-advise --workload job" job.yaml jobs.json
expect "aivm-advise check jobs" jobs.json
expect "aivm-advise catalog validate j" job.yaml jobs.json
cd /
if names=$(aivm-advise catalog list --format names 2>/dev/null); then
  # The real names: completing a listed size's name offers it.
  first=$(head -n 1 <<<"$names")
  got=$("$here/complete.sh" "$sh" "$root" "aivm-advise catalog show ${first%?}")
  grep -qxF -- "$first" <<<"$got" || { echo "FAIL: $sh: 'catalog show ${first%?}<TAB>' lacks $first" >&2; fail=1; }
else
  expect "aivm-advise prices fetch --sku " # absent command: no names, no noise
fi
PATH="$tmp/fake:${PATH#*:}"
expect "aivm-advise prices fetch --sku Standard_ND" Standard_ND96isr_H100_v5 Standard_ND96amsr_A100_v4
expect "aivm-advise catalog show Standard_NC" Standard_NC24ads_A100_v4
expect "aivm-advise --model llama" llama-3.1-8b llama-3.1-70b
expect "aivm-advise models show mis" mistral-7b
[ $fail = 0 ] && echo "$sh: completion script loads and answers"
exit $fail
