#!/usr/bin/env python3
"""What tools/screenshots.sh shows, made up: local sites, a hostile feed, browsing histories.

  screenshot-fixtures.py site DIR              pages with icons, and Today's feeds, served by python3 on 127.0.0.1
  screenshot-fixtures.py hostile-feed DIR      a feed with a named pipe and three decompression bombs as pictures
  screenshot-fixtures.py history DB            a few weeks of made-up pages (the History window)
  screenshot-fixtures.py big-history DB ROWS   ROWS generated pages, one "Debian Reference" visited 200 days ago

The databases must already exist with Skiff's own schema (a first start makes it); rows go in through
its triggers, and the stored frecency is marked stale so that the next start recomputes all of it.
"""
import json
import os
import sqlite3
import struct
import sys
import time
import zlib


def png(path, size, rgb, shape='square', declared=None):
    """A size×size RGBA picture; `declared` writes a header claiming declared×declared pixels instead."""
    rows = []
    for y in range(size):
        row = b'\x00'
        for x in range(size):
            d = (x - (size - 1) / 2) ** 2 + (y - (size - 1) / 2) ** 2
            r = size / 2
            inside = {'circle': d <= r * r, 'ring': (r / 2) ** 2 <= d <= r * r}.get(shape, True)
            row += bytes(list(rgb) + [255]) if inside else bytes(4)
        rows.append(row)
    write_png(path, declared or size, declared or size, rows)


def write_png(path, width, height, rows):
    """RGBA rows (each starting with its filter byte) as a PNG whose header says width×height."""
    def chunk(kind, data):
        return struct.pack('>I', len(data)) + kind + data + struct.pack('>I', zlib.crc32(kind + data) & 0xffffffff)
    with open(path, 'wb') as f:
        f.write(b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', width, height, 8, 6, 0, 0, 0))
                + chunk(b'IDAT', zlib.compress(b''.join(rows), 6)) + chunk(b'IEND', b''))


