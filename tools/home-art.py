#!/usr/bin/env python3
"""Draws the pictures of Skiff's Home Order and Gift tabs into data/home/images/ (JPEG).

Not part of the build: the app and its tests read the committed JPEG files. Kept so the art can be
changed and drawn again by hand (`pip install Pillow numpy; python3 tools/home-art.py`). Every picture
is procedural from fixed seeds (gradients, noise, simple shapes); no photographs, fonts or outside
assets, so the pictures are the project's own work (see data/home/LICENSE.md).
"""
import json
import math
import random
import zlib
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFilter

ROOT = Path(__file__).resolve().parent.parent / "data" / "home"
SS = 3  # supersampling for smooth edges


def rgb(h):
    h = h.lstrip("#")
    return tuple(int(h[i:i + 2], 16) for i in (0, 2, 4))


def mix(a, b, t):
    return tuple(int(a[i] + (b[i] - a[i]) * t) for i in range(3))


def gradient(w, h, top, bottom, seed, grain=6):
    t = np.linspace(0, 1, h, dtype=np.float32)[:, None, None]
    a, b = np.array(rgb(top), np.float32), np.array(rgb(bottom), np.float32)
    img = a * (1 - t) + b * t
    img = np.repeat(img, w, axis=1)
    rng = np.random.default_rng(seed)
    img += rng.normal(0, grain, (h, w, 1)).astype(np.float32)
    return Image.fromarray(np.clip(img, 0, 255).astype(np.uint8), "RGB")


def seed_of(name):
    return zlib.crc32(name.encode())


# ---- Drinks and food -------------------------------------------------------------------------

CATEGORY_STYLE = {
    "hot-coffees": ("#F3E3CF", "#C99E74", "hot"),
    "cold-coffees": ("#DCEBF2", "#86A9BE", "cold"),
    "blended": ("#F6DCE3", "#C98CA0", "blended"),
    "teas": ("#E4EFD9", "#98B07C", "tea"),
    "bakery": ("#F7E7C6", "#D1A15F", "food"),
    "breakfast": ("#F4EBD9", "#B89C72", "food"),
}

DRINK_COLOURS = ["#6B3E26", "#8A5A3C", "#A47148", "#C8A27A", "#4A2C1D", "#D9B99B", "#7D9B4E", "#C76B8E"]
FOOD_SHAPES = {
    "butter-croissant": "crescent", "blueberry-muffin": "muffin", "banana-bread": "loaf", "cinnamon-roll": "spiral",
    "chocolate-cookie": "cookie", "egg-sandwich": "sandwich", "spinach-wrap": "wrap", "oatmeal": "bowl",
    "yogurt-parfait": "parfait",
}


def steam(d, cx, top, s, colour):
    for k in (-1, 0, 1):
        pts = []
        for i in range(30):
            y = top - i * 3 * s
            x = cx + k * 22 * s + math.sin(i / 4 + k) * 6 * s
            pts.append((x, y))
        d.line(pts, fill=colour + (150,), width=int(4 * s))


