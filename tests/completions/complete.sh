#!/usr/bin/env bash
# complete.sh SHELL ROOT LINE - the candidates SHELL's completion script in
# ROOT/completions offers at the end of the command line LINE, one per line.
# aivm-advise is run from PATH. bash: bash-completion and the real completion
# function on COMP_WORDS; fish: `complete -C`; zsh: the real _aivm-advise autoloaded
# from fpath, with _arguments/_describe/compadd recording what they are given and
# _arguments' choice emulated (option names after '-', else the option's values).
set -euo pipefail
shell=$1 root=$2 line=$3
case $shell in
bash)
  LINE=$line bash --norc --noprofile -c '
    source /usr/share/bash-completion/bash_completion
    source "$1/completions/aivm-advise.bash"
    COMP_LINE=$LINE COMP_POINT=${#LINE}
    read -ra COMP_WORDS <<<"$LINE"
    [[ $LINE == *" " ]] && COMP_WORDS+=("")
    COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
    COMPREPLY=()
    _aivm_advise aivm-advise "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
    ((${#COMPREPLY[@]})) && printf "%s\n" "${COMPREPLY[@]}"
    exit 0' bash "$root"
  ;;
fish)
  fish --no-config -c 'source $argv[1]/completions/aivm-advise.fish
    complete -C"$argv[2]" | string replace -r "\t.*" ""; true' "$root" "$line"
  ;;
zsh)
  LINE=$line zsh -f -c '
    fpath=("$1/completions" $fpath)
    autoload -U _aivm-advise   # as compinit does (load_test.sh runs compinit itself)
    typeset -ga specs
    _arguments() { specs=("$@") }
    out() { local -a n=("$@"); n=(${(M)n:#${PREFIX}*}); (( $#n )) && print -l -- $n; return 0 }
    _describe() { local -a a=("${(@P)${@[-1]}}"); out ${a%%:*} }
    compadd() { local -a n; if [[ $1 == -a ]]; then n=("${(@P)2}"); else n=("$@"); fi; out $n }
    _files() { print -- _files }
    words=(${(z)LINE})
    [[ $LINE == *" " ]] && words+=("")
    CURRENT=$#words PREFIX=$words[-1]
    _aivm-advise
    (( $#specs )) || exit 0
    # What _arguments would offer: option names, or the values of the option before.
    local s prev=$words[CURRENT-1] name act
    for s in $specs; do
      [[ $s == -s || $s == -S ]] && continue
      s=${s#\(*\)}; s=${s#\*}
      [[ $s == -* ]] || { [[ $PREFIX != -* && $prev != -* ]] && act=${s##*:} && [[ $act == _* ]] && $act; continue }
      name=${s%%[\[:=]*}
      if [[ $PREFIX == -* ]]; then
        out $name
      elif [[ $name == $prev && $s == *:* ]]; then
        act=${s##*:}
        case $act in
          \(*\)) out ${(z)${${act#\(}%\)}} ;;
          _*) ${(z)act} ;;
        esac
      fi
    done
    exit 0' zsh "$root"
  ;;
*) echo "complete.sh: unknown shell $shell" >&2; exit 2 ;;
esac
