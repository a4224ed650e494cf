#!/usr/bin/env python3
"""The communication report's byte counts equal what a counting backend sees.

usage: check_counts.py SDY_OPT SDY_COUNT [--backend local|mpi] [--devices 2,4,8]
                       [--mpirun PATH] [--work DIR] [--min-cases K]
                       [--min-loop-cases L]

Every end-to-end program (tests/e2e/programs) is partitioned for each of
its device counts as run_e2e.py does; `sdy-opt -sdy-collective-report`
reports the partitioned module (JSON), and sdy-count-collectives runs it
through a backend that records each device's backend calls with the bytes
it sends and receives and its buffers' sizes. For every device the report's
calls (kind and size, in program order) must be the recorded ones, and
every collective's bytes sent and received, and send/receive buffer bytes,
must equal the recorded calls' sums. Collectives inside counted loops
are expected once per iteration (the report's trip counts). Programs with
collectives outside @main or with an unknown trip count (branches, other
loops, called functions) are skipped.
"""
import argparse
import json
import os
import shutil
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', 'e2e'))
import run_e2e  # noqa: E402  (program headers, mesh instantiation)


def report_of(opts, local, n, work):
    out = os.path.join(work, 'report.json')
    rc, msg = run_e2e.run([opts.sdy_opt, local, '-o', os.devnull,
                           "-sdy-collective-report=format=json num-devices=%d backend=%s file=%s"
                           % (n, opts.backend, out)])
    if rc:
        return None, 'report failed: ' + run_e2e.first_line(msg)
    return json.load(open(out)), None


def counted_calls(opts, local, n, work):
    cmd = [opts.sdy_count, local, str(n), work]
    if opts.backend == 'mpi':
        cmd = [opts.mpirun, '-n', str(n), '--oversubscribe', '--allow-run-as-root'] + \
            cmd + ['--backend', 'mpi']
    rc, msg = run_e2e.run(cmd, timeout=180)
    if rc:
        return None, 'counting run failed: ' + run_e2e.first_line(msg)
    return [json.load(open(os.path.join(work, 'device%d.json' % d))) for d in range(n)], None


def execution_order(collectives):
    """The indices of `collectives` in the order they run: the collectives
    of a loop body (consecutive, same loop id) repeat trip_count times."""
    def expand(items, depth):
        out = []
        i = 0
        while i < len(items):
            loops = items[i][1].get('loops', [])
            if len(loops) <= depth:
                out.append(items[i][0])
                i += 1
                continue
            j = i
            while j < len(items) and len(items[j][1]['loops']) > depth and \
                    items[j][1]['loops'][depth]['id'] == loops[depth]['id']:
                j += 1
            out += expand(items[i:j], depth + 1) * loops[depth]['trip_count']
            i = j
        return out
    return expand(list(enumerate(collectives)), 0)


def compare(report, calls, n):
    """Returns a list of mismatch messages."""
    errors = []
    order = execution_order(report['collectives'])
    for d in range(n):
        got = calls[d]
        k = 0
        for i in order:
            c = report['collectives'][i]
            want = c['backend_calls'][d]
            mine = got[k:k + len(want)]
            k += len(want)
            if [[w[0], w[1]] for w in want] != [[m[0], m[1]] for m in mine]:
                errors.append('device %d, collective #%d (%s): report calls %s, backend saw %s'
                              % (d, i, c['kind'], want, [m[:2] for m in mine]))
                break
            sent = sum(m[2] for m in mine)
            received = sum(m[3] for m in mine)
            if sent != c['sent'][d] or received != c['received'][d]:
                errors.append('device %d, collective #%d (%s): report %d/%d bytes sent/received, '
                              'backend counted %d/%d' % (d, i, c['kind'], c['sent'][d],
                                                        c['received'][d], sent, received))
            buf_in = sum(m[4] for m in mine)
            buf_out = sum(m[5] for m in mine)
            if buf_in != c['send_buffer_bytes'][d] or buf_out != c['recv_buffer_bytes'][d]:
                errors.append('device %d, collective #%d (%s): report %d/%d send/receive buffer '
                              'bytes, backend saw %d/%d' % (
                                  d, i, c['kind'], c['send_buffer_bytes'][d],
                                  c['recv_buffer_bytes'][d], buf_in, buf_out))
        else:
            if k != len(got):
                errors.append('device %d: the backend saw %d calls after the reported ones'
                              % (d, len(got) - k))
    return errors


