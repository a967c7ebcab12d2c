#!/bin/sh
# test-cli-limits.sh — outside text that used to crash partida-cli (issue 16):
# deeply nested JSON for replay, legal, score and import is an error with a
# message (exit 1), never a crash; Next Station `legal` lists every seat's
# actions on the flipped card; a short turn is an error at its own index.
#
# Usage: test-cli-limits.sh PARTIDA_CLI RECORDS_DIR   (needs jq, python3)
# Prints TAP.

set -u
CLI=$1
R=$2
. "$(dirname "$0")/tap.sh"
if ! command -v python3 >/dev/null 2>&1; then
  echo '1..0 # SKIP python3 is not installed'
  exit 0
fi

# 80,000 nested arrays (160 KB): json-glib's recursive parser overflowed
# the stack on this before pt_json_parse refused it.
python3 -c 'import sys; sys.stdout.write("[" * 80000 + "]" * 80000)' > "$TMP/nested.json"
# The same depth inside an otherwise valid record, sheet and export.
python3 - "$R/ns-midgame.json" "$R/ns-sheet.json" "$TMP" <<'PY'
import json, sys
record, sheet, tmp = sys.argv[1:]
deep = "[" * 80000 + "]" * 80000
with open(record) as f:
    text = f.read().rstrip()
with open(tmp + "/nested-record.json", "w") as f:
    f.write(text[:text.rindex("]")] + ", " + deep + "]}")
with open(sheet) as f:
    s = json.load(f)
with open(tmp + "/nested-sheet.json", "w") as f:
    f.write(json.dumps(s)[:-1] + ', "extra": ' + deep + "}")
with open(tmp + "/nested-export.json", "w") as f:
    f.write('{"format": "partida-export/1", "players": [], "nights": [], "matches": '
            '[{"breakdown": ' + deep + '}]}')
# 65 levels: one past the limit; 64 is fine for the scanner.
with open(tmp + "/depth-65.json", "w") as f:
    f.write("[" * 65 + "]" * 65)
PY

limit_ok () {   # limit_ok WHAT FILE COMMAND… : exit 1 with the nesting message
  what=$1; file=$2; shift 2
  ok "$what: refused with status 1" status 1 "$@"
  ok "$what: says why" grep -q "deeper than 64 levels" "$TMP/out" "$TMP/err"
}

for file in nested nested-record depth-65; do
  limit_ok "replay $file" "$file" "$CLI" replay "$TMP/$file.json" --json
  limit_ok "legal $file" "$file" "$CLI" legal "$TMP/$file.json" --json
done
ok "replay nested: the error is a setup error (move -1)" json '.error.move == -1' "$TMP/out"
limit_ok "replay (text)" nested "$CLI" replay "$TMP/nested.json"
limit_ok "score nested" nested "$CLI" score "$TMP/nested.json" --json
limit_ok "score nested sheet" nested-sheet "$CLI" score "$TMP/nested-sheet.json" --json
# Format detection may take a bare array for no known format, or for a
# Partida export refused for its depth: a message either way …
ok "import nested: refused with status 1" status 1 "$CLI" import --db "$TMP/db.sqlite" "$TMP/nested.json"
ok "import nested: says why" grep -qE "neither a Partida export|deeper than 64 levels" "$TMP/err"
# … and, read as a Partida export, refused for its depth.
limit_ok "import nested as partida" nested "$CLI" import --from partida --db "$TMP/db.sqlite" "$TMP/nested.json"
limit_ok "import nested as BG Stats" nested "$CLI" import --from bgstats --db "$TMP/db.sqlite" "$TMP/nested.json"
limit_ok "import nested breakdown" nested-export "$CLI" import --db "$TMP/db.sqlite" "$TMP/nested-export.json"
ok "score from stdin, nested" sh -c "'$CLI' score - < '$TMP/nested.json' >'$TMP/out' 2>'$TMP/err'; test \$? -eq 1"

