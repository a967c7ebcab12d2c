#!/bin/sh
# extract-pot.sh SOURCE_DIR OUTPUT.pot — extract every translatable message of
# the files listed in po/POTFILES, with the keywords of meson's glib preset.
# Shared by the translation check (tests/data) and build-aux/update-translations.
set -eu
src="${1:?usage: extract-pot.sh SOURCE_DIR OUTPUT.pot}"
out="${2:?usage: extract-pot.sh SOURCE_DIR OUTPUT.pot}"
cd "$src"
list=$(mktemp)
trap 'rm -f "$list"' EXIT
grep -v '^[[:space:]]*#' po/POTFILES | sed '/^[[:space:]]*$/d' | sort -u > "$list"
xgettext --files-from="$list" --directory=. --output="$out" \
  --from-code=UTF-8 --add-comments --package-name=partida \
  --keyword=_ --keyword=N_ --keyword=C_:1c,2 --keyword=NC_:1c,2 \
  --keyword=g_dcgettext:2 --keyword=g_dngettext:2,3 --keyword=g_dpgettext2:2c,3 \
  --flag=N_:1:pass-c-format --flag=C_:2:pass-c-format --flag=NC_:2:pass-c-format \
  --flag=g_dngettext:2:pass-c-format --flag=g_strdup_printf:1:c-format \
  --flag=g_string_printf:2:c-format --flag=g_string_append_printf:2:c-format \
  --flag=g_error_new:3:c-format --flag=g_set_error:4:c-format
