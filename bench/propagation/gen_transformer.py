#!/usr/bin/env python3
"""Generates transformer-like programs for sharding-propagation benchmarks.

Two output formats describe the same L-layer model (attention + MLP):

  --format sdy    stablehlo ops + `sdy.sharding` attributes on the function
                  arguments, for `sdy-opt -sdy-propagation-pipeline`.
  --format shard  linalg ops + `shard.grid` / `shard.sharding` / `shard.shard`,
                  for MLIR upstream `mlir-opt --sharding-propagation`.

Shardings are given on the inputs only: the activation input is sharded on
its batch dimension over "data" (grid axis 0) and the weights follow Megatron
tensor parallelism over "model" (grid axis 1): Q/K/V and W1 are column-
parallel (output features split), the attention output projection and W2 are
row-parallel (input features split). Everything else is left to propagation.

Layer structure, sdy format (27 ops per layer; `--heads einsum` gives 23):

  q,k,v   = dot_general x, Wq|Wk|Wv               [B,S,H] x [H,H] -> [B,S,H]
  q,k,v   = reshape -> [B,S,N,D]                  (3 reshapes)
  qt,vt   = transpose [0,2,1,3] -> [B,N,S,D]; kt = transpose [0,2,3,1] -> [B,N,D,S]
  s       = dot_general qt, kt, batching [0,1]    -> [B,N,S,S]
  softmax = reduce max, broadcast_in_dim, subtract, exponential,
            reduce add, broadcast_in_dim, divide  (7 ops)
  c       = dot_general p, vt, batching [0,1]     -> [B,N,S,D]
  c       = transpose [0,2,1,3], reshape          -> [B,S,H]
  o       = dot_general c, Wo; x = add x, o
  mlp     = dot_general x, W1; broadcast_in_dim 0; maximum; dot_general W2;
            add (residual)

With `--heads einsum` the reshapes are folded into the weight layouts
(Wq/Wk/Wv: [H,N,D], Wo: [N,D,H]), which is what the shard format always does
because no reshape op implements the upstream ShardingInterface in MLIR 22
(tensor.expand_shape / collapse_shape / tosa.reshape all make
`--sharding-propagation` fail, and a linalg.generic with an `n*D+d` map fails
as soon as the flattened dimension is sharded).

Shard format: every compute op above (minus the reshapes) becomes one linalg
op: contractions are linalg.generic (einsum indexing maps), transposes are
linalg.transpose, reductions linalg.reduce, broadcasts linalg.broadcast,
elementwise ops linalg.{sub,exp,div,add,max}, the zero broadcast a
linalg.fill. Destination-passing style adds a `tensor.empty` per linalg op and
a `linalg.fill` for the accumulator of every contraction/reduction, so the
shard program has more operations than the sdy one for the same L (the op
counts of both are printed on stderr).
"""

import argparse
import sys


class Emitter:
    def __init__(self):
        self.lines = []
        self.nops = 0  # operations emitted (excluding module/func/terminator)
        self.counter = 0

    def fresh(self, prefix="v"):
        self.counter += 1
        return f"%{prefix}{self.counter}"

    def op(self, text):
        self.lines.append("    " + text)
        self.nops += 1


def ty(shape, elt="f32"):
    return "tensor<" + "x".join(str(d) for d in shape) + "x" + elt + ">"


def check_dims(a):
    if a.hidden % a.heads:
        sys.exit("hidden must be divisible by heads")


# --------------------------------------------------------------------------
# sdy / stablehlo
# --------------------------------------------------------------------------