def scene(path, sky, glow, sea, sun, width=800, height=500):
    """A procedural picture for the screenshot feeds (made by us, data/today/LICENSE.md): a sky from `sky`
    to `glow` at the horizon, a sun at `sun` (x, y fractions), a sea of `sea` with bands of light."""
    horizon = int(height * 0.62)
    sx, sy, radius = sun[0] * width, sun[1] * height, height * 0.09
    rows = []
    for y in range(height):
        row = bytearray(b'\x00')
        if y < horizon:
            t = y / horizon
            base = [round(a + (b - a) * t) for a, b in zip(sky, glow)]
        else:
            t = (y - horizon) / (height - horizon)
            base = [round(c * (1 - 0.35 * t)) for c in sea]
        for x in range(width):
            r, g, b = base
            d = ((x - sx) ** 2 + (y - sy) ** 2) ** 0.5
            if y < horizon and d < radius * 3:
                # The disc's edge a pixel wide (no stair steps), in a glow that fades over two radii.
                light = max(min(1.0, radius - d + 0.5), max(0.0, 1 - (d - radius) / (radius * 2)) * 0.5)
                r, g, b = (round(c + (255 - c) * light) for c in (r, g, b))
            elif y >= horizon and abs(x - sx) < radius * (1.5 + (y - horizon) / 40) and (y // 3) % 2 == 0:
                r, g, b = (min(255, c + 60) for c in (r, g, b))
            row += bytes((r, g, b, 255))
        rows.append(bytes(row))
    write_png(path, width, height, rows)


LOREM = ('Lorem ipsum dolor sit amet, consectetur adipiscing elit. Sed do eiusmod tempor incididunt ut labore et '
         'dolore magna aliqua. Ut enim ad minim veniam, quis nostrud exercitation.')


def site(root):
    os.makedirs(root, exist_ok=True)
    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, 'screenshot-page.html')) as f:
        page = f.read()
    with open(os.path.join(root, 'page.html'), 'w') as f:
        f.write(page)
    # Favourites: five sites, each with its own icon.
    for name, title, rgb, shape in [('debian', 'Debian — The Universal Operating System', (215, 7, 81), 'circle'),
                                    ('gnome', 'GNOME Web', (53, 132, 228), 'ring'),
                                    ('swift', 'Swift Forums', (240, 81, 56), 'square'),
                                    ('webkit', 'WebKit Blog', (46, 194, 126), 'circle'),
                                    ('kernel', 'The Linux Kernel Archives', (246, 211, 45), 'square')]:
        png(os.path.join(root, f'{name}.png'), 32, rgb, shape)
        with open(os.path.join(root, f'{name}.html'), 'w') as f:
            f.write(f"<!doctype html><html><head><meta charset=utf-8><title>{title}</title>"
                    f"<link rel=icon href=/{name}.png></head><body style='font:20px sans-serif;margin:40px'>"
                    f"<h1>{title}</h1><p>A page served on 127.0.0.1 for the screenshots.</p></body></html>")
    # The tab overview: five pages, each its own colour.
    for name, title, subtitle, accent, paper in [('news', 'Daily News', 'Top stories of the day', '#c01c28', '#ffffff'),
                                                 ('recipes', 'Recipes', 'Soups for cold evenings', '#e66100', '#fff8f0'),
                                                 ('swiftdocs', 'Swift Docs', 'The Swift Programming Language', '#2a5ee8', '#ffffff'),
                                                 ('garden', 'Garden Club', 'Spring planting guide', '#2e7d32', '#f0fff0'),
                                                 ('music', 'Music Weekly', 'New albums this week', '#7b1fa2', '#1c1b2e')]:
        ink = '#dddddd' if paper == '#1c1b2e' else '#333333'
        sections = ''.join(f'<h2>Section {n}</h2><p>{LOREM}</p>' for n in range(1, 9))
        with open(os.path.join(root, f'{name}.html'), 'w') as f:
            f.write(f"<!doctype html><html><head><meta charset=utf-8><title>{title}</title></head>"
                    f"<body style='margin:0;font:18px sans-serif;background:{paper};color:{ink}'>"
                    f"<header style='background:{accent};color:white;padding:30px 60px'><h1 style='font-size:48px;margin:0'>"
                    f"{title}</h1><p>{subtitle}</p></header><main style='padding:10px 60px'>{sections}</main></body></html>")
    # A second tab for the swipe, a long page for the collapsed toolbar, a plain page under the suggestions.
    with open(os.path.join(root, 'second.html'), 'w') as f:
        f.write("<!doctype html><html><head><meta charset=utf-8><title>Second Tab</title></head>"
                "<body style='margin:0;font:17px sans-serif;color:white;background:linear-gradient(135deg,#0f766e,#134e4a);"
                "min-height:100vh'><div style='padding:56px 48px'><h1 style='font-size:48px;margin:0 0 10px'>A second WebKit tab</h1>"
                "<p>Swipe the address bars to move between tabs: the pages move faster than the bars.</p></div></body></html>")
    with open(os.path.join(root, 'long.html'), 'w') as f:
        paragraphs = ''.join(f'<p>Paragraph {n}: Skiff keeps the page scrolling while the toolbar collapses.</p>'
                             for n in range(1, 120))
        f.write("<!doctype html><html><head><meta charset=utf-8><title>Long Page</title></head>"
                f"<body style='font:20px/1.2 sans-serif;margin:0 32px;background:#fdf6e3;color:#222'>{paragraphs}</body></html>")
    # Find in page and downloads: release notes that link to two files (served as attachments by the
    # script's server, the installer slowly, so that its progress shows).
    with open(os.path.join(root, 'release.html'), 'w') as f:
        f.write("<!doctype html><html><head><meta charset=utf-8><title>Release notes</title></head>"
                "<body style='font:18px/1.5 sans-serif;margin:32px;max-width:46em'><h1>Release notes</h1>"
                "<p><a href='/files/debian-12.iso' style='display:block'>Download the installer image</a>"
                "<a href='/files/notes.pdf' style='display:block'>Download these notes (PDF)</a></p>"
                "<p>This release brings a new kernel, a new desktop and a new installer. The kernel supports more "
                "hardware; the desktop is faster; the installer asks fewer questions. Read the kernel notes before "
                "you upgrade.</p><p>Upgrading from the previous release keeps your files. The kernel is replaced at "
                "the next restart, and the old kernel stays installed until you remove it.</p></body></html>")
    # Where am I: links to hover and right-click (one with a right-to-left override in its address, which
    # the overlay must show escaped), a picture, text to select.
    with open(os.path.join(root, 'links.html'), 'w') as f:
        f.write("<!doctype html><html><head><meta charset=utf-8><title>A page with links</title></head>"
                "<body style='font:18px/1.5 sans-serif;margin:32px;max-width:46em'><h1>A page with links</h1>"
                "<p>Read the <a href='/guide/ch03.html#network-configuration'>Debian Reference, chapter 3</a>, "
                "or see <a href='/downloads/invoice\u202efdp.exe'>invoice\u202efdp.exe\u202c</a>, and the "
                "<a href='/pay.html'>payment page</a>.</p>"
                "<p><img src='/debian.png' width=96 height=96 alt='A red circle'></p>"
                "<p>Some text to select: the quick brown fox jumps over the lazy dog.</p></body></html>")
    # Permissions: a weather page whose button asks for the location (the prompt in the bar names the site).
    with open(os.path.join(root, 'weather.html'), 'w') as f:
        f.write("<!doctype html><html><head><meta charset=utf-8><title>Local weather</title></head>"
                "<body style='font:18px/1.5 sans-serif;margin:32px;max-width:46em'><h1>Local weather</h1>"
                "<p>The forecast for where you are, hour by hour.</p>"
                "<button style='font:18px sans-serif;padding:16px 24px' onclick=\"navigator.geolocation.getCurrentPosition("
                "function(){ document.title = 'Local weather: here' }, function(){ document.title = 'Local weather: refused' })\">"
                "Show the weather where I am</button></body></html>")
    # A sign-up form: its new password brings the suggested-password bar (docs/browser.md).
    with open(os.path.join(root, 'signup.html'), 'w') as f:
        f.write("<!doctype html><html><head><meta charset=utf-8><title>Create your account</title></head>"
                "<body style='font:18px/1.5 sans-serif;margin:32px;max-width:30em'><h1>Create your account</h1>"
                "<form method=post action=/notes.html style='display:grid;gap:12px'>"
                "<label>E-mail<br><input type=email name=email autocomplete=username value='ada@example.org' "
                "style='font:18px sans-serif;width:100%;padding:8px'></label>"
                "<label>Password<br><input id=new type=password name=password autocomplete=new-password "
                "style='font:18px sans-serif;width:100%;padding:8px'></label>"
                "<label>Password again<br><input type=password name=again autocomplete=new-password "
                "style='font:18px sans-serif;width:100%;padding:8px'></label>"
                "<button style='font:18px sans-serif;padding:12px'>Create account</button></form></body></html>")
    with open(os.path.join(root, 'notes.html'), 'w') as f:
        f.write("<!doctype html><html><head><meta charset=utf-8><title>Notes</title></head>"
                "<body style='font:20px sans-serif'><h1>Notes</h1><p>A page.</p></body></html>")
    subscriptions(root)


