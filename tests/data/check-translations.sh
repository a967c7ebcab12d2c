#!/bin/sh
# check-translations.sh SOURCE_DIR — the Spanish translation is complete:
#  1. every source file that marks strings for translation (_(), N_(), C_(),
#     ngettext, translatable="yes") is listed in po/POTFILES;
#  2. es.po, merged with a POT freshly extracted from POTFILES, has no
#     untranslated and no fuzzy message (so a new string in the code fails
#     here until it is translated), and no obsolete one (a message the code
#     no longer has, left behind when its string changed).
set -eu
src="${1:?usage: check-translations.sh SOURCE_DIR}"
cd "$src"

for tool in xgettext msgmerge msgfmt; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "SKIP: $tool is not installed" >&2
    exit 77
  fi
done

status=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# 1. POTFILES lists every file with translatable strings.
grep -v '^[[:space:]]*#' po/POTFILES | sed '/^[[:space:]]*$/d' | sort -u > "$tmp/listed"
grep -rlE --include='*.c' --include='*.h' --include='*.ui' --include='*.in' --include='*.xml' \
  '(^|[^A-Za-z0-9_])(N?C?_|g?d?n?gettext) ?\(|translatable="yes"' src data 2>/dev/null \
  | sort -u > "$tmp/marked"
missing=$(comm -23 "$tmp/marked" "$tmp/listed")
if [ -n "$missing" ]; then
  echo "FAIL: these files have translatable strings but are not in po/POTFILES:" >&2
  echo "$missing" | sed 's/^/  /' >&2
  status=1
fi
while read -r f; do
  if [ ! -f "$f" ]; then
    echo "FAIL: po/POTFILES lists $f, which does not exist" >&2
    status=1
  fi
done < "$tmp/listed"
[ "$status" -eq 0 ] || exit "$status"

# 2. es.po translates every message of a fresh POT (the meson glib preset's keywords).
sh po/extract-pot.sh "$PWD" "$tmp/partida.pot"
for po in po/*.po; do
  lang=$(basename "$po" .po)
  msgmerge --quiet --no-fuzzy-matching "$po" "$tmp/partida.pot" -o "$tmp/$lang.po"
  stats=$(LC_ALL=C msgfmt --check --statistics -o /dev/null "$tmp/$lang.po" 2>&1) || {
    echo "FAIL: $po does not compile: $stats" >&2
    status=1
    continue
  }
  echo "$lang: $stats"
  untranslated=$(LC_ALL=C msgattrib --untranslated --no-obsolete "$tmp/$lang.po" | grep -c '^msgid ' || true)
  fuzzy=$(LC_ALL=C msgattrib --only-fuzzy --no-obsolete "$tmp/$lang.po" | grep -c '^msgid ' || true)
  # msgattrib prints the header entry too when it prints anything.
  [ "$untranslated" -gt 0 ] && untranslated=$((untranslated - 1))
  [ "$fuzzy" -gt 0 ] && fuzzy=$((fuzzy - 1))
  if [ "$untranslated" -ne 0 ] || [ "$fuzzy" -ne 0 ]; then
    echo "FAIL: $po has $untranslated untranslated and $fuzzy fuzzy messages:" >&2
    LC_ALL=C msgattrib --untranslated --no-obsolete "$tmp/$lang.po" | grep -A1 '^msgid ' | grep -v '^msgid ""$' >&2 || true
    LC_ALL=C msgattrib --only-fuzzy --no-obsolete "$tmp/$lang.po" | grep -A1 '^msgid ' >&2 || true
    status=1
  fi
  obsolete=$(LC_ALL=C msgattrib --only-obsolete "$tmp/$lang.po" | grep -c '^#~ msgid ' || true)
  if [ "$obsolete" -ne 0 ]; then
    echo "FAIL: $po has $obsolete messages the code no longer has (delete them):" >&2
    LC_ALL=C msgattrib --only-obsolete "$tmp/$lang.po" | grep '^#~ msgid ' >&2 || true
    status=1
  fi
done
exit "$status"
