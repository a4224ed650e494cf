#!/usr/bin/env python3
"""Times sdy `-sdy-propagation-pipeline` against upstream MLIR
`--sharding-propagation` on generated transformer programs.

For every size (number of sdy ops: 1k, 10k, 100k by default) it generates the
same L-layer program in both formats (see gen_transformer.py), then runs each
command `--repeat` times and keeps the best wall-clock time:

  sdy prop   sdy-opt -sdy-propagation-pipeline x.mlir -o /dev/null
  sdy p+p    sdy-opt x.mlir -o /dev/null                       (parse+verify+print)
  up prop    mlir-opt --pass-pipeline='builtin.module(func.func(sharding-propagation))'
  up p+p     mlir-opt x.mlir -o /dev/null

Every propagation run must exit 0 (the pass manager verifies the IR after each
pass); the propagated sdy output of the smallest size is additionally re-parsed
and a one-layer instance is printed (result shardings per op) for a visual
check, together with a few automatic checks of the expected Megatron layout.
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time
from types import SimpleNamespace

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import gen_transformer  # noqa: E402

DEFAULT_SDY_OPT = os.path.join(HERE, "..", "..", "build", "src", "tools", "sdy-opt", "sdy-opt")
DEFAULT_MLIR_OPT = "/usr/lib/llvm-22/bin/mlir-opt"
UPSTREAM_PIPELINE = "--pass-pipeline=builtin.module(func.func(sharding-propagation))"


def gen(fmt, layers, path, heads_style="reshape"):
    a = SimpleNamespace(layers=layers, format=fmt, batch=8, seq=128, hidden=256, heads=8,
                        ffn=1024, data=2, model=4, heads_style=heads_style)
    with open(path, "w") as f:
        return (gen_transformer.gen_sdy if fmt == "sdy" else gen_transformer.gen_shard)(a, f)


def best_time(cmd, repeat, timeout):
    """Best wall time of `repeat` runs; None and the error if any run fails."""
    best = None
    for _ in range(repeat):
        t0 = time.perf_counter()
        try:
            p = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                               timeout=timeout)
        except subprocess.TimeoutExpired:
            return None, f"timeout after {timeout}s"
        dt = time.perf_counter() - t0
        if p.returncode != 0:
            err = p.stderr.decode(errors="replace").strip().splitlines()
            return None, f"rc={p.returncode}: " + (err[0] if err else "")
        best = dt if best is None else min(best, dt)
    return best, None


def fmt_t(t):
    return "n/a" if t is None else f"{t:.3f}"


def ratio(a, b):
    return "n/a" if a is None or b is None or b == 0 else f"{a / b:.2f}"


SDY_RE = re.compile(r"^\s*(%\S+) = (stablehlo\.\w+).*?sdy\.sharding_per_value<\[<@mesh, (\[.*?\])>\]>")


def show_small_sdy(sdy_opt, workdir, heads_style):
    """Propagates a one-layer sdy program and prints op -> result sharding."""
    src = os.path.join(workdir, "small_sdy.mlir")
    out = os.path.join(workdir, "small_sdy.out.mlir")
    gen("sdy", 1, src, heads_style)
    p = subprocess.run([sdy_opt, "-sdy-propagation-pipeline", src, "-o", out],
                       stderr=subprocess.PIPE)
    if p.returncode != 0:
        print("sdy propagation FAILED on the small instance:\n" + p.stderr.decode())
        return False
    print("\n== sdy, 1 layer: result sharding of every op ==")
    got = []
    for line in open(out):
        m = SDY_RE.match(line)
        if m:
            got.append((m.group(2), m.group(3)))
            print(f"  {m.group(2):28s} {m.group(3)}")
    ok = True
    # Megatron layout: q/k/v and W1 column-parallel, attention core sharded by
    # batch and heads, outputs of the row-parallel matmuls batch-only.
    dots = [s for (o, s) in got if o == "stablehlo.dot_general"]
    expected = ['[{"data"}, {}, {"model"}]'] * 3 + ['[{"data"}, {"model"}, {}, {}]'] * 2 + \
        ['[{"data"}, {}, {}]', '[{"data"}, {}, {"model"}]', '[{"data"}, {}, {}]']
    if heads_style == "einsum":
        expected[:3] = ['[{"data"}, {}, {"model"}, {}]'] * 3
    if dots != expected:
        print(f"  UNEXPECTED dot_general shardings: {dots}\n  expected {expected}")
        ok = False
    adds = [s for (o, s) in got if o == "stablehlo.add"]
    if adds != ['[{"data"}, {}, {}]'] * 2:
        print(f"  UNEXPECTED residual-add shardings: {adds}")
        ok = False
    print("  layout check:", "OK" if ok else "FAILED")
    return ok


def show_small_shard(mlir_opt, workdir):
    src = os.path.join(workdir, "small_shard.mlir")
    out = os.path.join(workdir, "small_shard.out.mlir")
    gen("shard", 1, src)
    p = subprocess.run([mlir_opt, UPSTREAM_PIPELINE, src, "-o", out], stderr=subprocess.PIPE)
    if p.returncode != 0:
        print("upstream propagation FAILED on the small instance:\n" + p.stderr.decode())
        return
    lines = open(out).read().split("\n")
    shardings = {}
    defs = {}
    for line in lines:
        m = re.match(r"\s*(%\S+) = shard\.sharding @grid split_axes = (\[.*?\]) :", line)
        if m:
            shardings[m.group(1)] = m.group(2)
        m = re.match(r"\s*(%\S+) = ([a-z_]+\.[a-z_]+)", line)
        if m:
            defs[m.group(1)] = m.group(2)
    print("\n== upstream shard, 1 layer: result sharding of every linalg op ==")
    for line in lines:
        m = re.match(r"\s*%\S+ = shard\.shard (%\S+) to (%\S+) :", line)
        if m and "annotate_for_users" not in line:
            op = defs.get(m.group(1), "")
            if op.startswith("linalg.") and op != "linalg.fill":
                print(f"  {op:28s} {shardings.get(m.group(2))}")


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--sdy-opt", default=os.environ.get("SDY_OPT", DEFAULT_SDY_OPT))
    p.add_argument("--mlir-opt", default=os.environ.get("MLIR_OPT", DEFAULT_MLIR_OPT))
    p.add_argument("--sizes", default="1000,10000,100000",
                   help="comma-separated target numbers of sdy ops")
    p.add_argument("--repeat", type=int, default=3)
    p.add_argument("--timeout", type=int, default=600, help="per run, seconds")
    p.add_argument("--heads-style", choices=["reshape", "einsum"], default="reshape",
                   help="sdy program variant (the shard program is always einsum-style)")
    p.add_argument("--skip-upstream", action="store_true")
    p.add_argument("--workdir", help="where to keep the generated programs (default: temp dir)")
    a = p.parse_args()

    sizes = [int(s) for s in a.sizes.split(",")]
    workdir = a.workdir or tempfile.mkdtemp(prefix="sdy-prop-bench-")
    os.makedirs(workdir, exist_ok=True)
    print(f"sdy-opt:  {os.path.realpath(a.sdy_opt)}")
    print(f"mlir-opt: {a.mlir_opt}")
    print(f"workdir:  {workdir}   repeat: best of {a.repeat}   cpus: {os.cpu_count()}   "
          f"loadavg: {os.getloadavg()[0]:.2f}")

    # Ops per layer, from the generator itself.
    per_layer = gen("sdy", 2, os.devnull, a.heads_style) - gen("sdy", 1, os.devnull, a.heads_style)
    fixed = gen("sdy", 1, os.devnull, a.heads_style) - per_layer

    ok = show_small_sdy(a.sdy_opt, workdir, a.heads_style)
    if not a.skip_upstream:
        show_small_shard(a.mlir_opt, workdir)

    rows = []
    for n in sizes:
        layers = max(1, round((n - fixed) / per_layer))
        sdy_src = os.path.join(workdir, f"sdy_{n}.mlir")
        shard_src = os.path.join(workdir, f"shard_{n}.mlir")
        sdy_ops = gen("sdy", layers, sdy_src, a.heads_style)
        r = SimpleNamespace(n=n, layers=layers, sdy_ops=sdy_ops, shard_ops=None,
                            sdy_prop=None, sdy_nv=None, sdy_pp=None, up_prop=None, up_nv=None,
                            up_pp=None, notes=[])
        r.sdy_prop, err = best_time([a.sdy_opt, "-sdy-propagation-pipeline", sdy_src, "-o", os.devnull],
                                    a.repeat, a.timeout)
        if err:
            r.notes.append("sdy prop " + err)
            ok = False
        r.sdy_nv, err = best_time([a.sdy_opt, "-sdy-propagation-pipeline", sdy_src, "-o", os.devnull,
                                   "-verify-each=false"], a.repeat, a.timeout)
        if err:
            r.notes.append("sdy prop (no verify-each) " + err)
        r.sdy_pp, err = best_time([a.sdy_opt, sdy_src, "-o", os.devnull], a.repeat, a.timeout)
        if err:
            r.notes.append("sdy p+p " + err)
        if n == sizes[0] and r.sdy_prop is not None:
            # The propagated output must parse and verify again.
            out = os.path.join(workdir, f"sdy_{n}.out.mlir")
            subprocess.run([a.sdy_opt, "-sdy-propagation-pipeline", sdy_src, "-o", out], check=True)
            rc = subprocess.run([a.sdy_opt, out, "-o", os.devnull]).returncode
            print(f"\nre-parse of propagated {n}-op output: {'OK' if rc == 0 else f'FAILED rc={rc}'}")
            ok = ok and rc == 0
        if not a.skip_upstream:
            r.shard_ops = gen("shard", layers, shard_src)
            r.up_prop, err = best_time([a.mlir_opt, UPSTREAM_PIPELINE, shard_src, "-o", os.devnull],
                                       a.repeat, a.timeout)
            if err:
                r.notes.append("upstream prop " + err)
            r.up_nv, err = best_time([a.mlir_opt, UPSTREAM_PIPELINE, shard_src, "-o", os.devnull,
                                      "-verify-each=false"], a.repeat, a.timeout)
            if err:
                r.notes.append("upstream prop (no verify-each) " + err)
            r.up_pp, err = best_time([a.mlir_opt, shard_src, "-o", os.devnull], a.repeat, a.timeout)
            if err:
                r.notes.append("upstream p+p " + err)
        rows.append(r)
        print(f"  done {n}: L={layers} sdy {fmt_t(r.sdy_prop)} s, upstream {fmt_t(r.up_prop)} s",
              file=sys.stderr)

    print(f"\nloadavg after: {os.getloadavg()[0]:.2f}")
    print("\n| sdy ops | layers | sdy prop (s) | sdy prop, no verify-each (s) | sdy parse+print (s) "
          "| shard ops | upstream prop (s) | upstream prop, no verify-each (s) "
          "| upstream parse+print (s) | sdy/upstream prop | sdy/upstream per op |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        per_op = None
        if r.sdy_prop and r.up_prop and r.shard_ops:
            per_op = (r.sdy_prop / r.sdy_ops) / (r.up_prop / r.shard_ops)
        print(f"| {r.sdy_ops} | {r.layers} | {fmt_t(r.sdy_prop)} | {fmt_t(r.sdy_nv)} | {fmt_t(r.sdy_pp)} | "
              f"{r.shard_ops if r.shard_ops is not None else 'n/a'} | {fmt_t(r.up_prop)} | {fmt_t(r.up_nv)} | "
              f"{fmt_t(r.up_pp)} | {ratio(r.sdy_prop, r.up_prop)} | "
              f"{'n/a' if per_op is None else f'{per_op:.2f}'} |")
    for r in rows:
        for note in r.notes:
            print(f"note ({r.n}): {note}")

    # Scaling: consecutive sizes.
    print("\nscaling (time ratio between consecutive sizes, ops ratio in brackets):")
    for prev, cur in zip(rows, rows[1:]):
        print(f"  {prev.sdy_ops} -> {cur.sdy_ops} [{cur.sdy_ops / prev.sdy_ops:.1f}x ops]: "
              f"sdy prop {ratio(cur.sdy_prop, prev.sdy_prop)}, "
              f"sdy prop no-verify {ratio(cur.sdy_nv, prev.sdy_nv)}, sdy p+p {ratio(cur.sdy_pp, prev.sdy_pp)}, "
              f"upstream prop {ratio(cur.up_prop, prev.up_prop)}, "
              f"upstream prop no-verify {ratio(cur.up_nv, prev.up_nv)}, "
              f"upstream p+p {ratio(cur.up_pp, prev.up_pp)}")

    big = max(rows, key=lambda r: r.sdy_ops)
    ten = [r for r in rows if r.n == big.n // 10]
    if big.sdy_prop is not None:
        print(f"\ntarget: {big.sdy_ops} ops propagate in < 3 s: {fmt_t(big.sdy_prop)} s -> "
              f"{'MET' if big.sdy_prop < 3 else 'MISSED'}")
    if ten and ten[0].sdy_prop and big.sdy_prop:
        rr = big.sdy_prop / ten[0].sdy_prop
        print(f"target: time({big.n})/time({ten[0].n}) <= 12: {rr:.2f} -> {'MET' if rr <= 12 else 'MISSED'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
