#!/usr/bin/env python3
"""Checks that sdy runs the committed exports correctly (numpy only, no JAX).

    check_exports.py SDY_OPT SDY_RUN WORK_DIR [--filter RE]

For each program of programs/programs.json: partitions the export with
`sdy-opt -sdy-partition-pipeline`, runs it with `sdy-run` on its device
count with the inputs of inputs.py, and compares the result with a float64
numpy implementation of the program written here (independent of JAX and
of sdy): |sdy - numpy| <= 1e-4 * max(1, max |numpy|).
"""
import os
import re
import shutil
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import inputs as I  # noqa: E402
import sdy_steps as S  # noqa: E402

TOL = 1e-4
HEADS = 8


def gelu(x):
    return 0.5 * x * (1 + np.tanh(np.sqrt(2 / np.pi) * (x + 0.044715 * x**3)))


def layernorm(x):
    centered = x - x.mean(axis=-1, keepdims=True)
    return centered / np.sqrt((centered**2).mean(axis=-1, keepdims=True) +
                              1e-5)


def mlp(x, w1, b1, w2, b2):
    return gelu(x @ w1 + b1) @ w2 + b2


def transformer(x, g1, c1, wq, wk, wv, wo, g2, c2, w1, b1, w2, b2):
    seq, d = x.shape
    h = layernorm(x) * g1 + c1
    q, k, v = ((h @ w).reshape(seq, HEADS, d // HEADS) for w in (wq, wk, wv))
    scores = np.einsum("qhd,khd->hqk", q, k) / np.sqrt(d // HEADS)
    p = np.exp(scores - scores.max(axis=-1, keepdims=True))
    p /= p.sum(axis=-1, keepdims=True)
    y = x + np.einsum("hqk,khd->qhd", p, v).reshape(seq, d) @ wo
    return y + mlp(layernorm(y) * g2 + c2, w1, b1, w2, b2)


def elementwise(x):
    return layernorm(gelu(gelu(gelu(gelu(x)))))


REFERENCE = {"mlp": mlp, "transformer": transformer,
             "elementwise": elementwise}


def main():
    args = sys.argv[1:]
    pattern = ".*"
    if "--filter" in args:
        i = args.index("--filter")
        pattern = args[i + 1]
        del args[i:i + 2]
    if len(args) != 3:
        sys.exit(__doc__)
    sdy_opt, sdy_run, work = args
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    failures = []
    checked = 0
    for program in S.load_manifest()["programs"]:
        name = program["name"]
        if not re.search(pattern, name):
            continue
        arrays = I.make_inputs(program)
        expected = REFERENCE[program["base"]](
            *(a.astype(np.float64) for a in arrays))
        out_dir = os.path.join(work, name)
        os.makedirs(out_dir)
        try:
            local = S.partition(sdy_opt, program, work)
            S.run(sdy_run, program, local,
                  S.write_inputs(program, arrays, work), out_dir)
            problem = S.compare(expected, S.gather(program, out_dir), TOL)
        except S.SdyError as e:
            problem = str(e)
        checked += 1
        print("%-18s %s" % (name, problem or "ok"))
        if problem:
            failures.append(name)
    if not checked:
        sys.exit("no program matches %r" % pattern)
    if failures:
        sys.exit("%d of %d programs differ from numpy: %s" % (
            len(failures), checked, ", ".join(failures)))
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
