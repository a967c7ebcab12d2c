#!/bin/sh
# check-docs.sh SOURCE_DIR BUILD_DIR — the documentation is installed:
#  - every docs/*.md into share/doc/partida/ and the man pages of partida
#    and partida-cli into share/man/man1/ (meson introspect --installed);
#  - the generated man pages are well-formed (groff -man -ww: no warning),
#    name their program, and partida-cli's has every command of its --help.
set -eu
src="${1:?usage: check-docs.sh SOURCE_DIR BUILD_DIR}"
build="${2:?usage: check-docs.sh SOURCE_DIR BUILD_DIR}"

for tool in jq meson; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "SKIP: $tool is not installed" >&2
    exit 77
  fi
done

fail=0
installed=$(meson introspect --installed "$build" | jq -r '.[]')
expect_installed () {
  if printf '%s\n' "$installed" | grep -q "$1\$"; then
    echo "ok: installs $1"
  else
    echo "FAIL: $1 is not installed" >&2
    fail=1
  fi
}
for doc in "$src"/docs/*.md; do
  expect_installed "/share/doc/partida/$(basename "$doc")"
done
expect_installed /share/man/man1/partida.1
expect_installed /share/man/man1/partida-cli.1

for page in partida partida-cli; do
  file="$build/docs/$page.1"
  if [ ! -s "$file" ]; then
    echo "FAIL: $file was not generated" >&2
    fail=1
    continue
  fi
  name_line="$(printf '%s' "$page" | sed 's/-/\\-/g') \\- "
  if ! grep -qF "$name_line" "$file"; then
    echo "FAIL: $page.1 has no NAME line for $page" >&2
    fail=1
  fi
  for section in NAME SYNOPSIS DESCRIPTION; do
    grep -q "^\.SH $section" "$file" || { echo "FAIL: $page.1 has no $section section" >&2; fail=1; }
  done
  if command -v groff >/dev/null 2>&1; then
    warnings=$(groff -k -man -Tutf8 -ww -z "$file" 2>&1 || true)
    if [ -n "$warnings" ]; then
      echo "FAIL: groff warns about $page.1:" >&2
      printf '%s\n' "$warnings" >&2
      fail=1
    else
      echo "ok: $page.1 is well-formed"
    fi
  fi
done

cli="$build/src/cli/partida-cli"
if [ -x "$cli" ] && [ -s "$build/docs/partida-cli.1" ]; then
  for command in $("$cli" --help | awk '/^Commands:$/ { on = 1; next } on && /^[ \t]*$/ { exit } on { print $1 }'); do
    if grep -q "^\.SS \"partida-cli $command\"" "$build/docs/partida-cli.1"; then
      echo "ok: partida-cli.1 describes $command"
    else
      echo "FAIL: partida-cli.1 does not describe the command $command" >&2
      fail=1
    fi
  done
fi
exit "$fail"
