#!/usr/bin/env python3
"""Differential suite: real JAX programs through sdy against JAX's outputs.

usage: run_jax_diff.py SDY_OPT SDY_RUN [--devices 1,2,4,8] [--filter RE]
                       [-j N] [--fixtures DIR] [--work DIR] [--keep] [-v]
                       [--update-known-failures]

Each fixtures/NAME/ (written by generate.py, which needs JAX; this script
does not) holds module.mlir (`jax.jit(f, ...).lower(...).as_text()` on a 2x4
mesh ("data"=2, "model"=4)), the global inputs in_K.npy, JAX's outputs
out_K.npy and meta.json (element types, shapes, tolerances). For each
fixture and device count N:

1. the mesh is adapted to N devices, keeping the axis names:
   N=1: data=1, model=1; N=2: data=1, model=2; N=4: data=2, model=2;
   N=8: data=2, model=4 (the original). Programs whose body depends on the
   mesh (shard_map) are generated once per N (NAME_nN, meta.json "devices":
   [N]) and run on that N only;
2. `sdy-opt -sdy-partition-pipeline` parses, propagates and partitions it;
3. each global input is scattered to a stacked [N, local...] .npy by the
   argument sharding of the partitioned module (tests/e2e/run_e2e.py's
   sharding math, imported), `sdy-run --devices N` runs it, and each
   device's results must equal its shard of JAX's result.

Comparison: integers, booleans and programs marked exact (data movement)
bit for bit (any NaN matches any NaN); floats within
tol * max(1, max |JAX result|) per element, tol from meta.json (per element
type, see README.md), with NaN matching NaN and infinities matching exactly.
Padding positions of indivisible shards must be zero.

known_failures.txt lists the programs expected to fail, one line each:
`NAME: first error`. A failing program not listed, or a listed program that
now passes, fails the run. --update-known-failures rewrites the list from
this run (only the entries of the programs run).
"""
import argparse
import concurrent.futures
import json
import os
import re
import shutil
import struct
import sys
import tempfile
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "e2e"))
import run_e2e as e2e  # noqa: E402

KNOWN = os.path.join(HERE, "known_failures.txt")

# Device count -> (data, model) sizes; generate.py uses the same table.
MESHES = {1: (1, 1), 2: (1, 2), 4: (2, 2), 8: (2, 4)}

# Element type -> numpy storage dtype of the fixtures and the .npy descr
# sdy-run reads. bf16/f8/f4 are stored as raw bits.
STORAGE = {
    "f32": ("<f4", "<f4"), "f64": ("<f8", "<f8"), "f16": ("<f2", "<f2"),
    "bf16": ("<u2", "<V2"), "i1": ("|b1", "|b1"), "i8": ("|i1", "|i1"),
    "i16": ("<i2", "<i2"), "i32": ("<i4", "<i4"), "i64": ("<i8", "<i8"),
    "ui8": ("|u1", "|u1"), "ui16": ("<u2", "<u2"), "ui32": ("<u4", "<u4"),
    "ui64": ("<u8", "<u8"), "complex<f32>": ("<c8", "<c8"),
    "complex<f64>": ("<c16", "<c16"),
}
# Minifloats: (exponent bits, mantissa bits, bias, special values).
MINIFLOATS = {
    "f8E4M3FN": (4, 3, 7, "fn"), "f8E5M2": (5, 2, 15, "ieee"),
    "f8E4M3FNUZ": (4, 3, 8, "fnuz"), "f8E5M2FNUZ": (5, 2, 16, "fnuz"),
    "f8E4M3B11FNUZ": (4, 3, 11, "fnuz"), "f8E4M3": (4, 3, 7, "ieee"),
    "f8E3M4": (3, 4, 3, "ieee"), "f8E8M0FNU": (8, 0, 127, "e8m0"),
    "f4E2M1FN": (2, 1, 1, "none"),
}
for _t in MINIFLOATS:
    STORAGE[_t] = ("|u1", "|u1")  # sdy-run reads narrow floats as bytes


def is_float(et):
    return et.startswith("f") or et == "bf16" or et.startswith("complex")


