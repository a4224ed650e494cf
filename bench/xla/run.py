#!/usr/bin/env python3
"""Times sdy against JAX/XLA on the six benchmark programs, in one run.

    /work/jaxenv/bin/python bench/xla/run.py [--rounds 5] [--steps 10]
        [--warmup 2] [--filter RE] [--sdy-opt PATH] [--sdy-run PATH]
        [--exec-mode auto|interpret|compile]

Needs JAX and numpy (any Python that has them); without JAX it says so and
exits 0. Sets XLA_FLAGS=--xla_force_host_platform_device_count=2 itself
(appended to XLA_FLAGS if that is set without it).

For each program of programs/programs.json: the same inputs (inputs.py)
go to both. sdy: the committed export partitioned by `sdy-opt
-sdy-partition-pipeline`, run by `sdy-run --warmup W --repeat S` (the step
times it prints: Executable::run of the partitioned module on the local
backend's devices, no process start, parsing or input reading); XLA: the
program jitted by JAX with the same shardings, inputs placed on the devices
once, and each step `f(*args).block_until_ready()` timed with
time.perf_counter after W untimed steps. Both results are compared first
(|sdy - jax| <= 1e-4 * max(1, max |jax|)). Then ROUNDS rounds alternate sdy,
XLA, sdy, XLA, ...; each side's time is the minimum over all its steps of
all rounds, and the table gives sdy / XLA.
"""
import argparse
import os
import platform
import re
import sys
import tempfile
import time

FLAG = "--xla_force_host_platform_device_count=2"
if "xla_force_host_platform_device_count" not in os.environ.get(
        "XLA_FLAGS", ""):
    os.environ["XLA_FLAGS"] = (os.environ.get("XLA_FLAGS", "") + " " +
                               FLAG).strip()

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
TOOLS = os.path.join(ROOT, "build", "src", "tools")
TARGETS = {"mlp": 1.05, "transformer": 1.3, "elementwise": 1.5}
TOL = 1e-4

try:
    import jax
    import numpy as np
except ImportError as e:
    print("run.py: skipped: %s (JAX and numpy are needed to time against "
          "XLA; they are an optional peer, e.g. /work/jaxenv/bin/python)" % e)
    sys.exit(0)

sys.path.insert(0, HERE)
import inputs as I  # noqa: E402
import programs as P  # noqa: E402
import sdy_steps as S  # noqa: E402


def jax_steps(f, args, warmup, steps):
    for _ in range(warmup):
        f(*args).block_until_ready()
    times = []
    for _ in range(steps):
        start = time.perf_counter()
        f(*args).block_until_ready()
        times.append((time.perf_counter() - start) * 1e3)
    return times


def place(program, arrays, mesh):
    if mesh is None:
        return [jax.device_put(a, jax.devices()[0]) for a in arrays]
    return [jax.device_put(a, jax.NamedSharding(
        mesh, jax.sharding.PartitionSpec(*arg["spec"])))
        for a, arg in zip(arrays, program["args"])]


def cpu_name():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def bench(opts, program, work):
    """(sdy ms, xla ms, per-round ratios) of one program."""
    arrays = I.make_inputs(program)
    local = S.partition(opts.sdy_opt, program, work)
    files = S.write_inputs(program, arrays, work)
    out_dir = os.path.join(work, program["name"])
    os.makedirs(out_dir, exist_ok=True)
    S.run(opts.sdy_run, program, local, files, out_dir,
          exec_mode=opts.exec_mode)
    f, mesh = P.jitted(program["base"], program["devices"])
    args = place(program, arrays, mesh)
    expected = np.asarray(f(*args))
    problem = S.compare(expected, S.gather(program, out_dir), TOL)
    if problem:
        raise S.SdyError("sdy's result differs from JAX's " + problem)
    sdy, xla, ratios = [], [], []
    for _ in range(opts.rounds):
        a = S.run(opts.sdy_run, program, local, files, warmup=opts.warmup,
                  repeat=opts.steps, exec_mode=opts.exec_mode)
        b = jax_steps(f, args, opts.warmup, opts.steps)
        sdy += a
        xla += b
        ratios.append(min(a) / min(b))
    return min(sdy), min(xla), ratios


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--steps", type=int, default=10)
    ap.add_argument("--warmup", type=int, default=2)
    ap.add_argument("--filter", default=".*")
    ap.add_argument("--sdy-opt", default=os.path.join(TOOLS, "sdy-opt",
                                                      "sdy-opt"))
    ap.add_argument("--sdy-run", default=os.path.join(TOOLS, "sdy-run",
                                                      "sdy-run"))
    ap.add_argument("--exec-mode", choices=("auto", "interpret", "compile"),
                    help="sdy-run's --exec-mode (default: sdy-run's own)")
    opts = ap.parse_args()
    if opts.rounds < 1 or opts.steps < 1 or opts.warmup < 0:
        ap.error("--rounds and --steps must be >= 1, --warmup >= 0")
    for tool in (opts.sdy_opt, opts.sdy_run):
        if not os.access(tool, os.X_OK):
            ap.error("%s is not an executable (build it: ninja -C build "
                     "sdy-opt sdy-run)" % tool)
    if len(jax.devices()) < 2:
        sys.exit("run.py: JAX sees %d device(s), 2 are needed (XLA_FLAGS=%s)"
                 % (len(jax.devices()), FLAG))
    print("# %s, %d cores, load %s; JAX %s; OPENBLAS_CORETYPE=%s; "
          "%d rounds x %d steps (+%d warmup); sdy exec mode %s" % (
              cpu_name(), os.cpu_count(),
              " ".join("%.2f" % x for x in os.getloadavg()), jax.__version__,
              os.environ.get("OPENBLAS_CORETYPE", "(unset)"), opts.rounds,
              opts.steps, opts.warmup, opts.exec_mode or "(default)"))
    print("| program | devices | sdy ms | XLA ms | sdy / XLA | per-round "
          "ratios | target |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    failed = False
    with tempfile.TemporaryDirectory(prefix="sdy-bench-xla-") as work:
        for program in S.load_manifest()["programs"]:
            if not re.search(opts.filter, program["name"]):
                continue
            target = TARGETS[program["base"]]
            try:
                sdy, xla, ratios = bench(opts, program, work)
            except S.SdyError as e:
                failed = True
                print("| %s | %d | error: %s |" % (
                    program["base"], program["devices"], e))
                continue
            ratio = sdy / xla
            print("| %s | %d | %.3f | %.3f | %.2f | %s | %s %.2f |" % (
                program["base"], program["devices"], sdy, xla, ratio,
                " ".join("%.2f" % r for r in ratios),
                "met, <=" if ratio <= target else "missed, <=", target),
                flush=True)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
