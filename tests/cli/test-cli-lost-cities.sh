#!/bin/sh
# test-cli-lost-cities.sh — partida-cli new/replay/legal/score and partida-bench on Lost
# Cities records and score sheets, valid and invalid: exit codes and JSON.
#
# Usage: test-cli-lost-cities.sh PARTIDA_CLI RECORDS_DIR PARTIDA_BENCH   (needs jq)
# Prints TAP.

set -u
CLI=$1
R=$2
BENCH=$3
. "$(dirname "$0")/tap.sh"

# --- new -------------------------------------------------------------------
ok "new: deals a record" status 0 "$CLI" new lost-cities --seed 7 --names Ana,Beto
cp "$TMP/out" "$TMP/new.json"
ok "new: record envelope" json '.format == "partida-record/1" and .game == "lost-cities" and .players == ["Ana","Beto"] and .moves == []' "$TMP/new.json"
ok "new: rulebook options by default" json '.options == {"colors":5,"bonus_counts_wagers":true,"wager_only_scores":true}' "$TMP/new.json"
ok "new: 8 + 8 + 44 cards" json '(.setup.hands | map(length)) == [8,8] and (.setup.deck | length) == 44' "$TMP/new.json"
ok "new: the whole deck, once" json '([.setup.hands[][], .setup.deck[]] | map(select(endswith("W") | not)) | unique | length) == 45' "$TMP/new.json"
ok "new: same seed, same deal" sh -c "'$CLI' new lost-cities --seed 7 --names Ana,Beto | cmp -s - '$TMP/new.json'"
ok "new: another seed, another deal" sh -c "! '$CLI' new lost-cities --seed 8 --names Ana,Beto | cmp -s - '$TMP/new.json'"
ok "new: --colors 6 --rules seed" status 0 "$CLI" new lost-cities --seed 1 --colors 6 --rules seed
ok "new: 6-colour options" json '.options == {"colors":6,"bonus_counts_wagers":false,"wager_only_scores":false} and (.setup.deck | length) == 56' "$TMP/out"
ok "new: --first-player" status 0 "$CLI" new lost-cities --seed 1 --first-player 1
ok "new: first player kept" json '.setup.first_player == 1' "$TMP/out"
ok "new: default names" status 0 "$CLI" new lost-cities --seed 1
ok "new: two players" json '.players | length == 2' "$TMP/out"
ok "new: --colors 7 refused by the game" status 1 "$CLI" new lost-cities --colors 7
ok "new: --powers refused by Lost Cities" status 1 "$CLI" new lost-cities --powers
ok "new: 3 players refused" status 1 "$CLI" new lost-cities --players 3
ok "new: unknown game" status 1 "$CLI" new chess
ok "new: unknown flag is a usage error" status 2 "$CLI" new lost-cities --frobnicate
ok "new: missing game is a usage error" status 2 "$CLI" new
ok "new: bad seed is a usage error" status 2 "$CLI" new lost-cities --seed abc
ok "new: --help" status 0 "$CLI" new --help
ok "new: --help lists the games and presets from the rules registry" sh -c "grep -q 'Games: lost-cities, circle-the-wagons, next-station-london' '$TMP/out' && grep -q 'lost-cities: rulebook, seed' '$TMP/out'"
ok "new: --help writes out no game title" sh -c "! grep -qi 'lost cities\|circle the wagons\|next station' '$TMP/out'"
ok "engine: --help" status 0 "$CLI" engine --help
ok "engine: --help says which games a level is for, from the AI registry" grep -q "denial (lost-cities)" "$TMP/out"

# --- replay ----------------------------------------------------------------
ok "replay: fresh record" status 0 "$CLI" replay "$TMP/new.json" --json
ok "replay: fresh position" json '.game == "lost-cities" and .over == false and (.current_player == 0 or .current_player == 1) and .scores == [0,0] and .winners == []' "$TMP/out"
ok "replay: mid-round record" status 0 "$CLI" replay "$R/lc-midgame.json" --json
ok "replay: mid-round position" json '.over == false and .current_player == 1 and .winners == [] and (.scores | length) == 2' "$TMP/out"
ok "replay: finished record" status 0 "$CLI" replay "$R/lc-finished.json" --json
ok "replay: finished position" json '.over == true and .current_player == -1 and .scores == [-40,-37] and .winners == [1]' "$TMP/out"
ok "replay: from standard input" sh -c "'$CLI' replay - --json < '$R/lc-finished.json' | jq -e '.over' "
ok "replay: readable output" status 0 "$CLI" replay "$R/lc-finished.json"
ok "replay: readable names the winner" grep -q "Beto: -37  (winner)" "$TMP/out"
ok "replay: drawing the discard back" status 1 "$CLI" replay "$R/lc-invalid-redraw.json" --json
ok "replay: … error names move 10 and player 1" json '.error.move == 10 and .error.player == 1 and (.error.message | test("discarded"))' "$TMP/out"
ok "replay: a draw source of another game" status 1 "$CLI" replay "$R/lc-invalid-draw-source.json" --json
ok "replay: … error names move 10" json '.error.move == 10 and (.error.message | test("P"))' "$TMP/out"
ok "replay: a move after the end" status 1 "$CLI" replay "$R/lc-invalid-after-end.json" --json
ok "replay: … error names move 50" json '.error.move == 50' "$TMP/out"
ok "replay: 6-colour option with a 60-card deal" status 1 "$CLI" replay "$R/lc-invalid-setup.json" --json
ok "replay: … setup error is move -1" json '.error.move == -1 and (.error.message | test("72"))' "$TMP/out"
ok "replay: broken JSON" status 1 "$CLI" replay "$R/lc-invalid-json.json" --json
ok "replay: … is move -1" json '.error.move == -1' "$TMP/out"
ok "replay: readable error on stderr" status 1 "$CLI" replay "$R/lc-invalid-redraw.json"
ok "replay: … mentions the move" grep -q "move 10" "$TMP/err"
ok "replay: missing file" status 1 "$CLI" replay "$TMP/nonexistent.json" --json
ok "replay: no file is a usage error" status 2 "$CLI" replay
ok "replay: --help" status 0 "$CLI" replay --help

