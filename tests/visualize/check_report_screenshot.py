#!/usr/bin/env python3
"""Renders the HTML report of a sample program in headless Chromium and
checks the screenshot structurally.

  check_report_screenshot.py SDY_OPT SAMPLE.mlir

sdy-opt writes the report; `chromium --headless --screenshot` renders it
(with --no-sandbox: the sandbox needs user namespaces, which containers and
root sessions often lack). The PNG is decoded here (zlib and struct only)
and must be the window size, not blank, show the four device colors of the
sample's 2x2 mesh in about equal amounts (each device holds one tile of the
same size in every picture, and has one swatch), the first of them in the
upper part of the page (the mesh swatches and the first pictures), and the
highlight color of the collective row.
"""

import os
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib

WIDTH, HEIGHT = 1000, 1400
DEVICE_COLORS = [(0x1f, 0x77, 0xb4), (0xff, 0x7f, 0x0e), (0x2c, 0xa0, 0x2c),
                 (0xd6, 0x27, 0x28)]
COLLECTIVE_ROW = (0xff, 0xf3, 0xc4)


def decode_png(data):
    """(width, height, rows of (r, g, b) tuples) of an 8-bit RGB/RGBA PNG."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    width, height, depth, color, _, _, interlace = header
    assert depth == 8 and color in (2, 6) and interlace == 0, header
    channels = 3 if color == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, prev = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b = prev[i]
            c = prev[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                line[i] = (line[i] + pred) & 255
        rows.append([tuple(line[x:x + 3]) for x in range(0, stride, channels)])
        prev = line
    return width, height, rows


def main():
    sdy_opt, sample = sys.argv[1:3]
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if not chromium:
        print("chromium not found: install Debian's chromium "
              "(cmake/bootstrap.sh does)")
        return 1
    with tempfile.TemporaryDirectory() as tmp:
        report = os.path.join(tmp, "report.html")
        shot = os.path.join(tmp, "shot.png")
        subprocess.run([sdy_opt, sample, "-sdy-html-report=" + report,
                        "-o", os.devnull], check=True)
        subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu",
                        "--hide-scrollbars", "--user-data-dir=" +
                        os.path.join(tmp, "profile"),
                        "--window-size=%d,%d" % (WIDTH, HEIGHT),
                        "--screenshot=" + shot, "file://" + report],
                       check=True, capture_output=True, timeout=120)
        with open(shot, "rb") as f:
            width, height, rows = decode_png(f.read())

    failures = []
    if (width, height) != (WIDTH, HEIGHT):
        failures.append("screenshot is %dx%d, expected %dx%d"
                        % (width, height, WIDTH, HEIGHT))
    counts, first_row = {}, {}
    for y, row in enumerate(rows):
        for pixel in row:
            counts[pixel] = counts.get(pixel, 0) + 1
            first_row.setdefault(pixel, y)
    white = counts.get((255, 255, 255), 0)
    if white > 0.97 * width * height or len(counts) < 20:
        failures.append("blank page: %d colors, %d white pixels"
                        % (len(counts), white))
    device_pixels = [counts.get(c, 0) for c in DEVICE_COLORS]
    print("pixels per device color:", device_pixels)
    if min(device_pixels) < 500:
        failures.append("a device color is (almost) missing: %s"
                        % device_pixels)
    elif max(device_pixels) > 1.5 * min(device_pixels):
        failures.append("device colors are not in about equal amounts: %s"
                        % device_pixels)
    top = first_row.get(DEVICE_COLORS[0], height)
    if top > height // 3:
        failures.append("device 0's color first appears at row %d, expected "
                        "in the upper third (mesh swatches)" % top)
    if counts.get(COLLECTIVE_ROW, 0) < 1000:
        failures.append("the collective row's highlight is missing")
    for f in failures:
        print("FAIL:", f)
    if not failures:
        print("screenshot %dx%d: %d colors; device colors and the collective "
              "highlight present" % (width, height, len(counts)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
