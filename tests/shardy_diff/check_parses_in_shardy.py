#!/usr/bin/env python3
"""Everything sdy prints parses in the real Shardy (developer command).

usage: JAXPY check_parses_in_shardy.py SDY_OPT [FIXTURE_DIR]

Runs sdy-opt's propagation pipeline, the partitioner up to its sdy
collectives, and the whole partition pipeline on every fixture of the
differential suite (fixtures/*.mlir without .shardy.mlir) and parses each
output in an MLIR context with Shardy's dialects (JAX's bundled Shardy:
`jax._src.interpreters.mlir.make_ir_context()`). A non-sum `sdy.all_reduce`
or `sdy.reduce_scatter` (`max`, `min`, `prod`) is sdy's own: Shardy has no
way to write it, so outputs with one are counted apart. JAX is needed, so CI does
not run it; the other direction (Shardy's output parses and re-prints in
sdy) is the lit test tests/lit/sdy/shardy_syntax.mlir and every
`.shardy.mlir` fixture, which the suite parses.
"""
import glob
import os
import re
import subprocess
import sys

from jax._src.interpreters import mlir as jax_mlir
from jaxlib.mlir import ir


def main():
    if len(sys.argv) < 2:
        print(__doc__)
        return 2
    sdy_opt = sys.argv[1]
    here = os.path.dirname(os.path.abspath(__file__))
    fixtures = sys.argv[2] if len(sys.argv) > 2 else os.path.join(here, 'fixtures')
    ctx = jax_mlir.make_ir_context()
    parsed = failed = skipped = own = 0
    pipelines = (
        '-sdy-propagation-pipeline',
        '--pass-pipeline=builtin.module(sdy-propagation-pipeline,'
        'func.func(sdy-insert-explicit-reshards{enable-full-version=true},'
        'sdy-reshard-to-collectives,sdy-canonicalize-collectives))',
        '-sdy-partition-pipeline')
    own_syntax = re.compile(r'sdy\.(all_reduce|reduce_scatter) (max|min|prod) ')
    for path in sorted(glob.glob(os.path.join(fixtures, '*.mlir'))):
        if path.endswith('.shardy.mlir'):
            continue
        for pipeline in pipelines:
            run = subprocess.run([sdy_opt, path, pipeline], capture_output=True, text=True)
            if run.returncode:
                skipped += 1  # sdy refuses it: the suite reports that
                continue
            if own_syntax.search(run.stdout):
                own += 1
                continue
            try:
                with ctx:
                    ir.Module.parse(run.stdout)
                parsed += 1
            except Exception as e:  # the parser's diagnostic
                failed += 1
                print('FAIL %s %s: %s' % (os.path.basename(path), pipeline[:40],
                                          ' '.join(str(e).splitlines()[:2])))
    print('%d outputs parse in Shardy, %d do not, %d use non-sum reductions, '
          '%d not produced by sdy' % (parsed, failed, own, skipped))
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
