#!/usr/bin/env python3
"""Writes the Shardy differential fixtures: inputs and the real Shardy's output.

Run by developers, never by the test suite (which must not depend on JAX),
with a Python that has JAX 0.10.2 (it bundles the real Shardy):

    /work/jaxenv/bin/python tests/shardy_diff/generate.py [--filter RE]

For every program NAME, fixtures/NAME.mlir is the input to propagation and
fixtures/NAME.shardy.mlir what the real Shardy's `sdy-propagation-pipeline`
makes of it (run in-process through jaxlib's MLIR bindings). Two families:

  rand_SEED  random programs (user shardings with priorities and sub-axes,
             open and closed dimensions, sharding constraints, sharding
             groups, full and partial manual computations) over the
             StableHLO ops Shardy has sharding rules for;
  jax_NAME   real model pieces: `jax.jit(f, in_shardings=...,
             out_shardings=...)` compiled on 8 host devices over meshes of
             Auto axes; the input is what XLA dumps as
             shardy/module_*/01.before_propagation.mlir.

Random programs the real Shardy rejects (an invalid random sharding) are
skipped; the seed sequence is fixed so the output is reproducible.
"""
import argparse
import glob
import os
import random
import re
import shutil
import sys
import tempfile
import warnings

DUMP = tempfile.mkdtemp(prefix="shardy_diff_dump_")
os.environ["XLA_FLAGS"] = ("--xla_force_host_platform_device_count=8 "
                           f"--xla_dump_to={DUMP} --xla_dump_hlo_pass_re=.*")

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
from jax import lax  # noqa: E402
from jax._src.interpreters import mlir as jm  # noqa: E402
from jax.sharding import AxisType, NamedSharding  # noqa: E402
from jax.sharding import PartitionSpec as P  # noqa: E402
from jaxlib.mlir import ir, passmanager  # noqa: E402

# The oracle runs in forked children that only touch MLIR, never JAX.
warnings.filterwarnings("ignore", message="os.fork")

HERE = os.path.dirname(os.path.abspath(__file__))
RANDOM_PROGRAMS = 220


def shardy(text):
    """The real Shardy's propagation pipeline on `text` (raises if invalid).

    Runs in a forked child: the real Shardy crashes on some inputs."""
    fd, path = tempfile.mkstemp(suffix=".mlir")
    os.close(fd)
    pid = os.fork()
    if pid == 0:
        code = 1
        try:
            with open(path, "w") as fh:
                fh.write(shardy_in_process(text))
            code = 0
        finally:
            os._exit(code)
    _, status = os.waitpid(pid, 0)
    with open(path) as fh:
        out = fh.read()
    os.unlink(path)
    if status != 0:
        raise RuntimeError(f"Shardy failed (wait status {status})")
    return out


def shardy_in_process(text):
    ctx = jm.make_ir_context()
    m = ir.Module.parse(text, context=ctx)
    passmanager.PassManager.parse("builtin.module(sdy-propagation-pipeline)",
                                  context=ctx).run(m.operation)
    return str(m)


# ------------------------------------------------------------ random programs

MESHES = [
    [("x", 2), ("y", 2)],
    [("x", 4), ("y", 2)],
    [("a", 2), ("b", 2), ("c", 2)],
    [("x", 8)],
    [("x", 2), ("y", 4)],
]
UNARY = ["negate", "tanh", "abs", "exponential", "sine", "sqrt"]
BINARY = ["add", "multiply", "subtract", "maximum", "minimum"]


