"""Runs the exported programs with sdy's tools (numpy only).

`sdy-opt -sdy-partition-pipeline` propagates and partitions an export (on 1
device it only verifies and cleans it up); `sdy-run` runs the partitioned
module on the local backend with the global inputs (each split by its
argument's sharding), and with --warmup/--repeat reports the step times;
the per-device results are put back together by the result's spec.
"""
import json
import os
import re
import subprocess

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
PROGRAMS_DIR = os.path.join(HERE, "programs")
SUMMARY = re.compile(r"steady-state warmup=(\d+) repeat=(\d+) "
                     r"min_ms=([0-9.]+) median_ms=([0-9.]+)")
STEP = re.compile(r"step (\d+) time_ms=([0-9.]+)")


class SdyError(Exception):
    pass


def load_manifest():
    with open(os.path.join(PROGRAMS_DIR, "programs.json")) as f:
        return json.load(f)


def _check(cmd, timeout):
    proc = subprocess.run(cmd, capture_output=True, text=True,
                          errors="replace", timeout=timeout)
    if proc.returncode != 0:
        raise SdyError("%s failed (exit %d): %s" % (
            os.path.basename(cmd[0]), proc.returncode,
            (proc.stderr or proc.stdout).strip()))
    return proc.stdout


def partition(sdy_opt, program, work):
    """Partitions programs/NAME.mlir into WORK/NAME.local.mlir."""
    local = os.path.join(work, program["name"] + ".local.mlir")
    _check([sdy_opt, os.path.join(PROGRAMS_DIR, program["name"] + ".mlir"),
            "-sdy-partition-pipeline", "-o", local], 300)
    return local


def write_inputs(program, arrays, work):
    paths = []
    for arg, a in zip(program["args"], arrays):
        path = os.path.join(work, "%s.%s.npy" % (program["name"], arg["name"]))
        np.save(path, np.ascontiguousarray(a, dtype=np.float32))
        paths.append(path)
    return paths


def run(sdy_run, program, local, inputs, out_dir=None, warmup=0, repeat=0,
        exec_mode=None):
    """Runs the partitioned module on the program's devices; returns the
    step times in ms (empty without `repeat`). `exec_mode`: sdy-run's
    --exec-mode (None: its default)."""
    cmd = [sdy_run, local, "--devices", str(program["devices"]), "--quiet"]
    if exec_mode:
        cmd += ["--exec-mode", exec_mode]
    if out_dir:
        cmd += ["--output-dir", out_dir]
    if repeat:
        cmd += ["--warmup", str(warmup), "--repeat", str(repeat)]
    out = _check(cmd + ["--inputs"] + inputs, 600)
    steps = [float(m.group(2)) for m in STEP.finditer(out)]
    if repeat and (len(steps) != repeat or not SUMMARY.search(out)):
        raise SdyError("sdy-run printed no step times: %r" % out[-300:])
    return steps


def gather(program, out_dir):
    """The global result from each device's result_D_0.npy: the shards
    concatenated along the split dimension, or, when the result is
    replicated, device 0's (checked equal to the others')."""
    parts = [np.load(os.path.join(out_dir, "result_%d_0.npy" % d))
             for d in range(program["devices"])]
    spec = program["result"]["spec"]
    split = [k for k, axis in enumerate(spec) if axis is not None]
    if split:
        return np.concatenate(parts, axis=split[0])
    for d, p in enumerate(parts[1:], 1):
        if p.shape != parts[0].shape or not np.array_equal(p, parts[0]):
            raise SdyError("replicated result differs on device %d" % d)
    return parts[0]


def compare(expected, got, tol):
    """None when |got - expected| <= tol * max(1, max |expected|) everywhere,
    else a message naming the worst element."""
    if got.shape != expected.shape:
        return "shape %s, expected %s" % (list(got.shape),
                                          list(expected.shape))
    scale = max(1.0, float(np.max(np.abs(expected))))
    err = np.abs(got.astype(np.float64) - expected.astype(np.float64))
    if np.all(err <= tol * scale) and np.all(np.isfinite(got)):
        return None
    i = np.unravel_index(int(np.nanargmax(np.where(np.isfinite(err), err,
                                                   np.inf))), err.shape)
    return "at %s: expected %r, got %r (tolerance %g x %g)" % (
        list(int(k) for k in i), float(expected[i]), float(got[i]), tol,
        scale)
