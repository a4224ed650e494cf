#!/usr/bin/env python3
"""End-to-end equivalence suite: partitioned program on N devices == the
unpartitioned program on 1 device.

usage: run_e2e.py SDY_OPT SDY_RUN [--backend local|mpi] [--devices 2,4,8]
                  [--filter REGEX] [-j JOBS] [--seed S] [--pad zero|garbage]
                  [--work DIR] [--keep] [-v]

Each tests/e2e/programs/*.mlir is a template of a global program with
`func.func @main` whose argument/result `sdy.sharding`s reference meshes.
Header comments (lines starting with `//` at the top of the file):

  // MESH @mesh = xy                   a preset (see PRESETS below), or
  // MESH @m2 2: <["a"=2]> ; 4: <["a"=2, "b"=2]> ; 8: <["a"=2, "b"=4]>
  // DEVICES: 2,4,8                    device counts (default 2,4,8)
  // TOL: 1e-5                         relative tolerance for float results
                                       (default: bit-exact)
  // MPI                               also run by `--backend mpi`
  // PARTITION-FLAGS: ...              extra sdy-opt flags (rarely needed)
  // SET rows 2: 8 ; 4: 4 ; 8: 2       a per-device-count value for `${rows}`

In the body, `sdy.mesh @name = MESH` is replaced with the mesh for the device
count, `${name}` with a SET value, `GROUPS(x,y)` with the replica groups
(device ids) of the mesh axes x,y of @mesh and `PAIRS(x)` with the
source_target_pairs of a ring shift by +1 along x, for user collectives
inside manual computations (dense<...> : tensor<...xi64>). A program
may define `func.func @ref` computing the same global function without
manual computations; then the reference runs @ref (as @main) and @ref is
removed from the program that is partitioned.

For each program and device count N: random inputs (fixed seed; integers
in [-8, 8], floats in [-1, 1)) are written as global .npy files; the
reference runs with `sdy-run --devices 1`; the program is partitioned with
`sdy-opt -sdy-partition-pipeline`; each global input is scattered to a
stacked [N, local...] .npy according to the argument sharding printed in the
partitioned module (device d gets the shard of the mesh position whose
device id is d; ceil(dim/n) rows per shard, the last shards zero-padded);
the partitioned program runs with `sdy-run --devices N` (or under mpirun);
every device's result must equal its shard of the reference result (padding
positions must be zero). Integer and non-TOL programs must match bit for bit;
TOL programs within TOL * max(1, max |reference result|) per element.
"""
import argparse
import concurrent.futures
import itertools
import math
import os
import random
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))

# Known failures: (program stem, backend, device count) -> reason. Use None
# as device count / backend for "all". A listed case that passes is reported
# as XPASS and fails the run, so the list stays current.
XFAIL = {
}

PRESETS = {
    'x': {2: '<["x"=2]>', 4: '<["x"=4]>', 8: '<["x"=8]>'},
    'xy': {2: '<["x"=2, "y"=1]>', 4: '<["x"=2, "y"=2]>', 8: '<["x"=2, "y"=4]>'},
    'yx': {2: '<["x"=1, "y"=2]>', 4: '<["x"=2, "y"=2]>', 8: '<["x"=4, "y"=2]>'},
    'xyz': {2: '<["x"=2, "y"=1, "z"=1]>', 4: '<["x"=2, "y"=2, "z"=1]>',
            8: '<["x"=2, "y"=2, "z"=2]>'},
    'dm': {2: '<["data"=1, "model"=2]>', 4: '<["data"=2, "model"=2]>',
           8: '<["data"=2, "model"=4]>'},
}

# ----------------------------------------------------------------- npy I/O

DTYPES = {  # element type -> (npy descr, struct format)
    'f32': ('<f4', 'f'), 'f64': ('<f8', 'd'), 'i32': ('<i4', 'i'),
    'i64': ('<i8', 'q'), 'i1': ('|b1', '?'), 'ui32': ('<u4', 'I'),
    'i8': ('|i1', 'b'), 'i16': ('<i2', 'h'), 'ui8': ('|u1', 'B'),
}
DESCR_FMT = {d: f for d, f in DTYPES.values()}