def cup(d, w, h, kind, liquid, sleeve, s):
    cx = w / 2
    top, bottom = h * 0.30, h * 0.86
    half_top, half_bottom = w * 0.20, w * 0.15
    if kind in ("cold", "blended"):
        # Clear cup: the drink shows through, ice on top.
        d.polygon([(cx - half_top, top), (cx + half_top, top), (cx + half_bottom, bottom), (cx - half_bottom, bottom)],
                  fill=(255, 255, 255, 90), outline=(255, 255, 255, 200), width=int(2 * s))
        lt = top + (h * 0.08 if kind == "cold" else h * 0.02)
        frac = (lt - top) / (bottom - top)
        ht = half_top + (half_bottom - half_top) * frac
        d.polygon([(cx - ht + 4 * s, lt), (cx + ht - 4 * s, lt), (cx + half_bottom - 4 * s, bottom - 4 * s),
                   (cx - half_bottom + 4 * s, bottom - 4 * s)], fill=rgb(liquid) + (235,))
        if kind == "cold":
            rnd = random.Random(int(lt))
            for _ in range(5):
                x = cx + rnd.uniform(-ht * 0.6, ht * 0.6)
                y = lt + rnd.uniform(4, 40) * s
                d.rounded_rectangle([x - 12 * s, y - 12 * s, x + 12 * s, y + 12 * s], radius=4 * s, fill=(255, 255, 255, 110))
            d.line([(cx + 10 * s, top - h * 0.16), (cx + 2 * s, bottom - h * 0.2)], fill=rgb("#2E6B4F") + (255,), width=int(8 * s))
        else:
            d.ellipse([cx - half_top, top - h * 0.12, cx + half_top, top + h * 0.06], fill=(250, 246, 240, 255))
            d.ellipse([cx - half_top * 0.5, top - h * 0.17, cx + half_top * 0.5, top - h * 0.05], fill=(250, 246, 240, 255))
            d.line([(cx, top - h * 0.26), (cx, top)], fill=rgb("#2E6B4F") + (255,), width=int(8 * s))
        d.rectangle([cx - half_top - 4 * s, top - 6 * s, cx + half_top + 4 * s, top + 4 * s], fill=(255, 255, 255, 170))
    else:
        # Paper cup with a lid and a sleeve.
        d.polygon([(cx - half_top, top), (cx + half_top, top), (cx + half_bottom, bottom), (cx - half_bottom, bottom)],
                  fill=(250, 248, 244, 255))
        d.rounded_rectangle([cx - half_top - 6 * s, top - 16 * s, cx + half_top + 6 * s, top + 4 * s], radius=6 * s,
                            fill=(245, 242, 236, 255))
        d.rectangle([cx - half_top * 0.7, top - 24 * s, cx + half_top * 0.7, top - 14 * s], fill=(240, 236, 228, 255))
        sy0, sy1 = top + (bottom - top) * 0.35, top + (bottom - top) * 0.68
        f0, f1 = 0.35, 0.68
        w0 = half_top + (half_bottom - half_top) * f0
        w1 = half_top + (half_bottom - half_top) * f1
        d.polygon([(cx - w0, sy0), (cx + w0, sy0), (cx + w1, sy1), (cx - w1, sy1)], fill=rgb(sleeve) + (255,))
        d.ellipse([cx - 14 * s, (sy0 + sy1) / 2 - 14 * s, cx + 14 * s, (sy0 + sy1) / 2 + 14 * s], fill=rgb(liquid) + (255,))
        steam(d, cx, top - 34 * s, s, (255, 255, 255))
        if kind == "tea":
            d.line([(cx + half_top * 0.3, top - 10 * s), (cx + half_top + 16 * s, top + 60 * s)], fill=(250, 250, 250, 255), width=int(2 * s))
            d.rectangle([cx + half_top + 6 * s, top + 60 * s, cx + half_top + 28 * s, top + 86 * s], fill=rgb(liquid) + (255,))