# --- legal -----------------------------------------------------------------
ok "legal: mid-round" status 0 "$CLI" legal "$R/lc-midgame.json" --json
cp "$TMP/out" "$TMP/legal.json"
ok "legal: a non-empty array of moves" json 'type == "array" and length > 0 and all(.[]; has("draw") and (has("play") or has("discard")))' "$TMP/legal.json"
ok "legal: each move once" json '(map(tostring) | unique | length) == length' "$TMP/legal.json"
ok "legal: never redraws the discard" json 'all(.[]; (has("discard") and .draw == .discard[0:1]) | not)' "$TMP/legal.json"
jq '.moves += [input[0]]' "$R/lc-midgame.json" "$TMP/legal.json" > "$TMP/next.json"
ok "legal: the first legal move replays" status 0 "$CLI" replay "$TMP/next.json" --json
ok "legal: … and passes the turn" json '.current_player == 0' "$TMP/out"
ok "legal: the other player has none" status 0 "$CLI" legal "$R/lc-midgame.json" --json --player 0
ok "legal: … empty" json '. == []' "$TMP/out"
ok "legal: nothing after the end" status 0 "$CLI" legal "$R/lc-finished.json" --json
ok "legal: … empty" json '. == []' "$TMP/out"
ok "legal: one move per line without --json" sh -c "test \$('$CLI' legal '$R/lc-midgame.json' | wc -l) -eq \$(jq length '$TMP/legal.json')"
ok "legal: no such player" status 1 "$CLI" legal "$R/lc-midgame.json" --json --player 2
ok "legal: invalid record" status 1 "$CLI" legal "$R/lc-invalid-redraw.json" --json
ok "legal: … error JSON" json '.error.move == 10' "$TMP/out"
ok "legal: --help" status 0 "$CLI" legal --help

# --- score -----------------------------------------------------------------
ok "score: a three-round sheet" status 0 "$CLI" score "$R/lc-sheet.json" --json
ok "score: totals and winner" json '.totals == [168,57] and .winners == [0] and .options.bonus_counts_wagers == false' "$TMP/out"
ok "score: round scores" json '[.rounds[].scores] == [[12,13],[156,44],[0,0]]' "$TMP/out"
ok "score: expedition scores" json '.rounds[0].players[0].expeditions.Y == {"wagers":2,"cards":[6,8,10],"score":12} and .rounds[0].players[0].expeditions.B.score == 0' "$TMP/out"
ok "score: readable output" status 0 "$CLI" score "$R/lc-sheet.json"
ok "score: the same card for both players" status 1 "$CLI" score "$R/lc-sheet-invalid-duplicate.json" --json
ok "score: … says so" json '.error.message | test("both players")' "$TMP/out"
ok "score: four wagers" status 1 "$CLI" score "$R/lc-sheet-invalid-wagers.json" --json
ok "score: … says so" json '.error.message | test("wagers")' "$TMP/out"
ok "score: purple in a 5-colour game" status 1 "$CLI" score "$R/lc-sheet-invalid-color.json" --json
ok "score: … says so" json '.error.message | test("colour")' "$TMP/out"
ok "score: a card of value 1" status 1 "$CLI" score "$R/lc-sheet-invalid-value.json" --json
ok "score: … says so" json '.error.message | test("2 to 10")' "$TMP/out"
ok "score: a record is not a sheet" status 1 "$CLI" score "$R/lc-finished.json" --json
ok "score: --help" status 0 "$CLI" score --help

# --- bench -----------------------------------------------------------------
ok "bench: a short run" status 0 "$BENCH" lost-cities --rounds 200 --repeat 1 --json
ok "bench: reports rounds per second" json 'length == 3 and all(.[]; .rounds_per_second_median > 0 and .turns_per_round >= 44)' "$TMP/out"
ok "bench: bad option is a usage error" status 2 "$BENCH" lost-cities --colors 4
ok "bench: lists the benchmarks" status 0 "$BENCH" --help
ok "bench: not a command of the installed partida-cli" status 2 "$CLI" bench lost-cities

tap_end