def program_cases(devices, work_root, mpi=False):
    """Yields (program, device count, work directory) for every end-to-end
    program and wanted device count ('2,4,8'), with the program (without
    its reference function) written to WORK/global.mlir."""
    wanted = [int(x) for x in devices.split(',')]
    root = work_root or tempfile.mkdtemp(prefix='sdy_counts_')
    programs = sorted(p for p in os.listdir(os.path.join(HERE, '..', 'e2e', 'programs'))
                      if p.endswith('.mlir'))
    for name in programs:
        prog = run_e2e.Program(os.path.join(HERE, '..', 'e2e', 'programs', name))
        if mpi and not prog.mpi:
            continue
        for n in [n for n in prog.devices if n in wanted]:
            work = os.path.join(root, '%s_%d' % (prog.name, n))
            shutil.rmtree(work, ignore_errors=True)
            os.makedirs(work)
            text = prog.instantiate(n)
            if 'func.func @ref(' in text or 'func.func private @ref(' in text:
                text = run_e2e.remove_func(text, 'ref')
            open(work + '/global.mlir', 'w').write(text)
            yield prog, n, work


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('sdy_opt')
    ap.add_argument('sdy_count')
    ap.add_argument('--backend', default='local', choices=['local', 'mpi'])
    ap.add_argument('--devices', default='2,4,8')
    ap.add_argument('--mpirun', default=shutil.which('mpirun') or 'mpirun')
    ap.add_argument('--work', default=None)
    ap.add_argument('--min-cases', type=int, default=1)
    ap.add_argument('--min-loop-cases', type=int, default=0)
    opts = ap.parse_args()
    checked = collectives = looped = skipped = 0
    failures = []
    for prog, n, work in program_cases(opts.devices, opts.work, mpi=opts.backend == 'mpi'):
        local = work + '/local.mlir'
        rc, msg = run_e2e.run([opts.sdy_opt, work + '/global.mlir',
                               '-sdy-partition-pipeline'] + prog.flags + ['-o', local])
        if rc:  # the e2e suite owns partitioning failures
            skipped += 1
            continue
        report, err = report_of(opts, local, n, work)
        if err:
            failures.append('%s on %d: %s' % (prog.name, n, err))
            continue
        counted = [c for c in report['collectives'] if c['counted']]
        if not counted:
            continue
        if any(c.get('executions') is None or c['function'] != 'main'
               for c in counted):
            skipped += 1
            continue
        calls, err = counted_calls(opts, local, n, work)
        if err:
            failures.append('%s on %d: %s' % (prog.name, n, err))
            continue
        errors = compare(report, calls, n)
        if errors:
            failures.append('%s on %d: %s' % (prog.name, n, errors[0]))
            continue
        checked += 1
        collectives += len(counted)
        looped += any(c['executions'] != 1 for c in counted)
    print('%s backend: %d cases (%d collectives, %d cases with counted loops) '
          'agree, %d skipped' % (opts.backend, checked, collectives, looped, skipped))
    for f in failures:
        print('FAIL ' + f)
    if checked < opts.min_cases:
        print('FAIL only %d cases checked, expected at least %d' % (checked, opts.min_cases))
        return 1
    if looped < opts.min_loop_cases:
        print('FAIL only %d cases with counted loops checked, expected at least %d'
              % (looped, opts.min_loop_cases))
        return 1
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
