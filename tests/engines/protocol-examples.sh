#!/bin/sh
# protocol-examples.sh — regenerate the examples of docs/engine-protocol.md
#
# Copyright 2026 The Partida authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: tests/engines/protocol-examples.sh BUILD_DIR/src/cli/partida-cli > examples.md
#
# Plays one seeded arena game per game against random-engine.py --dump,
# which records every line Partida sends, and prints (pretty-printed with
# jq) the first new_game, a move request (for Lost Cities one where a card
# taken from a discard pile is known) and the game_over of each game.
set -eu
CLI=$1
# Members of the message and of its view on lines of their own, deeper
# values compact (the wire format itself is one line per message).
fmt () {
  python3 -c '
import json, sys
def show(value, depth, indent):
    if depth >= 2 or not isinstance(value, dict) or not value:
        return json.dumps(value, separators=(",", ":"), ensure_ascii=False)
    pad = " " * (indent + 2)
    items = [pad + json.dumps(k) + ": " + show(v, depth + 1, indent + 2) for k, v in value.items()]
    return "{\n" + ",\n".join(items) + "\n" + " " * indent + "}"
for line in sys.stdin:
    print(show(json.loads(line), 0, 0))
'
}
HERE=$(dirname "$0")
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

for game in lost-cities circle-the-wagons next-station-london; do
  "$CLI" arena "$game" --a random --b "engine:python3 $HERE/random-engine.py --dump $T/$game" \
    --games 1 --seed 3 >/dev/null
  echo "### $game"
  echo
  echo '```json'
  grep -m1 '"type":"new_game"' "$T/$game" | jq -c .
  if [ "$game" = lost-cities ]; then
    jq -c 'select(.type == "move" and (.view.known_cards | add | length) > 0 and .view.deck_count < 30)' \
      "$T/$game" | head -n 1 | fmt
  else
    jq -c 'select(.type == "move")' "$T/$game" | sed -n 3p | fmt
  fi
  grep -m1 '"type":"game_over"' "$T/$game" | jq -c .
  echo '```'
  echo
done
echo '### partida-cli engine --level hard: the handshake'
echo
echo '```json'
printf '%s\n' '{"type":"hello","protocol":"partida-engine/1","partida":"0.1.0"}' '{"type":"quit"}' |
  "$CLI" engine --level hard | jq -c .
echo '```'
