"""Draws the test fixtures and records what rapidocr-onnxruntime 1.4.4 finds on them.

Each fixture is an 8-bit gray PGM (what the Swift engine takes); rapidocr gets the same gray pixels (it turns
them into three equal channels itself), with one intra-op thread like the Swift engine's default.
Also writes opencv-parity.json: OpenCV results that the Swift re-implementations must reproduce exactly.
"""
import json
import sys
from pathlib import Path

import cv2
import numpy as np
import pyclipper
from PIL import Image, ImageDraw, ImageFont
from rapidocr_onnxruntime import RapidOCR

sroie, out = Path(sys.argv[1]), Path(sys.argv[2])
out.mkdir(parents=True, exist_ok=True)
FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"


def gray(path):
    return Image.open(path).convert("L")


def fit(image, max_width, max_height):
    """Scaled to at most max_width wide, then cut to max_height rows (keeps fixtures small)."""
    if image.width > max_width:
        image = image.resize((max_width, round(image.height * max_width / image.width)), Image.LANCZOS)
    return image.crop((0, 0, image.width, min(image.height, max_height)))


def synthetic():
    """Clean printed text with known content: words, digits, a date, an amount, an e-mail address."""
    lines = ["INVOICE No. 2024-0457", "Date: 15/03/2024  10:42", "Coffee beans 1kg      12.50",
             "TOTAL RM 9.00", "Thank you, please come again!", "info@example.com"]
    font = ImageFont.truetype(FONT, 26)
    image = Image.new("L", (640, 60 + 44 * len(lines)), 255)
    draw = ImageDraw.Draw(image)
    words = []
    for i, text in enumerate(lines):
        origin = (30, 30 + 44 * i)
        draw.text(origin, text, font=font, fill=0)
        start = 0
        for word in text.split():
            start = text.index(word, start)
            box = draw.textbbox((origin[0] + draw.textlength(text[:start], font=font), origin[1]), word, font=font)
            words.append({"text": word, "box": [round(v, 1) for v in box]})
            start += len(word)
    return image, lines, words


fixtures = {}
fixtures["receipt-002.pgm"] = (fit(gray(sroie / "img/002.jpg"), 460, 960), "sroie-dev img/002.jpg, gray, whole")
fixtures["receipt-042.pgm"] = (fit(gray(sroie / "img/042.jpg"), 500, 760), "sroie-dev img/042.jpg, gray, scaled to 500 wide, top 760 rows")
fixtures["receipt-030.pgm"] = (fit(gray(sroie / "img/030.jpg"), 560, 800), "sroie-dev img/030.jpg, gray, scaled to 560 wide, top 800 rows")
clean, clean_lines, clean_words = synthetic()
fixtures["synthetic-clean.pgm"] = (clean, "drawn by scripts/reference.py: DejaVuSans 26 px, 6 lines")
fixtures["synthetic-upside-down.pgm"] = (clean.rotate(180), "synthetic-clean.pgm turned 180°")

engine = RapidOCR(intra_op_num_threads=1, inter_op_num_threads=1)
reference = {}
for name, (image, origin) in fixtures.items():
    image.save(out / name)
    result, _ = engine(np.array(image))
    reference[name] = {
        "origin": origin,
        "width": image.width,
        "height": image.height,
        "lines": [{"box": box, "text": text, "score": score} for box, text, score in (result or [])],
    }
    print(f"{name}: {image.width}x{image.height}, {len(reference[name]['lines'])} lines", file=sys.stderr)
reference["synthetic-clean.pgm"]["drawn"] = clean_lines
reference["synthetic-clean.pgm"]["drawnWords"] = clean_words
(out / "rapidocr-reference.json").write_text(json.dumps(reference, ensure_ascii=False, indent=1))

# OpenCV parity cases for the Swift re-implementations.
rng = np.random.default_rng(7)
src = np.array(fixtures["receipt-002.pgm"][0])[120:163, 40:111].copy()  # 71 x 43 of real text
resize = []
for w, h in [(71, 48), (160, 48), (35, 21), (200, 100), (13, 48), (48, 71)]:
    resize.append({"width": w, "height": h, "pixels": cv2.resize(src, (w, h)).flatten().tolist()})
rects = []
for _ in range(40):
    n = int(rng.integers(3, 30))
    pts = rng.integers(0, 60, size=(n, 2)).astype(np.int32)
    if rng.random() < 0.4:  # axis-aligned blocks, the common case in text maps
        x0, y0, x1, y1 = sorted(rng.integers(0, 50, 2)) + sorted(rng.integers(0, 50, 2))
        pts = np.array([[x0, y0], [x1 + 3, y0], [x1 + 3, y1 + 3], [x0, y1 + 3], [x0 + 1, y0 + 1]], np.int32)
    (cx, cy), (w, h), angle = cv2.minAreaRect(pts.reshape(-1, 1, 2))
    rects.append({"points": pts.tolist(), "center": [cx, cy], "size": [w, h], "angle": angle,
                  "corners": cv2.boxPoints(((cx, cy), (w, h), angle)).tolist()})
offsets = []
for _ in range(20):
    x, y = rng.uniform(0, 40, 2)
    w, h = rng.uniform(4, 80), rng.uniform(3, 20)
    a = rng.uniform(-0.3, 0.3)
    c, s = np.cos(a), np.sin(a)
    box = np.array([[x, y], [x + w * c, y + w * s], [x + w * c - h * s, y + w * s + h * c], [x - h * s, y + h * c]], np.float32)
    distance = float(rng.uniform(1, 12))
    o = pyclipper.PyclipperOffset()
    o.AddPath(box, pyclipper.JT_ROUND, pyclipper.ET_CLOSEDPOLYGON)
    expanded = np.array(o.Execute(distance)).reshape(-1, 2)
    (cx, cy), (ew, eh), angle = cv2.minAreaRect(expanded)
    offsets.append({"box": box.tolist(), "distance": distance, "rectSize": [ew, eh], "rectCenter": [cx, cy]})
parity = {"resizeSource": {"width": src.shape[1], "height": src.shape[0], "pixels": src.flatten().tolist()},
          "resize": resize, "minAreaRect": rects, "offset": offsets}
(out / "opencv-parity.json").write_text(json.dumps(parity))