def hostile_feed(root):
    """The feed of README's "hostile feeds" picture: a named pipe as a picture, three 30000×30000 bombs."""
    images = os.path.join(root, 'images')
    os.makedirs(images, exist_ok=True)
    pipe = os.path.join(images, 'pipe.jpg')
    if not os.path.exists(pipe):
        os.mkfifo(pipe)
    for n in (1, 2, 3):
        png(os.path.join(images, f'b{n}.png'), 64, (90, 90, 120), declared=30000)

    def card(n, image):
        return {'id': f'c{n}', 'kind': 'feature', 'eyebrow': 'Hostile', 'title': f'Card {n}', 'image': image,
                'body': ['A card whose picture Skiff refuses.']}
    feed = {'version': 1, 'profileImage': 'images/pipe.jpg',
            'sections': [{'date': time.strftime('%Y-%m-%d'), 'title': 'Today',
                          'cards': [card(1, 'images/b1.png'), card(2, 'images/b2.png'),
                                    card(3, 'images/b3.png'), card(4, 'images/pipe.jpg')]}]}
    with open(os.path.join(root, 'hostile.json'), 'w') as f:
        json.dump(feed, f)


def stale_frecency(db):
    db.execute("DELETE FROM meta WHERE key = 'frecencyDate'")
    db.commit()


