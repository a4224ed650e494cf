#!/usr/bin/env python3
"""The report of a program before partitioning counts what the partitioned
program moves.

usage: check_sdy_counts.py SDY_OPT [--devices 2,4,8] [--work DIR]
                           [--min-cases K]

Every end-to-end program (tests/e2e/programs) is taken through the
partitioner's steps up to, not including, the global-to-local lowering
(its collectives are then sdy.all_gather, sdy.all_reduce, ...), and through
the whole partitioner. The reports of both (`-sdy-collective-report`,
JSON) must give every function the same bytes sent and received per device
and the same estimated time: the sdy collectives are counted as what the
partitioner lowers them to.
"""
import argparse
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', 'e2e'))
import run_e2e  # noqa: E402
sys.path.insert(0, HERE)
import check_counts  # noqa: E402  (the cases)

# -sdy-partition-pipeline without its last step.
# (-sdy-reject-unreduced and -sdy-inline-composites are not registered on
# their own; programs that need them are skipped by the partitioned run.)
BEFORE_LOWERING = ('--pass-pipeline=builtin.module(sdy-propagation-pipeline{'
                   'update-non-divisible-input-output-shardings=false},'
                   'func.func(sdy-insert-explicit-reshards{enable-full-version=true},'
                   'sdy-reshard-to-collectives,sdy-canonicalize-collectives),'
                   'sdy-pad-for-divisibility)')


def report_of(sdy_opt, path, n, out):
    rc, msg = run_e2e.run([sdy_opt, path, '-o', os.devnull,
                           '-sdy-collective-report=format=json num-devices=%d file=%s'
                           % (n, out)])
    if rc:
        return None, 'report failed: ' + run_e2e.first_line(msg)
    return json.load(open(out)), None


def totals(report):
    """Per function that moves anything (a collective of no traffic may
    vanish in the lowering): bytes per device and the estimated time."""
    return {f['function']: (f['sent'], f['received'], round(f['estimated_seconds'], 12))
            for f in report['functions'] if any(f['sent']) or any(f['received'])}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('sdy_opt')
    ap.add_argument('--devices', default='2,4,8')
    ap.add_argument('--work', default=None)
    ap.add_argument('--min-cases', type=int, default=1)
    opts = ap.parse_args()
    checked = collectives = skipped = 0
    failures = []
    for prog, n, work in check_counts.program_cases(opts.devices, opts.work):
        src = work + '/global.mlir'
        rc1, _ = run_e2e.run([opts.sdy_opt, src, '-sdy-partition-pipeline'] + prog.flags
                             + ['-o', work + '/local.mlir'])
        rc2, _ = run_e2e.run([opts.sdy_opt, src, BEFORE_LOWERING] + prog.flags
                             + ['-o', work + '/sdy.mlir'])
        if rc1 or rc2:  # the e2e suite owns partitioning failures
            skipped += 1
            continue
        local, err = report_of(opts.sdy_opt, work + '/local.mlir', n, work + '/local.json')
        early, err2 = report_of(opts.sdy_opt, work + '/sdy.mlir', n, work + '/sdy.json')
        if err or err2:
            failures.append('%s on %d: %s' % (prog.name, n, err or err2))
            continue
        sdy_ops = [c for c in early['collectives'] if c['kind'].startswith('sdy.')]
        if not sdy_ops:
            continue
        uncounted = [c for c in early['collectives'] if not c['counted']]
        if uncounted:
            failures.append('%s on %d: %s not counted: %s' % (
                prog.name, n, uncounted[0]['kind'],
                uncounted[0].get('not_counted_reason')))
            continue
        if totals(early) != totals(local):
            failures.append('%s on %d: before lowering %s, partitioned %s'
                            % (prog.name, n, totals(early), totals(local)))
            continue
        checked += 1
        collectives += len(sdy_ops)
    print('%d cases (%d sdy collectives) agree with the partitioned program, %d skipped'
          % (checked, collectives, skipped))
    for f in failures:
        print('FAIL ' + f)
    if checked < opts.min_cases:
        print('FAIL only %d cases checked, expected at least %d' % (checked, opts.min_cases))
        return 1
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