class RandomProgram:
    def __init__(self, seed):
        self.rng = random.Random(seed)
        self.seed = seed
        self.mesh = self.rng.choice(MESHES)
        self.lines = []
        self.values = []  # (name, shape)
        self.counter = 0
        self.group = 0

    # -- shardings

    def pieces(self, axes):
        """Mesh axes, size-4 and size-8 ones sometimes split into sub-axes."""
        out = []
        for name, size in axes:
            if size >= 4 and self.rng.random() < 0.35:
                out += [f'"{name}":(1)2', f'"{name}":(2){size // 2}']
            else:
                out.append(f'"{name}"')
        return out

    def sharding(self, shape, axes=None, allow_closed=True, allow_prio=True,
                 open_bias=0.5):
        axes = self.mesh if axes is None else axes
        pieces = self.pieces(axes)
        self.rng.shuffle(pieces)
        dims = [[] for _ in shape]
        used = {}
        for piece in pieces:
            if not shape or self.rng.random() < 0.3:
                continue
            d = self.rng.randrange(len(shape))
            base = piece.split(":")[0]
            # One piece of an axis per tensor keeps every sharding valid.
            if base in used:
                continue
            size = self.axis_size(piece)
            prod = 1
            for p in dims[d]:
                prod *= self.axis_size(p)
            if shape[d] % (prod * size):
                continue
            used[base] = d
            dims[d].append(piece)
        parts = []
        for d in dims:
            text = ", ".join(d)
            is_open = not allow_closed or self.rng.random() < open_bias
            if is_open:
                text = text + ", ?" if text else "?"
            prio = ""
            if allow_prio and (d or is_open) and self.rng.random() < 0.2:
                prio = f"p{self.rng.randint(0, 3)}"
            parts.append("{" + text + "}" + prio)
        replicated = ""
        free = [f'"{n}"' for n, _ in axes if f'"{n}"' not in
                [p.split(":")[0] for d in dims for p in d]]
        if free and self.rng.random() < 0.15:
            replicated = ", replicated={" + free[0] + "}"
        return "<@mesh, [" + ", ".join(parts) + "]" + replicated + ">"

    def axis_size(self, piece):
        m = re.match(r'"(\w+)"(?::\((\d+)\)(\d+))?', piece)
        if m.group(3):
            return int(m.group(3))
        return dict(self.mesh)[m.group(1)]

    # -- values

    @staticmethod
    def ty(shape):
        return "tensor<" + "".join(f"{s}x" for s in shape) + "f32>"

    def fresh(self):
        self.counter += 1
        return f"%v{self.counter}"

    def emit(self, shape, text):
        name = self.fresh()
        self.lines.append(f"    {name} = {text}")
        self.values.append((name, shape))
        return name

    def pick(self, pred=lambda s: True):
        cands = [v for v in self.values if pred(v[1])]
        return self.rng.choice(cands) if cands else None

    def rand_shape(self, rank=None):
        rank = self.rng.randint(1, 3) if rank is None else rank
        return [self.rng.choice([8, 16, 32]) for _ in range(rank)]

    # -- program

    def generate(self):
        self.args = []
        for _ in range(self.rng.randint(1, 3)):
            shape = self.rand_shape()
            self.add_arg(shape)
        for _ in range(self.rng.randint(3, 12)):
            self.step()
        # Every value that nothing uses is returned: the real Shardy's
        # pipeline erases dead ops, which would hide their shardings.
        used = set()
        for line in self.lines:
            if "sdy.sharding_group" not in line:
                used |= set(re.findall(r"%[\w#]+", line.split(" = ", 1)[-1]))
        outs = [(n, s) for n, s in self.values
                if n not in used and not n.startswith("%arg")]
        if not outs:
            outs = [self.values[-1]]
        res_decl = []
        for name, shape in outs:
            attr = ""
            if self.rng.random() < 0.35:
                attr = f" {{sdy.sharding = #sdy.sharding{self.sharding(shape)}}}"
            res_decl.append(self.ty(shape) + attr)
        mesh = ", ".join(f'"{n}"={s}' for n, s in self.mesh)
        head = [f"module @rand_{self.seed} {{",
                f"  sdy.mesh @mesh = <[{mesh}]>",
                f"  func.func @main({', '.join(self.args)}) -> "
                f"({', '.join(res_decl)}) {{"]
        tail = [f"    return {', '.join(n for n, _ in outs)} : "
                f"{', '.join(self.ty(s) for _, s in outs)}", "  }", "}"]
        return "\n".join(head + self.lines + tail) + "\n"

    def add_arg(self, shape):
        name = f"%arg{len(self.args)}"
        attr = ""
        if self.rng.random() < 0.75:
            attr = f" {{sdy.sharding = #sdy.sharding{self.sharding(shape)}}}"
        self.args.append(f"{name}: {self.ty(shape)}{attr}")
        self.values.append((name, shape))
        return name

    def op_sharding(self, shape):
        if self.rng.random() < 0.12:
            s = self.sharding(shape)
            return f" {{sdy.sharding = #sdy.sharding_per_value<[{s}]>}}"
        return ""

    def step(self):
        kinds = ["unary", "binary", "binary", "transpose", "dot", "reduce",
                 "broadcast", "reshape", "concat", "slice", "pad",
                 "constraint", "group", "manual", "select", "dot_batch",
                 "while", "dynamic_slice"]
        kind = self.rng.choice(kinds)
        v, shape = self.pick()
        t = self.ty(shape)
        r = len(shape)
        if kind == "unary":
            op = self.rng.choice(UNARY)
            self.emit(shape, f"stablehlo.{op} {v}{self.op_sharding(shape)} : {t}")
        elif kind == "binary" or kind == "select":
            w, _ = self.pick(lambda s: s == shape)
            if kind == "select":
                c = self.emit(shape[:], f"stablehlo.compare GT, {v}, {w} : "
                              f"({t}, {t}) -> {t.replace('f32', 'i1')}")
                self.values.pop()  # i1: not a float operand for later ops
                self.emit(shape, f"stablehlo.select {c}, {v}, {w} : "
                          f"{t.replace('f32', 'i1')}, {t}")
            else:
                op = self.rng.choice(BINARY)
                self.emit(shape, f"stablehlo.{op} {v}, {w}"
                          f"{self.op_sharding(shape)} : {t}")
        elif kind == "transpose" and r >= 2:
            perm = list(range(r))
            self.rng.shuffle(perm)
            out = [shape[p] for p in perm]
            self.emit(out, f"stablehlo.transpose {v}, dims = "
                      f"[{', '.join(map(str, perm))}] : ({t}) -> {self.ty(out)}")
        elif kind == "dot" and r == 2:
            n = self.rng.choice([8, 16, 32])
            rhs = self.pick(lambda s: s == [shape[1], n])
            rhs = rhs[0] if rhs else self.add_arg([shape[1], n])
            out = [shape[0], n]
            self.emit(out, f"stablehlo.dot_general {v}, {rhs}, contracting_dims"
                      f" = [1] x [0]{self.op_sharding(out)} : ({t}, "
                      f"{self.ty([shape[1], n])}) -> {self.ty(out)}")
        elif kind == "dot_batch" and r == 3:
            n = self.rng.choice([8, 16])
            rshape = [shape[0], shape[2], n]
            rhs = self.add_arg(rshape)
            out = [shape[0], shape[1], n]
            self.emit(out, f"stablehlo.dot_general {v}, {rhs}, batching_dims = "
                      f"[0] x [0], contracting_dims = [2] x [1] : ({t}, "
                      f"{self.ty(rshape)}) -> {self.ty(out)}")
        elif kind == "reduce" and r >= 2:
            d = self.rng.randrange(r)
            out = shape[:d] + shape[d + 1:]
            zero = self.fresh()
            self.lines.append(f"    {zero} = stablehlo.constant dense<0.0> : "
                              "tensor<f32>")
            op = self.rng.choice(["add", "maximum"])
            self.emit(out, f"stablehlo.reduce({v} init: {zero}) applies "
                      f"stablehlo.{op} across dimensions = [{d}] : ({t}, "
                      f"tensor<f32>) -> {self.ty(out)}")
        elif kind == "broadcast" and r <= 2:
            pos = self.rng.randint(0, r)
            out = shape[:pos] + [self.rng.choice([8, 16])] + shape[pos:]
            mapping = [i if i < pos else i + 1 for i in range(r)]
            self.emit(out, f"stablehlo.broadcast_in_dim {v}, dims = "
                      f"[{', '.join(map(str, mapping))}] : ({t}) -> "
                      f"{self.ty(out)}")
        elif kind == "reshape":
            if r >= 2 and self.rng.random() < 0.5:
                d = self.rng.randrange(r - 1)
                out = shape[:d] + [shape[d] * shape[d + 1]] + shape[d + 2:]
            else:
                d = self.rng.randrange(r)
                if shape[d] < 16:
                    return
                k = self.rng.choice([2, 4])
                out = shape[:d] + [k, shape[d] // k] + shape[d + 1:]
            if len(out) > 4:
                return
            self.emit(out, f"stablehlo.reshape {v} : ({t}) -> {self.ty(out)}")
        elif kind == "concat":
            d = self.rng.randrange(r)
            w, _ = self.pick(lambda s: s == shape)
            out = shape[:]
            out[d] *= 2
            self.emit(out, f"stablehlo.concatenate {v}, {w}, dim = {d} : "
                      f"({t}, {t}) -> {self.ty(out)}")
        elif kind == "slice":
            d = self.rng.randrange(r)
            out = shape[:]
            out[d] //= 2
            self.emit(out, f"stablehlo.slice {v} "
                      f"[{', '.join(f'0:{s}' for s in out)}] : ({t}) -> "
                      f"{self.ty(out)}")
        elif kind == "pad":
            d = self.rng.randrange(r)
            zero = self.fresh()
            self.lines.append(f"    {zero} = stablehlo.constant dense<0.0> : "
                              "tensor<f32>")
            lo = [0] * r
            hi = [0] * r
            hi[d] = shape[d]
            out = shape[:]
            out[d] *= 2
            self.emit(out, f"stablehlo.pad {v}, {zero}, low = {lo}, high = "
                      f"{hi}, interior = {[0] * r} : ({t}, tensor<f32>) -> "
                      f"{self.ty(out)}")
        elif kind == "constraint":
            s = self.sharding(shape, allow_closed=self.rng.random() < 0.5,
                              allow_prio=False)
            self.emit(shape, f"sdy.sharding_constraint {v} {s} : {t}")
        elif kind == "group":
            w, _ = self.pick(lambda s: s == shape)
            self.lines.append(f"    sdy.sharding_group {v} group_id={self.group}"
                              f" : {t}")
            if w != v:
                self.lines.append(f"    sdy.sharding_group {w} "
                                  f"group_id={self.group} : {t}")
            self.group += 1
        elif kind == "manual":
            self.manual(v, shape)
        elif kind == "while":
            self.while_loop(v, shape)
        elif kind == "dynamic_slice":
            d = self.rng.randrange(r)
            out = shape[:]
            out[d] //= 2
            idx = []
            for k in range(r):
                c = self.fresh()
                self.lines.append(f"    {c} = stablehlo.constant dense<{k % 2}>"
                                  " : tensor<i32>")
                idx.append(c)
            self.emit(out, f"stablehlo.dynamic_slice {v}, {', '.join(idx)}, "
                      f"sizes = {out} : ({t}, "
                      f"{', '.join(['tensor<i32>'] * r)}) -> {self.ty(out)}")

    def while_loop(self, v, shape):
        t = self.ty(shape)
        zero, i, x = self.fresh(), self.fresh(), self.fresh()
        lim, p, one, n, y = (self.fresh() for _ in range(5))
        name = self.fresh()
        self.lines += [
            f"    {zero} = stablehlo.constant dense<0> : tensor<i32>",
            f"    {name}:2 = stablehlo.while({i} = {zero}, {x} = {v}) : "
            f"tensor<i32>, {t}",
            "     cond {",
            f"      {lim} = stablehlo.constant dense<3> : tensor<i32>",
            f"      {p} = stablehlo.compare LT, {i}, {lim} : (tensor<i32>, "
            "tensor<i32>) -> tensor<i1>",
            f"      stablehlo.return {p} : tensor<i1>",
            "    } do {",
            f"      {one} = stablehlo.constant dense<1> : tensor<i32>",
            f"      {n} = stablehlo.add {i}, {one} : tensor<i32>",
            f"      {y} = stablehlo.tanh {x}{self.op_sharding(shape)} : {t}",
            f"      stablehlo.return {n}, {y} : tensor<i32>, {t}",
            "    }"]
        self.values.append((f"{name}#1", shape))

    def manual(self, v, shape):
        names = [n for n, _ in self.mesh]
        k = self.rng.randint(1, len(names))
        chosen = self.rng.sample(names, k)
        manual = [n for n in names if n in chosen]
        free = [(n, s) for n, s in self.mesh if n not in manual]
        local = shape[:]
        dims = [[] for _ in shape]
        for n in manual:
            size = dict(self.mesh)[n]
            cands = [d for d in range(len(shape)) if local[d] % size == 0
                     and local[d] // size >= 2]
            if cands and self.rng.random() < 0.8:
                d = self.rng.choice(cands)
                dims[d].append(f'"{n}"')
                local[d] //= size

        def manual_sharding(allow_free):
            parts = []
            for d in range(len(shape)):
                axes = dims[d][:]
                if allow_free and free and self.rng.random() < 0.3:
                    n, s = self.rng.choice(free)
                    if (local[d] % s == 0 and
                            all(f'"{n}"' not in p for p in parts)):
                        axes.append(f'"{n}"')
                closed = self.rng.random() < 0.5
                text = ", ".join(axes)
                if not closed:
                    text = text + ", ?" if text else "?"
                parts.append("{" + text + "}")
            return "<@mesh, [" + ", ".join(parts) + "]>"

        ins = manual_sharding(True)
        outs = manual_sharding(True)
        lt = self.ty(local)
        arg = self.fresh()
        body = [f"      {self.fresh()} = stablehlo.tanh {arg} : {lt}"]
        last = body[0].split()[0]
        if free and self.rng.random() < 0.5:
            s = self.sharding(local, axes=free, allow_prio=False,
                              allow_closed=False)
            nxt = self.fresh()
            body.append(f"      {nxt} = sdy.sharding_constraint {last} {s} : {lt}")
            last = nxt
        nxt = self.fresh()
        body.append(f"      {nxt} = stablehlo.multiply {last}, {arg} : {lt}")
        body.append(f"      sdy.return {nxt} : {lt}")
        name = self.fresh()
        axes_text = ", ".join(f'"{n}"' for n in manual)
        self.lines.append(
            f"    {name} = sdy.manual_computation({v}) in_shardings=[{ins}] "
            f"out_shardings=[{outs}] manual_axes={{{axes_text}}} "
            f"({arg}: {lt}) {{")
        self.lines += body
        self.lines.append(f"    }} : ({self.ty(shape)}) -> {self.ty(shape)}")
        self.values.append((name, shape))


def random_fixtures(pattern):
    seed = 0
    made = 0
    skipped = 0
    while made < RANDOM_PROGRAMS:
        text = RandomProgram(seed).generate()
        seed += 1
        if not re.search(pattern, f"rand_{seed - 1:04d}"):
            made += 1
            continue
        try:
            out = shardy(text)
        except Exception:  # noqa: BLE001 - an invalid random program
            skipped += 1
            continue
        yield f"rand_{seed - 1:04d}", text, out
        made += 1
    print(f"random programs: {made} written, {skipped} rejected or crashed "
          "Shardy")


# ------------------------------------------------------------ JAX programs

def mesh2():
    return jax.make_mesh((2, 4), ("data", "model"),
                         axis_types=(AxisType.Auto,) * 2)


def mesh3():
    return jax.make_mesh((2, 2, 2), ("x", "y", "z"),
                         axis_types=(AxisType.Auto,) * 3)


def mesh1():
    return jax.make_mesh((8,), ("d",), axis_types=(AxisType.Auto,))


def ones(*shape, dtype=jnp.float32):
    return jnp.ones(shape, dtype)


def ln(x):
    m = x.mean(-1, keepdims=True)
    v = ((x - m) ** 2).mean(-1, keepdims=True)
    return (x - m) * lax.rsqrt(v + 1e-5)


def mlp(x, w1, w2):
    return jax.nn.relu(x @ w1) @ w2


def mlp_grad(x, w1, w2):
    return jax.grad(lambda a, b: mlp(x, a, b).sum(), argnums=(0, 1))(w1, w2)


def attention(q, k, v):
    s = jnp.einsum("bqhd,bkhd->bhqk", q, k) / 8.0
    return jnp.einsum("bhqk,bkhd->bqhd", jax.nn.softmax(s, -1), v)


def layernorm(x, g):
    return ln(x) * g


def conv(x, w):
    return lax.conv_general_dilated(x, w, (1, 1), "SAME",
                                    dimension_numbers=("NHWC", "HWIO", "NHWC"))


def convnet(x, w1, w2):
    y = jax.nn.relu(conv(x, w1))
    y = lax.reduce_window(y, -jnp.inf, lax.max, (1, 2, 2, 1), (1, 2, 2, 1),
                          "VALID")
    return conv(y, w2).mean((1, 2))


def embed(table, ids):
    return jnp.take(table, ids, axis=0)


def embed_grad(table, ids):
    return jax.grad(lambda t: embed(t, ids).sum())(table)


def scatter_add(x, idx, upd):
    return x.at[idx].add(upd)


def scatter_set(x, idx, upd):
    return x.at[idx].set(upd)


def reductions(x):
    return x.sum(0), x.max(1), jnp.argmax(x, 1)


def reshape_merge(x):
    return jnp.tanh(x.reshape(x.shape[0], -1))


def reshape_split(x):
    return jnp.sin(x.reshape(x.shape[0], 4, -1))


def transpose(x):
    return jnp.transpose(x, (2, 0, 1)) * 2.0


def concat(x, y):
    return jnp.concatenate([jnp.tanh(x), y], axis=1)


def slicing(x):
    return x[:, 2:10] + x[:, 4:12]


def padding(x):
    return jnp.pad(x, ((0, 0), (1, 3)))


def scan_rnn(h, xs, w):
    def body(c, x):
        c = jnp.tanh(c @ w + x)
        return c, c
    return lax.scan(body, h, xs)


def fori(x, w):
    return lax.fori_loop(0, 3, lambda i, c: jnp.tanh(c @ w), x)


def cross_entropy(logits, labels):
    lp = jax.nn.log_softmax(logits)
    return -jnp.take_along_axis(lp, labels[:, None], 1).mean()


def transformer(x, wq, wk, wv, wo, w1, w2):
    h = ln(x)
    b, s, d = h.shape
    q = (h @ wq).reshape(b, s, 4, d // 4)
    k = (h @ wk).reshape(b, s, 4, d // 4)
    v = (h @ wv).reshape(b, s, 4, d // 4)
    x = x + attention(q, k, v).reshape(b, s, d) @ wo
    return x + mlp(ln(x), w1, w2)


def cumsum(x):
    return jnp.cumsum(x, 1)


def sort_top(x):
    return lax.top_k(x, 4)


def dyn_slice(x, i):
    return lax.dynamic_slice(x, (i, 0), (4, x.shape[1]))


def dyn_update(x, u, i):
    return lax.dynamic_update_slice(x, u, (i, 0))


def iota_mask(x):
    i = lax.broadcasted_iota(jnp.int32, x.shape, 1)
    return jnp.where(i < 8, x, 0.0)


def outer_bcast(x, y):
    return x[:, None, :] * y[None, :, :]


def einsum3(a, b):
    return jnp.einsum("bij,bjk->bik", a, b)


def rev_neg(x):
    return jnp.flip(x, 0) - x


def gather_rows(x, idx):
    return x[idx, :]


def cond_branch(p, x):
    return lax.cond(p, jnp.sin, jnp.cos, x)


def fft_abs(x):
    return jnp.abs(jnp.fft.fft(x.astype(jnp.complex64), axis=-1))


def batchnorm(x, g):
    m = x.mean((0, 1, 2))
    v = x.var((0, 1, 2))
    return (x - m) * lax.rsqrt(v + 1e-5) * g


def jax_cases():
    """(name, f, mesh, in specs, out specs, args); None spec = unspecified."""
    m2, m3, m1 = mesh2(), mesh3(), mesh1()
    cases = []

    def add(name, f, mesh, ins, outs, args, wsc=None):
        cases.append((name, f, mesh, ins, outs, args))

    x2 = ones(16, 32)
    w1, w2 = ones(32, 64), ones(64, 32)
    for i, (mesh, ins, outs) in enumerate([
            (m2, (P("data"), P(None, "model"), P("model")), P("data")),
            (m2, (P("data", "model"), P(), P()), None),
            (m2, (None, P(None, "model"), None), None),
            (m3, (P("x"), P("y", "z"), P("z")), P("x", "y")),
            (m1, (P("d"), None, None), None),
            (m2, (P(), P("model"), P(None, "model")), P(None, "data"))]):
        add(f"mlp_{i}", mlp, mesh, ins, outs, (x2, w1, w2))
    for i, (mesh, ins) in enumerate([
            (m2, (P("data"), P(None, "model"), P("model"))),
            (m3, (P(("x", "y")), P(None, "z"), P("z"))),
            (m2, (P(None, "model"), None, None))]):
        add(f"mlp_grad_{i}", mlp_grad, mesh, ins, None, (x2, w1, w2))
    q = ones(4, 16, 4, 8)
    for i, (mesh, spec) in enumerate([
            (m2, P("data", None, "model")), (m2, P(None, "model")),
            (m3, P("x", "y", "z")), (m1, P(None, None, None, "d")),
            (m2, P(None, ("data", "model")))]):
        add(f"attention_{i}", attention, mesh, (spec, spec, spec), None,
            (q, q, q))
    add("attention_mixed", attention, m2,
        (P("data", None, "model"), P("data"), None), P("data"), (q, q, q))
    x3 = ones(8, 16, 64)
    for i, (mesh, ins, outs) in enumerate([
            (m2, (P("data", None, "model"), P("model")), None),
            (m2, (P("data"), P()), P(None, "model")),
            (m3, (P("x", "y"), P("z")), None),
            (m1, (P(None, None, "d"), None), None)]):
        add(f"layernorm_{i}", layernorm, mesh, ins, outs, (x3, ones(64)))
    img = ones(8, 16, 16, 4)
    k1, k2 = ones(3, 3, 4, 8), ones(3, 3, 8, 16)
    for i, (mesh, ins, outs) in enumerate([
            (m2, (P("data"), None, P(None, None, None, "model")), None),
            (m2, (P("data", "model"), None, None), None),
            (m3, (P("x", None, "y"), P(None, None, None, "z"), None), None),
            (m1, (P(None, "d"), None, None), P("d"))]):
        add(f"convnet_{i}", convnet, mesh, ins, outs, (img, k1, k2))
    add("conv_batchnorm", lambda x, w, g: batchnorm(conv(x, w), g), m2,
        (P("data"), P(None, None, None, "model"), P("model")), None,
        (img, k1, ones(8)))
    table, ids = ones(64, 32), jnp.zeros((8, 16), jnp.int32)
    for i, (mesh, ins, outs) in enumerate([
            (m2, (P("model"), P("data")), None),
            (m2, (P(None, "model"), P("data")), P("data", None, "model")),
            (m3, (P("x", "y"), P("z")), None),
            (m1, (P("d"), None), None),
            (m2, (None, P("data", "model")), None)]):
        add(f"embed_{i}", embed, mesh, ins, outs, (table, ids))
    for i, (mesh, ins) in enumerate([(m2, (P("model"), P("data"))),
                                     (m3, (P(None, "x"), P("y")))]):
        add(f"embed_grad_{i}", embed_grad, mesh, ins, None, (table, ids))
    xs, idx, upd = ones(32, 16), jnp.zeros((8,), jnp.int32), ones(8, 16)
    for f in (scatter_add, scatter_set):
        for i, (mesh, ins, outs) in enumerate([
                (m2, (P("data", "model"), None, P(None, "model")), None),
                (m2, (P(None, "model"), P("data"), P("data")), None),
                (m3, (P("x"), P("y"), P(None, "z")), P("x", "z")),
                (m1, (None, None, P("d")), None)]):
            add(f"{f.__name__}_{i}", f, mesh, ins, outs, (xs, idx, upd))
    for i, (mesh, ins, outs) in enumerate([
            (m2, (P("data", "model"),), None),
            (m2, (P("model", "data"),), (P("model"), P("data"), None)),
            (m3, (P(("x", "y"), "z"),), None),
            (m1, (P(None, "d"),), None)]):
        add(f"reductions_{i}", reductions, mesh, ins, outs, (x2,))
    x4 = ones(8, 8, 16)
    for f, a in ((reshape_merge, x4), (reshape_split, x2)):
        for i, (mesh, ins, outs) in enumerate([
                (m2, (P("data", "model"),), None),
                (m2, (P(None, "model"),), None),
                (m2, (P("data"),), P(None, "model")),
                (m3, (P("x", "y", "z") if a.ndim == 3 else P("x", ("y", "z")),),
                 None),
                (m1, (P(None, "d"),), None)]):
            add(f"{f.__name__}_{i}", f, mesh, ins, outs, (a,))
    for i, (mesh, ins, outs) in enumerate([
            (m2, (P("data", "model"),), None),
            (m2, (P(None, None, "model"),), P("data")),
            (m3, (P("x", "y", "z"),), None),
            (m1, (P(None, "d"),), None)]):
        add(f"transpose_{i}", transpose, mesh, ins, outs, (x4,))
    for i, (mesh, ins, outs) in enumerate([
            (m2, (P("data", "model"), P("data")), None),
            (m2, (P(None, "model"), None), None),
            (m3, (P("x"), P("y", "z")), P("x", "z")),
            (m1, (None, P("d")), None)]):
        add(f"concat_{i}", concat, mesh, ins, outs, (x2, x2))
    for f in (slicing, padding, cumsum, rev_neg, iota_mask, sort_top):
        for i, (mesh, ins, outs) in enumerate([
                (m2, (P("data", "model"),), None),
                (m2, (P(None, "model"),), None),
                (m3, (P("x", ("y", "z")),), None),
                (m1, (P("d"),), None)]):
            add(f"{f.__name__}_{i}", f, mesh, ins, outs, (x2,))
    h, seq, w = ones(8, 32), ones(6, 8, 32), ones(32, 32)
    for i, (mesh, ins, outs) in enumerate([
            (m2, (P("data"), P(None, "data"), P(None, "model")), None),
            (m2, (P(None, "model"), None, P("model")), None),
            (m3, (P("x", "y"), P(None, "x"), P("z")), None),
            (m1, (P("d"), None, None), None)]):
        add(f"scan_rnn_{i}", scan_rnn, mesh, ins, outs, (h, seq, w))
    for i, (mesh, ins, outs) in enumerate([
            (m2, (P("data"), P(None, "model")), None),
            (m2, (P(None, "model"), None), P("data")),
            (m3, (P("x", "y"), P("z")), None)]):
        add(f"fori_{i}", fori, mesh, ins, outs, (ones(16, 32), w))
    logits, labels = ones(16, 64), jnp.zeros((16,), jnp.int32)
    for i, (mesh, ins) in enumerate([(m2, (P("data", "model"), P("data"))),
                                     (m3, (P("x", ("y", "z")), None)),
                                     (m1, (P(None, "d"), P("d")))]):
        add(f"cross_entropy_{i}", cross_entropy, mesh, ins, None,
            (logits, labels))
        add(f"cross_entropy_grad_{i}", jax.grad(cross_entropy), mesh, ins,
            None, (logits, labels))
    xt = ones(4, 16, 32)
    ws = (ones(32, 32),) * 4 + (ones(32, 64), ones(64, 32))
    for i, (mesh, ins) in enumerate([
            (m2, (P("data"),) + (P(None, "model"),) * 3 +
             (P("model"), P(None, "model"), P("model"))),
            (m3, (P("x", "y"),) + (P(None, "z"),) * 3 +
             (P("z"), P(None, "z"), P("z"))),
            (m1, (P(None, "d"),) + (None,) * 6)]):
        add(f"transformer_{i}", transformer, mesh, ins, None, (xt,) + ws)
    add("transformer_grad", jax.grad(lambda *a: transformer(*a).sum(),
                                     argnums=(1, 5)), m2,
        (P("data"),) + (P(None, "model"),) * 3 +
        (P("model"), P(None, "model"), P("model")), None, (xt,) + ws)
    i0 = jnp.int32(0)
    for i, (mesh, ins) in enumerate([(m2, (P("data", "model"), P())),
                                     (m3, (P(None, ("x", "y")), None))]):
        add(f"dyn_slice_{i}", dyn_slice, mesh, ins, None, (x2, i0))
        add(f"dyn_update_{i}", dyn_update, mesh, ins[:1] + (P(),) + ins[1:],
            None, (x2, ones(4, 32), i0))
        add(f"gather_rows_{i}", gather_rows, mesh, ins[:1] + (None,), None,
            (x2, idx))
        add(f"cond_{i}", cond_branch, mesh, (P(),) + ins[:1], None,
            (jnp.bool_(True), x2))
    for i, (mesh, ins, outs) in enumerate([
            (m2, (P("data"), P(None, "model")), None),
            (m2, (P("model"), P("data")), P("model", "data")),
            (m3, (P("x"), P("y", "z")), None)]):
        add(f"outer_bcast_{i}", outer_bcast, mesh, ins, outs,
            (ones(16, 32), ones(8, 32)))
    for i, (mesh, ins, outs) in enumerate([
            (m2, (P("data", "model"), P("data")), None),
            (m2, (P("data"), P("data", None, "model")), None),
            (m3, (P("x", "y"), P("x", None, "z")), P("x", "y", "z"))]):
        add(f"einsum3_{i}", einsum3, mesh, ins, outs,
            (ones(8, 16, 32), ones(8, 32, 16)))
    add("fft_abs", fft_abs, m2, (P("data"),), None, (x2,))
    # with_sharding_constraint in the middle of a computation.
    for i, (mesh, spec) in enumerate([(m2, P(None, "model")),
                                      (m2, P("model", "data")),
                                      (m3, P(("x", "z"), "y"))]):
        def wsc(x, w, spec=spec, mesh=mesh):
            y = lax.with_sharding_constraint(jnp.tanh(x @ w),
                                             NamedSharding(mesh, spec))
            return y @ w.T
        add(f"constraint_{i}", wsc, mesh, (P("data" if mesh is m2 else "x"),
                                           None), None, (x2, w1))
    # shard_map: full and partial manual.
    for i, (mesh, axes, ins, inner) in enumerate([
            (m2, {"data", "model"}, P("data", "model"), P("data", "model")),
            (m2, {"data"}, P("data"), P("data")),
            (m2, {"model"}, P("data", "model"), P(None, "model")),
            (m3, {"x", "y"}, P("x", "y"), P(("x", "y"))),
            (m3, {"z"}, P(None, "z"), P(None, "z"))]):
        def sm(x, w, mesh=mesh, axes=axes, inner=inner):
            def body(a):
                a = jnp.tanh(a)
                return a * 2.0
            y = jax.shard_map(body, mesh=mesh, in_specs=inner,
                              out_specs=inner, axis_names=axes)(x @ w)
            return jax.nn.relu(y) @ w.T
        add(f"shard_map_{i}", sm, mesh, (ins, None), None, (x2, ones(32, 32)))
    for i, (mesh, axes, name) in enumerate([(m2, {"data"}, "data"),
                                            (m2, {"model"}, "model"),
                                            (m3, {"x", "y"}, ("x", "y"))]):
        def sm_psum(x, mesh=mesh, axes=axes, name=name):
            def body(a):
                return lax.psum(jnp.sin(a) @ a.T, name)
            return jax.shard_map(body, mesh=mesh, in_specs=P(None, name),
                                 out_specs=P(), axis_names=axes)(x)
        add(f"shard_map_psum_{i}", sm_psum, mesh, (P("data" if mesh is m2
                                                     else "z"),), None,
            (ones(16, 32),))
    new_jax_cases(add)
    more_jax_cases(add)
    call_cases(add)
    big_cases(add)
    random_spec_cases(add)
    random_spec_cases(add, seed=34, prefix="rs2", variants=2)
    return cases


# ---------------------------------------------- more JAX model pieces (s9)

def mesh42():
    return jax.make_mesh((4, 2), ("r", "c"), axis_types=(AxisType.Auto,) * 2)


def depthwise_conv(x, w):
    return lax.conv_general_dilated(x, w, (1, 1), "SAME",
                                    dimension_numbers=("NHWC", "HWIO", "NHWC"),
                                    feature_group_count=x.shape[-1])


def grouped_conv(x, w):
    return lax.conv_general_dilated(x, w, (1, 1), "SAME",
                                    dimension_numbers=("NHWC", "HWIO", "NHWC"),
                                    feature_group_count=2)


def conv_transpose(x, w):
    return lax.conv_transpose(x, w, (2, 2), "SAME",
                              dimension_numbers=("NHWC", "HWIO", "NHWC"))


def conv1d(x, w):
    return jnp.tanh(lax.conv_general_dilated(
        x, w, (1,), "SAME", dimension_numbers=("NWC", "WIO", "NWC")))


def conv3d(x, w):
    return lax.conv_general_dilated(
        x, w, (1, 1, 1), "SAME", dimension_numbers=("NDHWC", "DHWIO", "NDHWC"))


def conv_grad(x, w):
    return jax.grad(lambda a, b: jnp.tanh(conv(a, b)).sum(),
                    argnums=(0, 1))(x, w)


def avg_pool_same(x):
    return lax.reduce_window(x, 0.0, lax.add, (1, 3, 3, 1), (1, 1, 1, 1),
                             "SAME") / 9.0


def max_pool_same(x):
    return lax.reduce_window(x, -jnp.inf, lax.max, (1, 2, 2, 1),
                             (1, 2, 2, 1), "SAME")


def max_pool_grad(x):
    return jax.grad(lambda a: max_pool_same(a).sum())(x)


def avg_pool_grad(x):
    return jax.grad(lambda a: (avg_pool_same(a) ** 2).sum())(x)


def swiglu(x, wg, wu, wd):
    return (jax.nn.silu(x @ wg) * (x @ wu)) @ wd


def swiglu_grad(x, wg, wu, wd):
    return jax.grad(lambda *a: swiglu(*a).sum(), argnums=(1, 2, 3))(
        x, wg, wu, wd)


def glu(x, w):
    a, b = jnp.split(x @ w, 2, axis=-1)
    return a * jax.nn.sigmoid(b)


def rotary(x, cos, sin):
    d = x.shape[-1]
    x1, x2 = x[..., :d // 2], x[..., d // 2:]
    rot = jnp.concatenate([-x2, x1], axis=-1)
    return x * cos[:, None, :] + rot * sin[:, None, :]


def rotary_grad(x, cos, sin):
    return jax.grad(lambda a: (rotary(a, cos, sin) ** 2).sum())(x)


def gqa(q, k, v):
    b, s, h, d = q.shape
    g = k.shape[2]
    q = q.reshape(b, s, g, h // g, d)
    sc = jnp.einsum("bqgrd,bkgd->bgrqk", q, k) / 8.0
    o = jnp.einsum("bgrqk,bkgd->bqgrd", jax.nn.softmax(sc, -1), v)
    return o.reshape(b, s, h, d)


def mqa(q, k, v):
    sc = jnp.einsum("bqhd,bkd->bhqk", q, k) / 8.0
    return jnp.einsum("bhqk,bkd->bqhd", jax.nn.softmax(sc, -1), v)


def causal_attention(q, k, v):
    s = q.shape[1]
    sc = jnp.einsum("bqhd,bkhd->bhqk", q, k) / 8.0
    i = lax.broadcasted_iota(jnp.int32, (s, s), 0)
    j = lax.broadcasted_iota(jnp.int32, (s, s), 1)
    sc = jnp.where(i >= j, sc, -1e9)
    return jnp.einsum("bhqk,bkhd->bqhd", jax.nn.softmax(sc, -1), v)


def causal_attention_grad(q, k, v):
    return jax.grad(lambda a, b: causal_attention(a, b, v).sum(),
                    argnums=(0, 1))(q, k)


def rmsnorm(x, g):
    return x * lax.rsqrt((x * x).mean(-1, keepdims=True) + 1e-6) * g


def rmsnorm_grad(x, g):
    return jax.grad(lambda a, b: rmsnorm(a, b).sum(), argnums=(0, 1))(x, g)


def moe(x, wr, we):
    v, idx = lax.top_k(x @ wr, 2)
    oh = jax.nn.one_hot(idx, we.shape[0])
    combine = jnp.einsum("tk,tke->te", jax.nn.softmax(v, -1), oh)
    h = jnp.einsum("td,edf->tef", x, we)
    return jnp.einsum("te,tef->tf", combine, h)


def sort_dim(x):
    return jnp.sort(x, axis=1), jnp.argsort(x, axis=0)


def cumprod(x):
    return jnp.cumprod(x, 0) + lax.cummax(x, axis=1)


def take_cols(x, idx):
    return jnp.take(x, idx, axis=1)


def take_along(x, idx):
    return jnp.take_along_axis(x, idx, axis=1)


def segment_sum(x, seg):
    return jax.ops.segment_sum(x, seg, num_segments=8)


def roll(x):
    return jnp.roll(x, 3, axis=1) - jnp.roll(x, -1, axis=0)


def tile_repeat(x):
    return jnp.tile(x, (1, 2)) + jnp.repeat(x, 2, axis=1)


def flip2(x):
    return jnp.flip(x, (0, 1)) * x


def pad_reflect(x):
    return jnp.pad(x, ((1, 1), (2, 2)), mode="reflect")


def pad_edge(x):
    return jnp.pad(x, ((0, 0), (3, 1)), mode="edge")


def split_stack(x):
    a, b, c, d = jnp.split(x, 4, axis=1)
    return jnp.stack([a * b, c + d], 0)


def kv_cache(cache, new):
    def body(c, i):
        c = lax.dynamic_update_slice(c, new[i][None], (i, 0, 0))
        return c, c.sum(0)
    return lax.scan(body, cache, jnp.arange(new.shape[0]))


def scan_layers(x, ws):
    return lax.scan(lambda h, w: (jnp.tanh(h @ w), None), x, ws)[0]


def scan_layers_grad(x, ws):
    return jax.grad(lambda w: scan_layers(x, w).sum())(ws)


def vmap_matmul(a, b):
    return jax.vmap(lambda p, q: jnp.tanh(p @ q))(a, b)


def while_state(x, w):
    def body(c):
        i, h, acc = c
        return i + 1, jnp.tanh(h @ w), acc + h.sum(0)
    return lax.while_loop(lambda c: c[0] < 3, body,
                          (0, x, jnp.zeros(x.shape[1], x.dtype)))[1:]


def adam(p1, p2, g1, g2, m1, m2, v1, v2):
    out = []
    for p, g, m, v in ((p1, g1, m1, v1), (p2, g2, m2, v2)):
        m = 0.9 * m + 0.1 * g
        v = 0.999 * v + 0.001 * g * g
        p = p - 1e-3 * (m / 0.1) / (jnp.sqrt(v / 0.001) + 1e-8)
        out += [p, m, v]
    return tuple(out)


def softmax_xent_grad(logits, onehot):
    return jax.grad(lambda l: -(jax.nn.log_softmax(l) * onehot).sum())(logits)


def new_jax_cases(add):
    m2, m3, m1, m4 = mesh2(), mesh3(), mesh1(), mesh42()
    img = ones(8, 16, 16, 8)
    for i, (mesh, ins) in enumerate([
            (m2, (P("data", None, None, "model"), P(None, None, None, "model"))),
            (m4, (P("r", "c"), None)),
            (m3, (P("x", "y", None, "z"), None)),
            (m1, (P(None, None, None, "d"), None))]):
        add(f"depthwise_conv_{i}", depthwise_conv, mesh, ins, None,
            (img, ones(3, 3, 1, 8)))
    for i, (mesh, ins) in enumerate([
            (m2, (P("data", None, None, "model"), P(None, None, None, "model"))),
            (m4, (P("r"), P(None, None, "c"))),
            (m3, (P("x"), P(None, None, None, ("y", "z"))))]):
        add(f"grouped_conv_{i}", grouped_conv, mesh, ins, None,
            (img, ones(3, 3, 4, 16)))
    for i, (mesh, ins) in enumerate([
            (m2, (P("data", None, None, "model"), None)),
            (m4, (P("r", None, "c"), P(None, None, None, "c"))),
            (m1, (P(None, "d"), None))]):
        add(f"conv_transpose_{i}", conv_transpose, mesh, ins, None,
            (ones(8, 8, 8, 8), ones(3, 3, 8, 4)))
    for i, (mesh, ins, outs) in enumerate([
            (m2, (P("data", "model"), None), None),
            (m4, (P("r", None, "c"), P(None, None, "c")), None),
            (m1, (P(None, None, "d"), None), P("d"))]):
        add(f"conv1d_{i}", conv1d, mesh, ins, outs,
            (ones(8, 32, 8), ones(3, 8, 16)))
    for i, (mesh, ins) in enumerate([
            (m3, (P("x", "y", "z"), None)),
            (m2, (P("data", None, None, None, "model"), P(None, None, None,
                                                          "model")))]):
        add(f"conv3d_{i}", conv3d, mesh, ins, None,
            (ones(4, 8, 8, 8, 8), ones(3, 3, 3, 8, 8)))
    for i, (mesh, ins) in enumerate([
            (m2, (P("data"), P(None, None, None, "model"))),
            (m3, (P("x", "y"), P(None, None, "z")))]):
        add(f"conv_grad_{i}", conv_grad, mesh, ins, None,
            (ones(8, 16, 16, 4), ones(3, 3, 4, 8)))
    for f in (avg_pool_same, max_pool_same, max_pool_grad, avg_pool_grad):
        for i, (mesh, ins) in enumerate([
                (m2, (P("data", "model"),)),
                (m4, (P("r", None, None, "c"),)),
                (m3, (P("x", "y", "z"),))]):
            add(f"{f.__name__}_{i}", f, mesh, ins, None, (img,))
    x2 = ones(16, 32)
    sw = (x2, ones(32, 64), ones(32, 64), ones(64, 32))
    for i, (mesh, ins, outs) in enumerate([
            (m2, (P("data"), P(None, "model"), P(None, "model"), P("model")),
             None),
            (m4, (P("r"), P(None, "c"), None, None), P("r", "c")),
            (m3, (P("x"), P("y", "z"), P("y", "z"), P("z", "y")), None)]):
        add(f"swiglu_{i}", swiglu, mesh, ins, outs, sw)
    for i, (mesh, ins) in enumerate([
            (m2, (P("data"), P(None, "model"), P(None, "model"), P("model"))),
            (m4, (P("r", "c"), None, None, None))]):
        add(f"swiglu_grad_{i}", swiglu_grad, mesh, ins, None, sw)
    for i, (mesh, ins) in enumerate([(m2, (P("data"), P(None, "model"))),
                                     (m1, (P(None, "d"), None)),
                                     (m4, (P("r"), P("c")))]):
        add(f"glu_{i}", glu, mesh, ins, None, (x2, ones(32, 64)))
    xr, cs = ones(4, 16, 4, 32), ones(16, 32)
    for i, (mesh, ins) in enumerate([
            (m2, (P("data", None, "model"), None, None)),
            (m2, (P(None, None, None, "model"), P(None, "model"), None)),
            (m3, (P("x", "y", None, "z"), None, P("y"))),
            (m1, (P(None, "d"), None, None))]):
        add(f"rotary_{i}", rotary, mesh, ins, None, (xr, cs, cs))
    add("rotary_grad_0", rotary_grad, m2,
        (P("data", None, None, "model"), None, None), None, (xr, cs, cs))
    qg, kg = ones(4, 16, 8, 8), ones(4, 16, 2, 8)
    for i, (mesh, ins) in enumerate([
            (m2, (P("data", None, "model"), P("data"), P("data"))),
            (m4, (P("r", None, "c"), P("r", None, "c"), P("r", None, "c"))),
            (m3, (P("x", "y"), P("x"), None))]):
        add(f"gqa_{i}", gqa, mesh, ins, None, (qg, kg, kg))
    km = ones(4, 16, 8)
    for i, (mesh, ins) in enumerate([
            (m2, (P("data", None, "model"), P("data"), P("data"))),
            (m1, (P(None, None, "d"), None, None))]):
        add(f"mqa_{i}", mqa, mesh, ins, None, (qg, km, km))
    q = ones(4, 16, 4, 8)
    for i, (mesh, spec) in enumerate([(m2, P("data", None, "model")),
                                      (m4, P("r", "c")),
                                      (m3, P("x", None, ("y", "z")))]):
        add(f"causal_attention_{i}", causal_attention, mesh, (spec,) * 3,
            None, (q, q, q))
    add("causal_attention_grad_0", causal_attention_grad, m2,
        (P("data", None, "model"),) * 3, None, (q, q, q))
    x3 = ones(8, 16, 64)
    for i, (mesh, ins, outs) in enumerate([
            (m2, (P("data", None, "model"), P("model")), None),
            (m4, (P("r", "c"), None), P(None, None, "c")),
            (m1, (P(None, None, "d"), None), None)]):
        add(f"rmsnorm_{i}", rmsnorm, mesh, ins, outs, (x3, ones(64)))
    add("rmsnorm_grad_0", rmsnorm_grad, m2, (P("data", None, "model"),
                                             P("model")), None,
        (x3, ones(64)))
    for i, (mesh, ins) in enumerate([
            (m2, (P("data"), None, P("model"))),
            (m4, (P("r"), None, P(None, None, "c"))),
            (m3, (P(("x", "y")), None, P("z")))]):
        add(f"moe_{i}", moe, mesh, ins, None,
            (x2, ones(32, 4), ones(4, 32, 32)))
    for f in (sort_dim, cumprod, roll, tile_repeat, flip2, pad_reflect,
              pad_edge, split_stack):
        for i, (mesh, ins) in enumerate([
                (m2, (P("data", "model"),)),
                (m4, (P("c", "r"),)),
                (m1, (P(None, "d"),))]):
            add(f"{f.__name__}_{i}", f, mesh, ins, None, (x2,))
    idx = jnp.zeros((8,), jnp.int32)
    idx2 = jnp.zeros((16, 4), jnp.int32)
    for i, (mesh, ins) in enumerate([(m2, (P("data", "model"), None)),
                                     (m4, (P(None, "r"), P("r"))),
                                     (m3, (P("x", ("y", "z")), None))]):
        add(f"take_cols_{i}", take_cols, mesh, ins, None, (x2, idx))
        add(f"take_along_{i}", take_along, mesh, ins, None, (x2, idx2))
    for i, (mesh, ins, outs) in enumerate([
            (m2, (P("data", "model"), P("data")), None),
            (m4, (P(None, "c"), None), P(None, "c")),
            (m1, (P("d"), P("d")), None)]):
        add(f"segment_sum_{i}", segment_sum, mesh, ins, outs,
            (ones(32, 16), jnp.zeros((32,), jnp.int32)))
    for i, (mesh, ins) in enumerate([
            (m2, (P(None, "data", "model"), P(None, "data"))),
            (m4, (P(None, None, "r"), None)),
            (m3, (P("x", "y"), P(None, "y", "z")))]):
        add(f"kv_cache_{i}", kv_cache, mesh, ins, None,
            (ones(8, 8, 32), ones(4, 8, 32)))
    ws = ones(4, 32, 32)
    for i, (mesh, ins) in enumerate([(m2, (P("data"), P(None, None, "model"))),
                                     (m4, (P("r", "c"), None)),
                                     (m3, (P("x"), P("y", "z")))]):
        add(f"scan_layers_{i}", scan_layers, mesh, ins, None, (x2, ws))
    add("scan_layers_grad_0", scan_layers_grad, m2,
        (P("data"), P(None, None, "model")), None, (x2, ws))
    for i, (mesh, ins, outs) in enumerate([
            (m2, (P("data", None, "model"), P("data")), None),
            (m4, (P("r"), P(None, None, "c")), P("r", None, "c")),
            (m1, (P("d"), None), None)]):
        add(f"vmap_matmul_{i}", vmap_matmul, mesh, ins, outs,
            (ones(8, 16, 32), ones(8, 32, 16)))
    for i, (mesh, ins) in enumerate([(m2, (P("data", "model"), None)),
                                     (m4, (P("r"), P(None, "c"))),
                                     (m3, (P(None, "x"), P("y", "z")))]):
        add(f"while_state_{i}", while_state, mesh, ins, None,
            (ones(16, 32), ones(32, 32)))
    # (Branches constrained to different shardings on other meshes make
    # XLA's verifier fail after propagation: "Inconsistent conditional
    # sharding".)
    for i, (mesh, a, b) in enumerate([(m2, P("data"), P(None, "model"))]):
        def cond_sh(p, x, mesh=mesh, a=a, b=b):
            def f1(y):
                return lax.with_sharding_constraint(jnp.sin(y),
                                                    NamedSharding(mesh, a))
            def f2(y):
                return lax.with_sharding_constraint(jnp.cos(y) * 2.0,
                                                    NamedSharding(mesh, b))
            return lax.cond(p, f1, f2, x) + 1.0
        add(f"cond_sharded_{i}", cond_sh, mesh, (P(), None), None,
            (jnp.bool_(True), x2))
    pa = (ones(32, 64), ones(64))
    for i, (mesh, sp) in enumerate([(m2, (P(None, "model"), P("model"))),
                                    (m4, (P("r", "c"), P("r"))),
                                    (m1, (P("d"), None))]):
        add(f"adam_{i}", adam, mesh, sp * 4, None, pa * 4)
    for i, (mesh, spec) in enumerate([(m2, P("data", "model")),
                                      (m4, P(None, "r"))]):
        add(f"xent_grad_{i}", softmax_xent_grad, mesh, (spec, None), None,
            (ones(16, 64), ones(16, 64)))
    # with_sharding_constraint between two layers of an MLP.
    for i, (mesh, spec) in enumerate([(m4, P("r", "c")), (m3, P(None, "y")),
                                      (m1, P("d"))]):
        def wsc_mid(x, w1, w2, mesh=mesh, spec=spec):
            h = lax.with_sharding_constraint(jax.nn.gelu(x @ w1),
                                             NamedSharding(mesh, spec))
            return jnp.tanh(h @ w2).sum(0)
        add(f"wsc_mid_{i}", wsc_mid, mesh, (None, P(None, "c" if mesh is m4
                                                      else None), None),
            None, (x2, ones(32, 64), ones(64, 32)))
    # shard_map with partial manual axes and collectives.
    for i, (mesh, axes, name, spec) in enumerate([
            (m2, {"data"}, "data", P("data", "model")),
            (m4, {"c"}, "c", P("r", "c")),
            (m3, {"x", "y"}, ("x", "y"), P("z", ("x", "y")))]):
        def sm_gather(x, w, mesh=mesh, axes=axes, name=name):
            def body(a):
                return jnp.tanh(lax.all_gather(a, name, axis=0, tiled=True))
            y = jax.shard_map(body, mesh=mesh, in_specs=P(name),
                              out_specs=P(), axis_names=axes,
                              check_vma=False)(x @ w)
            return y @ w.T
        add(f"shard_map_gather_{i}", sm_gather, mesh, (spec, None), None,
            (x2, ones(32, 32)))
    for i, (mesh, axes, name, n) in enumerate([(m2, {"model"}, "model", 4),
                                               (m4, {"r"}, "r", 4),
                                               (m1, {"d"}, "d", 8)]):
        def sm_perm(x, mesh=mesh, axes=axes, name=name, n=n):
            def body(a):
                b = lax.ppermute(a, name, [(j, (j + 1) % n) for j in range(n)])
                return a + jnp.sin(b)
            return jax.shard_map(body, mesh=mesh, in_specs=P(None, name),
                                 out_specs=P(None, name),
                                 axis_names=axes)(jnp.tanh(x)) * 2.0
        add(f"shard_map_ppermute_{i}", sm_perm, mesh,
            (P("data" if mesh is m2 else ("c" if mesh is m4 else None)),),
            None, (ones(16, 32),))


def ln_residual(x, w, b, g):
    h = x @ w + b
    return x + ln(h) * g


def ln_grad(x, g):
    return jax.grad(lambda a, b: (layernorm(a, b) ** 2).sum(),
                    argnums=(0, 1))(x, g)


def attention_bias(q, k, v, bias):
    s = jnp.einsum("bqhd,bkhd->bhqk", q, k) / 8.0 + bias[:, None, :, :]
    return jnp.einsum("bhqk,bkhd->bqhd", jax.nn.softmax(s, -1), v)


def embed_pos(table, ids, pos):
    return jnp.take(table, ids, axis=0) + pos[None, :, :]


def conv_stride(x, w):
    return lax.conv_general_dilated(x, w, (2, 2), "VALID",
                                    dimension_numbers=("NHWC", "HWIO", "NHWC"))


def conv_dilated(x, w):
    return lax.conv_general_dilated(x, w, (1, 1), "SAME", rhs_dilation=(2, 2),
                                    dimension_numbers=("NHWC", "HWIO", "NHWC"))


def bmm_bcast(x, w):
    return jnp.tanh(jnp.matmul(x, w))


def einsum_three(a, b, c):
    return jnp.einsum("ij,jk,kl->il", a, b, c)


def stats(x):
    return x.mean((0, 2)), x.std(1), jax.nn.logsumexp(x, axis=-1)


def clip_where(x, y):
    return jnp.clip(jnp.where(x > 0.5, x, y * 2.0), -1.0, 1.0)


def heads_merge(x, w):
    b, s, h, d = x.shape
    return x.reshape(b, s, h * d) @ w


def heads_split(x, w):
    y = x @ w
    b, s, _ = y.shape
    return jnp.transpose(y.reshape(b, s, 4, -1), (0, 2, 1, 3))


def pixel_shuffle(x):
    n, h, w, c = x.shape
    y = x.reshape(n, h, w, 2, 2, c // 4)
    y = jnp.transpose(y, (0, 1, 3, 2, 4, 5))
    return y.reshape(n, h * 2, w * 2, c // 4)


def scan_ys(xs, w):
    def body(c, x):
        y = jnp.tanh(x @ w + c)
        return y, y * 2.0
    return lax.scan(body, jnp.zeros((xs.shape[1], w.shape[1])), xs)


def scan_rnn_grad(h, xs, w):
    return jax.grad(lambda ww: scan_rnn(h, xs, ww)[0].sum())(w)


def mlp3d(x, w1, w2):
    return jax.nn.gelu(x @ w1) @ w2


def mlp_bf16(x, w1, w2):
    h = (x.astype(jnp.bfloat16) @ w1.astype(jnp.bfloat16)).astype(jnp.float32)
    return jax.nn.relu(h) @ w2


def topk_last(x):
    v, i = lax.top_k(x, 4)
    return v * 2.0, i


def onehot_embed(ids, table):
    return jax.nn.one_hot(ids, table.shape[0]) @ table


def argmax_dim(x):
    return jnp.argmax(x, axis=0), jnp.argmin(x, axis=1)


def cumsum_rev(x):
    return jnp.cumsum(x[:, ::-1], axis=1)[:, ::-1]


def concat3(x, y, z):
    return jnp.concatenate([x, y * 2.0, z], axis=0)


def pad_interior(x):
    return lax.pad(x, 0.0, ((1, 1, 1), (0, 0, 0)))


def gather2d(x, i, j):
    return x[i, j]


def fori_dslice(x):
    def body(i, acc):
        return acc + lax.dynamic_slice_in_dim(x, i * 4, 4, axis=1).sum(1)
    return lax.fori_loop(0, 4, body, jnp.zeros(x.shape[0], x.dtype))


def more_jax_cases(add):
    m2, m3, m1, m4 = mesh2(), mesh3(), mesh1(), mesh42()
    x3 = ones(8, 16, 32)
    for i, (mesh, ins) in enumerate([
            (m2, (P("data", None, "model"), P(None, "model"), P("model"),
                  None)),
            (m4, (P("r"), P("c"), None, P("c"))),
            (m3, (P("x", "y"), None, P("z"), None))]):
        add(f"ln_residual_{i}", ln_residual, mesh, ins, None,
            (x3, ones(32, 32), ones(32), ones(32)))
    for i, (mesh, ins) in enumerate([(m2, (P("data", None, "model"), None)),
                                     (m4, (P("r", "c"), P()))]):
        add(f"ln_grad_{i}", ln_grad, mesh, ins, None, (ones(8, 16, 64),
                                                        ones(64)))
    q, bias = ones(4, 16, 4, 8), ones(4, 16, 16)
    for i, (mesh, ins) in enumerate([
            (m2, (P("data", None, "model"),) * 3 + (P("data"),)),
            (m4, (P("r"),) * 3 + (P(None, "c"),)),
            (m3, (P("x", "y"),) * 3 + (None,))]):
        add(f"attention_bias_{i}", attention_bias, mesh, ins, None,
            (q, q, q, bias))
    for i, (mesh, ins) in enumerate([
            (m2, (P(None, "model"), P("data"), P(None, "model"))),
            (m4, (P("r"), P(None, "c"), None)),
            (m1, (None, P("d"), P(None, "d")))]):
        add(f"embed_pos_{i}", embed_pos, mesh, ins, None,
            (ones(64, 32), jnp.zeros((8, 16), jnp.int32), ones(16, 32)))
    img = ones(8, 16, 16, 8)
    for f in (conv_stride, conv_dilated):
        for i, (mesh, ins) in enumerate([
                (m2, (P("data", None, None, "model"), None)),
                (m4, (P("r", "c"), P(None, None, None, "c"))),
                (m3, (P("x"), P(None, None, "y", "z")))]):
            add(f"{f.__name__}_{i}", f, mesh, ins, None,
                (img, ones(3, 3, 8, 16)))
    for i, (mesh, ins, outs) in enumerate([
            (m2, (P("data", "model"), P(None, "model")), None),
            (m4, (P(None, "r"), P("c")), P("r")),
            (m1, (P(None, None, "d"), P("d")), None)]):
        add(f"bmm_bcast_{i}", bmm_bcast, mesh, ins, outs,
            (ones(8, 16, 32), ones(32, 16)))
    for i, (mesh, ins) in enumerate([
            (m2, (P("data"), P(None, "model"), P("model"))),
            (m4, (P("r", "c"), None, P(None, "r"))),
            (m3, (P("x"), P("y"), P("z")))]):
        add(f"einsum_three_{i}", einsum_three, mesh, ins, None,
            (ones(16, 32), ones(32, 16), ones(16, 32)))
    for f in (stats, argmax_dim, cumsum_rev, pad_interior, topk_last):
        for i, (mesh, ins) in enumerate([
                (m2, (P("data", "model"),)),
                (m4, (P("r", None, "c") if f is stats else P(None, "r"),)),
                (m3, (P(("x", "y"), "z"),))]):
            a = ones(8, 16, 32) if f is stats else ones(16, 32)
            add(f"{f.__name__}_{i}", f, mesh, ins, None, (a,))
    for i, (mesh, ins) in enumerate([(m2, (P("data", "model"), P("data"))),
                                     (m4, (P("r"), P(None, "c")))]):
        add(f"clip_where_{i}", clip_where, mesh, ins, None,
            (ones(16, 32), ones(16, 32)))
    xh = ones(4, 16, 4, 8)
    for i, (mesh, ins) in enumerate([
            (m2, (P("data", None, "model"), P(None, "model"))),
            (m4, (P("r", None, None, "c"), None)),
            (m3, (P("x", "y", "z"), P("z")))]):
        add(f"heads_merge_{i}", heads_merge, mesh, ins, None,
            (xh, ones(32, 32)))
        add(f"heads_split_{i}", heads_split, mesh,
            (P(*ins[0][:2]), ins[1]), None, (ones(4, 16, 32), ones(32, 32)))
    for i, (mesh, ins) in enumerate([(m2, (P("data", None, None, "model"),)),
                                     (m4, (P("r", "c"),)),
                                     (m3, (P("x", None, "y", "z"),))]):
        add(f"pixel_shuffle_{i}", pixel_shuffle, mesh, ins, None,
            (ones(4, 8, 8, 16),))
    for i, (mesh, ins) in enumerate([(m2, (P(None, "data"), P(None, "model"))),
                                     (m4, (P(None, "r", "c"), None))]):
        add(f"scan_ys_{i}", scan_ys, mesh, ins, None,
            (ones(6, 8, 32), ones(32, 32)))
    add("scan_rnn_grad_0", scan_rnn_grad, m2,
        (P("data"), P(None, "data"), P(None, "model")), None,
        (ones(8, 32), ones(6, 8, 32), ones(32, 32)))
    for f in (mlp3d, mlp_bf16):
        for i, (mesh, ins, outs) in enumerate([
                (m2, (P("data", None, "model"), P("model"), None), None),
                (m4, (P("r", "c"), P(None, "c"), P("c")), P("r")),
                (m3, (P("x", "y"), P(None, "z"), P("z", "y")), None)]):
            add(f"{f.__name__}_{i}", f, mesh, ins, outs,
                (ones(8, 16, 32), ones(32, 64), ones(64, 32)))
    for i, (mesh, ins) in enumerate([(m2, (P("data"), P(None, "model"))),
                                     (m4, (P("r"), P("c"))),
                                     (m1, (P("d"), None))]):
        add(f"onehot_embed_{i}", onehot_embed, mesh, ins, None,
            (jnp.zeros((16,), jnp.int32), ones(64, 32)))
    for i, (mesh, ins) in enumerate([(m2, (P("data"), P("model"), None)),
                                     (m4, (P("r", "c"), P("c"), P("c")))]):
        add(f"concat3_{i}", concat3, mesh, ins, None,
            (ones(16, 32), ones(16, 32), ones(16, 32)))
    iv = jnp.zeros((8,), jnp.int32)
    for i, (mesh, ins) in enumerate([(m2, (P("data", "model"), None, None)),
                                     (m4, (P(None, "r"), P("c"), P("c")))]):
        add(f"gather2d_{i}", gather2d, mesh, ins, None, (ones(16, 32), iv, iv))
    for i, (mesh, ins) in enumerate([(m2, (P("data", "model"),)),
                                     (m4, (P("r", "c"),))]):
        add(f"fori_dslice_{i}", fori_dslice, mesh, ins, None, (ones(16, 32),))


@jax.jit
def _inner_layer(x, w):
    return jnp.tanh(x @ w)


def nested_jit(x, w1, w2):
    return _inner_layer(_inner_layer(x, w1), w2)


def remat_mlp(x, w1, w2):
    return jax.checkpoint(lambda a: mlp(a, w1, w2))(x)


def remat_grad(x, w1, w2):
    return jax.grad(lambda a, b: jax.checkpoint(mlp)(x, a, b).sum(),
                    argnums=(0, 1))(w1, w2)


@jax.custom_vjp
def _clip_grad(x):
    return x


def _clip_fwd(x):
    return x, None


def _clip_bwd(_, g):
    return (jnp.clip(g, -1.0, 1.0),)


_clip_grad.defvjp(_clip_fwd, _clip_bwd)


def custom_vjp_grad(x, w):
    return jax.grad(lambda a: jnp.tanh(_clip_grad(x @ a)).sum())(w)


def call_cases(add):
    m2, m3, m4 = mesh2(), mesh3(), mesh42()
    x2 = ones(16, 32)
    for i, (mesh, ins) in enumerate([
            (m2, (P("data"), P(None, "model"), P("model"))),
            (m4, (P("r", "c"), None, None)),
            (m3, (P("x"), P("y", "z"), None))]):
        add(f"nested_jit_{i}", nested_jit, mesh, ins, None,
            (x2, ones(32, 32), ones(32, 32)))
        add(f"remat_mlp_{i}", remat_mlp, mesh, ins, None,
            (x2, ones(32, 32), ones(32, 32)))
        add(f"remat_grad_{i}", remat_grad, mesh, ins, None,
            (x2, ones(32, 32), ones(32, 32)))
        add(f"custom_vjp_grad_{i}", custom_vjp_grad, mesh, ins[:2], None,
            (x2, ones(32, 32)))


def scanned_transformer(x, wq, wk, wv, wo, w1, w2):
    def layer(h, ws):
        return transformer(h, *ws), None
    return lax.scan(layer, x, (wq, wk, wv, wo, w1, w2))[0]


def big_cases(add):
    m2, m3, m4 = mesh2(), mesh3(), mesh42()
    xt = ones(4, 16, 32)
    ws = (ones(32, 32),) * 4 + (ones(32, 64), ones(64, 32))
    for i, (mesh, ins) in enumerate([
            (m4, (P("r"),) + (P(None, "c"),) * 3 +
             (P("c"), P(None, "c"), P("c"))),
            (m3, (P("x", "y"),) + (P(None, "z"),) * 3 +
             (P("z"), P(None, "z"), P("z")))]):
        add(f"transformer_grad_{i}",
            jax.grad(lambda *a: transformer(*a).sum(), argnums=(1, 5)), mesh,
            ins, None, (xt,) + ws)
    sws = tuple(jnp.stack([w, w]) for w in ws)
    for i, (mesh, ins) in enumerate([
            (m2, (P("data"),) + (P(None, None, "model"),) * 3 +
             (P(None, "model"), P(None, None, "model"), P(None, "model"))),
            (m4, (P("r", None, "c"),) + (None,) * 6)]):
        add(f"scanned_transformer_{i}", scanned_transformer, mesh, ins, None,
            (xt,) + sws)
    add("scanned_transformer_grad_0",
        jax.grad(lambda *a: scanned_transformer(*a).sum(), argnums=(1, 5)),
        m2, (P("data"),) + (P(None, None, "model"),) * 3 +
        (P(None, "model"), P(None, None, "model"), P(None, "model")), None,
        (xt,) + sws)
    qg, kg = ones(4, 16, 8, 8), ones(4, 16, 2, 8)
    add("gqa_grad_0", jax.grad(lambda q, k, v: gqa(q, k, v).sum(),
                               argnums=(0, 1, 2)), m2,
        (P("data", None, "model"), P("data"), P("data")), None, (qg, kg, kg))
    x2 = ones(16, 32)
    for i, (mesh, ins) in enumerate([(m2, (P("data"), None, P("model"))),
                                     (m4, (P("r"), None, P(None, None, "c")))]):
        add(f"moe_grad_{i}", jax.grad(lambda *a: moe(*a).sum(),
                                      argnums=(0, 2)), mesh, ins, None,
            (x2, ones(32, 4), ones(4, 32, 32)))


def random_spec_cases(add, seed=12, prefix="rs", variants=3):
    """Real pieces under seeded random shardings of their arguments."""
    rng = random.Random(seed)
    meshes = [mesh2(), mesh42(), mesh3(), mesh1()]
    x2, x3 = ones(16, 32), ones(8, 16, 32)
    q, img = ones(4, 16, 4, 8), ones(8, 16, 16, 8)
    pieces = [
        ("mlp", mlp, (x2, ones(32, 64), ones(64, 32))),
        ("mlp_grad", mlp_grad, (x2, ones(32, 64), ones(64, 32))),
        ("swiglu", swiglu, (x2, ones(32, 64), ones(32, 64), ones(64, 32))),
        ("attention", attention, (q, q, q)),
        ("causal_attention", causal_attention, (q, q, q)),
        ("gqa", gqa, (ones(4, 16, 8, 8), ones(4, 16, 2, 8),
                      ones(4, 16, 2, 8))),
        ("layernorm", layernorm, (ones(8, 16, 64), ones(64))),
        ("rmsnorm_grad", rmsnorm_grad, (ones(8, 16, 64), ones(64))),
        ("rotary", rotary, (ones(4, 16, 4, 32), ones(16, 32), ones(16, 32))),
        ("conv", conv, (img, ones(3, 3, 8, 16))),
        ("depthwise_conv", depthwise_conv, (img, ones(3, 3, 1, 8))),
        ("max_pool_grad", max_pool_grad, (img,)),
        ("embed", embed, (ones(64, 32), jnp.zeros((8, 16), jnp.int32))),
        ("embed_grad", embed_grad, (ones(64, 32),
                                    jnp.zeros((8, 16), jnp.int32))),
        ("moe", moe, (x2, ones(32, 4), ones(4, 32, 32))),
        ("cross_entropy_grad", jax.grad(cross_entropy),
         (ones(16, 64), jnp.zeros((16,), jnp.int32))),
        ("transformer", transformer, (ones(4, 16, 32),) + (ones(32, 32),) * 4
         + (ones(32, 64), ones(64, 32))),
        ("scan_layers", scan_layers, (x2, ones(4, 32, 32))),
        ("kv_cache", kv_cache, (ones(8, 8, 32), ones(4, 8, 32))),
        ("vmap_matmul", vmap_matmul, (x3, ones(8, 32, 16))),
        ("reshape_merge", reshape_merge, (ones(8, 8, 16),)),
        ("heads_split", heads_split, (ones(4, 16, 32), ones(32, 32))),
        ("pixel_shuffle", pixel_shuffle, (ones(4, 8, 8, 16),)),
        ("split_stack", split_stack, (x2,)),
        ("pad_reflect", pad_reflect, (x2,)),
        ("roll", roll, (x2,)),
        ("take_along", take_along, (x2, jnp.zeros((16, 4), jnp.int32))),
        ("segment_sum", segment_sum, (ones(32, 16),
                                      jnp.zeros((32,), jnp.int32))),
        ("adam", adam, (ones(32, 64), ones(64)) * 4),
        ("stats", stats, (x3,)),
    ]

    def spec(mesh, shape):
        axes = list(mesh.shape.items())
        rng.shuffle(axes)
        dims = [[] for _ in shape]
        for name, size in axes:
            if rng.random() < 0.45 or not shape:
                continue
            d = rng.randrange(len(shape))
            prod = 1
            for n in dims[d]:
                prod *= mesh.shape[n]
            if shape[d] % (prod * size) == 0:
                dims[d].append(name)
        if rng.random() < 0.15:
            return None
        return P(*[None if not d else (d[0] if len(d) == 1 else tuple(d))
                   for d in dims])

    for name, f, args in pieces:
        for k in range(variants):
            mesh = rng.choice(meshes)
            ins = tuple(spec(mesh, a.shape) for a in args)
            add(f"{prefix}_{name}_{k}", f, mesh, ins, None, args)


def jax_fixtures(pattern):
    made = 0
    for name, f, mesh, ins, outs, args in jax_cases():
        if not re.search(pattern, f"jax_{name}"):
            continue
        def sh(spec):
            return None if spec is None else NamedSharding(mesh, spec)
        kw = {}
        if ins is not None:
            kw["in_shardings"] = tuple(sh(s) for s in ins)
        if outs is not None:
            kw["out_shardings"] = (tuple(sh(s) for s in outs)
                                   if isinstance(outs, tuple) else sh(outs))
        fn = lambda *a, f=f: f(*a)  # noqa: E731
        fn.__name__ = f"case_{name}"
        before = set(glob.glob(os.path.join(DUMP, "shardy", "module_*")))
        try:
            jax.jit(fn, **kw).lower(*args).compile()
        except Exception as e:  # noqa: BLE001 - report and go on
            print(f"{name}: {str(e).splitlines()[0][:200]}", file=sys.stderr)
            continue
        new = sorted(set(glob.glob(os.path.join(DUMP, "shardy", "module_*")))
                     - before)
        new = [d for d in new if d.endswith(f"jit_case_{name}")]
        if len(new) != 1:
            print(f"{name}: no dump found", file=sys.stderr)
            continue
        with open(os.path.join(new[0], "01.before_propagation.mlir")) as fh:
            text = fh.read()
        yield f"jax_{name}", text, shardy(text)
        made += 1
    print(f"JAX programs: {made} written")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--filter", default="")
    parser.add_argument("--out", default=os.path.join(HERE, "fixtures"))
    args = parser.parse_args()
    if not args.filter and os.path.isdir(args.out):
        shutil.rmtree(args.out)
    os.makedirs(args.out, exist_ok=True)
    for source in (random_fixtures, jax_fixtures):
        for name, text, out in source(args.filter):
            with open(os.path.join(args.out, f"{name}.mlir"), "w") as fh:
                fh.write(text)
            with open(os.path.join(args.out, f"{name}.shardy.mlir"), "w") as fh:
                fh.write(out)
    shutil.rmtree(DUMP, ignore_errors=True)


if __name__ == "__main__":
    main()
