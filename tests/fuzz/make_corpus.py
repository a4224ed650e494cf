#!/usr/bin/env python3
"""Generates the seed corpora of the fuzz harnesses (OUT/<harness>/) from the
IR tests (tests/lit, split at `// -----`), the end-to-end programs
(tests/e2e/programs, meshes for 2 devices) and examples/ir, so that the seeds
follow the tests. With --dicts, also rewrites the committed dictionaries
(tests/fuzz/dicts/). The committed corpus (tests/fuzz/corpus/) only holds
inputs that campaigns found beyond these seeds.

    python3 tests/fuzz/make_corpus.py OUT [--dicts]

Files are named by the SHA-1 of their contents (idempotent).
"""
import sys
import hashlib
import pathlib
import re
import struct

ROOT = pathlib.Path(__file__).resolve().parents[2]
FUZZ = ROOT / 'tests' / 'fuzz'
MAX_LEN = 8192  # the harnesses' -max_len

# Meshes for 2 devices of the e2e presets (tests/e2e/run_e2e.py).
E2E_MESHES = {'x': '<["x"=2]>', 'xy': '<["x"=2, "y"=1]>',
              'yx': '<["x"=1, "y"=2]>', 'xyz': '<["x"=2, "y"=1, "z"=1]>',
              'dm': '<["data"=1, "model"=2]>'}


def strip_comments(text):
    lines = [l for l in text.splitlines() if not l.lstrip().startswith('//')]
    return '\n'.join(lines).strip() + '\n'


def lit_splits():
    for path in sorted((ROOT / 'tests' / 'lit').rglob('*.mlir')):
        for chunk in re.split(r'^// -----\s*$', path.read_text(), flags=re.M):
            chunk = strip_comments(chunk)
            if chunk.strip():
                yield chunk


def e2e_programs():
    for path in sorted((ROOT / 'tests' / 'e2e' / 'programs').glob('*.mlir')):
        text = path.read_text()
        for name, preset in re.findall(r'^// MESH @(\w+)\s*=\s*(\w+)\s*$',
                                       text, flags=re.M):
            if preset in E2E_MESHES:
                text = re.sub(r'sdy\.mesh @%s = MESH\b' % name,
                              'sdy.mesh @%s = %s' % (name, E2E_MESHES[preset]),
                              text)
        for name, spec in re.findall(r'^// MESH @(\w+)\s+(\d.*)$', text,
                                     flags=re.M):
            m = re.search(r'2:\s*(<[^;]*>)', spec)
            if m:
                text = re.sub(r'sdy\.mesh @%s = MESH\b' % name,
                              'sdy.mesh @%s = %s' % (name, m.group(1)), text)
        if '= MESH' not in text:
            yield strip_comments(text)


def examples():
    for path in sorted((ROOT / 'examples' / 'ir').rglob('*.mlir')):
        for chunk in re.split(r'^// -----\s*$', path.read_text(), flags=re.M):
            if chunk.strip():
                yield strip_comments(chunk)


def balanced(text, start):
    """The `<...>` starting at text[start] == '<' (None if unbalanced)."""
    depth = 0
    for i in range(start, len(text)):
        depth += {'<': 1, '>': -1}.get(text[i], 0)
        if depth == 0:
            return text[start:i + 1]
    return None


def mesh_sharding_inputs(modules):
    for text in modules:
        meshes = {}
        for m in re.finditer(r'sdy\.mesh @(\w+) = (<)', text):
            body = balanced(text, m.start(2))
            if body:
                meshes[m.group(1)] = body
                yield body + '\n'
        for m in re.finditer(r'#sdy\.sharding(<)', text):
            body = balanced(text, m.start(1))
            if not body:
                continue
            ref = re.match(r'<@(\w+)', body)
            if ref and ref.group(1) in meshes:
                yield meshes[ref.group(1)] + '\n#sdy.sharding' + body
            elif not ref:
                yield '#sdy.sharding' + body


def npy(descr, shape, payload, version=1):
    shape_text = '(' + ''.join('%d, ' % d for d in shape)
    shape_text = shape_text[:-2] + (',)' if len(shape) == 1 else ')') \
        if shape else '()'
    header = "{'descr': '%s', 'fortran_order': False, 'shape': %s, }" % (
        descr, shape_text)
    prefix = 10 if version == 1 else 12
    header += ' ' * ((64 - (prefix + len(header) + 1) % 64) % 64) + '\n'
    size = struct.pack('<H', len(header)) if version == 1 else \
        struct.pack('<I', len(header))
    return b'\x93NUMPY' + bytes([version, 0]) + size + header.encode() + payload


