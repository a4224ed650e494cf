"""Deterministic global inputs of the benchmark programs (numpy only).

The arguments' shapes and kinds come from programs/programs.json; the same
seed gives the same arrays in export.py, run.py and check_exports.py.
"""
import zlib

import numpy as np


def make_inputs(program, seed=0):
    """The global inputs (f32 arrays) of `program` (an entry of
    programs.json), in argument order."""
    rng = np.random.default_rng(zlib.crc32(program["base"].encode()) + seed)
    out = []
    for arg in program["args"]:
        shape, kind = tuple(arg["shape"]), arg["kind"]
        a = rng.standard_normal(shape, dtype=np.float32)
        if kind == "w":
            a *= np.float32(1 / np.sqrt(shape[0]))
        elif kind == "b":
            a *= np.float32(0.1)
        elif kind == "g":
            a = np.float32(1) + np.float32(0.1) * a
        out.append(a)
    return out
