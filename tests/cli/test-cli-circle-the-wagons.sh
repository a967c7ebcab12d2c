#!/bin/sh
# test-cli-circle-the-wagons.sh — partida-cli new/replay/legal/score and partida-bench on
# Circle the Wagons records and score sheets, valid and invalid.
#
# Usage: test-cli-circle-the-wagons.sh PARTIDA_CLI RECORDS_DIR PARTIDA_BENCH   (needs jq)
# Prints TAP.

set -u
CLI=$1
R=$2
BENCH=$3
. "$(dirname "$0")/tap.sh"

# --- new -------------------------------------------------------------------
ok "new: deals a record" status 0 "$CLI" new circle-the-wagons --seed 11 --names Ana,Beto
cp "$TMP/out" "$TMP/new.json"
ok "new: record envelope" json '.format == "partida-record/1" and .game == "circle-the-wagons" and .options == {} and .moves == []' "$TMP/new.json"
ok "new: 3 bonus + 15 circle cards, all 18 once" json '(.setup.bonus | length) == 3 and (.setup.circle | length) == 15 and ((.setup.bonus + .setup.circle) | unique | length) == 18' "$TMP/new.json"
ok "new: same setup as the sample record" sh -c "test \"\$(jq -c .setup '$TMP/new.json')\" = \"\$(jq -c .setup '$R/ctw-finished.json')\""
ok "new: another seed, another deal" sh -c "! '$CLI' new circle-the-wagons --seed 12 --names Ana,Beto | cmp -s - '$TMP/new.json'"
ok "new: --first-player 1" status 0 "$CLI" new circle-the-wagons --seed 1 --first-player 1
ok "new: first player kept" json '.setup.first_player == 1' "$TMP/out"
ok "new: --colors refused by the game" status 1 "$CLI" new circle-the-wagons --colors 6
ok "new: 3 players refused" status 1 "$CLI" new circle-the-wagons --players 3

# --- replay ----------------------------------------------------------------
ok "replay: fresh record" status 0 "$CLI" replay "$TMP/new.json" --json
ok "replay: player 2 names the start card" json '.over == false and .current_player == 1 and .scores == [0,0] and .winners == []' "$TMP/out"
ok "replay: mid-game record" status 0 "$CLI" replay "$R/ctw-midgame.json" --json
ok "replay: mid-game position" json '.over == false and .current_player == 0 and .winners == [] and .scores == [15,20]' "$TMP/out"
ok "replay: finished record" status 0 "$CLI" replay "$R/ctw-finished.json" --json
ok "replay: finished position" json '.over == true and .current_player == -1 and .scores == [18,29] and .winners == [1]' "$TMP/out"
ok "replay: readable output names the winner" sh -c "'$CLI' replay '$R/ctw-finished.json' | grep -q 'Beto: 29  (winner)'"
ok "replay: corner-only placement" status 1 "$CLI" replay "$R/ctw-invalid-corner.json" --json
ok "replay: … move 5, player 1, corner" json '.error.move == 5 and .error.player == 1 and (.error.message | test("corner"))' "$TMP/out"
ok "replay: the wrong card to place" status 1 "$CLI" replay "$R/ctw-invalid-wrong-card.json" --json
ok "replay: … names the card due" json '.error.move == 5 and (.error.message | test("B6 is the card to place now, not B7"))' "$TMP/out"
ok "replay: a sideways card" status 1 "$CLI" replay "$R/ctw-invalid-rotation.json" --json
ok "replay: … move 2, rotation" json '.error.move == 2 and .error.player == 0 and (.error.message | test("90"))' "$TMP/out"
ok "replay: taking a card already taken" status 1 "$CLI" replay "$R/ctw-invalid-take.json" --json
ok "replay: … not in the queue" json '.error.move == 4 and (.error.message | test("B8 is not in the queue"))' "$TMP/out"
ok "replay: a bonus card as start" status 1 "$CLI" replay "$R/ctw-invalid-start.json" --json
ok "replay: … move 0, player 1" json '.error.move == 0 and .error.player == 1 and (.error.message | test("circle"))' "$TMP/out"
ok "replay: a move after the end" status 1 "$CLI" replay "$R/ctw-invalid-after-end.json" --json
ok "replay: … move 24" json '.error.move == 24' "$TMP/out"
ok "replay: an unknown (lower-case) card in the setup" status 1 "$CLI" replay "$R/ctw-invalid-setup.json" --json
ok "replay: … setup error is move -1" json '.error.move == -1 and (.error.message | test("a3"))' "$TMP/out"

