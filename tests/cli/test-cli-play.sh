#!/bin/sh
# test-cli-play.sh — `partida-cli play`: whole matches between computer
# players through the session layer, stored like the app stores them, for
# every game (Next Station with 1 to 4 seats); usage errors; the stored
# multi-round record replays.
#
# Usage: test-cli-play.sh PARTIDA_CLI   (needs jq)
# Prints TAP.

set -u
CLI=$1
. "$(dirname "$0")/tap.sh"
if ! command -v sqlite3 >/dev/null 2>&1; then
  echo '1..0 # SKIP sqlite3 is not installed'
  exit 0
fi
DB="$TMP/play.db"

# --- Lost Cities: a 3-round match ----------------------------------------
ok "play: lost cities, 3 rounds" status 0 "$CLI" play lost-cities --players "Ana:easy,Beto:medium" --rounds 3 --seed 11 --db "$DB" --json
cp "$TMP/out" "$TMP/lc.json"
ok "play: … stored like history --json" json '.id > 0 and .game == "lost-cities" and .mode == "digital" and (.results | length) == 2' "$TMP/lc.json"
ok "play: … seats keep their names and levels" json '.results[0].player == "Ana" and .results[0].ai and .results[0].ai_level == 1 and .results[1].player == "Beto" and .results[1].ai_level == 2' "$TMP/lc.json"
ok "play: … three rounds of two scores" json '(.rounds | length) == 3 and all(.rounds[]; length == 2)' "$TMP/lc.json"
ok "play: … the rounds sum to the scores" json '[.rounds[0][0] + .rounds[1][0] + .rounds[2][0], .rounds[0][1] + .rounds[1][1] + .rounds[2][1]] == [.results[0].score, .results[1].score]' "$TMP/lc.json"
ok "play: … winners have the top score" json '([.results[] | select(.winner) | .score] | unique) == [([.results[].score] | max)]' "$TMP/lc.json"
ok "play: … in the history once" sh -c "test \$('$CLI' history --db '$DB' --json | jq length) -eq 1"
ok "play: … history agrees" sh -c "'$CLI' history --db '$DB' --json | jq -e --slurpfile m '$TMP/lc.json' '.[0].results == \$m[0].results'"
ok "play: … no saved game left behind" sh -c "test \$(sqlite3 '$DB' 'select count(*) from saved_games') -eq 0"
ok "play: same seed, same match" status 0 "$CLI" play lost-cities --players "Ana:easy,Beto:medium" --rounds 3 --seed 11 --db "$DB" --json
ok "play: … same rounds" sh -c "jq -e --slurpfile a '$TMP/lc.json' '.rounds == \$a[0].rounds' '$TMP/out'"
ok "play: … players found again, not added" sh -c "test \$('$CLI' players --db '$DB' --json | jq length) -eq 2"
ok "play: default is 3 rounds" status 0 "$CLI" play lost-cities --players "A:random,B:random" --seed 2 --db "$DB" --json
ok "play: … 3 rounds" json '(.rounds | length) == 3' "$TMP/out"
ok "play: --rounds 1" status 0 "$CLI" play lost-cities --players "A:random,B:random" --rounds 1 --seed 2 --db "$DB" --json
ok "play: … 1 round" json '(.rounds | length) == 1 and .rounds[0] == [.results[0].score, .results[1].score]' "$TMP/out"
ok "play: --next-starter loser, 5 rounds" status 0 "$CLI" play lost-cities --players "A:random,B:easy" --rounds 5 --next-starter loser --rules seed --seed 9 --db "$DB" --json
ok "play: … 5 rounds" json '(.rounds | length) == 5' "$TMP/out"
id=$(jq .id "$TMP/out")
sqlite3 "$DB" "select json from records where match_id = $id" > "$TMP/match-record.json"
ok "play: the stored record is a partida-match/1 of 5 rounds" json '.format == "partida-match/1" and .rounds_total == 5 and (.rounds | length) == 5 and .next_starter == "loser"' "$TMP/match-record.json"
ok "play: … options and reading stored" sh -c "test \"\$(sqlite3 '$DB' 'select rule_reading from matches where id = $id')\" = seed"
ok "play: … rounds in the stored options" sh -c "sqlite3 '$DB' 'select options from matches where id = $id' | jq -e '.rounds == 5 and .next_starter == \"loser\" and .wager_only_scores == false'"
ok "replay: accepts the match record" status 0 "$CLI" replay "$TMP/match-record.json" --json
ok "replay: … per-round scores under rounds, totals under scores" sh -c "jq -e --slurpfile m '$TMP/out' '\$m[0].rounds == .rounds and \$m[0].scores == [.results[0].score, .results[1].score]' '$TMP/out' >/dev/null; jq -e --slurpfile p '$TMP/out' '.over and (.rounds | length) == 5 and .scores == [(.rounds | map(.[0]) | add), (.rounds | map(.[1]) | add)]' '$TMP/out'"
jq '.rounds[1].setup.first_player = (1 - .rounds[1].setup.first_player)' "$TMP/match-record.json" > "$TMP/bad-starter.json"
ok "replay: a round started by the wrong seat" status 1 "$CLI" replay "$TMP/bad-starter.json" --json
ok "replay: … error names round 1" json '.error.round == 1 and (.error.message | contains("(the player behind starts)"))' "$TMP/out"
jq '.rounds[0].moves |= .[0:10]' "$TMP/match-record.json" > "$TMP/bad-unfinished.json"
ok "replay: an unfinished round before the last" status 1 "$CLI" replay "$TMP/bad-unfinished.json" --json
jq '.rounds |= .[0:2] | .rounds[1].moves |= .[0:7]' "$TMP/match-record.json" > "$TMP/mid.json"
ok "replay: a match saved in round 2" status 0 "$CLI" replay "$TMP/mid.json" --json
ok "replay: … is in round 2, not over" json '.round == 1 and .over == false and (.rounds | length) == 2 and .winners == []' "$TMP/out"
jq '.bogus = 1' "$TMP/match-record.json" > "$TMP/bad-member.json"
ok "replay: an unknown member" status 1 "$CLI" replay "$TMP/bad-member.json" --json

