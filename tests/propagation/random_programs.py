#!/usr/bin/env python3
"""Randomized property test of sharding propagation (fixed seeds).

Generates random programs over our op subset (elementwise, transpose,
dot_general, reduce, broadcast_in_dim, sharding constraints) whose user
shardings are all consistent with one hidden "ground truth" assignment of
mesh axes to logical dimensions, runs `-sdy-user-priority-propagate`, and
checks for every program that:
  1. the output verifies (sdy-opt exits 0);
  2. user shardings are unchanged (closed dims equal, open dims extended);
  3. every propagated dimension sharding is a prefix of the ground truth of
     its logical dimension (nothing spurious is invented);
  4. propagating the output again changes nothing (fixed point);
  5. the result does not depend on the order of independent ops.

usage: random_programs.py SDY_OPT [--programs N] [--seed S] [--batch B]
"""

import argparse
import random
import re
import subprocess
import sys

MESHES = [
    [("x", 2), ("y", 2)],
    [("x", 2), ("y", 2), ("z", 2)],
    [("a", 4), ("b", 2)],
]
UNARY = ["negate", "tanh", "abs", "exponential"]
BINARY = ["add", "multiply", "subtract", "maximum"]


def axis_text(axis):
    name, pre, size = axis
    return f'"{name}"' if pre is None else f'"{name}":({pre}){size}'