def gen_sdy(a, out):
    B, S, H, N, F = a.batch, a.seq, a.hidden, a.heads, a.ffn
    D = H // N
    einsum = a.heads_style == "einsum"
    e = Emitter()

    def shard(dims):
        return "{sdy.sharding = #sdy.sharding<@mesh, [" + ", ".join(
            "{" + ", ".join(f'"{ax}"' for ax in d) + "}" for d in dims) + "]>}"

    # Function arguments.
    args = [f"%x: {ty([B, S, H])} {shard([['data'], [], []])}"]
    for l in range(a.layers):
        for w in ("q", "k", "v"):
            if einsum:
                args.append(f"%w{w}{l}: {ty([H, N, D])} {shard([[], ['model'], []])}")
            else:
                args.append(f"%w{w}{l}: {ty([H, H])} {shard([[], ['model']])}")
        if einsum:
            args.append(f"%wo{l}: {ty([N, D, H])} {shard([['model'], [], []])}")
        else:
            args.append(f"%wo{l}: {ty([H, H])} {shard([['model'], []])}")
        args.append(f"%wa{l}: {ty([H, F])} {shard([[], ['model']])}")
        args.append(f"%wb{l}: {ty([F, H])} {shard([['model'], []])}")

    tBSH, tBSND, tBNSD, tBNDS = ty([B, S, H]), ty([B, S, N, D]), ty([B, N, S, D]), ty([B, N, D, S])
    tBNSS, tBNS, tBSF, tS = ty([B, N, S, S]), ty([B, N, S]), ty([B, S, F]), "tensor<f32>"

    e.op(f"%ninf = stablehlo.constant dense<0xFF800000> : {tS}")
    e.op(f"%zero = stablehlo.constant dense<0.000000e+00> : {tS}")
    x = "%x"
    for l in range(a.layers):
        heads = []
        for w in ("q", "k", "v"):
            r = e.fresh()
            if einsum:
                e.op(f"{r} = stablehlo.dot_general {x}, %w{w}{l}, contracting_dims = [2] x [0] : ({tBSH}, {ty([H, N, D])}) -> {tBSND}")
            else:
                e.op(f"{r} = stablehlo.dot_general {x}, %w{w}{l}, contracting_dims = [2] x [0] : ({tBSH}, {ty([H, H])}) -> {tBSH}")
            heads.append(r)
        if not einsum:
            for i, h in enumerate(heads):
                r = e.fresh()
                e.op(f"{r} = stablehlo.reshape {h} : ({tBSH}) -> {tBSND}")
                heads[i] = r
        q, k, v = heads
        qt, kt, vt = e.fresh(), e.fresh(), e.fresh()
        e.op(f"{qt} = stablehlo.transpose {q}, dims = [0, 2, 1, 3] : ({tBSND}) -> {tBNSD}")
        e.op(f"{kt} = stablehlo.transpose {k}, dims = [0, 2, 3, 1] : ({tBSND}) -> {tBNDS}")
        e.op(f"{vt} = stablehlo.transpose {v}, dims = [0, 2, 1, 3] : ({tBSND}) -> {tBNSD}")
        s = e.fresh()
        e.op(f"{s} = stablehlo.dot_general {qt}, {kt}, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2] : ({tBNSD}, {tBNDS}) -> {tBNSS}")
        m, mb, d, ex, z, zb, p = (e.fresh() for _ in range(7))
        e.op(f"{m} = stablehlo.reduce({s} init: %ninf) applies stablehlo.maximum across dimensions = [3] : ({tBNSS}, {tS}) -> {tBNS}")
        e.op(f"{mb} = stablehlo.broadcast_in_dim {m}, dims = [0, 1, 2] : ({tBNS}) -> {tBNSS}")
        e.op(f"{d} = stablehlo.subtract {s}, {mb} : {tBNSS}")
        e.op(f"{ex} = stablehlo.exponential {d} : {tBNSS}")
        e.op(f"{z} = stablehlo.reduce({ex} init: %zero) applies stablehlo.add across dimensions = [3] : ({tBNSS}, {tS}) -> {tBNS}")
        e.op(f"{zb} = stablehlo.broadcast_in_dim {z}, dims = [0, 1, 2] : ({tBNS}) -> {tBNSS}")
        e.op(f"{p} = stablehlo.divide {ex}, {zb} : {tBNSS}")
        c, ct = e.fresh(), e.fresh()
        e.op(f"{c} = stablehlo.dot_general {p}, {vt}, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2] : ({tBNSS}, {tBNSD}) -> {tBNSD}")
        e.op(f"{ct} = stablehlo.transpose {c}, dims = [0, 2, 1, 3] : ({tBNSD}) -> {tBSND}")
        o = e.fresh()
        if einsum:
            e.op(f"{o} = stablehlo.dot_general {ct}, %wo{l}, contracting_dims = [2, 3] x [0, 1] : ({tBSND}, {ty([N, D, H])}) -> {tBSH}")
        else:
            cr = e.fresh()
            e.op(f"{cr} = stablehlo.reshape {ct} : ({tBSND}) -> {tBSH}")
            e.op(f"{o} = stablehlo.dot_general {cr}, %wo{l}, contracting_dims = [2] x [0] : ({tBSH}, {ty([H, H])}) -> {tBSH}")
        r1 = e.fresh()
        e.op(f"{r1} = stablehlo.add {x}, {o} : {tBSH}")
        h, zf, act, h2, r2 = (e.fresh() for _ in range(5))
        e.op(f"{h} = stablehlo.dot_general {r1}, %wa{l}, contracting_dims = [2] x [0] : ({tBSH}, {ty([H, F])}) -> {tBSF}")
        e.op(f"{zf} = stablehlo.broadcast_in_dim %zero, dims = [] : ({tS}) -> {tBSF}")
        e.op(f"{act} = stablehlo.maximum {h}, {zf} : {tBSF}")
        e.op(f"{h2} = stablehlo.dot_general {act}, %wb{l}, contracting_dims = [2] x [0] : ({tBSF}, {ty([F, H])}) -> {tBSH}")
        e.op(f"{r2} = stablehlo.add {r1}, {h2} : {tBSH}")
        x = r2

    out.write(f'module {{\n  sdy.mesh @mesh = <["data"={a.data}, "model"={a.model}]>\n')
    out.write("  func.func @main(" + ", ".join(args) + f") -> {tBSH} {{\n")
    out.write("\n".join(e.lines))
    out.write(f"\n    return {x} : {tBSH}\n  }}\n}}\n")
    return e.nops