def decode_minifloat(bits, et):
    e, m, bias, kind = MINIFLOATS[et]
    b = bits.astype(np.int64)
    if kind == "e8m0":
        v = np.ldexp(1.0, b - 127)
        return np.where(b == 0xFF, np.nan, v)
    exp = (b >> m) & ((1 << e) - 1)
    man = b & ((1 << m) - 1)
    sign = np.where((b >> (e + m)) & 1, -1.0, 1.0)
    v = np.where(exp == 0, np.ldexp(man / float(1 << m), 1 - bias),
                 np.ldexp(1.0 + man / float(1 << m), exp - bias)) * sign
    top = (1 << e) - 1
    if kind == "ieee":
        v = np.where((exp == top) & (man == 0), sign * np.inf, v)
        v = np.where((exp == top) & (man != 0), np.nan, v)
    elif kind == "fn":
        v = np.where((exp == top) & (man == (1 << m) - 1), np.nan, v)
    elif kind == "fnuz":
        v = np.where(b == 1 << (e + m), np.nan, v)
    return v


def values(a, et):
    """Storage array -> comparable numbers (float64/complex for floats)."""
    if et == "bf16":
        return (a.astype(np.uint32) << 16).view(np.float32).astype(np.float64)
    if et in MINIFLOATS:
        return decode_minifloat(a, et)
    if et.startswith("complex"):
        return a.astype(np.complex128)
    if is_float(et):
        return a.astype(np.float64)
    return a


def as_storage(a, et, path):
    """A result .npy of sdy-run viewed as the fixture's storage dtype (bf16
    results come as <u2, f8 as bytes): same item size, same bits."""
    want = np.dtype(STORAGE[et][0])
    if a.dtype.itemsize != want.itemsize:
        raise ValueError("%s: dtype %s, expected %s values" % (
            os.path.basename(path), a.dtype.str, et))
    return a.view(want) if a.dtype != want else a


def write_npy(path, a, descr):
    """np.save with the descr sdy-run expects (e.g. <V2 for bf16 bits)."""
    shape = "(%s)" % "".join("%d, " % s for s in a.shape).rstrip(" ")
    if len(a.shape) > 1:
        shape = "(%s)" % ", ".join("%d" % s for s in a.shape)
    header = "{'descr': '%s', 'fortran_order': False, 'shape': %s, }" % (
        descr, shape)
    header += " " * ((64 - (10 + len(header) + 1) % 64) % 64) + "\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)))
        f.write(header.encode())
        f.write(np.ascontiguousarray(a).tobytes())


# ------------------------------------------------------------- fixtures


class Fixture:
    def __init__(self, path):
        self.path = path
        self.name = os.path.basename(path)
        self.meta = json.load(open(os.path.join(path, "meta.json")))
        # Mesh-specific programs (shard_map) run on their own mesh only.
        self.devices = self.meta.get("devices")

    def module(self, n):
        text = open(os.path.join(self.path, "module.mlir")).read()
        # A mesh-specific program was generated for its N already (and may
        # have meshes of other axes, e.g. pmap's).
        return text if self.devices else adapt_mesh(text, n)

    def load(self, kind):
        out = []
        for e in self.meta[kind]:
            a = np.load(os.path.join(self.path, e["file"]))
            out.append((as_storage(a, e["type"], e["file"]), e))
        return out


def adapt_mesh(text, n):
    d, m = MESHES[n]
    sizes = {"data": d, "model": m}

    def axis(mt):
        return '"%s"=%d' % (mt.group(1), sizes.get(mt.group(1), 1))

    def mesh(mt):
        return re.sub(r'"(\w+)"=\d+', axis, mt.group(0))
    text = re.sub(r'sdy\.mesh @\w+ = <\[[^\]]*\]', mesh, text)
    text = re.sub(r'\{name = "(\w+)", size = \d+ : i64\}',
                  lambda mt: '{name = "%s", size = %d : i64}' % (
                      mt.group(1), sizes.get(mt.group(1), 1)), text)
    return re.sub(r'mhlo\.num_partitions = \d+ : i32',
                  'mhlo.num_partitions = %d : i32' % n, text)


def shard(a, box, pad):
    """The [start, start+L) box of a, padded with `pad` past the end."""
    sl = tuple(slice(s, s + L) for s, L in box)
    part = a[sl]
    if part.shape == tuple(L for _, L in box):
        return part
    out = np.full([L for _, L in box], pad, dtype=a.dtype)
    out[tuple(slice(0, k) for k in part.shape)] = part
    return out


