#!/bin/sh
# check-format.sh SOURCE_ROOT — the C sources of src/ and tests/ are as the
# repository's .clang-format writes them (the tree was formatted once with
# clang-format 14, Debian 12's; another version formats some lines
# differently, so the check skips, exit 77, without version 14).
root="$1"
tool=""
for candidate in clang-format-14 clang-format; do
  if command -v "$candidate" >/dev/null 2>&1 &&
     "$candidate" --version | grep -q 'version 14\.'; then
    tool="$candidate"
    break
  fi
done
if [ -z "$tool" ]; then
  echo "SKIP: clang-format 14 is not installed" >&2
  exit 77
fi
cd "$root" || exit 1
status=0
for file in $(find src tests -name '*.[ch]' -not -path '*/corpus/*' | sort); do
  if ! "$tool" --dry-run --Werror "$file" 2>/dev/null; then
    echo "not formatted: $file (run: $tool -i $file)" >&2
    status=1
  fi
done
exit $status
