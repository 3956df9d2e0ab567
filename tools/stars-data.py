#!/usr/bin/env python3
"""Builds data/stars/zodiac.json: the twelve zodiac constellations' line figures and stars.

Sources (Debian package `xplanet`, build time only; Skiff never needs xplanet to run):
  /usr/share/xplanet/arcs/constellations  line segments "Dec1 RA1 Dec2 RA2 # Star1,Star2"
                                           (Dec in degrees, RA in hours), by Chris Dolan
  /usr/share/xplanet/stars/BSC             Yale Bright Star Catalogue, 5th revised edition:
                                           "Dec RA Mag "Name" BSN HD SAO"

Usage: tools/stars-data.py [--xplanet DIR] [--out data/stars/zodiac.json]
The output is deterministic: running it again on the same package gives the same bytes.
See docs/stars.md for the format and data/stars/LICENSE.md for the licence.
"""
import argparse
import json
import math
import re
import sys

# The seed's order: Pisces first.
ZODIAC = [
    ("pisces", "Pisces", "Psc"), ("aries", "Aries", "Ari"), ("taurus", "Taurus", "Tau"),
    ("gemini", "Gemini", "Gem"), ("cancer", "Cancer", "Cnc"), ("leo", "Leo", "Leo"),
    ("virgo", "Virgo", "Vir"), ("libra", "Libra", "Lib"), ("scorpio", "Scorpius", "Sco"),
    ("sagittarius", "Sagittarius", "Sgr"), ("capricorn", "Capricornus", "Cap"), ("aquarius", "Aquarius", "Aqr"),
]
# Faint stars kept around each figure: brighter than this magnitude, at most this many.
FIELD_MAGNITUDE = 5.0
FIELD_MAXIMUM = 60
# A vertex matches a catalogue star within this many degrees.
MATCH_DEGREES = 0.08
ABBREVIATION = re.compile(r"^[A-Z][A-Za-z]{2}$")


def read_segments(path):
    """Segments grouped by the constellation block they sit in (the file is grouped by constellation)."""
    blocks = {}
    current = None
    with open(path, encoding="latin-1") as f:
        for number, line in enumerate(f, 1):
            body, _, comment = line.partition("#")
            fields = body.split()
            if len(fields) < 4:
                continue
            dec1, ra1, dec2, ra2 = (float(x) for x in fields[:4])
            names = [n.strip() for n in comment.split(",")]
            named = [n.split(" ")[0] for n in names if n and ABBREVIATION.match(n.split(" ")[0])]
            if named:
                current = named[0]
            elif current is not None:
                # Only proper names ("Canopus,Canopus"): it belongs to the current block only if it
                # touches it; otherwise it opens a block of its own that no sign uses.
                ends = {(round(p[0], 4), round(p[1], 4)) for seg in blocks.get(current, []) for p in seg}
                if (round(ra1 * 15, 4), dec1) not in ends and (round(ra2 * 15, 4), dec2) not in ends:
                    current = f"?{number}"
            if current is None:
                sys.exit(f"{path}:{number}: a segment before any constellation is named")
            blocks.setdefault(current, []).append(((ra1 * 15, dec1, names[0] if names else ""),
                                                   (ra2 * 15, dec2, names[1] if len(names) > 1 else "")))
    return blocks


def read_catalogue(path):
    stars = []
    with open(path, encoding="latin-1") as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            fields = line.split()
            try:
                dec, ra, mag = float(fields[0]), float(fields[1]), float(fields[2])
            except (ValueError, IndexError):
                continue
            stars.append((ra * 15, dec, mag))
    return stars


def separation(a, b):
    ra1, dec1 = math.radians(a[0]), math.radians(a[1])
    ra2, dec2 = math.radians(b[0]), math.radians(b[1])
    c = math.sin(dec1) * math.sin(dec2) + math.cos(dec1) * math.cos(dec2) * math.cos(ra1 - ra2)
    return math.degrees(math.acos(max(-1.0, min(1.0, c))))


def centre(points):
    """The mean direction of the points (a unit-vector average, so RA wrapping at 0 h is harmless)."""
    x = y = z = 0.0
    for ra, dec, *_ in points:
        r, d = math.radians(ra), math.radians(dec)
        x += math.cos(d) * math.cos(r); y += math.cos(d) * math.sin(r); z += math.sin(d)
    return (math.degrees(math.atan2(y, x)) % 360, math.degrees(math.atan2(z, math.hypot(x, y))))


def build(xplanet):
    blocks = read_segments(f"{xplanet}/arcs/constellations")
    catalogue = read_catalogue(f"{xplanet}/stars/BSC")
    signs = []
    for key, name, abbreviation in ZODIAC:
        segments = blocks.get(abbreviation)
        if not segments:
            sys.exit(f"no line figure for {abbreviation} in {xplanet}/arcs/constellations")
        vertices, lines = [], []

        def index_of(point):
            for i, v in enumerate(vertices):
                if abs(v["ra"] - round(point[0], 4)) < 1e-6 and abs(v["dec"] - round(point[1], 4)) < 1e-6:
                    return i
            nearest = min(catalogue, key=lambda s: separation(s, point))
            if separation(nearest, point) > MATCH_DEGREES:
                sys.exit(f"{abbreviation}: no catalogue star near {point[2]} ({point[0]:.4f}, {point[1]:.4f})")
            vertices.append({"name": point[2], "ra": round(point[0], 4), "dec": round(point[1], 4), "mag": nearest[2]})
            return len(vertices) - 1

        for a, b in segments:
            i, j = index_of(a), index_of(b)
            if i != j and [i, j] not in lines and [j, i] not in lines:
                lines.append([i, j])
        c = centre([(v["ra"], v["dec"]) for v in vertices])
        radius = max(separation(c, (v["ra"], v["dec"])) for v in vertices) * 1.1
        field = [s for s in catalogue
                 if s[2] <= FIELD_MAGNITUDE and separation(c, s) <= radius
                 and all(separation(s, (v["ra"], v["dec"])) > MATCH_DEGREES for v in vertices)]
        field.sort(key=lambda s: (s[2], s[0], s[1]))
        signs.append({
            "id": key, "name": name, "abbreviation": abbreviation,
            "stars": vertices, "lines": lines,
            "field": [[round(s[0], 4), round(s[1], 4), s[2]] for s in field[:FIELD_MAXIMUM]],
        })
    return {
        "format": "skiff-zodiac-1",
        "source": "xplanet: arcs/constellations (line figures by Chris Dolan) and stars/BSC "
                  "(Yale Bright Star Catalogue, 5th revised edition); see data/stars/LICENSE.md",
        "units": "ra and dec in degrees (J2000), mag is visual magnitude",
        "signs": signs,
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--xplanet", default="/usr/share/xplanet")
    parser.add_argument("--out", default="data/stars/zodiac.json")
    args = parser.parse_args()
    data = build(args.xplanet)
    # One sign per block of lines: small, diffable, and every star on its own line for error positions.
    text = json.dumps(data, indent=1, ensure_ascii=False, sort_keys=False)
    with open(args.out, "w", encoding="utf-8") as f:
        f.write(text + "\n")
    total = sum(len(s["stars"]) + len(s["field"]) for s in data["signs"])
    print(f"{args.out}: 12 signs, {sum(len(s['lines']) for s in data['signs'])} lines, {total} stars, {len(text) + 1} bytes")


if __name__ == "__main__":
    main()