def history(path):
    db = sqlite3.connect(path)
    now = time.time()
    day = time.localtime()
    midnight = time.mktime((day.tm_year, day.tm_mon, day.tm_mday, 0, 0, 0, 0, 0, -1))
    pages = [
        ("https://www.debian.org/doc/manuals/debian-reference/", "Debian Reference", now - 240),
        ("https://docs.gtk.org/gtk4/", "GTK 4 Reference Manual", now - 1500),
        ("https://webkitgtk.org/reference/webkitgtk/stable/", "WebKitGTK Reference", now - 3900),
        ("https://www.swift.org/documentation/", "Swift Documentation", max(midnight + 60, now - 4 * 3600)),
        ("https://apps.gnome.org/", "Apps for GNOME", midnight - 2 * 3600),
        ("https://gitlab.gnome.org/GNOME/epiphany", "GNOME / Epiphany · GitLab", midnight - 5 * 3600),
        ("https://en.wikipedia.org/wiki/Skiff", "Skiff - Wikipedia", midnight - 9 * 3600),
        ("https://www.openstreetmap.org/", "OpenStreetMap", midnight - 86400 - 3 * 3600),
        ("https://lwn.net/", "LWN.net", midnight - 86400 - 7 * 3600),
        ("https://sqlite.org/fts5.html", "SQLite FTS5 Extension", midnight - 3 * 86400 - 3600),
        ("https://github.com/groue/GRDB.swift", "groue/GRDB.swift: A toolkit for SQLite databases", midnight - 3 * 86400 - 5000),
        ("https://www.bbc.co.uk/weather", "BBC Weather", midnight - 6 * 86400 - 7200),
    ]
    for uri, title, t in pages:
        db.execute("INSERT OR REPLACE INTO history (uri, title, visitCount, lastVisit) VALUES (?, ?, 1, ?)", (uri, title, t))
    stale_frecency(db)


# As Sources/Browser/Store/GeneratedHistory.swift makes them for the benchmark.
WORDS = ("news weather recipe garden travel music guide review forum video photo market school science history "
         "football coffee design kernel python swift rust linux camera bicycle mountain river library museum theatre "
         "planet ocean winter summer letter number window button paper orange yellow purple silver golden quiet rapid "
         "simple modern classic daily weekly").split()


def big_history(path, rows):
    db = sqlite3.connect(path)
    now = time.time()
    seed = 0x9E3779B97F4A7C15

    def nxt():
        nonlocal seed
        seed = (seed * 6364136223846793005 + 1442695040888963407) % (1 << 64)
        return seed >> 33
    year = 365 * 86400
    values = []
    for i in range(rows - 1):
        a, b, c = WORDS[nxt() % len(WORDS)], WORDS[nxt() % len(WORDS)], WORDS[nxt() % len(WORDS)]
        visits = 1 + nxt() % 40 if nxt() % 10 == 0 else 1
        age = (nxt() % 1000000) / 1000000 * year
        values.append((f"https://{a}{nxt() % 500}.example/{b}/{i}", f"{a.capitalize()} {b} {c} – page {i}", visits, now - age))
    # What a Debian user has visited, often and recently, and the needle: once, 200 days ago.
    values += [("https://www.debian.org/", "Debian -- The Universal Operating System", 30, now - 3600),
               ("https://wiki.debian.org/DebianReleases", "DebianReleases - Debian Wiki", 4, now - 5 * 86400),
               ("https://packages.debian.org/bookworm/sqlite3", "Debian -- Details of package sqlite3 in bookworm", 3, now - 9 * 86400),
               ("https://www.debian.org/doc/manuals/debian-reference/", "Debian Reference", 1, now - 200 * 86400)]
    db.executemany("INSERT OR IGNORE INTO history (uri, title, visitCount, lastVisit) VALUES (?, ?, ?, ?)", values)
    stale_frecency(db)


