# zsh_query.zsh ROOT LINE - the candidates zsh's real completion (compinit, the
# _aivm-advise of ROOT/completions, _arguments and all) offers after LINE<TAB>, one
# per line: an interactive zsh on a pseudo-terminal (zsh/zpty) whose compadd also
# prints what it adds (the strings that match what is typed).
zmodload zsh/zpty || exit 1
root=$1 line=$2
zpty q 'TERM=dumb zsh -f -i'
zpty -w q "PS1='' PS2='' RPS1=''; fpath=(${(q)root}/completions \$fpath); autoload -U compinit; compinit -u -D"
zpty -w q 'compadd() { if [[ ${@[1,(i)(-|--)]} == *-(O|A|D)\ * ]]; then builtin compadd "$@"; return; fi; local -a __m; builtin compadd -O __m "$@"; print -rl -- ${__m/#/CAND:}; builtin compadd "$@"; }'
zpty -w q '_q_complete() { _main_complete; print -r -- CDONE }; zle -C q-complete complete-word _q_complete; bindkey "^I" q-complete; print QSTART'
local l
while zpty -r q l; do [[ ${l//[$'\r\n']/} == QSTART ]] && break; done
# Type the line and TAB only now: with typeahead zle would skip the completion.
zpty -n -w q "$line"$'\t'
while zpty -r q l; do
  l=${l//[$'\r\n']/}
  [[ $l == *CAND:* ]] && print -r -- ${l#*CAND:}
  [[ $l == *CDONE* ]] && break
done
zpty -d q