# --- legal -----------------------------------------------------------------
ok "legal: start" status 0 "$CLI" legal "$TMP/new.json" --json --player 1
ok "legal: … the 15 circle cards" json 'length == 15 and all(.[]; has("start"))' "$TMP/out"
ok "legal: mid-game placements" status 0 "$CLI" legal "$R/ctw-midgame.json" --json
cp "$TMP/out" "$TMP/legal.json"
ok "legal: … rot 0 and 180 for every anchor, each once" json 'length > 0 and length % 2 == 0 and all(.[]; has("place") and (.rot == 0 or .rot == 180)) and (map(tostring) | unique | length) == length' "$TMP/legal.json"
jq '.moves += [input[-1]]' "$R/ctw-midgame.json" "$TMP/legal.json" > "$TMP/next.json"
ok "legal: the last legal move replays" status 0 "$CLI" replay "$TMP/next.json" --json
ok "legal: the other player has none" status 0 "$CLI" legal "$R/ctw-midgame.json" --json --player 1
ok "legal: … empty" json '. == []' "$TMP/out"
jq '.moves = .moves[0:1]' "$R/ctw-finished.json" > "$TMP/take.json"
ok "legal: take" status 0 "$CLI" legal "$TMP/take.json" --json
ok "legal: … the whole queue" json 'length == 15 and all(.[]; has("take"))' "$TMP/out"
jq '.moves = .moves[0:3]' "$R/ctw-finished.json" > "$TMP/first.json"
ok "legal: a first card" status 0 "$CLI" legal "$TMP/first.json" --json
ok "legal: … only at the origin" json '. == [{"place":"A4","x":0,"y":0,"rot":0},{"place":"A4","x":0,"y":0,"rot":180}]' "$TMP/out"
ok "legal: nothing after the end" status 0 "$CLI" legal "$R/ctw-finished.json" --json
ok "legal: … empty" json '. == []' "$TMP/out"

# --- score -----------------------------------------------------------------
ok "score: counts" status 0 "$CLI" score "$R/ctw-sheet.json" --json
ok "score: … totals 37 and 24" json '.scores == [37,24] and .winners == [0] and .players[0].bonus == {"happy_cows":6,"claim_jumpers":4,"fortified":7}' "$TMP/out"
ok "score: … nine lines each" json 'all(.players[]; (.lines | length) == 9)' "$TMP/out"
ok "score: a painted town" status 0 "$CLI" score "$R/ctw-sheet-painted.json" --json
ok "score: … computed" json '.scores == [31,18] and .players[0].groups_total == 6 and .players[0].bonus.smalltown_charm == 22 and .players[0].counts.territories == 8' "$TMP/out"
ok "score: readable output" status 0 "$CLI" score "$R/ctw-sheet.json"
ok "score: a pair no card has" status 1 "$CLI" score "$R/ctw-sheet-invalid-pair.json" --json
ok "score: … says so" json '.error.message | test("Snow territory with a Beer")' "$TMP/out"
ok "score: 16 cards" status 1 "$CLI" score "$R/ctw-sheet-invalid-cards.json" --json
ok "score: … says so" json '.error.message | test("16 cards")' "$TMP/out"

# --- bench -----------------------------------------------------------------
ok "bench: a short run" status 0 "$BENCH" circle-the-wagons --games 50 --calls 100 --repeat 1 --json
ok "bench: reports both figures" json '.games_per_second_median > 0 and .enumerate_us_median > 0 and .placements_per_enumeration > 2' "$TMP/out"
ok "bench: bad option is a usage error" status 2 "$BENCH" circle-the-wagons --games 0

tap_end
