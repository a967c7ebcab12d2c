#!/bin/sh
# check-flatpak-manifest.sh MANIFEST — an offline check of the Flatpak
# manifest: flatpak-builder parses it without a warning, and jq asserts the
# packaging rules (pinned GNOME runtime, no home or host filesystem access,
# SQLite and json-glib from the runtime, tests run during the build).
set -eu
manifest="${1:?usage: check-flatpak-manifest.sh MANIFEST}"

for tool in flatpak-builder jq; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "SKIP: $tool is not installed" >&2
    exit 77
  fi
done

G_DEBUG=fatal-warnings flatpak-builder --show-manifest "$manifest" > /dev/null

fail=0
check () {
  description="$1"
  filter="$2"
  if jq -e "$filter" "$manifest" > /dev/null; then
    echo "ok: $description"
  else
    echo "FAIL: $description ($filter)" >&2
    fail=1
  fi
}

check "application ID" '.id == "io.github.partida.Partida"'
check "command is partida" '.command == "partida"'
check "GNOME runtime" '.runtime == "org.gnome.Platform" and .sdk == "org.gnome.Sdk"'
check "runtime version pinned to a stable release" \
  '(.["runtime-version"] | type == "string") and (.["runtime-version"] | test("^[0-9]+$")) and ((.["runtime-version"] | tonumber) >= 46)'
check "no home or host filesystem" \
  '[.["finish-args"][] | select(test("^--filesystem=(home|host)"))] | length == 0'
check "no session-wide D-Bus" '[.["finish-args"][] | select(. == "--socket=session-bus")] | length == 0'
check "last module is partida" '.modules[-1].name == "partida"'
check "partida builds with meson" '.modules[-1].buildsystem == "meson"'
check "partida runs its tests" '.modules[-1]["run-tests"] == true'
check "SQLite and json-glib come from the runtime" \
  '[.modules[] | objects | .name | select(test("sqlite|json-glib"; "i"))] | length == 0'
check "builds the source tree" '.modules[-1].sources | any(.type == "dir")'
exit "$fail"