# --- Circle the Wagons and Next Station -------------------------------------
ok "play: circle the wagons" status 0 "$CLI" play circle-the-wagons --players "Ana:easy,Beto:hard" --seed 4 --db "$DB" --json
ok "play: … one round, stored" json '.game == "circle-the-wagons" and (.rounds | length) == 1 and .rounds[0] == [.results[0].score, .results[1].score]' "$TMP/out"
for k in 1 2 3 4; do
  players=$(echo "Ana:easy Beto:medium Carla:random Dani:easy" | cut -d' ' -f1-$k | tr ' ' ',')
  ok "play: next station with $k seat(s)" status 0 "$CLI" play next-station-london --players "$players" --seed $k --db "$DB" --json
  ok "play: … $k result(s), one round" json "(.results | length) == $k and (.rounds | length) == 1 and .rounds[0] == [.results[].score] and any(.results[]; .winner)" "$TMP/out"
done
ok "play: text output" status 0 "$CLI" play circle-the-wagons --players "A:random,B:random" --seed 1 --db "$DB"
ok "play: … names the winner" grep -q "(winner)" "$TMP/out"

# --- usage errors ------------------------------------------------------------
ok "play: a person seat is a usage error" status 2 "$CLI" play lost-cities --players "Ana:person,Beto:easy" --db "$DB"
ok "play: … and says why" grep -q "person" "$TMP/err"
ok "play: no --players" status 2 "$CLI" play lost-cities --db "$DB"
ok "play: unknown level" status 2 "$CLI" play lost-cities --players "Ana:genius,Beto:easy" --db "$DB"
ok "play: unknown game" status 2 "$CLI" play chess --players "A:easy,B:easy" --db "$DB"
ok "play: --rounds 6" status 2 "$CLI" play lost-cities --players "A:easy,B:easy" --rounds 6 --db "$DB"
ok "play: rounds for a one-round game" status 2 "$CLI" play circle-the-wagons --players "A:easy,B:easy" --rounds 2 --db "$DB"
ok "play: three seats at Lost Cities" status 2 "$CLI" play lost-cities --players "A:easy,B:easy,C:easy" --db "$DB"
ok "play: two seats, one player (begona / Begoña)" status 2 "$CLI" play lost-cities --players "Begoña:easy,begona:easy" --db "$DB"
ok "play: bad seed" status 2 "$CLI" play lost-cities --players "A:easy,B:easy" --seed x --db "$DB"
ok "play: --help" status 0 "$CLI" play --help
ok "play: --help names the games played in rounds from the rules registry" grep -q "for the games played in rounds (lost-cities)" "$TMP/out"
ok "play: --help lists the rules presets from the rules registry" grep -q "lost-cities: rulebook, seed" "$TMP/out"
ok "play: --help writes out no game title" sh -c "! grep -qi 'lost cities\|circle the wagons\|next station' '$TMP/out'"
ok "play: --rules of a game without presets" status 2 "$CLI" play circle-the-wagons --players "A:random,B:random" --rules seed --db "$DB"
ok "play: an unknown --rules preset" status 2 "$CLI" play lost-cities --players "A:random,B:random" --rules house --db "$DB"

tap_end