# Invalid UTF-8 and a NUL byte are errors with a message, too.
printf '{"format": "partida-record/1", "game": "\377"}' > "$TMP/latin.json"
ok "replay invalid UTF-8: status 1" status 1 "$CLI" replay "$TMP/latin.json" --json
ok "replay invalid UTF-8: says why" json '.error.message | contains("UTF-8")' "$TMP/out"
printf '{"format": "partida-record/1"}\000{' > "$TMP/nul.json"
ok "replay NUL byte: status 1" status 1 "$CLI" replay "$TMP/nul.json" --json

# --- Next Station: every seat may act on the flipped card -----------------
ok "new: a 3-player game" status 0 "$CLI" new next-station-london --seed 7 --players 3
cp "$TMP/out" "$TMP/ns3.json"
for seat in 0 1 2; do
  ok "legal fresh, seat $seat: status 0" status 0 "$CLI" legal "$TMP/ns3.json" --player $seat --json
  ok "legal fresh, seat $seat: pass and sections" json '.[0] == {"pass": true} and (map(select(has("from"))) | length) > 0' "$TMP/out"
done
# Seat 0 has acted on the first card: it lists nothing, seats 1 and 2 do.
jq -c '.moves = [[{"pass": true}]]' "$TMP/ns3.json" > "$TMP/ns3-mid.json"
ok "legal mid-turn, seat 0: status 0" status 0 "$CLI" legal "$TMP/ns3-mid.json" --player 0 --json
ok "legal mid-turn, seat 0 has acted: nothing" json '. == []' "$TMP/out"
for seat in 1 2; do
  ok "legal mid-turn, seat $seat: status 0" status 0 "$CLI" legal "$TMP/ns3-mid.json" --player $seat --json
  ok "legal mid-turn, seat $seat: pass and sections" json '.[0] == {"pass": true} and (map(select(has("from"))) | length) > 0' "$TMP/out"
done
ok "legal mid-turn, default player is seat 1" status 0 "$CLI" legal "$TMP/ns3-mid.json" --json
ok "legal mid-turn, default player lists moves" json 'length > 1' "$TMP/out"
# Two seats have acted.
jq -c '.moves = [[{"pass": true}, {"pass": true}]]' "$TMP/ns3.json" > "$TMP/ns3-two.json"
ok "legal after two, seat 1: nothing" sh -c "'$CLI' legal '$TMP/ns3-two.json' --player 1 --json | jq -e '. == []'"
ok "legal after two, seat 2: moves" sh -c "'$CLI' legal '$TMP/ns3-two.json' --player 2 --json | jq -e 'length > 1'"

# --- Next Station: a short turn is an error at its own index ---------------
jq -c '.moves = [[{"pass": true}, {"pass": true}, {"pass": true}], [{"pass": true}], [{"pass": true}, {"pass": true}, {"pass": true}]]' \
  "$TMP/ns3.json" > "$TMP/ns3-short.json"
ok "replay short turn: status 1" status 1 "$CLI" replay "$TMP/ns3-short.json" --json
ok "replay short turn: at move 1, seat 1" json '.error.move == 1 and .error.player == 1 and (.error.message | contains("one action per player (3), not 1"))' "$TMP/out"
ok "legal short turn: status 1" status 1 "$CLI" legal "$TMP/ns3-short.json" --json
ok "legal short turn: at move 1" json '.error.move == 1' "$TMP/out"
# … but a record may end with one (a game saved mid-turn).
jq -c '.moves = [[{"pass": true}, {"pass": true}, {"pass": true}], [{"pass": true}]]' \
  "$TMP/ns3.json" > "$TMP/ns3-saved.json"
ok "replay saved mid-turn: status 0" status 0 "$CLI" replay "$TMP/ns3-saved.json" --json
ok "replay saved mid-turn: seat 1 to act" json '.current_player == 1' "$TMP/out"

tap_end