def subscriptions(root):
    """Three feeds written by us (RSS 2.0, Atom, JSON Feed) dated around today, and an OPML file naming
    them at @SITE@ (tools/screenshots.sh puts the local server's address there once it runs)."""
    from datetime import datetime, timedelta, timezone
    from email.utils import format_datetime
    os.makedirs(os.path.join(root, 'feeds', 'pictures'), exist_ok=True)
    now = datetime.now(timezone.utc).astimezone()
    # Pictures for some articles (fetched by Today over HTTP into its cache), and each feed's icon.
    pictures = {'tide': ((24, 52, 112), (250, 160, 90), (20, 70, 110), (0.7, 0.5)),
                'ferry': ((70, 140, 210), (200, 225, 240), (30, 90, 130), (0.25, 0.3)),
                'lighthouse': ((20, 20, 60), (120, 60, 120), (15, 30, 60), (0.5, 0.55)),
                'lantern': ((10, 10, 40), (90, 40, 80), (20, 20, 50), (0.6, 0.45)),
                'curlew': ((150, 180, 200), (240, 220, 170), (90, 110, 90), (0.3, 0.52))}
    for name, (sky, glow, sea, sun) in pictures.items():
        scene(os.path.join(root, 'feeds', 'pictures', f'{name}.png'), sky, glow, sea, sun)
    for name, rgb, shape in [('harbour', (40, 110, 190), 'circle'), ('lantern', (230, 150, 40), 'square'),
                             ('fieldwork', (60, 160, 90), 'circle')]:
        png(os.path.join(root, 'feeds', 'pictures', f'{name}-icon.png'), 64, rgb, shape)
    media = {0: 'tide', 1: 'ferry', 3: 'lighthouse'}

    def at(days, hours):
        t = now.replace(hour=9, minute=30, second=0, microsecond=0) - timedelta(days=days, hours=hours)
        return min(t, now - timedelta(minutes=5))
    harbour = [
        ('Spring tide reaches the quay wall on Thursday', 'Moor with long lines: the harbour master expects water over the lower steps at noon.', 0, 0),
        ('The ferry runs again after the storm', 'The 7:40 crossing is back, with a second boat on Saturdays until the end of the month.', 0, 2),
        ('Fish market moves to the north pier', 'Stalls open an hour earlier while the old hall is re-roofed.', 1, 0),
        ('Lighthouse keepers\' logbooks go online', 'Two hundred years of weather, ships and visitors, scanned page by page.', 2, 0),
        ('How the new breakwater was built', 'Eleven thousand concrete blocks, each placed by divers at slack water.', 4, 0)]
    items = ''.join(
        f'<item><title>{t}</title><link>@SITE@/notes.html</link><guid>harbour-{i}</guid><pubDate>{format_datetime(at(d, h))}</pubDate>'
        f'<description>{s}</description>'
        + (f'<media:content url="@SITE@/feeds/pictures/{media[i]}.png" medium="image" width="800" height="500"/>' if i in media else '')
        + f'<content:encoded><![CDATA[<p>{s}</p><p>More details follow from the harbour '
        'office. Visitors are asked to keep to the marked paths and to check the tide tables posted at the gate.</p>'
        # The first article's own picture, shown between its paragraphs in the story.
        + ('<p><img src="@SITE@/feeds/pictures/ferry.png" alt="The ferry leaving the north pier at dawn" width="800" height="500"></p>'
           if i == 0 else '')
        + '<h3>What to bring</h3><ul><li>Warm clothes</li><li>Boots</li></ul>]]></content:encoded></item>'
        for i, (t, s, d, h) in enumerate(harbour))
    with open(os.path.join(root, 'feeds', 'harbour.xml'), 'w') as f:
        f.write('<?xml version="1.0" encoding="UTF-8"?><rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" '
                'xmlns:media="http://search.yahoo.com/mrss/"><channel><title>Harbour Notes</title><link>@SITE@/</link>'
                '<description>News from the quay</description><image><url>@SITE@/feeds/pictures/harbour-icon.png</url>'
                f'<title>Harbour Notes</title><link>@SITE@/</link></image>{items}</channel></rss>')
    lantern = [
        ('A lantern festival for the longest night', 'Paper lanterns along the river, and soup on the bridge.', 0, 1),
        ('Reading the winter sky without a telescope', 'Orion, the Pleiades and where to look from the dunes.', 1, 3),
        ('The last bookbinder on Mill Street', 'Forty years of stitching, gluing and gold leaf.', 3, 0)]
    entries = ''.join(
        f'<entry><title>{t}</title><id>urn:lantern:{i}</id><link href="@SITE@/notes.html"/><updated>{at(d, h).isoformat()}</updated>'
        + ('<link rel="enclosure" type="image/png" href="@SITE@/feeds/pictures/lantern.png"/>' if i == 0 else '')
        + f'<summary>{s}</summary><content type="html">&lt;p&gt;{s}&lt;/p&gt;&lt;p&gt;Our correspondent went to see for herself.&lt;/p&gt;</content></entry>'
        for i, (t, s, d, h) in enumerate(lantern))
    with open(os.path.join(root, 'feeds', 'lantern.xml'), 'w') as f:
        f.write('<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom"><title>The Lantern</title>'
                '<icon>@SITE@/feeds/pictures/lantern-icon.png</icon>'
                f'<id>urn:lantern</id><updated>{now.isoformat()}</updated><link rel="alternate" href="@SITE@/"/>{entries}</feed>')
    fieldwork = [
        ('Counting curlews on the salt marsh', 'Volunteers logged 312 birds at dawn.', 0, 3),
        ('Seed library opens in the old station', 'Borrow a packet, bring back seeds in autumn.', 1, 1),
        ('A week on the allotments', 'Frost, leeks, and the great compost debate.', 2, 2)]
    with open(os.path.join(root, 'feeds', 'fieldwork.json'), 'w') as f:
        json.dump({'version': 'https://jsonfeed.org/version/1.1', 'title': 'Fieldwork', 'home_page_url': '@SITE@/',
                   'icon': '@SITE@/feeds/pictures/fieldwork-icon.png',
                   'items': [{'id': f'field-{i}', 'title': t, 'summary': s, 'content_html': f'<p>{s}</p>',
                              'date_published': at(d, h).isoformat(), 'url': '@SITE@/notes.html',
                              # The second's picture is gone from the server: the Subscriptions view says so.
                              **({'image': '@SITE@/feeds/pictures/curlew.png'} if i == 0 else
                                 {'image': '@SITE@/feeds/pictures/seed-packets.png'} if i == 1 else {})}
                             for i, (t, s, d, h) in enumerate(fieldwork)]}, f)
    # A podcast (not in the OPML file: only README's episode picture subscribes to it), with three
    # seconds of a quiet tone as its episode's file.
    import math, struct, wave
    with wave.open(os.path.join(root, 'feeds', 'episode.wav'), 'wb') as w:
        w.setnchannels(1); w.setsampwidth(2); w.setframerate(8000)
        w.writeframes(b''.join(struct.pack('<h', int(2000 * math.sin(2 * math.pi * 440 * i / 8000))) for i in range(8000 * 3)))
    with open(os.path.join(root, 'feeds', 'podcast.xml'), 'w') as f:
        f.write('<?xml version="1.0" encoding="UTF-8"?><rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd">'
                '<channel><title>Harbour Radio</title><link>@SITE@/notes.html</link>'
                '<item><itunes:title>Episode 12: The night ferry</itunes:title><itunes:duration>42:10</itunes:duration>'
                '<itunes:summary>The crew of the night ferry on fog, tides and a great deal of tea.</itunes:summary>'
                f'<pubDate>{format_datetime(at(0, 1))}</pubDate><guid>harbour-radio-12</guid>'
                '<enclosure url="@SITE@/feeds/episode.wav" type="audio/wav" length="48044"/></item></channel></rss>')
    with open(os.path.join(root, 'feeds', 'feeds.opml'), 'w') as f:
        f.write('<?xml version="1.0" encoding="UTF-8"?><opml version="2.0"><head><title>Feeds</title></head><body>'
                '<outline type="rss" text="Harbour Notes" xmlUrl="@SITE@/feeds/harbour.xml"/>'
                # Two in a folder: the sidebar and the Subscriptions window show folders as they are.
                '<outline text="Reading"><outline type="rss" text="The Lantern" xmlUrl="@SITE@/feeds/lantern.xml"/>'
                '<outline type="rss" text="Fieldwork" xmlUrl="@SITE@/feeds/fieldwork.json"/></outline></body></opml>')


if __name__ == '__main__':
    command, target = sys.argv[1], sys.argv[2]
    {'site': site, 'hostile-feed': hostile_feed, 'history': history,
     'big-history': lambda p: big_history(p, int(sys.argv[3]))}[command](target)
