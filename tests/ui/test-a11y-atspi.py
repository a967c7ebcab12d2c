#!/usr/bin/python3
# test-a11y-atspi.py TEST-A11Y — reads each board over AT-SPI, as a screen
# reader does: test-a11y --serve shows the boards one by one in a real
# window with GTK's accessibility on; this walks the application's tree on
# the session bus (run under dbus-run-session) and checks that
#  - every London station (53) is a button with a name,
#  - every Circle the Wagons town cell is an image with a name, and the
#    cards of the circle are named by what they show,
#  - every Lost Cities card and pile is there with a name,
#  - no name anywhere is a GTK type name or keeps a mnemonic underscore.
# Skips (77) when python3-gi has no Atspi (gir1.2-atspi-2.0) or the
# accessibility bus does not come up.
import os
import re
import subprocess
import sys
import time

try:
    import gi
    gi.require_version('Atspi', '2.0')
    from gi.repository import Atspi
except (ImportError, ValueError) as e:
    print('SKIP: no AT-SPI for Python (%s)' % e)
    sys.exit(77)

GTK_TYPES = re.compile(r'\bGtk[A-Z][A-Za-z]+\b')


# What a screen reader meets as such; containers (filler, panel, table,
# list, scroll bar) are announced by their role, and GTK 4.8 gives every
# unnamed one its type name, which no reader speaks.
CHECKED_ROLES = {'push button', 'toggle button', 'button', 'image', 'spin button', 'combo box',
                 'check box', 'radio button', 'entry', 'text', 'label', 'slider', 'menu item',
                 'link', 'heading'}
# A button is read by its name; what is drawn inside it is not a stop.
LEAF_ROLES = {'push button', 'toggle button', 'button'}


BOARD_NAMES = ('Game board', 'Tablero de juego')


def walk(node, out, depth=0, parent='', board=False):
    if node is None or depth > 60:
        return
    try:
        role = node.get_role_name()
        name = node.get_name() or ''
        n = node.get_child_count()
    except Exception:
        return
    board = board or name in BOARD_NAMES
    # Everything on the board is checked; elsewhere, what takes the focus.
    if board or role in LEAF_ROLES or role in ('spin button', 'combo box', 'entry', 'check box'):
        out.append((role, name if not GTK_TYPES.search(name) else '%s in %s' % (name, parent)))
    if role in LEAF_ROLES:
        return
    for i in range(n):
        try:
            walk(node.get_child_at_index(i), out, depth + 1, '%s “%s”' % (role, name), board)
        except Exception:
            pass


def find_app(pid, timeout=30):
    deadline = time.time() + timeout
    while time.time() < deadline:
        desktop = Atspi.get_desktop(0)
        for i in range(desktop.get_child_count()):
            app = desktop.get_child_at_index(i)
            try:
                if app is not None and app.get_process_id() == pid:
                    return app
            except Exception:
                pass
        time.sleep(0.3)
    return None


def main():
    helper = sys.argv[1]
    env = dict(os.environ)
    for var in ('GTK_A11Y', 'NO_AT_BRIDGE'):
        env.pop(var, None)
    # GTK's accessibility speaks on the session bus; a warning about it is
    # not an error here.
    env['G_DEBUG'] = ''
    proc = subprocess.Popen([helper, '--serve'], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            env=env, text=True)
    failures = []
    try:
        app = None
        for expected in ('next-station-london', 'circle-the-wagons', 'lost-cities'):
            line = proc.stdout.readline().strip()
            while line.startswith('#'):
                line = proc.stdout.readline().strip()
            if line != 'ready ' + expected:
                failures.append('the helper said %r, not ready %s' % (line, expected))
                break
            if app is None:
                app = find_app(proc.pid)
                if app is None:
                    print('SKIP: the application did not appear on the accessibility bus')
                    return 77
            time.sleep(0.5)
            nodes = []
            walk(app, nodes)
            names = [(r, n) for r, n in nodes]
            print('%s: %d accessible objects' % (expected, len(names)))
            for role, name in names:
                if role in CHECKED_ROLES and GTK_TYPES.search(name):
                    failures.append('%s: “%s” (%s) names a GTK type' % (expected, name, role))
                if re.search(r'(^|\s)_\w', name):
                    failures.append('%s: “%s” (%s) keeps a mnemonic underscore' % (expected, name, role))
            if expected == 'next-station-london':
                stations = [n for r, n in names if r in ('push button', 'button') and
                            re.search(r'(station|estación)', n, re.I) and re.search(r'\d+\D+\d+', n)]
                if len(stations) != 53:
                    failures.append('%d station buttons, not 53' % len(stations))
            elif expected == 'circle-the-wagons':
                cells = [n for r, n in names if r in ('image', 'img') and re.search(r'^(Column|Columna) \d+', n)]
                if not cells:
                    failures.append('no town cell is in the tree')
                cards = [n for r, n in names if re.search(r'\b[AB]\d: ', n)]
                if not cards:
                    failures.append('no card of the circle is named by what it shows')
            else:
                piles = [n for r, n in names if re.search(r'(expedition|expedición|discard|descarte|Deck|Mazo)', n, re.I)]
                if len(piles) < 16:
                    failures.append('only %d Lost Cities piles are named' % len(piles))
            empty_buttons = [r for r, n in names if r in ('push button', 'toggle button', 'button') and not n]
            if empty_buttons:
                failures.append('%s: %d buttons without a name' % (expected, len(empty_buttons)))
            proc.stdin.write('next\n')
            proc.stdin.flush()
    finally:
        try:
            proc.stdin.close()
        except Exception:
            pass
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
    for f in failures:
        print('FAIL: ' + f)
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