def npy_inputs():
    widths = {'|b1': 1, '|i1': 1, '<i2': 2, '<i4': 4, '<i8': 8, '|u1': 1,
              '<u2': 2, '<u4': 4, '<u8': 8, '<f2': 2, '<f4': 4, '<f8': 8,
              '<V2': 2}
    for descr, width in widths.items():
        for shape in [(), (0,), (3,), (2, 3), (1, 0, 2)]:
            n = 1
            for d in shape:
                n *= d
            yield npy(descr, shape, bytes(range(1, n * width + 1)))
    yield npy('<f4', (2, 2), bytes(16), version=2)
    yield npy('<f4', (2,), bytes(4))  # truncated data


def write(root, harness, inputs):
    out = root / harness
    out.mkdir(parents=True, exist_ok=True)
    count = 0
    for data in inputs:
        if isinstance(data, str):
            data = data.encode()
        if len(data) > MAX_LEN:
            continue
        path = out / hashlib.sha1(data).hexdigest()
        if not path.exists():  # same name, same bytes: never rewrite a seed
            path.write_bytes(data)  # that a running fuzzer may be reading
        count += 1


def dictionary(name, tokens):
    out = FUZZ / 'dicts'
    out.mkdir(exist_ok=True)
    lines = ['# Tokens of the inputs of fuzz_%s (make_corpus.py).' % name]
    for t in sorted(set(tokens)):
        lines.append('"%s"' % ''.join(
            '\\x%02X' % ord(c) if c in '"\\' or not c.isprintable() else c
            for c in t))
    (out / (name + '.dict')).write_text('\n'.join(lines) + '\n')


def main():
    if len(sys.argv) < 2:
        sys.exit('usage: make_corpus.py OUT [--dicts]')
    root = pathlib.Path(sys.argv[1])
    lit = list(lit_splits())
    e2e = list(e2e_programs())
    ex = list(examples())
    modules = lit + e2e + ex
    write(root, 'module_parse', modules)
    write(root, 'propagation', [m for m in modules if 'sdy.' in m])
    write(root, 'partition_run', e2e + ex + [m for m in lit if 'sdy.mesh' in m])
    write(root, 'mesh_sharding', mesh_sharding_inputs(modules))
    write(root, 'npy', npy_inputs())

    if '--dicts' not in sys.argv[2:]:
        return
    all_text = '\n'.join(modules)
    ops = re.findall(r'\b(?:stablehlo|sdy|func)\.[a-z_]+', all_text)
    attrs = re.findall(r'(?<![%\w])[a-z_]{3,} = ', all_text)
    syntax = ['#sdy.sharding<', '#sdy.mesh<', '#sdy.op_sharding_rule<',
              'sdy.sharding = ', 'sdy.sharding_per_value<', '@mesh',
              'tensor<', 'xf32>', 'xi32>', 'xi1>', 'xbf16>', 'xf16>', 'xi64>',
              'f32', 'i32', 'i64', 'ui32', '{?}', '{}', ', ?}', '"x"=2',
              '"y"=4', 'device_ids=[', 'replicated={', 'p0', 'p1', ':(1)2',
              ':(2)2', '<[', ']>', 'dense<', 'mhlo.num_partitions = 2 : i32',
              '%arg0', '%0', '^bb0(', 'return', 'manual_axes={',
              'in_shardings=[', 'out_shardings=[', '([', '])', '->', ' : ',
              'contracting_dims = [', 'batching_dims = [', 'dims = [',
              'across dimensions = [', 'applies stablehlo.add',
              'replica_groups = dense<', 'channel_handle']
    dictionary('module', ops + attrs + syntax)
    dictionary('mesh_sharding', ['#sdy.sharding<', '#sdy.mesh<', '<[', ']>',
                                 '@mesh', '"x"', '"y"', '=2', '=4', '=1',
                                 'device_ids=[', 'replicated={', '{?}', '{}',
                                 ', ?}', 'p0', 'p1', ':(1)2', ':(2)2', 'mesh<',
                                 '9223372036854775807', '-1', '\n'])


if __name__ == '__main__':
    main()
