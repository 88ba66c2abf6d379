#!/usr/bin/env bash
# install_test.sh BUILD_DIR - `cmake --install` puts the binary, the data, the man
# page, the shell completions, LICENSE and docs/ in a prefix; the installed binary
# runs from anywhere without flags; the installed man page renders without a
# warning; `aivm-advise completion SHELL` prints the installed completion files; and
# (with dpkg-deb) `cpack -G DEB` builds a .deb with the runtime Depends (libyaml,
# cJSON and libc derived by dpkg-shlibdeps, libcurl, which is dlopen()ed, named)
# and the same files, which lintian passes without an
# error or a warning.
# man, dpkg-deb and lintian are required when CI=true, else their checks are skipped.
set -euo pipefail
build=$(cd "$1" && pwd)
root=$(cd "$(dirname "$0")/.." && pwd)
prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
# need TOOL: true when TOOL is here; false (skip) locally, a failure in CI.
need() {
  command -v "$1" >/dev/null && return 0
  [ "${CI:-}" = true ] && fail "$1 is not installed, and CI=true requires it"
  echo "SKIP: $1 is not installed: its checks are skipped" >&2
  return 1
}
cmake --install "$build" --prefix "$prefix/usr" >/dev/null

# Every file, where the tools that use it look for it.
files=(
  bin/aivm-advise
  share/aivm-advise/catalog.yaml share/aivm-advise/rules.yaml share/aivm-advise/models.yaml
  share/man/man1/aivm-advise.1.gz
  share/bash-completion/completions/aivm-advise
  share/zsh/vendor-completions/_aivm-advise
  share/fish/vendor_completions.d/aivm-advise.fish
  share/doc/aivm-advise/LICENSE share/doc/aivm-advise/README.md
  share/doc/aivm-advise/copyright share/doc/aivm-advise/changelog.gz
)
for d in "$root"/docs/*.md; do files+=("share/doc/aivm-advise/docs/$(basename "$d")"); done
for f in "${files[@]}"; do
  test -f "$prefix/usr/$f" || fail "not installed: $f"
done
test -x "$prefix/usr/bin/aivm-advise" || fail "bin/aivm-advise is not executable"
cmp -s "$root/completions/aivm-advise.bash" "$prefix/usr/share/bash-completion/completions/aivm-advise" \
  || fail "installed bash completion differs from completions/aivm-advise.bash"

bin=$prefix/usr/bin/aivm-advise
# `completion SHELL` prints the installed file, byte for byte (any case of SHELL).
for pair in bash:bash-completion/completions/aivm-advise zsh:zsh/vendor-completions/_aivm-advise \
  FISH:fish/vendor_completions.d/aivm-advise.fish; do
  "$bin" completion "${pair%%:*}" | cmp -s - "$prefix/usr/share/${pair#*:}" \
    || fail "aivm-advise completion ${pair%%:*} differs from the installed ${pair#*:}"
done
cd /
out=$("$bin" --phase train --kind generative --format json --date 2026-11-29)
echo "$out" | jq -e '.recommendations[0].family == "ND"' >/dev/null
# The installed data file is the same catalog format: --catalog reads it.
"$bin" --catalog "$prefix/usr/share/aivm-advise/catalog.yaml" \
  --phase inference --kind generative --format json --date 2026-11-29 \
  | jq -e '(.recommendations | length) == 5' >/dev/null

# The man page: its version is the binary's, and it renders without a warning.
version=$("$bin" --version | sed -n '1s/^aivm-advise //p')
gzip -dc "$prefix/usr/share/man/man1/aivm-advise.1.gz" | grep "^\.TH AIVM-ADVISE 1 [0-9-]* \"aivm-advise $version\"" >/dev/null \
  || fail "man page .TH does not say aivm-advise $version"
if need man; then
  page=$(MANWIDTH=80 man -l --warnings "$prefix/usr/share/man/man1/aivm-advise.1.gz" 2>"$prefix/man.err") \
    || fail "man -l failed: $(cat "$prefix/man.err")"
  [ -s "$prefix/man.err" ] && fail "man -l warnings: $(cat "$prefix/man.err")"
  grep -q '^EXIT STATUS' <<<"$page" || fail "man page has no EXIT STATUS"
  # man finds it by name under the prefix.
  MANPATH="$prefix/usr/share/man" man -w aivm-advise >/dev/null 2>&1 || fail "man -w aivm-advise"
fi
# bash-completion finds the completion by command name under the prefix.
if [ -f /usr/share/bash-completion/bash_completion ]; then
  loaded=$(XDG_DATA_DIRS="$prefix/usr/share" bash --norc --noprofile -c '
    source /usr/share/bash-completion/bash_completion
    __load_completion aivm-advise && complete -p aivm-advise' 2>&1) || true
  [ "$loaded" = "complete -F _aivm_advise aivm-advise" ] \
    || fail "bash-completion does not load the installed completion: $loaded"
fi

# The Debian package.
if need dpkg-deb && need dpkg-shlibdeps; then
  pkg=$prefix/pkg
  mkdir "$pkg"
  (cd "$build" && cpack -G DEB -B "$pkg" >"$prefix/cpack.log" 2>&1) || { cat "$prefix/cpack.log" >&2; fail "cpack -G DEB"; }
  deb=$(ls "$pkg"/aivm-advise_"$version"_*.deb) || fail "no aivm-advise_${version}_*.deb"
  depends=$(dpkg-deb -f "$deb" Depends)
  for dep in libyaml-0-2 libcjson1 libcurl4 libc6; do
    grep -qE "(^|, )$dep( |,|$)" <<<"$depends" || fail ".deb Depends lacks $dep: $depends"
  done
  info=$(dpkg-deb -I "$deb")
  grep -q '^ Package: aivm-advise$' <<<"$info" || fail ".deb control has no Package: aivm-advise"
  listed=$(dpkg-deb -c "$deb" | awk '{print $NF}' | sed 's|^\./usr/||')
  for f in "${files[@]}"; do
    grep -qxF "$f" <<<"$listed" || fail ".deb lacks /usr/$f"
  done
  # Debian policy: no lintian error or warning (info and pedantic tags are allowed).
  if need lintian; then
    lintian --no-cfg --fail-on error,warning "$deb" >"$prefix/lintian.log" 2>&1 \
      || fail "lintian: $(grep -E '^[EW]:' "$prefix/lintian.log" || cat "$prefix/lintian.log")"
  fi
  # And the packaged binary runs.
  dpkg-deb -x "$deb" "$pkg/root"
  "$pkg/root/usr/bin/aivm-advise" --phase train --kind generative --format json --date 2026-11-29 \
    | jq -e '.recommendations[0].family == "ND"' >/dev/null || fail "the packaged binary does not run"
fi
echo "install test passed"