# --------------------------------------------------------------------------
# upstream shard / linalg
# --------------------------------------------------------------------------


def gen_shard(a, out):
    B, S, H, N, F = a.batch, a.seq, a.hidden, a.heads, a.ffn
    D = H // N
    e = Emitter()
    tBSH, tBSND, tBNSD, tBNDS = ty([B, S, H]), ty([B, S, N, D]), ty([B, N, S, D]), ty([B, N, D, S])
    tBNSS, tBNS, tBSF = ty([B, N, S, S]), ty([B, N, S]), ty([B, S, F])
    tHND, tNDH, tHF, tFH = ty([H, N, D]), ty([N, D, H]), ty([H, F]), ty([F, H])

    args = ["%x: " + tBSH]
    for l in range(a.layers):
        args += [f"%wq{l}: {tHND}", f"%wk{l}: {tHND}", f"%wv{l}: {tHND}",
                 f"%wo{l}: {tNDH}", f"%wa{l}: {tHF}", f"%wb{l}: {tFH}"]

    # Shardings (one shard.sharding op per distinct sharding, shared).
    e.op("%s_batch = shard.sharding @grid split_axes = [[0]] : !shard.sharding")
    e.op("%s_col = shard.sharding @grid split_axes = [[], [1]] : !shard.sharding")
    e.op("%s_row = shard.sharding @grid split_axes = [[1]] : !shard.sharding")
    e.op(f"%xs = shard.shard %x to %s_batch : {tBSH}")
    e.op("%ninf = arith.constant 0xFF800000 : f32")
    e.op("%zero = arith.constant 0.000000e+00 : f32")

    def empty(t):
        r = e.fresh("e")
        e.op(f"{r} = tensor.empty() : {t}")
        return r

    def zeros(t, val="%zero"):
        em = empty(t)
        r = e.fresh("f")
        e.op(f"{r} = linalg.fill ins({val} : f32) outs({em} : {t}) -> {t}")
        return r

    par, red = '"parallel"', '"reduction"'

    def contract(lhs, lt, rhs, rt, res_t, dims, lmap, rmap, omap, iters):
        init = zeros(res_t)
        r = e.fresh()
        d = ", ".join(dims)
        e.op(f"{r} = linalg.generic {{indexing_maps = [affine_map<({d}) -> ({lmap})>, "
             f"affine_map<({d}) -> ({rmap})>, affine_map<({d}) -> ({omap})>], "
             f"iterator_types = [{', '.join(iters)}]}} ins({lhs}, {rhs} : {lt}, {rt}) "
             f"outs({init} : {res_t}) {{\n"
             f"    ^bb0(%a: f32, %b: f32, %c: f32):\n"
             f"      %m = arith.mulf %a, %b : f32\n"
             f"      %s = arith.addf %c, %m : f32\n"
             f"      linalg.yield %s : f32\n"
             f"    }} -> {res_t}")
        return r

    def transpose(src, st, dt, perm):
        em = empty(dt)
        r = e.fresh()
        e.op(f"{r} = linalg.transpose ins({src} : {st}) outs({em} : {dt}) permutation = [{', '.join(map(str, perm))}]")
        return r

    def reduce(src, st, dt, init_val, combiner):
        init = zeros(dt, init_val)
        r = e.fresh()
        e.op(f"{r} = linalg.reduce ins({src} : {st}) outs({init} : {dt}) dimensions = [3]\n"
             f"      (%in: f32, %acc: f32) {{\n"
             f"        %t = {combiner} %in, %acc : f32\n"
             f"        linalg.yield %t : f32\n"
             f"      }}")
        return r

    def broadcast(src, st, dt):
        em = empty(dt)
        r = e.fresh()
        e.op(f"{r} = linalg.broadcast ins({src} : {st}) outs({em} : {dt}) dimensions = [3]")
        return r

    def ew(name, operands, t):
        em = empty(t)
        r = e.fresh()
        e.op(f"{r} = linalg.{name} ins({', '.join(operands)} : {', '.join([t] * len(operands))}) outs({em} : {t}) -> {t}")
        return r

    x = "%xs"
    for l in range(a.layers):
        ws = {}
        for w, t, s in (("q", tHND, "%s_col"), ("k", tHND, "%s_col"), ("v", tHND, "%s_col"),
                        ("o", tNDH, "%s_row"), ("a", tHF, "%s_col"), ("b", tFH, "%s_row")):
            r = e.fresh("w")
            e.op(f"{r} = shard.shard %w{w}{l} to {s} : {t}")
            ws[w] = (r, t)
        heads = []
        for w in ("q", "k", "v"):
            heads.append(contract(x, tBSH, ws[w][0], tHND, tBSND, ["b", "s", "n", "d", "h"],
                                  "b, s, h", "h, n, d", "b, s, n, d", [par] * 4 + [red]))
        q, k, v = heads
        qt = transpose(q, tBSND, tBNSD, [0, 2, 1, 3])
        kt = transpose(k, tBSND, tBNDS, [0, 2, 3, 1])
        vt = transpose(v, tBSND, tBNSD, [0, 2, 1, 3])
        s = contract(qt, tBNSD, kt, tBNDS, tBNSS, ["b", "n", "i", "j", "d"],
                     "b, n, i, d", "b, n, d, j", "b, n, i, j", [par] * 4 + [red])
        m = reduce(s, tBNSS, tBNS, "%ninf", "arith.maximumf")
        mb = broadcast(m, tBNS, tBNSS)
        d = ew("sub", [s, mb], tBNSS)
        ex = ew("exp", [d], tBNSS)
        z = reduce(ex, tBNSS, tBNS, "%zero", "arith.addf")
        zb = broadcast(z, tBNS, tBNSS)
        p = ew("div", [ex, zb], tBNSS)
        c = contract(p, tBNSS, vt, tBNSD, tBNSD, ["b", "n", "i", "dd", "j"],
                     "b, n, i, j", "b, n, j, dd", "b, n, i, dd", [par] * 4 + [red])
        ct = transpose(c, tBNSD, tBSND, [0, 2, 1, 3])
        o = contract(ct, tBSND, ws["o"][0], tNDH, tBSH, ["b", "s", "h", "n", "d"],
                     "b, s, n, d", "n, d, h", "b, s, h", [par] * 3 + [red] * 2)
        r1 = ew("add", [x, o], tBSH)
        h = contract(r1, tBSH, ws["a"][0], tHF, tBSF, ["b", "s", "f", "h"],
                     "b, s, h", "h, f", "b, s, f", [par] * 3 + [red])
        zf = zeros(tBSF)  # broadcast of the scalar zero
        act = ew("max", [h, zf], tBSF)
        h2 = contract(act, tBSF, ws["b"][0], tFH, tBSH, ["b", "s", "h", "f"],
                      "b, s, f", "f, h", "b, s, h", [par] * 3 + [red])
        x = ew("add", [r1, h2], tBSH)

    out.write(f"module {{\n  shard.grid @grid(shape = {a.data}x{a.model})\n")
    out.write("  func.func @main(" + ", ".join(args) + f") -> {tBSH} {{\n")
    out.write("\n".join(e.lines))
    out.write(f"\n    return {x} : {tBSH}\n  }}\n}}\n")
    return e.nops


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--layers", type=int, default=4)
    p.add_argument("--format", choices=["sdy", "shard"], default="sdy")
    p.add_argument("--batch", type=int, default=8)
    p.add_argument("--seq", type=int, default=128)
    p.add_argument("--hidden", type=int, default=256)
    p.add_argument("--heads", type=int, default=8)
    p.add_argument("--ffn", type=int, default=1024)
    p.add_argument("--data", type=int, default=2, help='size of mesh axis "data"')
    p.add_argument("--model", type=int, default=4, help='size of mesh axis "model"')
    p.add_argument("--heads-style", choices=["reshape", "einsum"], default="reshape",
                   help="sdy only: reshape to heads (default) or fold the reshapes "
                        "into 3-d weights like the shard format does")
    p.add_argument("-o", "--output", default="-")
    a = p.parse_args()
    check_dims(a)
    out = sys.stdout if a.output == "-" else open(a.output, "w")
    n = (gen_sdy if a.format == "sdy" else gen_shard)(a, out)
    if out is not sys.stdout:
        out.close()
    print(f"{a.format}: {a.layers} layers, {n} ops", file=sys.stderr)


if __name__ == "__main__":
    main()