def write_npy(path, shape, et, values):
    descr, fmt = DTYPES[et]
    if len(shape) == 1:
        sh = '%d,' % shape[0]
    else:
        sh = ', '.join('%d' % s for s in shape)
    header = "{'descr': '%s', 'fortran_order': False, 'shape': (%s), }" % (descr, sh)
    header += ' ' * ((64 - (10 + len(header) + 1) % 64) % 64) + '\n'
    with open(path, 'wb') as f:
        f.write(b'\x93NUMPY\x01\x00' + struct.pack('<H', len(header)) + header.encode())
        f.write(struct.pack('<%d%s' % (len(values), fmt), *values))


def read_npy(path):
    data = open(path, 'rb').read()
    major = data[6]
    if major == 1:
        hl, off = struct.unpack('<H', data[8:10])[0], 10
    else:
        hl, off = struct.unpack('<I', data[8:12])[0], 12
    header = data[off:off + hl].decode()
    descr = re.search(r"'descr': '([^']+)'", header).group(1)
    shape = tuple(int(x) for x in re.search(r"'shape': \(([^)]*)\)", header)
                  .group(1).replace(' ', '').split(',') if x)
    fmt = DESCR_FMT[descr]
    n = math.prod(shape)
    vals = struct.unpack_from('<%d%s' % (n, fmt), data, off + hl)
    return shape, list(vals)

# ----------------------------------------------------------- IR parsing


def parse_meshes(text):
    meshes = {}
    for m in re.finditer(r'sdy\.mesh @(\w+) = <\[([^\]]*)\](?:, device_ids=\[([^\]]*)\])?>', text):
        axes = [(a, int(s)) for a, s in re.findall(r'"(\w+)"=(\d+)', m.group(2))]
        total = math.prod(s for _, s in axes)
        ids = [int(x) for x in m.group(3).split(',')] if m.group(3) else list(range(total))
        meshes[m.group(1)] = (axes, ids)
    return meshes


def matching(text, i, open_c, close_c):
    """Index just past the bracket closing the one at text[i]."""
    depth = 0
    for j in range(i, len(text)):
        if text[j] == open_c:
            depth += 1
        elif text[j] == close_c:
            depth -= 1
            if depth == 0:
                return j + 1
    raise ValueError('unbalanced')


def split_top(s):
    """Split at commas not nested in any bracket."""
    out, depth, cur = [], 0, ''
    for c in s:
        if c in '([{<':
            depth += 1
        elif c in ')]}>':
            depth -= 1
        if c == ',' and depth == 0:
            out.append(cur)
            cur = ''
        else:
            cur += c
    if cur.strip():
        out.append(cur)
    return out


def parse_value(s):
    # The element type may nest (complex<f32>); dims are the leading `Nx`.
    m = re.search(r'tensor<((?:\d+x)*)((?:[^<>]|<[^<>]*>)+)>', s)
    shape = [int(p) for p in m.group(1).split('x') if p]
    et = m.group(2)
    sh = None
    m = re.search(r'#sdy\.sharding<@(\w+), \[(.*?)\](?:, replicated=\{[^}]*\})?>', s)
    if m:
        dims = []
        for d in re.findall(r'\{([^}]*)\}', m.group(2)):
            axes = []
            for a in re.finditer(r'"(\w+)"(?::\((\d+)\)(\d+))?', d):
                axes.append((a.group(1), int(a.group(2)) if a.group(2) else None,
                             int(a.group(3)) if a.group(3) else None))
            dims.append(axes)
        sh = (m.group(1), dims)
    return shape, et, sh


def parse_signature(text, name='main'):
    i = text.index('func.func @%s(' % name) + len('func.func @%s' % name)
    j = matching(text, i, '(', ')')
    args = [parse_value(a) for a in split_top(text[i + 1:j - 1])]
    rest = text[j:].lstrip()
    assert rest.startswith('->'), rest[:40]
    rest = rest[2:].lstrip()
    if rest.startswith('('):
        k = matching(rest, 0, '(', ')')
        results = [parse_value(r) for r in split_top(rest[1:k - 1])]
    else:
        results = [parse_value(rest[:rest.index('{')] if 'sharding' not in rest.split('\n')[0]
                               else rest.split('\n')[0])]
    return args, results


