#!/usr/bin/env python3
"""Prints the elementwise program of the compiled-path tests and bench:
4 x gelu (tanh form) then a layernorm over the last dimension of a
[ROWS, COLS] f32 tensor, written as JAX emits it (scalar constants
broadcast to the full shape before every use).

usage: elementwise_program.py ROWS COLS
"""
import sys


def program(rows, cols):
    t = f"tensor<{rows}x{cols}xf32>"
    r = f"tensor<{rows}xf32>"
    lines = [f"func.func @main(%x: {t}) -> {t} {{"]
    n = [0]

    def fresh():
        n[0] += 1
        return f"%v{n[0]}"

    def scalar(value):
        c, b = fresh(), fresh()
        lines.append(f"  {c} = stablehlo.constant dense<{value}> : tensor<f32>")
        lines.append(f"  {b} = stablehlo.broadcast_in_dim {c}, dims = [] : "
                     f"(tensor<f32>) -> {t}")
        return b

    def op(name, *args):
        v = fresh()
        lines.append(f"  {v} = stablehlo.{name} {', '.join(args)} : {t}")
        return v

    x = "%x"
    for _ in range(4):
        cube = op("multiply", op("multiply", x, x), x)
        inner = op("add", x, op("multiply", scalar("4.471500e-02"), cube))
        th = op("tanh", op("multiply", scalar("0.797884583"), inner))
        half = op("multiply", scalar("5.000000e-01"), x)
        x = op("multiply", half, op("add", scalar("1.000000e+00"), th))
    zero = fresh()
    lines.append(f"  {zero} = stablehlo.constant dense<0.000000e+00> : tensor<f32>")

    def row_mean(v):
        s, m, c = fresh(), fresh(), fresh()
        lines.append(f"  {s} = stablehlo.reduce({v} init: {zero}) applies "
                     f"stablehlo.add across dimensions = [1] : ({t}, "
                     f"tensor<f32>) -> {r}")
        lines.append(f"  {c} = stablehlo.constant dense<{float(cols)}> : {r}")
        lines.append(f"  {m} = stablehlo.divide {s}, {c} : {r}")
        b = fresh()
        lines.append(f"  {b} = stablehlo.broadcast_in_dim {m}, dims = [0] : "
                     f"({r}) -> {t}")
        return b

    centered = op("subtract", x, row_mean(x))
    var = row_mean(op("multiply", centered, centered))
    inv = op("rsqrt", op("add", var, scalar("9.99999974E-6")))
    y = op("multiply", centered, inv)
    lines.append(f"  return {y} : {t}")
    lines.append("}")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    sys.stdout.write(program(int(sys.argv[1]), int(sys.argv[2])))
