#!/usr/bin/env python3
# check-metainfo.py METAINFO SOURCE_DIR — the store page tells the truth
# and has what Flathub and GNOME Circle reviewers look for (the schema's
# own rules are appstreamcli's job, check-appstream.sh):
#  - no placeholder text ("not available yet", "coming soon", …);
#  - a summary of at most 35 characters, without a final full stop;
#  - a description of several paragraphs and a list;
#  - the newest release is the meson project version, with notes that
#    list what it has;
#  - OARS 1.1 filled in: Circle the Wagons shows saloons and bootleggers
#    (drugs-alcohol: mild); no online interaction is claimed;
#  - homepage, bugtracker, vcs-browser and translate URLs on one repository;
#  - branding colours for light and dark;
#  - <supports> keyboard, pointing and touch; <requires> a display of
#    360 px or more; <translation type="gettext">partida</translation>;
#  - partida and partida-cli in <provides>.
# Screenshots are check-screenshots.sh's.
import re
import sys
import xml.etree.ElementTree as ET

REPO = "https://github.com/partida/partida"
PLACEHOLDERS = re.compile(r"(?i:not available yet|coming soon|will come in a later|placeholder|"
                          r"lorem ipsum|no disponible todav[ií]a|pr[oó]ximamente)|\bTODO\b|\bFIXME\b")

failures = []


def check(ok, what):
    if ok:
        print(f"ok: {what}")
    else:
        print(f"FAIL: {what}", file=sys.stderr)
        failures.append(what)


def text(el):
    return "".join(el.itertext()).strip() if el is not None else ""


def main():
    metainfo, source_dir = sys.argv[1], sys.argv[2]
    root = ET.parse(metainfo).getroot()
    with open(f"{source_dir}/meson.build", encoding="utf-8") as f:
        version = re.search(r"^\s*version:\s*'([^']+)'", f.read(), re.M).group(1)

    everything = " ".join(root.itertext())
    found = PLACEHOLDERS.findall(everything)
    check(not found, f"no placeholder text ({', '.join(sorted(set(found))) or 'none'})")

    summary = text(root.find("summary"))
    check(0 < len(summary) <= 35, f"summary of at most 35 characters ({len(summary)}: “{summary}”)")
    check(not summary.endswith("."), "summary without a final full stop")

    description = root.find("description")
    check(description is not None and len(description.findall("p")) >= 2
          and len(description.findall("ul/li")) >= 3,
          "description with paragraphs and a list of what Partida does")
    for game in ("Lost Cities", "Circle the Wagons", "Next Station: London"):
        check(game in text(description), f"description names {game}")

    releases = root.findall("releases/release")
    check(len(releases) >= 1, "at least one release")
    if releases:
        newest = releases[0]
        check(newest.get("version") == version,
              f"newest release is the project version {version} ({newest.get('version')})")
        check(re.fullmatch(r"\d{4}-\d{2}-\d{2}", newest.get("date") or "") is not None,
              "newest release has a date")
        notes = newest.find("description")
        check(notes is not None and len(notes.findall("ul/li")) >= 3,
              "newest release notes list what it has")

    rating = root.find("content_rating")
    check(rating is not None and rating.get("type") == "oars-1.1", "OARS 1.1 content rating")
    attributes = {a.get("id"): text(a) for a in (rating.findall("content_attribute") if rating is not None else [])}
    check(attributes.get("drugs-alcohol") == "mild",
          "drugs-alcohol: mild (saloons, beer and bootleggers in Circle the Wagons)")
    online = [k for k, v in attributes.items() if k.startswith("social-") and v != "none"]
    check(not online, "no online interaction claimed (Partida has none)")

    urls = {u.get("type"): text(u) for u in root.findall("url")}
    for kind in ("homepage", "bugtracker", "vcs-browser", "translate"):
        check(urls.get(kind, "").startswith(REPO), f"{kind} URL on {REPO}")

    colours = {c.get("scheme_preference"): text(c) for c in root.findall("branding/color")
               if c.get("type") == "primary"}
    for scheme in ("light", "dark"):
        check(re.fullmatch(r"#[0-9a-fA-F]{6}", colours.get(scheme, "")) is not None,
              f"branding colour for the {scheme} style")
    check(colours.get("light") != colours.get("dark"), "light and dark branding colours differ")

    controls = {text(c) for c in root.findall("supports/control")}
    check({"keyboard", "pointing", "touch"} <= controls, "supports keyboard, pointing and touch")
    length = root.find("requires/display_length")
    check(length is not None and length.get("compare") == "ge" and text(length) == "360",
          "requires a display of 360 px or more")

    translation = root.find("translation")
    check(translation is not None and translation.get("type") == "gettext"
          and text(translation) == "partida", "gettext translation domain partida")

    binaries = {text(b) for b in root.findall("provides/binary")}
    check({"partida", "partida-cli"} <= binaries, "provides partida and partida-cli")

    developer = root.find("developer")
    check(developer is not None and developer.get("id") and text(developer.find("name")),
          "developer with an id and a name")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