def remove_func(text, name):
    """Drops `func.func @name` (up to the `}` line at its indentation)."""
    m = re.search(r'^( *)func\.func (?:private )?@%s\(' % name, text, re.M)
    if not m:
        return text
    e = re.compile(r'^%s\}[ \t]*\n?' % m.group(1), re.M).search(text, m.end())
    if not e:
        raise ValueError('cannot find the end of @' + name)
    return text[:m.start()] + text[e.end():]


# ------------------------------------------------------------ sharding math


def coords_of(mesh):
    """device id -> {axis: coordinate}"""
    axes, ids = mesh
    res = {}
    for lin, dev in enumerate(ids):
        c, r = {}, lin
        for a, s in reversed(axes):
            c[a] = r % s
            r //= s
        res[dev] = c
    return res


def axis_coord(mesh, coords, ax):
    name, pre, size = ax
    n = dict(mesh[0])[name]
    c = coords[name]
    if pre is None:
        return c, n
    return (c // (n // (pre * size))) % size, size


def shard_box(mesh, coords, dims, shape):
    box = []
    for d, axes in enumerate(dims):
        idx, n = 0, 1
        for ax in axes:
            c, s = axis_coord(mesh, coords, ax)
            idx = idx * s + c
            n *= s
        L = -(-shape[d] // n)
        box.append((idx * L, L))
    return box


def strides(shape):
    st, acc = [], 1
    for s in reversed(shape):
        st.append(acc)
        acc *= s
    return list(reversed(st))


def extract(vals, shape, box, pad):
    out, gst = [], strides(shape)
    for idx in itertools.product(*[range(L) for _, L in box]):
        g = [s + i for (s, _), i in zip(box, idx)]
        if all(x < d for x, d in zip(g, shape)):
            out.append(vals[sum(a * b for a, b in zip(g, gst))])
        else:
            out.append(pad)
    return [L for _, L in box], out


def mesh_groups(mesh, axes_names):
    """Replica groups (device ids) of the given mesh axes: devices that differ
    only in those axes form one group, ordered by those axes' coordinates."""
    axes, ids = mesh
    names = [a for a, _ in axes]
    sizes = dict(axes)
    others = [a for a in names if a not in axes_names]
    groups = []
    for oc in itertools.product(*[range(sizes[a]) for a in others]):
        g = []
        for gc in itertools.product(*[range(sizes[a]) for a in axes_names]):
            c = dict(zip(others, oc))
            c.update(zip(axes_names, gc))
            lin = 0
            for a in names:
                lin = lin * sizes[a] + c[a]
            g.append(ids[lin])
        groups.append(g)
    return groups

# ----------------------------------------------------------------- programs


class Program:
    def __init__(self, path):
        self.path = path
        self.name = os.path.basename(path)[:-len('.mlir')]
        self.text = open(path).read()
        self.meshes = {}
        self.devices = [2, 4, 8]
        self.tol = None
        self.mpi = False
        self.flags = []
        self.sets = {}
        for line in self.text.splitlines():
            if not line.startswith('//'):
                if line.strip():
                    break
                continue
            body = line[2:].strip()
            m = re.match(r'MESH @(\w+)\s*=\s*(\w+)$', body)
            if m:
                self.meshes[m.group(1)] = PRESETS[m.group(2)]
                continue
            m = re.match(r'MESH @(\w+)\s+(.*)$', body)
            if m:
                d = {}
                for part in m.group(2).split(';'):
                    n, mesh = part.split(':', 1)
                    d[int(n)] = mesh.strip()
                self.meshes[m.group(1)] = d
                continue
            m = re.match(r'SET (\w+)\s+(.*)$', body)
            if m:
                d = {}
                for part in m.group(2).split(';'):
                    n, val = part.split(':', 1)
                    d[int(n)] = val.strip()
                self.sets[m.group(1)] = d
                continue
            m = re.match(r'DEVICES:\s*(.*)$', body)
            if m:
                self.devices = [int(x) for x in m.group(1).split(',')]
            m = re.match(r'TOL:\s*(\S+)$', body)
            if m:
                self.tol = float(m.group(1))
            if body == 'MPI':
                self.mpi = True
            m = re.match(r'PARTITION-FLAGS:\s*(.*)$', body)
            if m:
                self.flags = m.group(1).split()

    def instantiate(self, n):
        text = self.text
        for name, d in self.meshes.items():
            text = re.sub(r'sdy\.mesh @%s = MESH\b' % name,
                          'sdy.mesh @%s = %s' % (name, d[n]), text)
        if re.search(r'= MESH\b', text):
            raise ValueError('mesh placeholder without a MESH header')
        for name, d in self.sets.items():
            text = text.replace('${%s}' % name, d[n])
        meshes = parse_meshes(text)

        def axes_of(m):
            return [a.strip().strip('"') for a in m.group(1).split(',')]

        def groups(m):
            g = mesh_groups(meshes['mesh'], axes_of(m))
            return 'dense<%s> : tensor<%dx%dxi64>' % (
                str(g).replace(' ', ''), len(g), len(g[0]))

        def pairs(m):  # ring shift by +1 within each group of the axes
            p = [[g[k], g[(k + 1) % len(g)]]
                 for g in mesh_groups(meshes['mesh'], axes_of(m)) for k in range(len(g))]
            return 'dense<%s> : tensor<%dx2xi64>' % (str(p).replace(' ', ''), len(p))
        text = re.sub(r'GROUPS\(([^)]*)\)', groups, text)
        return re.sub(r'PAIRS\(([^)]*)\)', pairs, text)

# ----------------------------------------------------------------- running


def run(cmd, timeout=120):
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return 124, 'timeout after %ds: %s' % (timeout, ' '.join(cmd))
    return r.returncode, (r.stderr + r.stdout)


def first_line(s):
    for line in s.splitlines():
        if 'error' in line.lower():
            return line.strip()[:300]
    return (s.strip().splitlines() or [''])[0][:300]


def random_values(rng, et, n):
    if et.startswith('f'):
        return [struct.unpack('f', struct.pack('f', rng.uniform(-1, 1)))[0] for _ in range(n)]
    if et == 'i1':
        return [bool(rng.getrandbits(1)) for _ in range(n)]
    if et.startswith('ui'):
        return [rng.randint(0, 8) for _ in range(n)]
    return [rng.randint(-8, 8) for _ in range(n)]


def pad_value(mode, et):
    """Value of the padding positions of local inputs."""
    if mode == 'zero':
        return False if et == 'i1' else 0
    if et == 'i1':
        return True
    return float('nan') if et.startswith('f') else 77


def check_case(opts, prog, n, backend):
    """Returns (ok, message)."""
    work = os.path.join(opts.work, '%s_%s%d' % (prog.name, backend, n))
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    text = prog.instantiate(n)
    has_ref = re.search(r'func\.func (?:private )?@ref\(', text) is not None
    if has_ref:
        reftext = remove_func(text, 'main').replace('@ref(', '@main(')
        parttext = remove_func(text, 'ref')
    else:
        reftext = parttext = text
    open(work + '/ref.mlir', 'w').write(reftext)
    open(work + '/global.mlir', 'w').write(parttext)
    args, results = parse_signature(parttext)
    rng = random.Random('%s:%d' % (prog.name, opts.seed))
    gvals = []
    gin = []
    for i, (shape, et, _) in enumerate(args):
        vals = random_values(rng, et, math.prod(shape))
        gvals.append(vals)
        p = '%s/g%d.npy' % (work, i)
        write_npy(p, shape, et, vals)
        gin.append(p)
    os.makedirs(work + '/gout')
    os.makedirs(work + '/lout')
    rc, out = run([opts.sdy_run, work + '/ref.mlir', '--devices', '1', '--quiet',
                   '--output-dir', work + '/gout', '--inputs'] + gin)
    if rc:
        return False, 'reference run failed: ' + first_line(out)
    rc, out = run([opts.sdy_opt, work + '/global.mlir', '-sdy-partition-pipeline']
                  + prog.flags + ['-o', work + '/local.mlir'])
    if rc:
        return False, 'partitioning failed: ' + first_line(out.replace(work + '/', ''))
    local = open(work + '/local.mlir').read()
    meshes = parse_meshes(local)
    largs, lresults = parse_signature(local)
    if len(largs) != len(args) or len(lresults) != len(results):
        return False, 'partitioned @main has a different signature'
    ndev = None
    for m in meshes.values():
        ndev = max(ndev or 0, len(m[1]))
    if ndev != n:
        return False, 'meshes have %d devices, expected %d' % (ndev or 0, n)

    def box_of(sh, shape, dev):
        if sh is None:
            return [(0, s) for s in shape]
        mesh = meshes[sh[0]]
        coords = coords_of(mesh)
        if dev not in coords:  # mesh over fewer devices: not our case here
            raise ValueError('device %d not in mesh @%s' % (dev, sh[0]))
        return shard_box(mesh, coords[dev], sh[1], shape)

    lin = []
    for i, ((shape, et, _), (lshape_decl, _, sh)) in enumerate(zip(args, largs)):
        stacked, lshape = [], None
        for dev in range(n):
            lshape, vals = extract(gvals[i], shape, box_of(sh, shape, dev),
                                   pad=pad_value(opts.pad, et))
            stacked += vals
        if lshape != lshape_decl:
            return False, 'argument %d: local shape %s, partitioned module says %s' % (
                i, lshape, lshape_decl)
        p = '%s/l%d.npy' % (work, i)
        write_npy(p, [n] + lshape, et, stacked)
        lin.append(p)
    cmd = [opts.sdy_run, work + '/local.mlir', '--devices', str(n), '--quiet',
           '--output-dir', work + '/lout', '--inputs'] + lin
    if backend == 'mpi':
        cmd = [opts.mpirun, '-n', str(n), '--oversubscribe', '--allow-run-as-root'] + \
            cmd + ['--backend', 'mpi']
    rc, out = run(cmd, timeout=180)
    if rc:
        return False, 'partitioned run failed: ' + first_line(out)
    for i, ((shape, et, _), (_, _, sh)) in enumerate(zip(results, lresults)):
        gshape, gv = read_npy('%s/gout/result_0_%d.npy' % (work, i))
        if list(gshape) != shape:
            return False, 'reference result %d has shape %s' % (i, gshape)
        # Float tolerance is relative to the result's largest magnitude (a
        # reduction's rounding error scales with its terms, not its value).
        scale = max([1.0] + [abs(v) for v in gv if v == v and abs(v) != float('inf')])
        for dev in range(n):
            box = box_of(sh, shape, dev)
            lshape, expect = extract(gv, shape, box, pad=None)
            path = '%s/lout/result_%d_%d.npy' % (work, dev, i)
            if not os.path.exists(path):
                return False, 'device %d wrote no result %d' % (dev, i)
            gotshape, got = read_npy(path)
            if list(gotshape) != lshape:
                return False, 'result %d device %d: shape %s, expected %s' % (
                    i, dev, list(gotshape), lshape)
            for k, (e, g) in enumerate(zip(expect, got)):
                idx = [s + j for (s, _), j in zip(box, unravel(k, lshape))]
                if e is None:
                    if g != 0:
                        return False, 'result %d device %d: padding at %s is %r, not 0' % (
                            i, dev, idx, g)
                    continue
                if prog.tol is not None and et.startswith('f'):
                    good = abs(e - g) <= prog.tol * scale or (
                        e != e and g != g)
                else:
                    good = (e == g) or (e != e and g != g)
                if not good:
                    return False, 'result %d device %d at global index %s: expected %r, got %r' % (
                        i, dev, idx, e, g)
    if not opts.keep:
        shutil.rmtree(work, ignore_errors=True)
    return True, ''


def unravel(k, shape):
    idx = []
    for s in reversed(shape):
        idx.append(k % s)
        k //= s
    return list(reversed(idx))


def xfail_reason(name, backend, n):
    for key in [(name, backend, n), (name, backend, None), (name, None, n), (name, None, None)]:
        if key in XFAIL:
            return XFAIL[key]
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('sdy_opt')
    ap.add_argument('sdy_run')
    ap.add_argument('--backend', default='local', choices=['local', 'mpi'])
    ap.add_argument('--devices', default=None,
                    help='comma-separated device counts (default 2,4,8 local; 2,4 mpi)')
    ap.add_argument('--filter', default=None, help='regex on program names')
    ap.add_argument('--programs', default=os.path.join(HERE, 'programs'))
    ap.add_argument('--mpirun', default=shutil.which('mpirun') or 'mpirun')
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--pad', default='zero', choices=['zero', 'garbage'],
                    help='padding of indivisible input shards: zeros (default) or '
                         'NaN / 77 / true, to check that padding never leaks')
    ap.add_argument('-j', '--jobs', type=int, default=2)
    ap.add_argument('--work', default=None)
    ap.add_argument('--keep', action='store_true', help='keep work files of passing cases')
    ap.add_argument('-v', '--verbose', action='store_true')
    opts = ap.parse_args()
    opts.sdy_opt = os.path.abspath(opts.sdy_opt)
    opts.sdy_run = os.path.abspath(opts.sdy_run)
    if opts.work is None:
        opts.work = tempfile.mkdtemp(prefix='sdy_e2e_')
        cleanup = not opts.keep
    else:
        os.makedirs(opts.work, exist_ok=True)
        cleanup = False
    devs = [int(x) for x in opts.devices.split(',')] if opts.devices else (
        [2, 4] if opts.backend == 'mpi' else [2, 4, 8])

    progs = [Program(os.path.join(opts.programs, f))
             for f in sorted(os.listdir(opts.programs)) if f.endswith('.mlir')]
    if opts.filter:
        progs = [p for p in progs if re.search(opts.filter, p.name)]
    if opts.backend == 'mpi':
        progs = [p for p in progs if p.mpi]
    cases = [(p, n) for p in progs for n in devs if n in p.devices]

    start = time.time()
    counts = {}
    failed, passed, xfailed, xpassed = [], 0, [], []

    def one(case):
        p, n = case
        try:
            return check_case(opts, p, n, opts.backend)
        except Exception as e:  # harness bug or unparsable IR: a failure
            return False, 'harness error: %r' % (e,)

    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, opts.jobs)) as ex:
        for (p, n), (ok, msg) in zip(cases, ex.map(one, cases)):
            reason = xfail_reason(p.name, opts.backend, n)
            c = counts.setdefault(n, [0, 0, 0])
            if ok and reason is None:
                passed += 1
                c[0] += 1
                if opts.verbose:
                    print('PASS  %s on %d' % (p.name, n))
            elif not ok and reason is not None:
                xfailed.append((p.name, n, reason, msg))
                c[1] += 1
                print('XFAIL %s on %d: %s (%s)' % (p.name, n, msg, reason))
            elif ok:
                xpassed.append((p.name, n))
                c[2] += 1
                print('XPASS %s on %d (listed as known failure: %s)' % (p.name, n, reason))
            else:
                failed.append((p.name, n, msg))
                c[2] += 1
                print('FAIL  %s on %d: %s' % (p.name, n, msg))
            sys.stdout.flush()
    if cleanup:
        shutil.rmtree(opts.work, ignore_errors=True)
    for n in sorted(counts):
        print('%s backend, %d devices: %d passed, %d xfail, %d failed' % (
            opts.backend, n, *counts[n]))
    nfail = len(failed) + len(xpassed)
    print('%d passed, %d failed, %d xfail (%d programs, %.1fs)' % (
        passed, nfail, len(xfailed), len(progs), time.time() - start))
    return 1 if nfail else 0


if __name__ == '__main__':
    sys.exit(main())
