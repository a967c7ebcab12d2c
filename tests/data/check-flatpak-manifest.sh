#!/bin/sh
# check-flatpak-manifest.sh flathub|devel MANIFEST [SOURCE_DIR] — an offline
# check of a Flatpak manifest: flatpak-builder parses it without a warning,
# and jq asserts the packaging rules.
#
#   both     GNOME runtime still supported (OLDEST_SUPPORTED_GNOME or newer),
#            exactly the permissions Partida needs (Wayland with X11
#            fallback, IPC for X11, DRI: no home, host, network or D-Bus),
#            json-glib from the runtime, SQLite bundled once with the
#            session extension (sync, docs/sync.md) from a sha256-pinned
#            sqlite.org tarball, tests run in the build,
#            partida-cli not cleaned up (it ships: flatpak run
#            --command=partida-cli io.github.partida.Partida);
#   flathub  the release ID, a release build, and the Partida module from a
#            git source pinned to a tag vX.Y.Z (the meson project version)
#            and a 40-digit commit (one of this repository's, when the check
#            runs in a full git checkout); no dir source anywhere, which
#            Flathub's linter rejects (module-…-source-dir-not-allowed);
#   devel    the .Devel ID, the development profile, the source tree as a
#            dir source.
#
# flatpak-builder cannot build here (no GNOME SDK offline); README.md says
# how a maintainer builds and submits it.
set -eu
kind="${1:?usage: check-flatpak-manifest.sh flathub|devel MANIFEST [SOURCE_DIR]}"
manifest="${2:?usage: check-flatpak-manifest.sh flathub|devel MANIFEST [SOURCE_DIR]}"
src="${3:-$(dirname "$manifest")/..}"

# GNOME keeps the last two stable runtimes supported (a new one every
# March and September); raise this when Flathub marks the oldest end-of-life.
OLDEST_SUPPORTED_GNOME=50

case "$kind" in
  flathub|devel) ;;
  *) echo "usage: check-flatpak-manifest.sh flathub|devel MANIFEST [SOURCE_DIR]" >&2; exit 2 ;;
esac

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
  shift 2
  if jq -e "$@" "$filter" "$manifest" > /dev/null; then
    echo "ok: $description"
  else
    echo "FAIL: $description ($filter)" >&2
    fail=1
  fi
}

version=$(sed -n "s/^ *version: *'\([^']*\)'.*/\1/p" "$src/meson.build" | head -n 1)
if [ -z "$version" ]; then
  echo "FAIL: no project version in $src/meson.build" >&2
  exit 1
fi

# --- both manifests ---------------------------------------------------------
check "command is partida" '.command == "partida"'
check "GNOME runtime" '.runtime == "org.gnome.Platform" and .sdk == "org.gnome.Sdk"'
check "runtime is a supported stable GNOME ($OLDEST_SUPPORTED_GNOME or newer)" \
  '(.["runtime-version"] | type == "string") and (.["runtime-version"] | test("^[0-9]+$"))
   and ((.["runtime-version"] | tonumber) >= $oldest)' \
  --argjson oldest "$OLDEST_SUPPORTED_GNOME"
check "permissions are exactly Wayland, X11 fallback, IPC and DRI" \
  '(.["finish-args"] | sort) == ["--device=dri", "--share=ipc", "--socket=fallback-x11", "--socket=wayland"]'
check "no home, host or other filesystem access" \
  '[.["finish-args"][] | select(test("^--filesystem="))] | length == 0'
check "no network, no D-Bus names or buses" \
  '[.["finish-args"][] | select(test("^--(share=network|socket=(session|system)-bus|talk-name|own-name|system-talk-name)"))] | length == 0'
check "last module is partida" '.modules[-1].name == "partida"'
check "partida builds with meson" '.modules[-1].buildsystem == "meson"'
check "partida runs its tests" '.modules[-1]["run-tests"] == true'
check "json-glib comes from the runtime" \
  '[.modules[] | objects | .name | select(test("json-glib"; "i"))] | length == 0'
check "SQLite is bundled once, with the session extension, from a pinned tarball" \
  '[.modules[] | objects | select(.name | test("sqlite"; "i"))] as $s
   | ($s | length) == 1
     and ($s[0]["build-options"].cflags | test("-DSQLITE_ENABLE_SESSION( |$)")
          and test("-DSQLITE_ENABLE_PREUPDATE_HOOK( |$)"))
     and ($s[0].sources | length) == 1 and $s[0].sources[0].type == "archive"
     and ($s[0].sources[0].url | test("^https://www[.]sqlite[.]org/"))
     and ($s[0].sources[0].sha256 | test("^[0-9a-f]{64}$"))'
check "partida-cli ships (not cleaned up)" \
  '([(.cleanup // [])[], (.modules[-1].cleanup // [])[] | select(test("^/?bin(/|$)|partida-cli"))] | length == 0)
   and ((.["cleanup-commands"] // []) | length == 0)'

# --- per manifest -----------------------------------------------------------
if [ "$kind" = flathub ]; then
  check "application ID" '.id == "io.github.partida.Partida"'
  check "a release build (default profile)" \
    '(.modules[-1]["config-opts"] | index("--buildtype=release")) != null
     and ([.modules[-1]["config-opts"][] | select(test("profile=development"))] | length == 0)'
  check "no dir source in any module (Flathub builds from published sources)" \
    '[.. | objects | select(has("sources")) | .sources[] | objects | select(.type == "dir")] | length == 0'
  check "partida comes from one git source" \
    '(.modules[-1].sources | length) == 1 and .modules[-1].sources[0].type == "git"
     and (.modules[-1].sources[0].url | test("^https://"))'
  check "the git source is pinned to the tag v$version" \
    '.modules[-1].sources[0].tag == ("v" + $version)' --arg version "$version"
  check "the git source is pinned to a full commit hash" \
    '.modules[-1].sources[0].commit | type == "string" and test("^[0-9a-f]{40}$")'
  check "no branch in the git source (a tag and a commit only)" \
    '.modules[-1].sources[0] | has("branch") | not'

  commit=$(jq -r '.modules[-1].sources[0].commit // empty' "$manifest")
  if [ -n "$commit" ] && command -v git >/dev/null 2>&1 \
     && [ "$(git -C "$src" rev-parse --is-inside-work-tree 2>/dev/null)" = true ] \
     && [ "$(git -C "$src" rev-parse --is-shallow-repository 2>/dev/null)" = false ]; then
    if git -C "$src" cat-file -e "$commit^{commit}" 2>/dev/null; then
      echo "ok: commit $commit is in this repository"
    else
      echo "FAIL: commit $commit is not in this repository" >&2
      fail=1
    fi
  else
    echo "note: not a full git checkout; the commit's presence is not checked"
  fi
else
  check "application ID" '.id == "io.github.partida.Partida.Devel"'
  check "development profile" '(.modules[-1]["config-opts"] | index("-Dprofile=development")) != null'
  check "builds the source tree (dir source)" \
    '.modules[-1].sources | length == 1 and .[0].type == "dir" and .[0].path == ".."'
fi
exit "$fail"
