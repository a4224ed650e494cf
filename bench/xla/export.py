#!/usr/bin/env python3
"""Exports the benchmark programs as StableHLO text with their shardings.

    XLA_FLAGS=--xla_force_host_platform_device_count=2 \\
        /work/jaxenv/bin/python bench/xla/export.py   # (sets XLA_FLAGS itself)

Writes bench/xla/programs/NAME.mlir (`jax.jit(f, in_shardings=...,
out_shardings=...).lower(...).as_text()`; on 1 device plain `jax.jit(f)`) for
the six programs of programs.py and programs/programs.json (each program's
base, device count, arguments with shapes, kinds and 2-device specs, and its
result's shape and spec), which run.py and check_exports.py read. JAX is
needed here only; without it this script says so and exits 0.
"""
import json
import os
import sys

os.environ.setdefault("XLA_FLAGS", "--xla_force_host_platform_device_count=2")
HERE = os.path.dirname(os.path.abspath(__file__))

try:
    import jax
except ImportError:
    print("export.py: JAX is not installed; nothing exported (the committed "
          "programs/ stay as they are)")
    sys.exit(0)

sys.path.insert(0, HERE)
import programs as P  # noqa: E402


def main():
    if len(jax.devices()) < 2:
        sys.exit("export.py: JAX sees %d device(s), 2 are needed: set "
                 "XLA_FLAGS=--xla_force_host_platform_device_count=2"
                 % len(jax.devices()))
    out_dir = os.path.join(HERE, "programs")
    os.makedirs(out_dir, exist_ok=True)
    manifest = {"jax": jax.__version__, "programs": []}
    for name, base, devices in P.PROGRAMS:
        fn, args, out = P.BASE[base]
        shapes = [jax.ShapeDtypeStruct(a[1], "float32") for a in args]
        f, _ = P.jitted(base, devices)
        lowered = f.lower(*shapes)
        with open(os.path.join(out_dir, name + ".mlir"), "w") as fh:
            fh.write(lowered.as_text())
        result = jax.eval_shape(fn, *shapes)
        manifest["programs"].append({
            "name": name, "base": base, "devices": devices,
            "args": [{"name": a[0], "shape": list(a[1]), "kind": a[2],
                      "spec": P.spec_list(a[3], len(a[1]))
                      if devices > 1 else [None] * len(a[1])}
                     for a in args],
            "result": {"shape": list(result.shape),
                       "spec": P.spec_list(out, len(result.shape))
                       if devices > 1 else [None] * len(result.shape)},
        })
        print("wrote", os.path.relpath(os.path.join(out_dir, name + ".mlir")))
    with open(os.path.join(out_dir, "programs.json"), "w") as fh:
        json.dump(manifest, fh, indent=1)
        fh.write("\n")


if __name__ == "__main__":
    main()
