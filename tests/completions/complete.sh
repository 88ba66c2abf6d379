#!/usr/bin/env bash
# complete.sh SHELL ROOT LINE - the candidates SHELL's completion script in
# ROOT/completions offers at the end of the command line LINE, one per line.
# aivm-advise is run from PATH. bash: bash-completion and the real completion
# function on COMP_WORDS; fish: `complete -C`; zsh: compinit and TAB in an
# interactive zsh (zsh_query.zsh).
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
  # A real interactive zsh on a pseudo-terminal (zsh_query.zsh).
  timeout 60 zsh -f "$(dirname "$0")/zsh_query.zsh" "$root" "$line"
  ;;
*) echo "complete.sh: unknown shell $shell" >&2; exit 2 ;;
esac
