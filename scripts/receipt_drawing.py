"""Drawing receipts as scans and photos, shared by scripts/make-de-receipts and scripts/make-receipts.

A receipt is a list of lines (`Receipt`); `write_corpus` draws each with a font from `fonts`, ages it (a thermal
print fading to one side, noise, blur), tilts it, and lays it out as an uncropped 300 dpi A4 flatbed scan (half),
a small phone photo without a DPI, sometimes on an unevenly lit table (a quarter), or a cropped 300 dpi scan. It
writes sroie-dev's layout, so that `scripts/eval-receipts --corpus OUT` scores it: img/NNN.jpg, key/NNN.json (date
and total as printed), box/NNN.csv (the printed lines) and expected.jsonl (ISO date, total with a point).

Every random choice comes from the caller's `random.Random`, in a fixed order: a seed gives the same corpus.
"""
import json
import os

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont


class Receipt:
    def __init__(self, width):
        self.width, self.lines = width, []

    def text(self, s, align="left", big=False):
        self.lines.append((s, align, big))

    def pair(self, left, right, big=False):
        self.lines.append(((left[:self.width - len(right) - 1], right), "pair", big))

    def rule(self, c="-"):
        self.lines.append((c * self.width, "left", False))

    def blank(self):
        self.lines.append(("", "left", False))


def draw(r, rng, fonts):
    font_path = rng.choice(fonts)
    size = rng.choice([26, 28, 30, 32, 34])
    font = ImageFont.truetype(font_path, size)
    big = ImageFont.truetype(font_path, round(size * 1.35))
    char = font.getlength("0")
    width = int(char * r.width) + 60
    step = round(size * rng.uniform(1.15, 1.4))
    height = step * (len(r.lines) + 4) + 120
    img = Image.new("L", (width, height), 255)
    d = ImageDraw.Draw(img)
    ink = rng.randint(10, 140)
    y, boxes = 70, []
    for text, align, is_big in r.lines:
        f = big if is_big else font
        if align == "pair":  # a label on the left, its amount flush right
            left, right = text
            w = f.getlength(right)
            d.text((30, y), left, font=f, fill=ink)
            d.text((width - 30 - w, y), right, font=f, fill=ink)
            boxes.append((30, y, int(width - 30), y + size, left + " " + right))
        elif text:
            w = f.getlength(text)
            x = 30 if align == "left" else (width - w) / 2 if align == "center" else width - 30 - w
            d.text((x, y), text, font=f, fill=ink)
            boxes.append((int(x), y, int(x + w), y + size, text))
        y += round(step * (1.35 if is_big else 1))
    img = img.crop((0, 0, width, min(height, y + 80)))
    return img, boxes


def age(img, rng):
    arr = np.asarray(img).astype(np.float32)
    if rng.random() < 0.4:  # a thermal print fading towards one side, its faintest strokes still grey (<= 185)
        fade = np.linspace(0, rng.uniform(0.3, 1.0) * max(0.0, 185 - float(arr.min())), arr.shape[1])[None, :]
        arr = np.minimum(255, arr + fade * (arr < 200))
    arr += np.random.default_rng(rng.randint(0, 10**6)).normal(0, rng.uniform(2, 14), arr.shape)
    img = Image.fromarray(np.clip(arr, 0, 255).astype(np.uint8))
    return img.filter(ImageFilter.GaussianBlur(rng.uniform(0.3, 1.6)))


def write_corpus(out, count, make, rng, fonts, tool):
    """Draws `count` receipts; `make(index)` returns (Receipt, ISO date, total with a point, total and date as
    printed)."""
    for sub in ("img", "key", "box"):
        os.makedirs(os.path.join(out, sub), exist_ok=True)
    with open(os.path.join(out, "expected.jsonl"), "w", encoding="utf-8") as expected:
        for i in range(count):
            name = f"{i:03d}"
            receipt, iso, total, printed_total, printed_date = make(i)
            img, boxes = draw(receipt, rng, fonts)
            img = age(img, rng)
            angle = rng.uniform(-2.0, 2.0)
            img = img.rotate(angle, resample=Image.BICUBIC, expand=True, fillcolor=255)
            kind = rng.random()
            dpi = (300, 300)
            if kind < 0.5:  # an uncropped A4 flatbed scan
                page = Image.new("L", (2480, 3508), rng.randint(236, 252))
                if img.height > 3300:
                    img = img.resize((round(img.width * 3300 / img.height), 3300), Image.LANCZOS)
                page.paste(img, (rng.randint(60, 2480 - img.width - 60), rng.randint(60, max(61, 3508 - img.height - 60))))
                img = page
            elif kind < 0.75:  # a phone photo, small, no DPI
                scale = rng.uniform(0.45, 0.8)
                img = img.resize((round(img.width * scale), round(img.height * scale)), Image.LANCZOS)
                if rng.random() < 0.5:  # on a table, lit unevenly
                    table = Image.new("L", (img.width + 120, img.height + 160), rng.randint(60, 150))
                    table.paste(img, (rng.randint(20, 100), rng.randint(20, 140)))
                    light = np.linspace(rng.uniform(0.75, 1.0), 1.0, table.height)[:, None]
                    img = Image.fromarray(np.clip(np.asarray(table) * light, 0, 255).astype(np.uint8))
                dpi = None
            img.save(os.path.join(out, "img", name + ".jpg"), quality=rng.randint(55, 92), **({"dpi": dpi} if dpi else {}))
            with open(os.path.join(out, "box", name + ".csv"), "w", encoding="utf-8") as f:
                for x1, y1, x2, y2, text in boxes:
                    f.write(f"{x1},{y1},{x2},{y1},{x2},{y2},{x1},{y2},{text}\n")
            with open(os.path.join(out, "key", name + ".json"), "w", encoding="utf-8") as f:
                json.dump({"date": printed_date, "total": printed_total}, f, ensure_ascii=False)
            expected.write(json.dumps({"image": f"img/{name}.jpg", "date": iso, "total": total}) + "\n")
    print(f"{tool}: {count} receipts in {os.path.join(out, 'img')}")
