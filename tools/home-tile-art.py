#!/usr/bin/env python3
"""Draws the pictures of Skiff's Home tiles into data/home/images/.

Not part of the build: the app and its tests use the committed files. Kept so the art can be drawn
again by hand (`pip install Pillow numpy; python3 tools/home-tile-art.py`). Procedural from fixed seeds:
gradients and simple shapes, no photographs, fonts or outside assets (see data/home/LICENSE.md).
"""
from pathlib import Path
import numpy as np
from PIL import Image, ImageDraw, ImageFilter

OUT = Path(__file__).resolve().parent.parent / "data" / "home" / "images"
W, H = 960, 480


def rgb(h):
    h = h.lstrip("#")
    return tuple(int(h[i:i + 2], 16) for i in (0, 2, 4))


def gradient(top, bottom):
    t = np.linspace(0, 1, H, dtype=np.float32)[:, None, None]
    a, b = np.array(rgb(top), np.float32), np.array(rgb(bottom), np.float32)
    img = a * (1 - t) + b * t
    return Image.fromarray(np.repeat(img, W, axis=1).astype(np.uint8))


def speckle(img, seed, color, count, radius):
    rng = np.random.default_rng(seed)
    d = ImageDraw.Draw(img, "RGBA")
    for _ in range(count):
        x, y, r = rng.integers(0, W), rng.integers(0, H), rng.integers(1, radius)
        d.ellipse([x - r, y - r, x + r, y + r], fill=rgb(color) + (int(rng.integers(40, 140)),))


def cup(img, cx, base, w, h, body, sleeve, lid):
    d = ImageDraw.Draw(img, "RGBA")
    d.ellipse([cx - w * 0.7, base - 18, cx + w * 0.7, base + 22], fill=(0, 0, 0, 60))
    d.polygon([(cx - w / 2, base - h), (cx + w / 2, base - h), (cx + w * 0.4, base), (cx - w * 0.4, base)], fill=rgb(body))
    d.polygon([(cx - w * 0.46, base - h * 0.62), (cx + w * 0.46, base - h * 0.62), (cx + w * 0.43, base - h * 0.3),
               (cx - w * 0.43, base - h * 0.3)], fill=rgb(sleeve))
    d.rounded_rectangle([cx - w * 0.56, base - h - 26, cx + w * 0.56, base - h + 4], radius=10, fill=rgb(lid))


def cold_brew():
    img = gradient("#1f3b33", "#0f231d")
    speckle(img, 3, "#d8f3e8", 140, 6)
    d = ImageDraw.Draw(img, "RGBA")
    cx, base = W // 2, 420
    d.polygon([(cx - 90, 120), (cx + 90, 120), (cx + 70, base), (cx - 70, base)], fill=(230, 240, 240, 70))
    d.polygon([(cx - 84, 170), (cx + 84, 170), (cx + 70, base - 6), (cx - 70, base - 6)], fill=rgb("#4a2c1a"))
    rng = np.random.default_rng(11)
    for _ in range(7):
        x, y = int(rng.integers(cx - 60, cx + 40)), int(rng.integers(200, 360))
        d.rounded_rectangle([x, y, x + 34, y + 34], radius=6, fill=(220, 240, 255, 110))
    d.rectangle([cx + 30, 40, cx + 42, 300], fill=rgb("#2e8b57"))
    return img.filter(ImageFilter.GaussianBlur(0.8))


def flat_white():
    img = gradient("#f3e6d3", "#d9bf9b")
    speckle(img, 5, "#ffffff", 60, 10)
    d = ImageDraw.Draw(img, "RGBA")
    cx, cy = W // 2, 250
    d.ellipse([cx - 230, cy - 150, cx + 230, cy + 170], fill=(0, 0, 0, 40))
    d.ellipse([cx - 220, cy - 160, cx + 220, cy + 150], fill=rgb("#fafafa"))
    d.ellipse([cx - 150, cy - 110, cx + 150, cy + 100], fill=rgb("#8a5a36"))
    for i, r in enumerate([70, 52, 34, 16]):
        d.ellipse([cx - r, cy - r * 0.8 - 5 + i * 6, cx + r, cy + r * 0.8 + i * 6], outline=rgb("#f6ead8"), width=9)
    return img.filter(ImageFilter.GaussianBlur(0.6))


def pastry():
    img = gradient("#ffd8a8", "#f08c5a")
    d = ImageDraw.Draw(img, "RGBA")
    cx, cy = W // 2, 270
    for i in range(7):
        a = -0.9 + i * 0.3
        x = cx + int(np.sin(a) * 200)
        y = cy + int((1 - np.cos(a)) * 120) - 40
        d.ellipse([x - 80, y - 60, x + 80, y + 60], fill=rgb("#c8782e"))
        d.ellipse([x - 66, y - 48, x + 60, y + 38], fill=rgb("#e7a04e"))
    speckle(img, 9, "#fff6e0", 80, 5)
    return img.filter(ImageFilter.GaussianBlur(0.7))


def scan_in_store():
    img = gradient("#006241", "#00432c")
    d = ImageDraw.Draw(img, "RGBA")
    d.rounded_rectangle([300, 60, 660, 440], radius=36, fill=rgb("#f4f1ea"))
    rng = np.random.default_rng(21)
    for y in range(9):
        for x in range(9):
            if rng.random() < 0.5 or (x < 3 and y < 3) or (x > 5 and y < 3) or (x < 3 and y > 5):
                d.rectangle([345 + x * 30, 105 + y * 30, 371 + x * 30, 131 + y * 30], fill=rgb("#1e3932"))
    speckle(img, 4, "#d4e9e2", 50, 8)
    return img


def gift():
    img = gradient("#d62b5b", "#8c1538")
    d = ImageDraw.Draw(img, "RGBA")
    d.rounded_rectangle([250, 120, 710, 420], radius=20, fill=rgb("#f4f1ea"))
    d.rectangle([455, 120, 505, 420], fill=rgb("#cba258"))
    d.rectangle([250, 245, 710, 295], fill=rgb("#cba258"))
    d.ellipse([380, 50, 480, 150], outline=rgb("#cba258"), width=22)
    d.ellipse([480, 50, 580, 150], outline=rgb("#cba258"), width=22)
    speckle(img, 12, "#ffe3ec", 90, 6)
    return img


if __name__ == "__main__":
    OUT.mkdir(parents=True, exist_ok=True)
    for name, draw in [("cold-brew", cold_brew), ("flat-white", flat_white), ("pastry", pastry),
                       ("scan", scan_in_store), ("gift", gift)]:
        draw().convert("RGB").save(OUT / f"{name}.jpg", quality=84, optimize=True)
        print(OUT / f"{name}.jpg")
