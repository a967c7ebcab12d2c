# tap.sh — the TAP helpers the partida-cli shell tests share; sourced by
# test-cli-*.sh (`. "$(dirname "$0")/tap.sh"`), which then call `ok` once per
# check and `tap_end` last. Commands' output lands in $TMP/out and $TMP/err.

set -u

# Every check below reads JSON with jq: without it, skip the whole script.
if ! command -v jq >/dev/null 2>&1; then
  echo '1..0 # SKIP jq is not installed'
  exit 0
fi

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
n=0
failed=0

ok () {       # ok DESCRIPTION COMMAND… : passes when COMMAND succeeds
  desc=$1; shift
  n=$((n + 1))
  if "$@" >/dev/null 2>&1; then
    echo "ok $n - $desc"
  else
    echo "not ok $n - $desc"
    failed=$((failed + 1))
  fi
}

status () {   # status EXPECTED COMMAND… : the command's exit status is EXPECTED
  expected=$1; shift
  "$@" >"$TMP/out" 2>"$TMP/err"
  test $? -eq "$expected"
}

json () {     # json JQ-FILTER FILE : the filter yields true
  test "$(jq -e "$1" "$2" 2>/dev/null)" = true
}

tap_end () {  # the plan, and the exit status: 0 when every check passed
  echo "1..$n"
  test $failed -eq 0
}