class Program:
    def __init__(self, rng, index):
        self.rng = rng
        self.index = index
        self.mesh = rng.choice(MESHES)
        self.truth = {}   # logical dim -> list of axes (name, pre, size)
        self.sizes = {}   # logical dim -> size
        self.args = []    # (name, dims, sharding text or None)
        self.ops = []     # (result, dims, text, deps)
        self.values = []  # (name, dims)
        self.results = []
        self.next_dim = 0
        self.next_tag = 0
        self.tag_dims = {}
        self._assign_axes()

    def _assign_axes(self):
        # Ground truth: split the mesh axes (sometimes into sub-axes) and
        # hand each piece to one of a few logical dims.
        pieces = []
        for name, size in self.mesh:
            if size == 4 and self.rng.random() < 0.3:
                pieces += [(name, 1, 2), (name, 2, 2)]
            else:
                pieces.append((name, None, size))
        self.rng.shuffle(pieces)
        self.dim_pool = [self.new_dim() for _ in range(4)]
        for piece in pieces:
            if self.rng.random() < 0.85:
                self.truth[self.rng.choice(self.dim_pool)].append(piece)
        # Adjacent halves of one axis are written as the full axis.
        for d, axes in self.truth.items():
            merged = []
            for axis in axes:
                if (merged and merged[-1][0] == axis[0] and merged[-1][1] == 1
                        and axis[1] == 2):
                    merged[-1] = (axis[0], None, 4)
                else:
                    merged.append(axis)
            self.truth[d] = merged

    def new_dim(self):
        d = f"d{self.next_dim}"
        self.next_dim += 1
        self.truth[d] = []
        self.sizes[d] = self.rng.choice([16, 32])
        return d

    def piece_size(self, axis):
        name, pre, size = axis
        return size if pre is not None else dict(self.mesh)[name]

    def type_of(self, dims):
        shape = "x".join(str(self.sizes[d]) for d in dims)
        return f"tensor<{shape}xf32>" if dims else "tensor<f32>"

    def user_sharding(self, dims, allow_closed=True):
        parts = []
        for d in dims:
            axes = self.truth[d]
            k = len(axes) if self.rng.random() < 0.6 else self.rng.randint(0, len(axes))
            text = ", ".join(axis_text(a) for a in axes[:k])
            closed = allow_closed and k == len(axes) and self.rng.random() < 0.5
            if closed:
                parts.append("{" + text + "}")
            else:
                parts.append("{" + (text + ", ?" if text else "?") + "}")
        return "<@mesh, [" + ", ".join(parts) + "]>"

    def add_arg(self, dims):
        name = f"%arg{len(self.args)}"
        sharding = self.user_sharding(dims) if self.rng.random() < 0.7 else None
        self.args.append((name, dims, sharding))
        self.values.append((name, dims))
        return name

    def add_op(self, dims, text, deps):
        name = f"%v{len(self.ops)}"
        tag = self.next_tag
        self.next_tag += 1
        self.tag_dims[tag] = dims
        self.ops.append((name, dims, text.format(name=name, tag=tag), deps))
        self.values.append((name, dims))
        return name

    def pick(self, rank=None):
        cands = [v for v in self.values if rank is None or len(v[1]) == rank]
        return self.rng.choice(cands) if cands else None

    def generate(self):
        for _ in range(self.rng.randint(1, 3)):
            rank = self.rng.randint(1, 3)
            self.add_arg(self.rng.sample(self.dim_pool, rank))
        for _ in range(self.rng.randint(3, 12)):
            self.step()
        for name, dims in self.rng.sample(self.values, min(2, len(self.values))):
            sharding = (self.user_sharding(dims)
                        if self.rng.random() < 0.3 else None)
            self.results.append((name, dims, sharding))

    def step(self):
        kind = self.rng.choice(["unary", "binary", "transpose", "dot",
                                "reduce", "broadcast", "constraint"])
        v, dims = self.pick()
        t = self.type_of(dims)
        attrs = "{{tag = {tag} : i64}}"
        if kind == "unary":
            op = self.rng.choice(UNARY)
            self.add_op(dims, f"{{name}} = stablehlo.{op} {v} {attrs} : {t}", [v])
        elif kind == "binary":
            same = [w for w, wd in self.values if wd == dims]
            w = self.rng.choice(same)
            op = self.rng.choice(BINARY)
            self.add_op(dims, f"{{name}} = stablehlo.{op} {v}, {w} {attrs} : {t}",
                        [v, w])
        elif kind == "transpose" and len(dims) >= 2:
            perm = list(range(len(dims)))
            self.rng.shuffle(perm)
            out = [dims[p] for p in perm]
            self.add_op(out, f"{{name}} = stablehlo.transpose {v}, dims = "
                        f"[{', '.join(map(str, perm))}] {attrs} : ({t}) -> "
                        f"{self.type_of(out)}", [v])
        elif kind == "dot" and len(dims) == 2:
            i, k = dims
            free = [d for d in self.dim_pool if d not in (i, k)]
            j = self.rng.choice(free)
            rhs = self.add_arg([k, j])
            out = [i, j]
            self.add_op(out, f"{{name}} = stablehlo.dot_general {v}, {rhs}, "
                        f"contracting_dims = [1] x [0] {attrs} : ({t}, "
                        f"{self.type_of([k, j])}) -> {self.type_of(out)}",
                        [v, rhs])
        elif kind == "reduce" and len(dims) >= 2:
            r = self.rng.randrange(len(dims))
            out = dims[:r] + dims[r + 1:]
            zero = self.add_op([], "{name} = stablehlo.constant "
                               "{{tag = {tag} : i64}} dense<0.0> : tensor<f32>", [])
            self.add_op(out, f"{{name}} = stablehlo.reduce({v} init: {zero}) "
                        f"applies stablehlo.add across dimensions = [{r}] "
                        f"{attrs} : ({t}, tensor<f32>) -> {self.type_of(out)}",
                        [v, zero])
        elif kind == "broadcast" and len(dims) <= 2:
            free = [d for d in self.dim_pool if d not in dims]
            new = self.rng.choice(free)
            pos = self.rng.randint(0, len(dims))
            out = dims[:pos] + [new] + dims[pos:]
            mapping = [i if i < pos else i + 1 for i in range(len(dims))]
            self.add_op(out, f"{{name}} = stablehlo.broadcast_in_dim {v}, dims = "
                        f"[{', '.join(map(str, mapping))}] {attrs} : ({t}) -> "
                        f"{self.type_of(out)}", [v])
        elif kind == "constraint":
            s = self.user_sharding(dims, allow_closed=False)
            s = s.replace("{", "{{").replace("}", "}}")
            self.add_op(dims, f"{{name}} = sdy.sharding_constraint {v} {s} "
                        f"{attrs} : {t}", [v])

    def text(self, order):
        mesh = ", ".join(f'"{n}"={s}' for n, s in self.mesh)
        args = []
        for name, dims, sharding in self.args:
            attr = f" {{sdy.sharding = #sdy.sharding{sharding}}}" if sharding else ""
            args.append(f"{name}: {self.type_of(dims)}{attr}")
        results = []
        for _, dims, sharding in self.results:
            attr = f" {{sdy.sharding = #sdy.sharding{sharding}}}" if sharding else ""
            results.append(f"{self.type_of(dims)}{attr}")
        lines = [f"sdy.mesh @mesh = <[{mesh}]>",
                 f"func.func @p{self.index}({', '.join(args)}) -> "
                 f"({', '.join(results)}) {{"]
        lines += ["  " + self.ops[i][2] for i in order]
        names = ", ".join(n for n, _, _ in self.results)
        types = ", ".join(self.type_of(d) for _, d, _ in self.results)
        lines += [f"  return {names} : {types}", "}"]
        return "\n".join(lines)

    def shuffled_order(self):
        # A random topological order of the ops.
        defined = {name for name, _, _ in self.args}
        remaining = list(range(len(self.ops)))
        order = []
        while remaining:
            ready = [i for i in remaining
                     if all(d in defined for d in self.ops[i][3])]
            i = self.rng.choice(ready)
            order.append(i)
            remaining.remove(i)
            defined.add(self.ops[i][0])
        return order


SHARDING = re.compile(r"#sdy\.sharding<@mesh, \[(.*?)\]>")
PER_VALUE = re.compile(r"tag = (\d+) : i64.*?sdy\.sharding_per_value<\[<@mesh, \[(.*?)\]>\]>|"
                       r"sdy\.sharding_per_value<\[<@mesh, \[(.*?)\]>\]>.*?tag = (\d+) : i64")