def food(d, w, h, shape, colour, s, rnd):
    cx, cy = w / 2, h * 0.62
    d.ellipse([w * 0.14, h * 0.66, w * 0.86, h * 0.88], fill=(250, 250, 247, 255), outline=(225, 220, 210, 255), width=int(2 * s))
    c = rgb(colour)
    dark = mix(c, (60, 35, 20), 0.45)
    if shape == "crescent":
        for i, r in enumerate([0.30, 0.24, 0.18]):
            d.pieslice([cx - w * r, cy - w * r * 0.7, cx + w * r, cy + w * r * 0.55], 200, 340, fill=mix(c, dark, i * 0.2) + (255,))
    elif shape == "muffin":
        d.polygon([(cx - w * 0.18, cy - 8 * s), (cx + w * 0.18, cy - 8 * s), (cx + w * 0.14, cy + h * 0.12), (cx - w * 0.14, cy + h * 0.12)],
                  fill=(222, 214, 200, 255))
        d.ellipse([cx - w * 0.24, cy - h * 0.2, cx + w * 0.24, cy + h * 0.02], fill=c + (255,))
        for _ in range(9):
            x, y = cx + rnd.uniform(-w * 0.17, w * 0.17), cy - rnd.uniform(0.02, 0.16) * h
            d.ellipse([x - 6 * s, y - 6 * s, x + 6 * s, y + 6 * s], fill=(58, 60, 120, 255))
    elif shape == "loaf":
        d.rounded_rectangle([cx - w * 0.28, cy - h * 0.14, cx + w * 0.28, cy + h * 0.1], radius=20 * s, fill=dark + (255,))
        d.rounded_rectangle([cx - w * 0.25, cy - h * 0.11, cx + w * 0.25, cy + h * 0.08], radius=16 * s, fill=c + (255,))
    elif shape == "spiral":
        pts = [(cx + math.cos(t) * t * 5.2 * s, cy - 20 * s + math.sin(t) * t * 3.6 * s) for t in np.linspace(0, 6 * math.pi, 200)]
        d.ellipse([cx - w * 0.3, cy - h * 0.26, cx + w * 0.3, cy + h * 0.14], fill=c + (255,))
        d.line(pts, fill=dark + (255,), width=int(6 * s))
        d.line([(p[0], p[1] - 3 * s) for p in pts[::3]], fill=(252, 250, 245, 200), width=int(3 * s))
    elif shape == "cookie":
        d.ellipse([cx - w * 0.26, cy - h * 0.2, cx + w * 0.26, cy + h * 0.12], fill=c + (255,))
        for _ in range(11):
            x, y = cx + rnd.uniform(-w * 0.18, w * 0.18), cy + rnd.uniform(-0.14, 0.07) * h
            d.rectangle([x - 7 * s, y - 6 * s, x + 7 * s, y + 6 * s], fill=(66, 38, 24, 255))
    elif shape in ("sandwich", "wrap"):
        d.rounded_rectangle([cx - w * 0.3, cy - h * 0.04, cx + w * 0.3, cy + h * 0.08], radius=18 * s, fill=c + (255,))
        d.rectangle([cx - w * 0.28, cy - h * 0.07, cx + w * 0.28, cy - h * 0.03], fill=(244, 196, 48, 255))
        d.rectangle([cx - w * 0.29, cy - h * 0.1, cx + w * 0.29, cy - h * 0.07], fill=(96, 150, 60, 255) if shape == "wrap" else (190, 70, 60, 255))
        d.rounded_rectangle([cx - w * 0.3, cy - h * 0.2, cx + w * 0.3, cy - h * 0.09], radius=20 * s, fill=dark + (255,))
    elif shape in ("bowl", "parfait"):
        if shape == "bowl":
            d.chord([cx - w * 0.28, cy - h * 0.28, cx + w * 0.28, cy + h * 0.16], 0, 180, fill=(86, 122, 140, 255))
            d.ellipse([cx - w * 0.28, cy - h * 0.12, cx + w * 0.28, cy], fill=c + (255,))
        else:
            for i, col in enumerate([(248, 246, 240), c, (200, 40, 70), (248, 246, 240), c]):
                d.rectangle([cx - w * 0.14, cy - h * 0.22 + i * h * 0.06, cx + w * 0.14, cy - h * 0.16 + i * h * 0.06], fill=col + (255,))
        for _ in range(8):
            x, y = cx + rnd.uniform(-w * 0.16, w * 0.16), cy - rnd.uniform(0.04, 0.1) * h
            d.ellipse([x - 5 * s, y - 5 * s, x + 5 * s, y + 5 * s], fill=(70, 70, 140, 255))


def menu_picture(path, category, item_id, w, h):
    top, bottom, kind = CATEGORY_STYLE[category]
    seed = seed_of(item_id)
    rnd = random.Random(seed)
    base = gradient(w * SS, h * SS, top, bottom, seed).convert("RGBA")
    layer = Image.new("RGBA", base.size, (0, 0, 0, 0))
    d = ImageDraw.Draw(layer)
    # Soft bokeh circles behind, from the seed.
    for _ in range(7):
        r = rnd.uniform(0.05, 0.16) * w * SS
        x, y = rnd.uniform(0, w * SS), rnd.uniform(0, h * SS * 0.6)
        d.ellipse([x - r, y - r, x + r, y + r], fill=(255, 255, 255, 40))
    blurred = layer.filter(ImageFilter.GaussianBlur(4 * SS))
    base = Image.alpha_composite(base, blurred)
    layer = Image.new("RGBA", base.size, (0, 0, 0, 0))
    d = ImageDraw.Draw(layer)
    s = SS * w / 320
    d.ellipse([w * SS * 0.25, h * SS * 0.84, w * SS * 0.75, h * SS * 0.92], fill=(0, 0, 0, 50))
    if kind == "food":
        food(d, w * SS, h * SS, FOOD_SHAPES.get(item_id, "cookie"), rnd.choice(["#D9A45B", "#C98A4B", "#E2B872", "#B97A45"]), s, rnd)
    else:
        liquid = DRINK_COLOURS[seed % len(DRINK_COLOURS)]
        sleeve = rnd.choice(["#2E6B4F", "#B5835A", "#1F4A3A", "#8C5A3C"])
        cup(d, w * SS, h * SS, kind, liquid, sleeve, s)
    base = Image.alpha_composite(base, layer)
    base.convert("RGB").resize((w, h), Image.LANCZOS).save(path, quality=86, optimize=True, progressive=True)


