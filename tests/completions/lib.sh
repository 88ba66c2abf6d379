# lib.sh - shared by the completion tests: needs SHELL_NAME; skips (exit 77) when
# the shell is missing, except in CI (CI=true), where a missing shell fails.
need_shell() {
  local what=$1 ok=1
  case $what in
  bash) command -v bash >/dev/null && [ -f /usr/share/bash-completion/bash_completion ] || ok=0 ;;
  *) command -v "$what" >/dev/null || ok=0 ;;
  esac
  if [ $ok = 0 ]; then
    if [ "${CI:-}" = true ]; then
      echo "FAIL: $what (or bash-completion) is not installed, and CI=true requires it" >&2
      exit 1
    fi
    echo "SKIP: $what (or bash-completion) is not installed" >&2
    exit 77
  fi
}
