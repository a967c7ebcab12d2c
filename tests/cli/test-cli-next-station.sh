#!/bin/sh
# test-cli-next-station.sh — partida-cli new/replay/legal/score and partida-bench on Next
# Station: London records and score sheets, valid and invalid.
#
# Usage: test-cli-next-station.sh PARTIDA_CLI RECORDS_DIR PARTIDA_BENCH   (needs jq)
# Prints TAP.

set -u
CLI=$1
R=$2
BENCH=$3
. "$(dirname "$0")/tap.sh"

G=next-station-london

# --- new -------------------------------------------------------------------
ok "new: deals a record" status 0 "$CLI" new $G --seed 5 --players 3 --objectives --powers
cp "$TMP/out" "$TMP/new.json"
ok "new: envelope and no moves" json '.game == "next-station-london" and (.players | length) == 3 and .moves == []' "$TMP/new.json"
ok "new: 2 distinct objectives, powers on" json '(.options.objectives | unique | length) == 2 and .options.powers == true' "$TMP/new.json"
ok "new: 4 decks of the 11 cards" json '(.setup.decks | length) == 4 and all(.setup.decks[]; (unique | length) == 11)' "$TMP/new.json"
ok "new: each player uses every colour" json 'all(.setup.colour_order[]; (unique | length) == 4)' "$TMP/new.json"
ok "new: a different power per colour" json '(.setup.powers | [.[]] | unique | length) == 4' "$TMP/new.json"
ok "new: same seed, same deal" sh -c "'$CLI' new $G --seed 5 --players 3 --objectives --powers | cmp -s - '$TMP/new.json'"
ok "new: no modules by default" status 0 "$CLI" new $G --seed 5 --players 1
ok "new: default options" json '.options == {"objectives": [], "powers": false} and .setup.powers == {}' "$TMP/out"
ok "new: --colors refused" status 1 "$CLI" new $G --colors 6
ok "new: 5 players is a usage error" status 2 "$CLI" new $G --players 5

# --- replay ----------------------------------------------------------------
ok "replay: finished game" status 0 "$CLI" replay "$R/ns-finished.json" --json
ok "replay: finished shape" json '.over == true and .current_player == -1 and (.scores | length) == 2 and (.winners | length) >= 1' "$TMP/out"
ok "replay: solo game" status 0 "$CLI" replay "$R/ns-solo-finished.json" --json
ok "replay: mid-turn save" status 0 "$CLI" replay "$R/ns-midgame.json" --json
ok "replay: mid-turn current player" json '.over == false and .current_player == 1 and .winners == []' "$TMP/out"
ok "replay: crossing refused" status 1 "$CLI" replay "$R/ns-invalid-crossing.json" --json
ok "replay: crossing error" json '.error.move == 3 and .error.player == 0 and (.error.message | contains("would cross your section from column 3, row 4 to column 5, row 6"))' "$TMP/out"
ok "replay: bad deck is a setup error" status 1 "$CLI" replay "$R/ns-invalid-setup.json" --json
ok "replay: setup error index" json '.error.move == -1 and (.error.message | contains("U:circle appears twice"))' "$TMP/out"
ok "replay: another colour's power" status 1 "$CLI" replay "$R/ns-invalid-power.json" --json
ok "replay: power error" json '.error.move == 0 and (.error.message | contains("“double”, not “joker”"))' "$TMP/out"

# --- legal -----------------------------------------------------------------
ok "legal: fresh game" status 0 "$CLI" legal "$TMP/new.json" --player 0 --json
ok "legal: pass and sections" json '.[0] == {"pass": true} and (map(select(has("from"))) | length) > 0' "$TMP/out"
ok "legal: a finished game is an error" status 1 "$CLI" legal "$R/ns-finished.json" --player 0 --json
ok "legal: … with a message" json '.error.message | contains("over")' "$TMP/out"

# --- score -----------------------------------------------------------------
ok "score: rulebook sheet" status 0 "$CLI" score "$R/ns-sheet.json" --json
ok "score: 119" json '.scores == [119] and .players[0].lines == [20,16,29,22] and .solo_rating.band == 2' "$TMP/out"
ok "score: impossible M refused" status 1 "$CLI" score "$R/ns-sheet-invalid.json" --json
ok "score: message names the value" json '.error.message | contains("Most stations in one district = 10")' "$TMP/out"

# --- bench -----------------------------------------------------------------
ok "bench: runs" status 0 "$BENCH" $G --games 200 --repeat 1 --json
ok "bench: figures" json '.games_per_second_median > 0 and .actions_per_game > 0' "$TMP/out"
ok "bench next-station-bot --breakdown: runs" status 0 "$BENCH" next-station-bot --level medium --games 4 --breakdown
# The parts must add up to the mean score, and every line must score.
ok "bench next-station-bot --breakdown: parts add up" sh -c "awk '
  /mean solo score/ { for (i = 1; i <= NF; i++) if (\$i == \"score\") mean = \$(i + 1) }
  /^  line [1-4]:/ { sum += \$3; n++; if (\$3 <= 0) bad = 1 }
  /^  tourist sites:/ { sum += \$3 + \$8 + \$11 }
  END { d = sum - mean; exit !(n == 4 && !bad && mean > 0 && d < 0.03 && d > -0.03) }' '$TMP/out'"
# The open-decks yardstick plays whole games with the search.
ok "bench next-station-bot --level hard-open: runs" status 0 "$BENCH" next-station-bot --level hard-open --games 2 --samples 4 --max-steps 2000 --scores
ok "bench next-station-bot --level hard-open: scores both games" sh -c "grep -c '^game [0-9]* [0-9]' '$TMP/out' | grep -qx 2"

tap_end
