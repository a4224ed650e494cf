#!/usr/bin/env python3
"""Counts the end-to-end and JAX differential programs whose partitioned
per-device program runs with no op left to the interpreter.

usage: count_fallbacks.py SDY_OPT SDY_RUN [--work DIR] [--devices N]
                          [--list-fallbacks]

Each program (tests/e2e/programs/*.mlir, tests/jax_diff/fixtures/*/) is
partitioned for N devices (default 2; a fixture bound to its own mesh uses
that one) with `sdy-opt -sdy-partition-pipeline`, then `sdy-run --exec-mode
auto --exec-report --quiet` runs it on random inputs. A program has zero
fallback ops when its report has no `interpreted` line; it runs compiled
whole when it has no `runtime call` line either (collectives, contractions,
control flow, ... that run as runtime kernels by design; a report of a
version without that distinction lists them as `interpreted`). Programs
that do not partition or run are counted apart. --list-fallbacks prints,
per op and reason, how many programs it keeps from running fully compiled.
"""
import argparse
import collections
import glob
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, 'tests', 'e2e'))
sys.path.insert(0, os.path.join(ROOT, 'tests', 'jax_diff'))
import run_e2e as e2e  # noqa: E402


def adapt_mesh(text, n):
    import run_jax_diff
    return run_jax_diff.adapt_mesh(text, n)


def report_of(opts, name, text, n):
    """The `interpreted` and `runtime call` lines of the program's report,
    or None on failure."""
    path = os.path.join(opts.work, name + '.mlir')
    local = os.path.join(opts.work, name + '.local.mlir')
    open(path, 'w').write(text)
    rc, out = e2e.run([opts.sdy_opt, path, '-sdy-partition-pipeline', '-o',
                       local])
    if rc:
        return None
    rc, out = e2e.run([opts.sdy_run, local, '--devices', str(n),
                       '--exec-mode', 'auto', '--exec-report', '--quiet'])
    if rc:
        return None
    return [l for l in out.splitlines()
            if l.startswith(('interpreted:', 'runtime call:')) or
            ': interpreted,' in l]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('sdy_opt')
    ap.add_argument('sdy_run')
    ap.add_argument('--work', default='/tmp/sdy_count_fallbacks')
    ap.add_argument('--devices', type=int, default=2)
    ap.add_argument('--list-fallbacks', action='store_true')
    opts = ap.parse_args()
    os.makedirs(opts.work, exist_ok=True)
    blockers = collections.Counter()
    for suite in ('e2e', 'jax_diff'):
        whole = noFallback = total = failed = 0
        if suite == 'e2e':
            cases = []
            for p in sorted(glob.glob(os.path.join(ROOT, 'tests/e2e/programs/*.mlir'))):
                prog = e2e.Program(p)
                n = opts.devices if opts.devices in prog.devices else prog.devices[0]
                text = prog.instantiate(n)
                if re.search(r'func\.func (?:private )?@ref\(', text):
                    text = e2e.remove_func(text, 'ref')
                cases.append((prog.name, text, n))
        else:
            import json
            cases = []
            for d in sorted(glob.glob(os.path.join(ROOT, 'tests/jax_diff/fixtures/*/'))):
                meta = json.load(open(os.path.join(d, 'meta.json')))
                devs = meta.get('devices')
                n = devs[0] if devs else opts.devices
                text = adapt_mesh(open(os.path.join(d, 'module.mlir')).read(), n)
                cases.append((os.path.basename(d.rstrip('/')), text, n))
        for name, text, n in cases:
            total += 1
            lines = report_of(opts, suite + '_' + name, text, n)
            if lines is None:
                failed += 1
            else:
                whole += not lines
                noFallback += not any(not l.startswith('runtime call:')
                                      for l in lines)
                for l in set(re.sub(r' x\d+:', ':', l) for l in lines):
                    blockers[l] += 1
        print('%s: %d of %d programs run with zero fallback ops, %d of them '
              'compiled whole (%d did not run)' % (suite, noFallback, total,
                                                   whole, failed))
    if opts.list_fallbacks:
        for l, c in blockers.most_common():
            print('%4d  %s' % (c, l))


if __name__ == '__main__':
    main()
