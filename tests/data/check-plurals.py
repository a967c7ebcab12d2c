#!/usr/bin/env python3
# check-plurals.py SOURCE_DIR — every message that counts something has a
# plural form (ngettext / g_dngettext), and the Spanish translation of each
# plural message has its two forms, different from each other.
#
# "Counts something": an integer conversion (%d, %u, %i, %<PRId64>, …)
# followed within three words by a countable noun of the list below
# ("%d points", "%u cards together", "%d Thames crossings"). Numbers that
# are names or positions ("Round %u", "Player %u", "(%d,%d)") do not count.
# A message with several counts is split into pieces, each with its plural
# (see seat_title () in src/ui/pt-lost-cities-board.c).
import os
import re
import subprocess
import sys
import tempfile

NOUNS = set("""
    card cards point points territory territories wager wagers round rounds
    player players station stations row rows district districts match matches
    visit visits crossing crossings symbol symbols cell cells section sections
    line lines turn turns game games night nights move moves minute minutes
    hour hours day days second seconds win wins interchange interchanges
    site sites expedition expeditions column columns time times entry entries
    item items file files byte bytes character characters engine engines
    carta cartas punto puntos partida partidas jugador jugadores
""".split())
# A singular noun right after the number is still a count ("%d point").
CONVERSION = r'%(?:\d+\$)?[-+ 0#]*\d*(?:hh|h|ll|l|j|z|t)?[diu]|%<PRI[diu]64>'
COUNT = re.compile('(?:' + CONVERSION + r')\)?((?:\s+[^\W\d_]+){1,2})')


def entries(text):
    for block in text.split('\n\n'):
        yield block


def field(block, name):
    m = re.search(r'^' + re.escape(name) + r' ((?:".*"\n?)+)', block, re.M)
    if not m:
        return None
    return ''.join(re.findall(r'"((?:[^"\\]|\\.)*)"', m.group(1)))


def main():
    src = sys.argv[1] if len(sys.argv) > 1 else '.'
    status = 0
    with tempfile.TemporaryDirectory() as tmp:
        pot = os.path.join(tmp, 'partida.pot')
        subprocess.run(['sh', os.path.join(src, 'po', 'extract-pot.sh'), src, pot], check=True)
        text = open(pot, encoding='utf-8').read()

    for block in entries(text):
        msgid = field(block, 'msgid')
        if not msgid or field(block, 'msgid_plural') is not None:
            continue
        for m in COUNT.finditer(msgid):
            words = [w.lower() for w in m.group(1).split()]
            # A plural noun among the next words, or any noun right after.
            if words[0] in NOUNS or any(w in NOUNS and w.endswith('s') for w in words):
                where = re.findall(r'^#: (\S+)', block, re.M)
                print('FAIL: a count without a plural form (use g_dngettext): %s  [%s]'
                      % (msgid, where[0] if where else '?'), file=sys.stderr)
                status = 1
                break

    po = os.path.join(src, 'po', 'es.po')
    text = open(po, encoding='utf-8').read()
    for block in entries(text):
        if block.lstrip().startswith('#~'):
            continue
        msgid = field(block, 'msgid')
        plural = field(block, 'msgid_plural')
        if plural is None:
            continue
        one, other = field(block, 'msgstr[0]'), field(block, 'msgstr[1]')
        if one and other and one == other:
            print('FAIL: es.po gives “%s” the same singular and plural: %s' % (msgid, one),
                  file=sys.stderr)
            status = 1
    if status == 0:
        print('every count has its plural forms')
    return status


if __name__ == '__main__':
    sys.exit(main())
