#!/usr/bin/env python3
"""Draws the sample pictures of Skiff's Today feed into data/today/images/.

Not part of the build: the app, its tests and CI use the committed JPEG/PNG files. Kept so the art
can be changed and drawn again by hand (`pip install Pillow numpy; python3 tools/today-art.py`).
Everything is procedural from fixed seeds: gradients, noise, shapes. No photographs, fonts or outside
assets, so the pictures are the project's own work (see data/today/LICENSE.md).
"""
from pathlib import Path
import numpy as np
from PIL import Image, ImageDraw, ImageFilter

OUT = Path(__file__).resolve().parent.parent / "data" / "today" / "images"
FIXTURES = Path(__file__).resolve().parent.parent / "Tests" / "Fixtures" / "today" / "images"
W, H = 1200, 800


def hexrgb(h):
    h = h.lstrip("#")
    return np.array([int(h[i:i + 2], 16) for i in (0, 2, 4)], dtype=np.float32)


def vertical(stops, w=W, h=H):
    t = np.linspace(0, 1, h, dtype=np.float32)[:, None]
    pos = [p for p, _ in stops]
    cols = [hexrgb(c) for _, c in stops]
    out = np.zeros((h, 1, 3), np.float32)
    for ch in range(3):
        out[:, 0, ch] = np.interp(t[:, 0], pos, [c[ch] for c in cols])
    return np.repeat(out, w, axis=1)