def compare(exp, got, et, tol, where):
    """None when equal within the rules, else a message."""
    if not is_float(et) or tol == 0:
        ev, gv = values(exp, et), values(got, et)
        if is_float(et):
            same = (exp == got) | (np.isnan(ev) & np.isnan(gv))
        else:
            same = exp == got
    else:
        ev, gv = values(exp, et), values(got, et)
        finite = np.isfinite(ev)
        scale = max([1.0] + ([float(np.max(np.abs(ev[finite])))] if
                             finite.any() else []))
        nan_e, nan_g = np.isnan(ev), np.isnan(gv)
        with np.errstate(invalid="ignore"):
            close = np.abs(ev - gv) <= tol * scale
        same = np.where(nan_e | nan_g, nan_e & nan_g,
                        np.where(np.isinf(ev) | np.isinf(gv), ev == gv, close))
    if np.all(same):
        return None
    bad = np.argwhere(~np.asarray(same))[0]
    i = tuple(int(x) for x in bad)
    return "%s at %s: expected %r, got %r" % (
        where, list(i), ev[i].item() if hasattr(ev[i], "item") else ev[i],
        gv[i].item() if hasattr(gv[i], "item") else gv[i])


def check_case(opts, fx, n):
    """Returns None on success, else the first error."""
    work = os.path.join(opts.work, "%s_%d" % (fx.name, n))
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(os.path.join(work, "out"))
    with open(os.path.join(work, "global.mlir"), "w") as f:
        f.write(fx.module(n))
    rc, out = e2e.run([opts.sdy_opt, work + "/global.mlir",
                       "-sdy-partition-pipeline", "-o", work + "/local.mlir"])
    if rc:
        return "sdy-opt: " + e2e.first_line(out.replace(work + "/", ""))
    local = open(work + "/local.mlir").read()
    meshes = e2e.parse_meshes(local)
    largs, lresults = e2e.parse_signature(
        local.replace("func.func public @main(", "func.func @main("))
    inputs, expected = fx.load("inputs"), fx.load("outputs")
    if len(largs) != len(inputs) or len(lresults) != len(expected):
        return "partitioned @main has %d arguments and %d results, expected " \
               "%d and %d" % (len(largs), len(lresults), len(inputs), len(expected))

    def box_of(sh, shape, dev):
        if sh is None or sh[0] not in meshes:
            return [(0, s) for s in shape]
        mesh = meshes[sh[0]]
        coords = e2e.coords_of(mesh)
        if dev not in coords:
            raise ValueError("device %d not in mesh @%s" % (dev, sh[0]))
        return e2e.shard_box(mesh, coords[dev], sh[1], list(shape))

    files = []
    for k, ((a, meta), (lshape, _, sh)) in enumerate(zip(inputs, largs)):
        parts = [shard(a, box_of(sh, a.shape, d), 0) for d in range(n)]
        if list(parts[0].shape) != lshape:
            return "argument %d: local shape %s, partitioned module says %s" % (
                k, list(parts[0].shape), lshape)
        p = "%s/l%d.npy" % (work, k)
        write_npy(p, np.stack(parts), STORAGE[meta["type"]][1])
        files.append(p)
    cmd = [opts.sdy_run, work + "/local.mlir", "--devices", str(n), "--quiet",
           "--output-dir", work + "/out"]
    rc, out = e2e.run(cmd + (["--inputs"] + files if files else []), timeout=180)
    if rc:
        msg = e2e.first_line(out.replace(work + "/", ""))
        return msg if msg.startswith("sdy-run") else "sdy-run: " + msg
    for k, ((exp, meta), (_, _, sh)) in enumerate(zip(expected, lresults)):
        et, tol = meta["type"], meta["tol"]
        for d in range(n):
            box = box_of(sh, exp.shape, d)
            path = "%s/out/result_%d_%d.npy" % (work, d, k)
            if not os.path.exists(path):
                return "device %d wrote no result %d" % (d, k)
            got = as_storage(np.load(path), et, path)
            want_shape = tuple(L for _, L in box)
            if got.shape != want_shape:
                return "result %d device %d: shape %s, expected %s" % (
                    k, d, list(got.shape), list(want_shape))
            inside = tuple(slice(0, max(0, min(L, dim - s)))
                           for (s, L), dim in zip(box, exp.shape))
            msg = compare(shard(exp, box, 0)[inside], got[inside], et, tol,
                          "result %d (%s) device %d, local index" % (k, et, d))
            if msg:
                return msg
            pad = np.ones(got.shape, bool)
            pad[inside] = False
            if pad.any() and np.any(got[pad] != 0):
                return "result %d device %d: padding is not zero" % (k, d)
    if not opts.keep:
        shutil.rmtree(work, ignore_errors=True)
    return None


