#!/usr/bin/env python3
"""Halo exchange vs gather for a sharded windowed dimension.

usage: bench_halo.py SDY_OPT SDY_RUN [--devices 4] [--rounds 5] [--repeat 3]
                     [--shape 4x128x128x8] [--op pool|conv]

A 3x3 SAME max-pool (or, with --op conv, a 3x3 SAME convolution with C
input and output features and a replicated kernel), stride 1, of an NHWC
f32 batch whose H is sharded over all devices, partitioned two ways from
the same program:
  halo:   as written; the partitioner keeps H sharded and exchanges one row
          with each neighbour (collective_permute);
  gather: the same op with a replicated result sharding (what the
          partitioner emits when it cannot exchange halos: an all_gather
          before the op and a slice after).
Both are partitioned with skip-propagation=true, so the op keeps the
sharding written on it.
Prints, per variant, the bytes each device receives (from the collectives'
local types in the partitioned IR) and the step time of `sdy-run --repeat`
on the local backend: rounds interleaved halo, gather, halo, ... and the
minimum kept; then the ratios gather / halo.
"""
import argparse
import re
import subprocess
import sys
import tempfile

POOL = """  %{out} = "stablehlo.reduce_window"(%{inp}, %cst) <{{padding = dense<[[0, 0], [1, 1], [1, 1], [0, 0]]> : tensor<4x2xi64>, window_dimensions = array<i64: 1, 3, 3, 1>}}> ({{
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %m = stablehlo.maximum %x, %y : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }}) {{sdy.sharding = #sdy.sharding_per_value<[{s}]>}} : ({t}, tensor<f32>) -> {t}
"""


CONV = """  %{out} = stablehlo.convolution(%{inp}, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {{pad = [[1, 1], [1, 1]]}} {{batch_group_count = 1 : i64, feature_group_count = 1 : i64, sdy.sharding = #sdy.sharding_per_value<[{s}]>}} : ({t}, {k}) -> {t}
"""


def program(shape, devices, gather, op="pool"):
    t = "tensor<%sxf32>" % "x".join(map(str, shape))
    k = "tensor<3x3x%dx%dxf32>" % (shape[3], shape[3])
    sharded = '<@mesh, [{}, {"x"}, {}, {}]>'
    s = '<@mesh, [{}, {}, {}, {}]>' if gather else sharded
    if op == "conv":
        args = "%%a: %s {sdy.sharding = #sdy.sharding%s}, %%w: %s" % (t, sharded, k)
        body = [CONV.format(out="0", inp="a", t=t, k=k, s=s)]
    else:
        args = "%%a: %s {sdy.sharding = #sdy.sharding%s}" % (t, sharded)
        body = ['  %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>\n',
                POOL.format(out="0", inp="a", t=t, s=s)]
    return ('sdy.mesh @mesh = <["x"=%d]>\n' % devices +
            'func.func @main(%s) -> (%s {sdy.sharding = #sdy.sharding%s}) {\n'
            % (args, t, sharded) +
            "".join(body) + '  return %%0 : %s\n}\n' % t)


def tensor_bytes(text):
    dims = [int(d) for d in re.findall(r"(\d+)x", text)]
    n = 4
    for d in dims:
        n *= d
    return n


def received_bytes(ir):
    """Bytes one device receives per step, from the local collective types."""
    total = 0
    for line in ir.splitlines():
        m = re.search(r'"stablehlo\.(all_gather|collective_permute)".*: \((tensor<[^>]*>)\) -> (tensor<[^>]*>)', line)
        if not m:
            continue
        kind, src, dst = m.groups()
        if kind == "all_gather":
            total += tensor_bytes(dst) - tensor_bytes(src)
        else:
            total += tensor_bytes(dst)
    return total


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("sdy_opt")
    ap.add_argument("sdy_run")
    ap.add_argument("--devices", type=int, default=4)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--shape", default="4x128x128x8")
    ap.add_argument("--op", choices=("pool", "conv"), default="pool")
    args = ap.parse_args()
    shape = [int(s) for s in args.shape.split("x")]
    work = tempfile.mkdtemp(prefix="bench_halo_")
    variants = {}
    for name in ("halo", "gather"):
        src = "%s/%s.mlir" % (work, name)
        with open(src, "w") as f:
            f.write(program(shape, args.devices, name == "gather", args.op))
        ir = subprocess.run([args.sdy_opt, src,
                             "-sdy-partition-pipeline=skip-propagation=true"],
                            check=True, capture_output=True, text=True).stdout
        out = "%s/%s.part.mlir" % (work, name)
        with open(out, "w") as f:
            f.write(ir)
        variants[name] = {"path": out, "bytes": received_bytes(ir),
                          "ops": sorted(set(re.findall(r'"stablehlo\.(all_gather|collective_permute)"', ir))),
                          "ms": float("inf")}
    for _ in range(args.rounds):
        for name in ("halo", "gather"):
            p = subprocess.run([args.sdy_run, variants[name]["path"], "--devices",
                                str(args.devices), "--quiet", "--repeat",
                                str(args.repeat)], capture_output=True, text=True)
            if p.returncode != 0:
                sys.exit("sdy-run failed on %s: %s" % (name, p.stderr))
            m = re.search(r"min_ms=([0-9.]+)", p.stdout + p.stderr)
            variants[name]["ms"] = min(variants[name]["ms"], float(m.group(1)))
    print("3x3 SAME %s, %s f32, H sharded over %d devices, min of %d rounds"
          % ("max-pool" if args.op == "pool" else "convolution", args.shape,
             args.devices, args.rounds))
    print("%-7s %-28s %16s %10s" % ("variant", "collectives", "bytes/device", "step ms"))
    for name, v in variants.items():
        print("%-7s %-28s %16d %10.3f" % (name, ",".join(v["ops"]), v["bytes"], v["ms"]))
    h, g = variants["halo"], variants["gather"]
    print("gather/halo: bytes %.1fx, time %.2fx" % (g["bytes"] / max(h["bytes"], 1), g["ms"] / h["ms"]))


if __name__ == "__main__":
    main()
