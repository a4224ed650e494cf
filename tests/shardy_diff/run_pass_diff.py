#!/usr/bin/env python3
"""Runs one pass pipeline through sdy-opt and through the real Shardy on every
shardy_diff fixture and compares the printed modules (developer tool: needs
a Python with JAX 0.10.2; CI does not run it).

  /work/jaxenv/bin/python tests/shardy_diff/run_pass_diff.py SDY_OPT \\
      'builtin.module(sdy-apply-sharding-constraints)' [--propagated] \\
      [--filter RE] [--show K] [--strip-replicated]

The inputs are the fixtures' programs, or with --propagated the real Shardy's
propagation of them (for passes that run after propagation). sdy's output is
parsed and printed again by JAX's MLIR so that both sides print alike; the
`stablehlo.mesh` attribute JAX's Shardy puts on meshes is ignored.
--strip-replicated drops sdy's fully replicated `sdy.sharding` annotations
(insert-explicit-reshards annotates ops that Shardy leaves bare). Prints the
first K differences as unified diffs (Shardy first) and the counts.
"""
import argparse
import difflib
import os
import re
import subprocess
import sys

from jax._src.interpreters import mlir as jax_mlir
from jaxlib.mlir import ir, passmanager

FIXTURES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures")
REPLICATED = (r" (attributes )?\{sdy\.sharding = #sdy\.sharding_per_value<\["
              r"(<@\w+, \[(\{\}(, )?)*\]>(, )?)+\]>\}")


def normalize(text):
    text = re.sub(r"\s+", " ", text)
    text = re.sub(r" \{stablehlo\.mesh = \{axes = \[[^\]]*\]\}\}", "", text)
    return text.strip()


def run_shardy(ctx, pipeline, source):
    """Shardy's output, or None where it fails. It runs in a forked child:
    on some inputs the real Shardy aborts the process."""
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read_end)
        status = 1
        try:
            with ctx:
                module = ir.Module.parse(source)
                passmanager.PassManager.parse(pipeline).run(module.operation)
                text = module.operation.get_asm(enable_debug_info=False)
            with os.fdopen(write_end, "w") as out:
                out.write(text)
            status = 0
        finally:
            os._exit(status)
    os.close(write_end)
    with os.fdopen(read_end) as result:
        text = result.read()
    _, status = os.waitpid(pid, 0)
    return text if status == 0 else None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("sdy_opt")
    ap.add_argument("pipeline")
    ap.add_argument("--propagated", action="store_true")
    ap.add_argument("--filter", default="")
    ap.add_argument("--show", type=int, default=2)
    ap.add_argument("--strip-replicated", action="store_true")
    args = ap.parse_args()
    ctx = jax_mlir.make_ir_context()
    names = sorted(f[:-5] for f in os.listdir(FIXTURES)
                   if f.endswith(".mlir") and not f.endswith(".shardy.mlir"))
    names = [n for n in names if re.search(args.filter, n)]
    same = differ = ours_failed = theirs_failed = shown = 0
    for name in names:
        suffix = ".shardy.mlir" if args.propagated else ".mlir"
        with open(os.path.join(FIXTURES, name + suffix)) as f:
            source = f.read()
        theirs = run_shardy(ctx, args.pipeline, source)
        if theirs is None:  # Shardy refuses the input: nothing to compare.
            theirs_failed += 1
            continue
        run = subprocess.run([args.sdy_opt, "-pass-pipeline=" + args.pipeline],
                             input=source, capture_output=True, text=True)
        if run.returncode:
            ours_failed += 1
            if shown < args.show:
                shown += 1
                print("SDY FAILED", name, run.stderr[:400])
            continue
        try:
            with ctx:
                ours = ir.Module.parse(run.stdout).operation.get_asm(
                    enable_debug_info=False)
        except Exception:
            ours = run.stdout
        if args.strip_replicated:
            ours = re.sub(REPLICATED, "", ours)
        if normalize(ours) == normalize(theirs):
            same += 1
            continue
        differ += 1
        if shown < args.show:
            shown += 1
            print("DIFF", name)
            print("\n".join(list(difflib.unified_diff(
                theirs.splitlines(), ours.splitlines(), "shardy", "sdy", n=1,
                lineterm=""))[:40]))
    print(f"{args.pipeline}: {same} identical, {differ} differ, "
          f"{ours_failed} failed in sdy, {theirs_failed} refused by Shardy")
    return 0


if __name__ == "__main__":
    sys.exit(main())