def split_dims(text):
    return re.findall(r"\{([^{}]*)\}", text)


def axes_of(dim_text):
    return [a.strip() for a in dim_text.split(",") if a.strip() and a.strip() != "?"]


def run(sdy_opt, text, extra=()):
    proc = subprocess.run([sdy_opt, "-", "-split-input-file",
                           "-sdy-user-priority-propagate", *extra],
                          input=text, capture_output=True, text=True, timeout=600)
    return proc


def tag_shardings(output):
    """tag -> dimension shardings text of the op's sdy.sharding."""
    result = {}
    for line in output.splitlines():
        m = re.search(r"tag = (\d+) : i64", line)
        if not m:
            continue
        s = re.search(r"sdy\.sharding_per_value<\[<@mesh, \[(.*?)\]>\]>", line)
        c = re.search(r"sdy\.sharding_constraint \S+ <@mesh, \[(.*?)\]>", line)
        result[int(m.group(1))] = (s.group(1) if s else "") + "|" + (c.group(1) if c else "")
    return result


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("sdy_opt")
    parser.add_argument("--programs", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1122)
    parser.add_argument("--batch", type=int, default=100)
    args = parser.parse_args()

    rng = random.Random(args.seed)
    failures = []
    checked = 0
    sharded_ops = 0
    for start in range(0, args.programs, args.batch):
        programs = []
        for i in range(start, min(start + args.batch, args.programs)):
            p = Program(random.Random(rng.random()), i)
            p.generate()
            programs.append(p)
        original = [p.text(range(len(p.ops))) for p in programs]
        shuffled = [p.text(p.shuffled_order()) for p in programs]
        out1 = run(args.sdy_opt, "\n// -----\n".join(original))
        if out1.returncode != 0:
            failures.append(f"batch {start}: propagation failed:\n{out1.stderr[-3000:]}")
            continue
        out2 = run(args.sdy_opt, out1.stdout)
        out3 = run(args.sdy_opt, "\n// -----\n".join(shuffled))
        seg1 = out1.stdout.split("// -----")
        seg2 = out2.stdout.split("// -----")
        seg3 = out3.stdout.split("// -----")
        for p, src, a, b, c in zip(programs, original, seg1, seg2, seg3):
            checked += 1
            sharded_ops += sum(1 for v in tag_shardings(a).values() if '"' in v)
            errors = check(p, src, a, b, c)
            if errors:
                failures.append(f"program {p.index}: " + "; ".join(errors) +
                                f"\n--- input ---\n{src}\n--- output ---\n{a}")
    for f in failures[:10]:
        print(f)
    # Guard against a vacuous run: most programs must propagate something.
    print(f"{sharded_ops} ops received shardings across {checked} programs")
    if sharded_ops < checked:
        failures.append("too few propagated shardings: the test is vacuous")
    print(f"{checked - len(failures)} passed, {len(failures)} failed")
    return 1 if failures else 0


def check(p, src, out, again, shuffled):
    errors = []
    if out.strip() != again.strip():
        errors.append("not a fixed point (propagating the output changed it)")
    t1, t3 = tag_shardings(out), tag_shardings(shuffled)
    if t1 != t3:
        diff = [k for k in t1 if t1.get(k) != t3.get(k)]
        errors.append(f"depends on op order (tags {diff[:5]})")
    # Every op's propagated sharding is a prefix of the truth, per dimension.
    for tag, text in t1.items():
        per_value = text.split("|")[0]
        for d, g in zip(p.tag_dims[tag], split_dims(per_value)):
            truth = [axis_text(a) for a in p.truth[d]]
            if axes_of(g) != truth[:len(axes_of(g))]:
                errors.append(f"op {tag}: {g} is not a prefix of {truth}")
    # User shardings unchanged; propagated shardings are prefixes of truth.
    sig = re.search(r"func\.func @p\d+\((.*)\) -> ", out)
    if not sig:
        return errors + ["signature not found"]
    out_args = re.findall(r"%arg\d+: tensor<[^>]*>(?: \{sdy\.sharding = #sdy\.sharding<@mesh, \[(.*?)\]>\})?", sig.group(1))
    for (name, dims, user), got in zip(p.args, out_args):
        if not got:
            if user and re.search(r'"', user):
                errors.append(f"{name}: user sharding lost")
            continue
        got_dims = split_dims(got)
        if user:
            user_dims = split_dims(user[len("<@mesh, ["):])
            for u, g in zip(user_dims, got_dims):
                ua, ga = axes_of(u), axes_of(g)
                if "?" not in u and ua != ga:
                    errors.append(f"{name}: closed dim changed {u} -> {g}")
                elif ga[:len(ua)] != ua:
                    errors.append(f"{name}: open dim lost user axes {u} -> {g}")
        for d, g in zip(dims, got_dims):
            truth = [axis_text(a) for a in p.truth[d]]
            if axes_of(g) != truth[:len(axes_of(g))]:
                errors.append(f"{name}: {g} is not a prefix of {truth}")
    return errors


if __name__ == "__main__":
    sys.exit(main())
