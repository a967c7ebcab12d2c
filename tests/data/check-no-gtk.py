#!/usr/bin/env python3
"""check-no-gtk.py BUILD_DIR — the layers below the UI never see GTK.

Every file of src/rules, src/ai, src/store and src/session is compiled
(compile_commands.json) without GTK's or libadwaita's include folders, and,
compiled with its own command line, a file that includes <gtk/gtk.h> fails:
the compiler draws the boundary, so a GTK include there cannot slip in.
"""
import json
import os
import shlex
import subprocess
import sys
import tempfile

LAYERS = tuple(os.environ.get("PARTIDA_NO_GTK_LAYERS", "src/rules/ src/ai/ src/store/ src/session/").split())
FORBIDDEN = ("gtk-4.0", "libadwaita-1", "graphene-1.0")

build = sys.argv[1]
with open(os.path.join(build, "compile_commands.json"), encoding="utf-8") as f:
    commands = json.load(f)

failed = 0
checked = {layer: None for layer in LAYERS}
for entry in commands:
    path = os.path.normpath(os.path.join(entry["directory"], entry["file"]))
    source_rel = os.path.relpath(path, os.path.normpath(os.path.join(entry["directory"], "..")))
    layer = next((l for l in LAYERS if source_rel.startswith(l)), None)
    if layer is None:
        continue
    for word in FORBIDDEN:
        if word in entry["command"]:
            print(f"FAIL: {source_rel} is compiled with {word} on its include path")
            failed += 1
    if checked[layer] is None:
        checked[layer] = entry

for layer, entry in checked.items():
    if entry is None:
        print(f"FAIL: no compile command for {layer}")
        failed += 1
        continue
    # The layer's own command line on a file that includes GTK must fail.
    args = shlex.split(entry["command"])
    with tempfile.TemporaryDirectory() as tmp:
        probe = os.path.join(tmp, "probe.c")
        with open(probe, "w", encoding="utf-8") as f:
            f.write("#include <gtk/gtk.h>\nint probe (void);\nint probe (void) { return 0; }\n")
        out = []
        skip = False
        for i, a in enumerate(args):
            if skip:
                skip = False
                continue
            if a in ("-o", "-MF", "-MQ", "-c"):
                skip = True
                continue
            if a.endswith(".c") and not a.startswith("-"):
                continue
            out.append(a)
        if out and out[0] == "ccache":
            out = out[1:]
        result = subprocess.run(out + ["-fsyntax-only", probe], cwd=entry["directory"],
                                capture_output=True, text=True)
        if result.returncode == 0:
            print(f"FAIL: {layer} can include <gtk/gtk.h>")
            failed += 1
        else:
            print(f"ok: {layer} cannot include <gtk/gtk.h>")

sys.exit(1 if failed else 0)
