#!/bin/sh
# test-engine-cli.sh — partida-cli arena with external engines, and
# partida-cli engine playing Partida's bots over partida-engine/1 (TAP)
#
# Copyright 2026 The Partida authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: test-engine-cli.sh PARTIDA_CLI PYTHON3 ENGINE_SCRIPT
set -u
CLI=$1
PY=$2
ENGINE=$3
MARK="leakcheck$$"          # in every engine command line, for the leak check
SEED="97$$"                 # ditto for partida-cli engine
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
n=0
fail=0

ok () { n=$((n + 1)); echo "ok $n - $1"; }
not_ok () { n=$((n + 1)); fail=1; echo "not ok $n - $1"; [ -f "$T/err" ] && sed 's/^/# /' "$T/err"; }
check () { if eval "$2"; then ok "$1"; else not_ok "$1"; fi; }

rnd="engine:$PY $ENGINE --name $MARK"
echo "1..21"

# Arena games against the random test engine complete, in every game.
for game in lost-cities circle-the-wagons next-station-london; do
  "$CLI" arena $game --a random --b "$rnd" --games 2 --json >"$T/out" 2>"$T/err"
  check "$game: arena against the test engine" \
    '[ $? -eq 0 ] && jq -e ".rounds == 2 and .forfeits == [] and .time.b.moves > 0" "$T/out" >/dev/null'
done
"$CLI" arena next-station-london --solo --a "$rnd" --games 2 --json >"$T/out" 2>"$T/err"
check "next-station-london: solo arena with an engine" \
  '[ $? -eq 0 ] && jq -e ".mean_score > 0 and .forfeits == []" "$T/out" >/dev/null'

# Misbehaving engines forfeit the round with the reason; the arena goes on.
# Issue 16: nested, NUL-holding and double-forking engines too (the arena
# used to segfault on the nested one, leaving the engine running).
for case in "crash:exited with status 3" "hang:did not answer in time" \
            "garbage:not a protocol message" "illegal:illegal move" \
            "nested-move:deeper than 64 levels" "nul:NUL byte" "double-fork:did not answer in time"; do
  mode=${case%%:*}
  reason=${case#*:}
  "$CLI" arena lost-cities --a random --b "$rnd --mode $mode --after 2" --games 2 --budget 200 \
    --json >"$T/out" 2>"$T/err"
  check "$mode: every round forfeited by B with the reason, the arena completes" \
    '[ $? -eq 0 ] && jq -e --arg r "$reason" "(.forfeits | length) == 2 and all(.forfeits[]; .side == \"b\" and (.reason | contains(\$r))) and .win_rate_a == 1" "$T/out" >/dev/null'
done

# A broken engine stops the arena before it starts, with a message.
"$CLI" arena lost-cities --a random --b "$rnd --mode handshake" --games 2 >"$T/out" 2>"$T/err"
check "wrong handshake: exit 1 and says why" '[ $? -eq 1 ] && grep -q "handshake is wrong" "$T/err"'
"$CLI" arena lost-cities --a random --b "$rnd --mode nested" --games 2 >"$T/out" 2>"$T/err"
check "nested hello: exit 1 and says why" '[ $? -eq 1 ] && grep -q "deeper than 64 levels" "$T/err"'
"$CLI" arena lost-cities --a random --b "engine:/nonexistent/bot-$MARK" --games 2 >"$T/out" 2>"$T/err"
check "missing command: exit 1 and says why" '[ $? -eq 1 ] && grep -q "Could not start" "$T/err"'

# partida-cli engine speaks the protocol by itself.
printf '%s\n' '{"type":"hello","protocol":"partida-engine/1"}' '{"type":"quit"}' |
  "$CLI" engine --level medium >"$T/out" 2>"$T/err"
check "partida-cli engine: handshake, every game at a real level" \
  'jq -e "select(.type == \"hello\") | .protocol == \"partida-engine/1\" and .games == [\"lost-cities\",\"circle-the-wagons\",\"next-station-london\"]" "$T/out" >/dev/null'

# It plays exactly like the built-in bot: Medium (no randomness) against
# itself through the protocol gives a perfectly mirrored result.
"$CLI" arena lost-cities --a medium --b "engine:$CLI engine --level medium --seed $SEED" --games 4 \
  --json >"$T/out" 2>"$T/err"
check "partida-cli engine (medium) mirrors the built-in medium" \
  '[ $? -eq 0 ] && jq -e ".win_rate_a == 0.5 and .mean_diff == 0 and .forfeits == []" "$T/out" >/dev/null'

# The same in the other games. Their Medium breaks ties with its seed, so
# the engine gets the seed the arena gives its side A: pt_rng_derive_seed
# (arena seed, 2^32) in pt-cli-arena.c, SplitMix64 as in pt-rng.c. Seat
# for seat it then draws the same numbers as the built-in bot (both seed
# request k with pt_rng_derive_seed (S, k)).
SEED_A=$("$PY" -c '
import sys
M = (1 << 64) - 1
z = ((int(sys.argv[1]) ^ (((1 << 32) * 0xd1b54a32d192ed03) & M)) + 0x9e3779b97f4a7c15) & M
z = ((z ^ (z >> 30)) * 0xbf58476d1ce4e5b9) & M
z = ((z ^ (z >> 27)) * 0x94d049bb133111eb) & M
print(z ^ (z >> 31))' "$SEED")
for game in circle-the-wagons next-station-london; do
  "$CLI" arena $game --seed "$SEED" --a medium --b "engine:$CLI engine --level medium --seed $SEED_A" \
    --games 4 --json >"$T/out" 2>"$T/err"
  check "$game: partida-cli engine (medium) mirrors the built-in medium" \
    '[ $? -eq 0 ] && jq -e ".rounds == 4 and .win_rate_a == 0.5 and .mean_diff == 0 and .forfeits == []" "$T/out" >/dev/null'
done

# A full match: Hard against Partida's Hard behind the protocol.
"$CLI" arena lost-cities --a hard --b "engine:$CLI engine --level hard --seed $SEED" --games 2 \
  --budget 20 --json >"$T/out" 2>"$T/err"
check "hard against partida-cli engine (hard): full match, no forfeit" \
  '[ $? -eq 0 ] && jq -e ".rounds == 2 and .forfeits == [] and .time.b.moves > 20" "$T/out" >/dev/null'

# Both sides engines.
"$CLI" arena circle-the-wagons --a "engine:$CLI engine --level random --seed $SEED" --b "$rnd" \
  --games 2 --json >"$T/out" 2>"$T/err"
check "engine against engine" '[ $? -eq 0 ] && jq -e ".rounds == 2 and .forfeits == []" "$T/out" >/dev/null'

# No engine process is left behind.
sleep 0.2
check "no engine process left running" \
  '! pgrep -f "$MARK" >/dev/null && ! pgrep -f "seed $SEED" >/dev/null &&
   ! pgrep -f "seed $SEED_A" >/dev/null'

exit $fail
