#!/bin/sh
# check-icons.sh SOURCE_ROOT — the pre-rendered 16 px symbolic PNGs in
# src/ui/app/icons/16x16/actions/ (the view switcher's icons, loaded before
# the first frame without the SVG renderer) are what gtk4-encode-symbolic-svg
# makes of the SVGs in src/ui/app/icons/scalable/actions/ now, and every
# such SVG has one. Skips (77) without gtk4-encode-symbolic-svg.
root="$1"
if ! command -v gtk4-encode-symbolic-svg >/dev/null 2>&1; then
  echo "SKIP: gtk4-encode-symbolic-svg (libgtk-4-bin) is not installed" >&2
  exit 77
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0
for svg in "$root"/src/ui/app/icons/scalable/actions/*-symbolic.svg; do
  name=$(basename "$svg" .svg)
  png="$root/src/ui/app/icons/16x16/actions/$name.symbolic.png"
  gtk4-encode-symbolic-svg -o "$tmp" "$svg" 16x16 || exit 1
  if [ ! -f "$png" ]; then
    echo "missing: $png (run: gtk4-encode-symbolic-svg -o src/ui/app/icons/16x16/actions $svg 16x16)" >&2
    status=1
  elif ! cmp -s "$tmp/$name.symbolic.png" "$png"; then
    echo "out of date: $png (run: gtk4-encode-symbolic-svg -o src/ui/app/icons/16x16/actions $svg 16x16)" >&2
    status=1
  fi
done
exit $status
