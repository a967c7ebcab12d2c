#!/bin/sh
# check-screenshots.sh SOURCE_DIR BUILD_DIR METAINFO_IN — the store page
# shows the app as it is:
#  1. every <screenshot> of the metainfo has a caption and an image at the
#     release tag's stable URL, https://raw.githubusercontent.com/partida/
#     partida/vVERSION/data/screenshots/FILE, and FILE is in the repository
#     (data/screenshots/) as a PNG and listed in data/screenshots/sources.txt;
#  2. each FILE is current: the UI tests of this build wrote its source
#     screenshot (BUILD_DIR/screenshots/, see sources.txt), and the two have
#     the same size and look alike: both scaled down to 1/8 (a box filter, so
#     antialiasing, a changed date or clock time blur away), their RMSE
#     (0…1) is at most TOLERANCE. Measured here: the same page 0.003–0.03
#     (development-profile stripes, other times in a list), another page or
#     state of one 0.058 and more, a placeholder page 0.08.
# Part 2 is skipped (exit 77 when part 1 passed) when the UI tests did not
# run in this build (no display, -Dui_tests=false, the Flatpak build), and a
# screenshot older than the build's partida counts as not taken. Refresh the
# files with build-aux/update-screenshots.
set -eu
src="${1:?usage: check-screenshots.sh SOURCE_DIR BUILD_DIR METAINFO_IN}"
build="${2:?usage: check-screenshots.sh SOURCE_DIR BUILD_DIR METAINFO_IN}"
metainfo="${3:?usage: check-screenshots.sh SOURCE_DIR BUILD_DIR METAINFO_IN}"
TOLERANCE="${PARTIDA_SCREENSHOT_TOLERANCE:-0.04}"
sources="$src/data/screenshots/sources.txt"

version=$(sed -n "s/^ *version: *'\([^']*\)'.*/\1/p" "$src/meson.build" | head -n 1)
prefix="https://raw.githubusercontent.com/partida/partida/v$version/data/screenshots/"

fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# --- 1. listed, captioned, present -------------------------------------------
# One <screenshot> per line: "IMAGE-URL<TAB>CAPTION".
tr '\n' ' ' < "$metainfo" | sed 's#</screenshot>#&\n#g' | grep '<screenshot' \
  | sed -n 's#.*<image[^>]*>\([^<]*\)</image>.*#\1#p' > "$tmp/images"
n_screenshots=$(tr '\n' ' ' < "$metainfo" | grep -o '<screenshot[ >]' | wc -l)
n_captions=$(tr '\n' ' ' < "$metainfo" | sed 's#</screenshot>#&\n#g' | grep '<screenshot' | grep -c '<caption>[^<][^<]*</caption>' || true)
n_images=$(wc -l < "$tmp/images")
if [ "$n_screenshots" -lt 1 ]; then
  echo "FAIL: the metainfo lists no screenshot" >&2
  fail=1
fi
if [ "$n_images" -ne "$n_screenshots" ] || [ "$n_captions" -ne "$n_screenshots" ]; then
  echo "FAIL: $n_screenshots screenshots, $n_images with one image, $n_captions with a caption" >&2
  fail=1
fi
if ! tr '\n' ' ' < "$metainfo" | grep -q '<screenshot type="default">'; then
  echo "FAIL: no default screenshot" >&2
  fail=1
fi

: > "$tmp/files"
while read -r url; do
  case "$url" in
    "$prefix"*) ;;
    *)
      echo "FAIL: $url is not at the release tag's stable URL ($prefix…)" >&2
      fail=1
      continue ;;
  esac
  file=${url#"$prefix"}
  path="$src/data/screenshots/$file"
  if [ ! -f "$path" ]; then
    echo "FAIL: $file is listed in the metainfo but not in data/screenshots/" >&2
    fail=1
    continue
  fi
  if ! head -c 8 "$path" | od -An -tx1 | tr -d ' \n' | grep -q '^89504e470d0a1a0a$'; then
    echo "FAIL: data/screenshots/$file is not a PNG" >&2
    fail=1
    continue
  fi
  source=$(awk -v f="$file" '$1 == f { print $2 }' "$sources")
  if [ -z "$source" ]; then
    echo "FAIL: data/screenshots/sources.txt does not say where $file comes from" >&2
    fail=1
    continue
  fi
  echo "ok: $file is in the repository (from $source)"
  printf '%s %s\n' "$file" "$source" >> "$tmp/files"
done < "$tmp/images"

# --- 2. current ----------------------------------------------------------------
for tool in compare convert identify; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    [ "$fail" -eq 0 ] || exit 1
    echo "SKIP: ImageMagick's $tool is not installed: the screenshots were not compared" >&2
    exit 77
  fi
done

binary="$build/src/partida"
compared=0
not_taken=0
while read -r file source; do
  shot="$build/screenshots/$source"
  if [ ! -f "$shot" ] || { [ -f "$binary" ] && [ "$shot" -ot "$binary" ]; }; then
    echo "note: $source was not taken by this build's UI tests"
    not_taken=$((not_taken + 1))
    continue
  fi
  repo="$src/data/screenshots/$file"
  size_repo=$(identify -format '%wx%h' "$repo")
  size_build=$(identify -format '%wx%h' "$shot")
  if [ "$size_repo" != "$size_build" ]; then
    echo "FAIL: data/screenshots/$file is $size_repo, the build's $source is $size_build (run build-aux/update-screenshots)" >&2
    fail=1
    continue
  fi
  convert "$repo" -alpha remove -filter box -resize 12.5% "$tmp/a.png"
  convert "$shot" -alpha remove -filter box -resize 12.5% "$tmp/b.png"
  # "12.3 (0.0019)": the normalised value in parentheses. Exit 1 = different.
  rmse=$(compare -metric RMSE "$tmp/a.png" "$tmp/b.png" null: 2>&1 | sed -n 's/.*(\([0-9.e+-]*\)).*/\1/p' || true)
  if [ -z "$rmse" ]; then
    echo "FAIL: could not compare data/screenshots/$file with $source" >&2
    fail=1
    continue
  fi
  if awk -v d="$rmse" -v t="$TOLERANCE" 'BEGIN { exit !(d <= t) }'; then
    echo "ok: data/screenshots/$file looks like the build's $source (RMSE $rmse <= $TOLERANCE)"
  else
    echo "FAIL: data/screenshots/$file differs from the build's $source (RMSE $rmse > $TOLERANCE): run build-aux/update-screenshots" >&2
    fail=1
  fi
  compared=$((compared + 1))
done < "$tmp/files"

[ "$fail" -eq 0 ] || exit 1
if [ "$compared" -eq 0 ]; then
  echo "SKIP: the UI tests did not run in $build: the screenshots are listed and present, but not compared" >&2
  exit 77
fi
if [ "$not_taken" -gt 0 ]; then
  echo "note: $not_taken screenshots not compared (their UI tests did not run)"
fi
exit 0