# ---- Gift cards --------------------------------------------------------------------------------

GIFT_STYLE = {
    "winter-lights": ("#0F2A44", "#1E5A7A", "lights"),
    "thank-you": ("#F2C6B4", "#E38D77", "rays"),
    "birthday-confetti": ("#FFE8A3", "#F6B73C", "confetti"),
    "coffee-break": ("#3B2418", "#7A4B2E", "beans"),
    "spring-bloom": ("#E9F3DC", "#9CC57A", "petals"),
    "ocean-waves": ("#BFE3F0", "#2D7FA6", "waves"),
    "congrats-stars": ("#1C1440", "#4B2E83", "stars"),
    "autumn-leaves": ("#F4D8B0", "#C8642E", "leaves"),
}


def gift_picture(path, design_id, w, h):
    top, bottom, motif = GIFT_STYLE[design_id]
    seed = seed_of(design_id)
    rnd = random.Random(seed)
    W, H = w * SS, h * SS
    base = gradient(W, H, top, bottom, seed, grain=4).convert("RGBA")
    layer = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    d = ImageDraw.Draw(layer)
    if motif == "lights":
        for i in range(4):
            pts = [(x, H * (0.15 + i * 0.2) + math.sin(x / W * 6 + i) * H * 0.05) for x in np.linspace(0, W, 60)]
            d.line(pts, fill=(20, 40, 30, 255), width=SS * 2)
            for k in range(0, 60, 5):
                x, y = pts[k]
                col = rnd.choice([(255, 210, 90), (255, 120, 110), (140, 220, 255), (170, 255, 160)])
                r = 9 * SS
                d.ellipse([x - r * 2, y - r * 2 + r, x + r * 2, y + r * 3], fill=col + (50,))
                d.ellipse([x - r * 0.6, y + r * 0.2, x + r * 0.6, y + r * 1.6], fill=col + (255,))
    elif motif == "rays":
        cx, cy = W * 0.5, H * 1.1
        for i in range(24):
            a0, a1 = math.pi + i * math.pi / 24, math.pi + (i + 0.5) * math.pi / 24
            d.polygon([(cx, cy), (cx + math.cos(a0) * W * 1.5, cy + math.sin(a0) * W * 1.5),
                       (cx + math.cos(a1) * W * 1.5, cy + math.sin(a1) * W * 1.5)], fill=(255, 255, 255, 45))
        d.ellipse([cx - W * 0.2, cy - W * 0.2 - H * 0.3, cx + W * 0.2, cy + W * 0.2 - H * 0.3], fill=(255, 244, 230, 160))
    elif motif == "confetti":
        for _ in range(160):
            x, y, a = rnd.uniform(0, W), rnd.uniform(0, H), rnd.uniform(0, math.pi)
            col = rnd.choice([(233, 75, 90), (60, 150, 220), (90, 190, 120), (150, 90, 200), (255, 255, 255)])
            l = rnd.uniform(8, 18) * SS
            d.line([(x, y), (x + math.cos(a) * l, y + math.sin(a) * l)], fill=col + (235,), width=int(5 * SS))
    elif motif == "beans":
        for _ in range(38):
            x, y, r = rnd.uniform(0, W), rnd.uniform(0, H), rnd.uniform(16, 30) * SS
            d.ellipse([x - r, y - r * 0.7, x + r, y + r * 0.7], fill=(150, 95, 60, 200))
            d.arc([x - r * 0.6, y - r * 0.5, x + r * 0.6, y + r * 0.5], 200, 340, fill=(70, 40, 25, 255), width=int(3 * SS))
    elif motif == "petals":
        for _ in range(26):
            cx, cy, r = rnd.uniform(0, W), rnd.uniform(0, H), rnd.uniform(14, 30) * SS
            col = rnd.choice([(255, 182, 193), (255, 240, 245), (250, 210, 120), (220, 160, 230)])
            for k in range(5):
                a = k * 2 * math.pi / 5
                px, py = cx + math.cos(a) * r, cy + math.sin(a) * r
                d.ellipse([px - r * 0.7, py - r * 0.7, px + r * 0.7, py + r * 0.7], fill=col + (220,))
            d.ellipse([cx - r * 0.4, cy - r * 0.4, cx + r * 0.4, cy + r * 0.4], fill=(250, 200, 60, 255))
    elif motif == "waves":
        for i in range(9):
            y0 = H * (0.2 + i * 0.1)
            pts = [(x, y0 + math.sin(x / W * 9 + i * 0.9) * H * 0.03) for x in np.linspace(0, W, 80)]
            d.line(pts, fill=(255, 255, 255, 110 + i * 12), width=int(5 * SS))
    elif motif == "stars":
        for _ in range(220):
            x, y, r = rnd.uniform(0, W), rnd.uniform(0, H), rnd.uniform(0.6, 2.4) * SS
            d.ellipse([x - r, y - r, x + r, y + r], fill=(255, 255, 255, rnd.randint(120, 255)))
        for _ in range(5):
            cx, cy, r = rnd.uniform(0.1, 0.9) * W, rnd.uniform(0.1, 0.9) * H, rnd.uniform(18, 34) * SS
            pts = [(cx + math.cos(k * math.pi / 5 - math.pi / 2) * (r if k % 2 == 0 else r * 0.42),
                    cy + math.sin(k * math.pi / 5 - math.pi / 2) * (r if k % 2 == 0 else r * 0.42)) for k in range(10)]
            d.polygon(pts, fill=(255, 214, 90, 255))
    elif motif == "leaves":
        for _ in range(30):
            cx, cy, r, a = rnd.uniform(0, W), rnd.uniform(0, H), rnd.uniform(16, 34) * SS, rnd.uniform(0, math.pi)
            col = rnd.choice([(200, 80, 40), (230, 140, 40), (160, 60, 30), (240, 190, 70)])
            pts = []
            for t in np.linspace(0, 2 * math.pi, 40):
                lx, ly = math.cos(t) * r, math.sin(t) * r * 0.45 * (1 + 0.3 * math.sin(5 * t))
                pts.append((cx + lx * math.cos(a) - ly * math.sin(a), cy + lx * math.sin(a) + ly * math.cos(a)))
            d.polygon(pts, fill=col + (230,))
    base = Image.alpha_composite(base, layer)
    # The card's sheen: a soft diagonal highlight.
    sheen = Image.new("L", (W, H), 0)
    ImageDraw.Draw(sheen).polygon([(0, 0), (W * 0.55, 0), (W * 0.25, H), (0, H)], fill=38)
    sheen = sheen.filter(ImageFilter.GaussianBlur(40 * SS))
    white = Image.new("RGBA", (W, H), (255, 255, 255, 255))
    white.putalpha(sheen)
    base = Image.alpha_composite(base, white)
    base.convert("RGB").resize((w, h), Image.LANCZOS).save(path, quality=86, optimize=True, progressive=True)


def main():
    menu = json.loads((ROOT / "menu.json").read_text())
    for category in menu["categories"]:
        if "image" in category:
            (ROOT / category["image"]).parent.mkdir(parents=True, exist_ok=True)
            menu_picture(ROOT / category["image"], category["id"], category["items"][0]["id"], 480, 320)
        for item in category["items"]:
            if "image" in item:
                menu_picture(ROOT / item["image"], category["id"], item["id"], 320, 320)
    gifts = json.loads((ROOT / "gifts.json").read_text())
    for design in gifts["designs"]:
        (ROOT / design["image"]).parent.mkdir(parents=True, exist_ok=True)
        gift_picture(ROOT / design["image"], design["id"], 640, 400)


if __name__ == "__main__":
    main()