def noise(w, h, cell, seed, octaves=4):
    rng = np.random.default_rng(seed)
    acc = np.zeros((h, w), np.float32)
    amp, total = 1.0, 0.0
    for o in range(octaves):
        c = max(2, int(cell / (2 ** o)))
        small = rng.random((h // c + 2, w // c + 2)).astype(np.float32)
        img = Image.fromarray((small * 255).astype(np.uint8)).resize((w + 2 * c, h + 2 * c), Image.BICUBIC)
        acc += amp * np.asarray(img, np.float32)[c:c + h, c:c + w] / 255
        total += amp
        amp *= 0.5
    return acc / total


def ridge(w, seed, base, amp, cell):
    n = noise(w, 4, cell, seed, 5)[1]
    return base + (n - 0.5) * 2 * amp


def fill_below(img, line, color, soft=1.5):
    h, w, _ = img.shape
    y = np.arange(h, dtype=np.float32)[:, None]
    a = np.clip((y - line[None, :]) / soft + 0.5, 0, 1)[..., None]
    return img * (1 - a) + hexrgb(color) * a


def glow(img, cx, cy, r, color, strength=1.0):
    h, w, _ = img.shape
    y, x = np.mgrid[0:h, 0:w].astype(np.float32)
    d = np.sqrt((x - cx) ** 2 + (y - cy) ** 2) / r
    a = (np.exp(-d * d) * strength)[..., None]
    return img + (hexrgb(color) - img) * np.clip(a, 0, 1)


def stars(img, count, seed, top=1.0):
    rng = np.random.default_rng(seed)
    h, w, _ = img.shape
    for _ in range(count):
        x, y = int(rng.random() * w), int(rng.random() * h * top)
        b = rng.random() ** 3
        img[y, x] = np.minimum(255, img[y, x] + 255 * b)
    return img


def save(img, name, size=None, quality=82):
    im = Image.fromarray(np.clip(img, 0, 255).astype(np.uint8))
    if size:
        im = im.resize(size, Image.LANCZOS)
    OUT.mkdir(parents=True, exist_ok=True)
    im.save(OUT / name, quality=quality, optimize=True, progressive=True)
    print(name, (OUT / name).stat().st_size // 1024, "KB")


def dunes():
    img = vertical([(0, "#f6c27a"), (0.45, "#f3a35c"), (1, "#b8553a")])
    img = glow(img, 860, 230, 160, "#fff1c9", 0.9)
    for i, (base, col) in enumerate([(470, "#d98a4a"), (540, "#c46f3a"), (620, "#a9572e"), (710, "#873f24")]):
        img = fill_below(img, ridge(W, 10 + i, base, 40 + i * 12, 500 - i * 60), col, 2.5)
    save(img, "dunes.jpg")


def sea():
    img = vertical([(0, "#0b3a5b"), (0.5, "#1b7aa6"), (0.52, "#0f5e85"), (1, "#06233a")])
    img = glow(img, 600, 390, 220, "#ffd9a0", 0.8)
    im = Image.fromarray(np.clip(img, 0, 255).astype(np.uint8))
    d = ImageDraw.Draw(im)
    rng = np.random.default_rng(3)
    # The sun's path on the water: short horizontal glints, wider and sparser towards the viewer.
    for y in range(420, H, 5):
        spread = 60 + (y - 420) * 0.9
        for _ in range(int(3 + (y - 420) / 60)):
            cx = 600 + rng.normal(0, spread / 2)
            ln = rng.integers(8, 30 + (y - 420) // 6)
            d.line([(cx - ln / 2, y), (cx + ln / 2, y)], fill=(255, 226, 170), width=2)
    save(np.asarray(im.filter(ImageFilter.GaussianBlur(0.7)), np.float32), "sea.jpg")


def mountains():
    img = vertical([(0, "#8ec5ff"), (0.6, "#e3f1ff"), (1, "#ffffff")])
    for i, (base, col, amp) in enumerate([(380, "#9fb3c8", 120), (470, "#6f879f", 90), (560, "#44586e", 70), (650, "#25323f", 50)]):
        img = fill_below(img, ridge(W, 20 + i, base, amp, 420 - i * 60), col, 2)
    save(img, "mountains.jpg")


def nightsky():
    img = vertical([(0, "#05060f"), (0.7, "#141a3a"), (1, "#2a2f5e")])
    img = stars(img, 2600, 5, 0.8)
    img = glow(img, 300, 200, 90, "#fef6d8", 0.95)
    img = fill_below(img, ridge(W, 7, 650, 40, 300), "#07080f", 2)
    save(img, "nightsky.jpg")


def geometry(name, bg, colors, seed, portrait=False):
    w, h = (800, 1000) if portrait else (W, H)
    rng = np.random.default_rng(seed)
    im = Image.fromarray(vertical(bg, w, h).astype(np.uint8))
    layer = Image.new("RGBA", (w, h))
    d = ImageDraw.Draw(layer)
    for i in range(9):
        r = rng.integers(80, 320)
        x, y = rng.integers(-100, w), rng.integers(-100, h)
        c = colors[i % len(colors)]
        d.ellipse([x - r, y - r, x + r, y + r], fill=tuple(hexrgb(c).astype(int)) + (int(150 + rng.integers(0, 90)),))
    layer = layer.filter(ImageFilter.GaussianBlur(2))
    im = Image.alpha_composite(im.convert("RGBA"), layer).convert("RGB")
    save(np.asarray(im, np.float32), name)


def forest():
    img = vertical([(0, "#cfe8d5"), (0.5, "#8fbf9f"), (1, "#2f5d46")])
    rng = np.random.default_rng(9)
    im = Image.fromarray(img.astype(np.uint8))
    d = ImageDraw.Draw(im)
    for layer, col in enumerate(["#7aa58a", "#4f7f63", "#2d5641", "#173326"]):
        for _ in range(40):
            x = rng.integers(-40, W + 40)
            base = 520 + layer * 80
            hgt = rng.integers(180, 320) - layer * 20
            wid = hgt // 4
            d.polygon([(x, base - hgt), (x - wid, base + 10), (x + wid, base + 10)], fill=col)
        d.rectangle([0, 520 + layer * 80, W, H], fill=col)
    save(np.asarray(im.filter(ImageFilter.GaussianBlur(0.8)), np.float32), "forest.jpg")


def terminal():
    img = vertical([(0, "#101418"), (1, "#1d2630")])
    im = Image.fromarray(img.astype(np.uint8))
    d = ImageDraw.Draw(im)
    rng = np.random.default_rng(4)
    d.rounded_rectangle([120, 120, 1080, 700], 22, fill="#0b0f13", outline="#2f3b47", width=2)
    for i, c in enumerate(["#ff5f57", "#febc2e", "#28c840"]):
        d.ellipse([150 + i * 30, 145, 166 + i * 30, 161], fill=c)
    palette = ["#7ee787", "#79c0ff", "#d2a8ff", "#ffa657", "#c9d1d9"]
    y = 200
    while y < 660:
        x = 160 + int(rng.integers(0, 4)) * 28
        for _ in range(int(rng.integers(2, 7))):
            ln = int(rng.integers(30, 160))
            d.rounded_rectangle([x, y, x + ln, y + 12], 6, fill=palette[int(rng.integers(0, 5))])
            x += ln + 16
            if x > 1040:
                break
        y += 30
    save(np.asarray(im, np.float32), "terminal.jpg")


def sunrise():
    img = vertical([(0, "#2b1b4d"), (0.45, "#e5627a"), (0.62, "#ffb36b"), (1, "#3b2342")])
    img = glow(img, 600, 520, 200, "#fff0c2", 1.0)
    img = fill_below(img, ridge(W, 31, 560, 30, 260), "#3d2340", 2)
    img = fill_below(img, ridge(W, 32, 640, 25, 200), "#24142c", 2)
    save(img, "sunrise.jpg")


def waves():
    img = vertical([(0, "#e8f6ff"), (1, "#b4dcf5")])
    x = np.arange(W, dtype=np.float32)
    for i, col in enumerate(["#8cc8ea", "#5aaedb", "#2f8fc7", "#1a6ea3", "#0d4f7a"]):
        line = 330 + i * 95 + 28 * np.sin(x / (120 + i * 25) + i * 1.3)
        img = fill_below(img, line, col, 2)
    save(img, "waves.jpg")


def lighthouse():
    img = vertical([(0, "#1e2b45"), (0.55, "#5b6f95"), (0.56, "#20304a"), (1, "#0d1525")])
    img = glow(img, 820, 260, 260, "#fff3c4", 0.5)
    im = Image.fromarray(np.clip(img, 0, 255).astype(np.uint8))
    d = ImageDraw.Draw(im)
    d.polygon([(300, 560), (560, 600), (120, 640), (0, 610), (0, 560)], fill="#0b1320")
    d.polygon([(250, 300), (290, 300), (305, 570), (235, 570)], fill="#e9e4da")
    for yy in (360, 440, 520):
        d.rectangle([240, yy, 300, yy + 28], fill="#b5333a")
    d.rectangle([240, 270, 300, 300], fill="#fff6b0")
    d.polygon([(300, 280), (1200, 120), (1200, 260)], fill="#fff6c7")
    im = im.filter(ImageFilter.GaussianBlur(1.2))
    save(np.asarray(im, np.float32), "lighthouse.jpg")


def profile():
    size = 192
    img = vertical([(0, "#7f7fd5"), (0.5, "#86a8e7"), (1, "#91eae4")], size, size)
    im = Image.fromarray(img.astype(np.uint8))
    d = ImageDraw.Draw(im)
    d.ellipse([66, 40, 126, 100], fill="#f4e3d3")
    d.ellipse([36, 110, 156, 230], fill="#33415c")
    OUT.mkdir(parents=True, exist_ok=True)
    im.save(OUT / "profile.png", optimize=True)
    print("profile.png", (OUT / "profile.png").stat().st_size // 1024, "KB")


def fixture_card():
    FIXTURES.mkdir(parents=True, exist_ok=True)
    img = vertical([(0, "#4b6cb7"), (1, "#182848")], 300, 200)
    Image.fromarray(img.astype(np.uint8)).save(FIXTURES / "card.jpg", quality=80)


if __name__ == "__main__":
    dunes(); sea(); mountains(); nightsky(); forest(); terminal(); sunrise(); waves(); lighthouse()
    geometry("shapes-coral.jpg", [(0, "#fff1e6"), (1, "#ffd6c2")], ["#ff7a59", "#ffb347", "#ff4f81", "#6a4c93"], 11)
    geometry("shapes-mint.jpg", [(0, "#e9fff7"), (1, "#c5f2e1")], ["#2ec4b6", "#3a86ff", "#8338ec", "#06d6a0"], 12)
    geometry("shapes-night.jpg", [(0, "#14112b"), (1, "#2b1f55")], ["#ff006e", "#fb5607", "#ffbe0b", "#3a86ff"], 13, portrait=True)
    profile()
    fixture_card()
