#!/usr/bin/env python3
# random-engine.py — a partida-engine/1 test engine: random legal moves
#
# Copyright 2026 The Partida authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Plays a uniformly random legal move in every game Partida offers (it
# only needs the "legal" list). With --mode it misbehaves on purpose, at
# the move given by --after (0 = the first move request), so the tests can
# check that Partida survives every kind of broken engine:
#
#   ok          behave (default)
#   crash       exit with status 3 instead of answering
#   segfault    kill itself with SIGSEGV
#   hang        never answer (sleeps)
#   hang-child  start a child process that sleeps, then never answer
#               (Partida must kill the whole process group)
#   garbage     print a line that is not JSON
#   wrong-type  print a JSON message that is not a move
#   illegal     answer a move that is not legal
#   handshake   answer the hello with the wrong protocol
#   silent      never answer the hello
#   chatty      write a lot on stderr and send log messages, but play fine
#   ignore-quit play fine but do not exit on "quit" (Partida kills it)
#   nested      answer the hello with ~400 KB of nested "[" (json-glib's
#               recursive parser used to overflow the stack on it)
#   nested-move answer the move with a move nested 100,000 levels deep
#   markup      Pango markup in the name, author, options, a log line and
#               an illegal move (so in the forfeit reason): Partida must
#               show all of it as plain text
#   double-fork start a daemon that double-forks into a new session (and
#               has a child of its own), then never answer: no process may
#               survive the forfeit (Partida's reaper adopts the orphans)
#   nul         answer the move with a line holding a NUL byte
#   markup-hello answer the hello with MARKUP, not JSON (the reason holds it)
#
# MARKUP below is the text the markup mode puts everywhere.
#
# --pidfile FILE: write our pid (and the child's) there, one per line.
# --dump FILE: append every line Partida sends (for the documentation).
import json
import os
import random
import signal
import subprocess
import sys
import time


MARKUP = '<span foreground="red" size="xx-large">Big</span> <a href="https://example.com">link</a> & <b>bold'


def daemonize_sleepers(pids, write_pids):
    """Double fork into a new session; the daemon starts a child of its own.
    Their pids are appended to the pidfile (by the daemon) before we go on."""
    r, w = os.pipe()
    first = os.fork()
    if first == 0:
        os.close(r)
        os.setsid()
        if os.fork() != 0:
            os._exit(0)
        # The daemon: away from the engine's stdio and process group.
        devnull = os.open(os.devnull, os.O_RDWR)
        for fd in (0, 1, 2):
            os.dup2(devnull, fd)
        child = subprocess.Popen(["sleep", "600"])
        os.write(w, ("%d %d\n" % (os.getpid(), child.pid)).encode())
        os.close(w)
        while True:
            time.sleep(60)
    os.close(w)
    os.waitpid(first, 0)
    line = b""
    while not line.endswith(b"\n"):
        chunk = os.read(r, 64)
        if not chunk:
            break
        line += chunk
    os.close(r)
    pids.extend(int(p) for p in line.split())
    write_pids()


def main():
    args = sys.argv[1:]
    opts = {"--mode": "ok", "--after": "0", "--seed": "1", "--pidfile": None,
            "--dump": None, "--name": "Random test engine"}
    while args:
        key = args.pop(0)
        if key not in opts or not args:
            print("usage: random-engine.py [--mode M] [--after N] [--seed S] "
                  "[--pidfile F] [--dump F] [--name N]", file=sys.stderr)
            return 2
        opts[key] = args.pop(0)
    mode = opts["--mode"]
    after = int(opts["--after"])
    rng = random.Random(int(opts["--seed"]))
    pids = [os.getpid()]

    def write_pids():
        if opts["--pidfile"]:
            with open(opts["--pidfile"], "w") as f:
                f.write("".join("%d\n" % p for p in pids))

    write_pids()
    dump = open(opts["--dump"], "a") if opts["--dump"] else None

    def send(message):
        sys.stdout.write(json.dumps(message, separators=(",", ":")) + "\n")
        sys.stdout.flush()

    def hang():
        while True:
            time.sleep(60)

    moves_seen = 0
    for line in sys.stdin:
        if dump:
            dump.write(line)
            dump.flush()
        message = json.loads(line)
        kind = message.get("type")
        if kind == "hello":
            if mode == "silent":
                hang()
            if mode == "markup-hello":
                sys.stdout.write(MARKUP + "\n")
                sys.stdout.flush()
                continue
            if mode == "nested":
                sys.stdout.write("[" * 400000 + "\n")
                sys.stdout.flush()
                continue
            markup = mode == "markup"
            send({"type": "hello",
                  "protocol": "partida-engine/0" if mode == "handshake" else "partida-engine/1",
                  "name": MARKUP if markup else opts["--name"],
                  "author": MARKUP if markup else "The Partida authors",
                  "games": ["lost-cities", "circle-the-wagons", "next-station-london"],
                  "options": [{"name": MARKUP if markup else "seed", "type": "int", "default": 1}]})
            if markup:
                send({"type": "log", "message": MARKUP})
        elif kind == "set_option":
            if message.get("name") == "seed":
                rng.seed(message.get("value"))
        elif kind == "new_game":
            send({"type": "log", "message": "new game of %s in seat %d"
                  % (message["game"], message["seat"])})
        elif kind == "move":
            index = moves_seen
            moves_seen += 1
            legal = message["legal"]
            if mode == "chatty":
                for i in range(200):
                    print("thinking about move %d, idea %d" % (index, i), file=sys.stderr)
                send({"type": "log", "message": "%d legal moves" % len(legal)})
            if index >= after:
                if mode == "crash":
                    print("crashing on purpose", file=sys.stderr)
                    sys.stderr.flush()
                    os._exit(3)
                if mode == "segfault":
                    os.kill(os.getpid(), signal.SIGSEGV)
                if mode == "hang":
                    hang()
                if mode == "hang-child":
                    child = subprocess.Popen(["sleep", "600"])
                    pids.append(child.pid)
                    write_pids()
                    hang()
                if mode == "garbage":
                    sys.stdout.write("I resign! {not json\n")
                    sys.stdout.flush()
                    continue
                if mode == "wrong-type":
                    send({"type": "hello", "protocol": "partida-engine/1"})
                    continue
                if mode == "illegal":
                    send({"type": "move", "move": {"nonsense": True}})
                    continue
                if mode == "markup":
                    send({"type": "move", "move": {"nonsense": MARKUP}})
                    continue
                if mode == "nested-move":
                    sys.stdout.write('{"type":"move","move":' + "[" * 100000 + "]" * 100000 + "}\n")
                    sys.stdout.flush()
                    continue
                if mode == "nul":
                    sys.stdout.write('{"type":"move","move":\0{}}\n')
                    sys.stdout.flush()
                    continue
                if mode == "double-fork":
                    daemonize_sleepers(pids, write_pids)
                    hang()
            send({"type": "move", "move": rng.choice(legal)})
        elif kind == "game_over":
            send({"type": "log", "message": "game over: winners %s" % message.get("winners")})
        elif kind == "quit":
            if mode == "ignore-quit":
                hang()
            return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
