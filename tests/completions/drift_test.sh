#!/usr/bin/env bash
# drift_test.sh SHELL|man BIN ROOT - every option that `BIN CMD [SUB] --help` prints,
# for every command `BIN --help` lists (and the subcommands its usage lines name),
# is offered by SHELL's completion after '-', and every value of an option shown as
# `--opt a|b|c` after `--opt `. With `man`: every option is in man/aivm-advise.1.
# A new flag without completion (or man page entry) fails this test.
set -euo pipefail
what=$1 bin=$2 root=$3
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
[ "$what" = man ] || need_shell "$what"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/bin" && ln -s "$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")" "$tmp/bin/aivm-advise"
export PATH="$tmp/bin:$PATH"
# --help wraps to the terminal: read it unwrapped (one line per option, values whole).
export COLUMNS=10000

cmds=$(aivm-advise --help | sed -n '/^Commands:/,/^$/p' | sed -nE 's/^  ([a-z]+) .*/\1/p')
[ -n "$cmds" ] || { echo "FAIL: no commands in 'aivm-advise --help'" >&2; exit 1; }
keys=()
for c in $cmds; do
  case $c in help | version) continue ;; esac
  # Subcommands: the word after the command in the usage lines (`prices fetch`,
  # `catalog list|show`), or the names of a Commands:/Subcommands: section.
  chelp=$(aivm-advise "$c" --help)
  subs=$({
    sed -nE "s/^(Usage:)? +aivm-advise $c ([a-z]+(\|[a-z]+)*)( .*)?$/\2/p" <<<"$chelp" | tr '|' '\n'
    sed -n '/^\(Sub\)\{0,1\}[Cc]ommands:/,/^$/p' <<<"$chelp" | sed -nE 's/^  ([a-z]+)( .*)?$/\1/p'
  } | sort -u)
  if [ -n "$subs" ]; then
    for s in $subs; do keys+=("$c $s"); done
  else
    keys+=("$c")
  fi
done

fail=0 checked=0
for k in "${keys[@]}"; do
  # shellcheck disable=SC2086
  help=$(aivm-advise $k --help)
  opts=$(printf '%s\n' "$help" | grep -oE '^ {2,}(-[A-Za-z], )?--[a-z0-9-]+' | tr -d ' ' | tr ',' '\n')
  [ -n "$opts" ] || { echo "FAIL: no options in 'aivm-advise $k --help'" >&2; fail=1; continue; }
  if [ "$what" = man ]; then
    for o in $opts; do
      checked=$((checked + 1))
      grep -qF -- "\\fB${o//-/\\-}\\fR" "$root/man/aivm-advise.1" \
        || { echo "FAIL: man/aivm-advise.1 lacks $o (aivm-advise $k --help)" >&2; fail=1; }
    done
    continue
  fi
  lines=("aivm-advise $k -")
  [ "$k" = recommend ] && lines+=("aivm-advise -") # the default command
  for line in "${lines[@]}"; do
    got=$("$here/complete.sh" "$what" "$root" "$line")
    for o in $opts; do
      checked=$((checked + 1))
      grep -qxF -- "$o" <<<"$got" || { echo "FAIL: $what: '$line<TAB>' lacks $o" >&2; fail=1; }
    done
  done
  # Enumerated values: `--opt a|b|c` in the synopsis column, or as the whole meaning.
  while read -r opt vals; do
    got=$("$here/complete.sh" "$what" "$root" "aivm-advise $k $opt ")
    for v in ${vals//|/ }; do
      checked=$((checked + 1))
      grep -qxF -- "$v" <<<"$got" || { echo "FAIL: $what: 'aivm-advise $k $opt <TAB>' lacks $v" >&2; fail=1; }
    done
  done < <(printf '%s\n' "$help" | sed -nE \
    -e 's/^ {2,}(-[A-Za-z], )?(--[a-z0-9-]+) ([a-z0-9-]+(\|[a-z0-9-]+)+)( .*)?$/\2 \3/p' \
    -e 's/^ {2,}(-[A-Za-z], )?(--[a-z0-9-]+) +[A-Z]+ +([a-z0-9-]+(\|[a-z0-9-]+)+)$/\2 \3/p')
done
echo "$what: $checked options and values checked for: ${keys[*]}"
exit $fail