def check_fixture(opts, fx):
    """(program passed, first error) over the device counts, in order; stops
    at the first failure."""
    for n in opts.devices:
        if fx.devices and n not in fx.devices:
            continue
        try:
            err = check_case(opts, fx, n)
        except Exception as e:  # harness bug or unexpected output: a failure
            err = "harness error: %r" % (e,)
        if err:
            return False, "%d devices: %s" % (n, err)
    return True, ""


def read_known(path):
    known = {}
    if os.path.exists(path):
        for line in open(path):
            line = line.rstrip("\n")
            if not line.strip() or line.startswith("#"):
                continue
            name, _, reason = line.partition(": ")
            known[name.strip()] = reason
    return known


def write_known(path, known):
    with open(path, "w") as f:
        f.write("# Programs of fixtures/ expected to fail, with their first "
                "error.\n# Written by run_jax_diff.py --update-known-failures."
                "\n")
        for name in sorted(known):
            f.write("%s: %s\n" % (name, known[name]))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("sdy_opt")
    ap.add_argument("sdy_run")
    ap.add_argument("--devices", default="1,2,4,8")
    ap.add_argument("--filter", default=None, help="regex on program names")
    ap.add_argument("-j", "--jobs", type=int, default=2)
    ap.add_argument("--fixtures", default=os.path.join(HERE, "fixtures"))
    ap.add_argument("--known-failures", default=KNOWN)
    ap.add_argument("--update-known-failures", action="store_true")
    ap.add_argument("--work", default=None)
    ap.add_argument("--keep", action="store_true",
                    help="keep the work files of passing cases")
    ap.add_argument("-v", "--verbose", action="store_true")
    opts = ap.parse_args()
    opts.sdy_opt = os.path.abspath(opts.sdy_opt)
    opts.sdy_run = os.path.abspath(opts.sdy_run)
    opts.devices = [int(x) for x in opts.devices.split(",")]
    for n in opts.devices:
        if n not in MESHES:
            ap.error("device counts are among %s" % sorted(MESHES))
    cleanup = opts.work is None
    opts.work = opts.work or tempfile.mkdtemp(prefix="sdy_jax_diff_")
    os.makedirs(opts.work, exist_ok=True)

    fixtures = [Fixture(os.path.join(opts.fixtures, d))
                for d in sorted(os.listdir(opts.fixtures))
                if os.path.exists(os.path.join(opts.fixtures, d, "meta.json"))]
    if opts.filter:
        fixtures = [f for f in fixtures if re.search(opts.filter, f.name)]
    known = read_known(opts.known_failures)
    start = time.time()
    passed, failed, xfailed, xpassed = [], [], [], []
    results = {}
    with concurrent.futures.ThreadPoolExecutor(max(1, opts.jobs)) as ex:
        for fx, (ok, msg) in zip(fixtures, ex.map(
                lambda f: check_fixture(opts, f), fixtures)):
            results[fx.name] = (ok, msg)
            listed = fx.name in known
            if ok and not listed:
                passed.append(fx.name)
                if opts.verbose:
                    print("PASS  %s" % fx.name)
            elif not ok and listed:
                xfailed.append(fx.name)
                if opts.verbose:
                    print("XFAIL %s: %s" % (fx.name, msg))
            elif ok:
                xpassed.append(fx.name)
                print("XPASS %s (listed in known_failures.txt: %s)" % (
                    fx.name, known[fx.name]))
            else:
                failed.append(fx.name)
                print("FAIL  %s: %s" % (fx.name, msg))
            sys.stdout.flush()
    if cleanup:
        shutil.rmtree(opts.work, ignore_errors=True)
    print("%d passed, %d failed, %d known failures, %d listed but passing "
          "(%d programs on %s devices, %.1fs)" % (
              len(passed), len(failed), len(xfailed), len(xpassed),
              len(fixtures), ",".join(map(str, opts.devices)),
              time.time() - start))
    # Entries naming no fixture (renamed or removed programs) are stale.
    all_names = set(os.listdir(opts.fixtures))
    stale = sorted(n for n in known if n not in all_names)
    if opts.update_known_failures:
        for name in stale:
            del known[name]
        for name, (ok, msg) in results.items():
            if ok:
                known.pop(name, None)
            else:
                known[name] = msg
        write_known(opts.known_failures, known)
        print("wrote %s (%d entries)" % (opts.known_failures, len(known)))
        return 0
    for name in stale:
        print("STALE %s: listed in known_failures.txt, no such fixture" % name)
    if failed or xpassed or stale:
        print("a program not in known_failures.txt fails, or a listed one "
              "passes: fix it or run with --update-known-failures")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
