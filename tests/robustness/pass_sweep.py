#!/usr/bin/env python3
"""Runs every pass and pipeline of sdy-opt over corner-case inputs.

Text nested deeper than MLIR's recursive parser can take (brackets, regions,
dense literals) must be refused with a located error, not overflow the
stack. Each segment of the corner-case files (dead values, empty functions, no
@main, unused block arguments, nested regions) goes through every `-sdy-*`
pass and pipeline that `sdy-opt --help` lists, plus the generic cleanups;
every segment of every lit test file goes through the propagation and
partition pipelines. Each run must exit 0, or exit 1 with a located
diagnostic (`file:line:col: error:`). A signal, another exit code or a
rejection without a diagnostic fails the test.

usage: pass_sweep.py SDY_OPT --corner FILE... --corpus FILE...
"""

import argparse
import concurrent.futures
import os
import re
import subprocess
import sys

DIAG = re.compile(r":\d+:\d+: error: ")
PASS = re.compile(r"^\s+--?(sdy-[a-z0-9-]+)\s", re.M)
GENERIC = ["canonicalize", "cse", "symbol-dce", "inline"]
PIPELINES = ["sdy-propagation-pipeline", "sdy-partition-pipeline"]


def segments(path):
    text = open(path).read()
    return [s for s in re.split(r"^// -----\s*$", text, flags=re.M) if s.strip()]


def run(sdy_opt, name, pass_name, text):
    try:
        proc = subprocess.run([sdy_opt, "-", f"-{pass_name}"], input=text,
                              capture_output=True, text=True, timeout=120)
    except subprocess.TimeoutExpired:
        return f"{name} | -{pass_name}: timed out (120 s)"
    if proc.returncode == 0:
        return None
    if proc.returncode == 1 and DIAG.search(proc.stderr):
        return None
    return (f"{name} | -{pass_name}: exit code {proc.returncode}\n"
            f"--- stderr ---\n{proc.stderr[-2000:]}")


# Inputs nested far beyond the limit: a sharding, regions, a dense literal.
DEEP = {
    "sharding": 'sdy.mesh @m = <["x"=2]>\nfunc.func @f(%a: tensor<8xf32> '
                '{sdy.sharding = #sdy.sharding<@m, ' + "[" * 20000 + '>}) '
                '-> tensor<8xf32> { return %a : tensor<8xf32> }',
    "regions": "func.func @f(%a: tensor<8xf32>) -> tensor<8xf32> {\n" +
               '%0 = "t.op"() ({\n' * 3000 + "})" * 3000 +
               "\nreturn %a : tensor<8xf32> }",
    "dense": "func.func @f() -> tensor<1xf32> { %0 = stablehlo.constant "
             "dense<" + "[" * 100000 + "1.0" + "]" * 100000 +
             "> : tensor<1xf32>  return %0 : tensor<1xf32> }",
}
NESTING = re.compile(r"^<stdin>:\d+:\d+: error: nesting deeper than \d+ "
                     r"brackets$", re.M)


def check_deep(sdy_opt):
    failures = []
    for name, text in DEEP.items():
        proc = subprocess.run([sdy_opt, "-", "--allow-unregistered-dialect"],
                              input=text, capture_output=True, text=True,
                              timeout=120)
        if proc.returncode != 1 or not NESTING.search(proc.stderr):
            failures.append(f"deep {name}: exit code {proc.returncode}\n"
                            f"--- stderr ---\n{proc.stderr[-2000:]}")
    return failures


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("sdy_opt")
    parser.add_argument("--corner", nargs="+", default=[])
    parser.add_argument("--corpus", nargs="*", default=[])
    args = parser.parse_args()

    help_text = subprocess.run([args.sdy_opt, "--help"], capture_output=True,
                               text=True, check=True).stdout
    passes = sorted(set(PASS.findall(help_text)))
    if len(passes) < 10:
        print(f"found only {len(passes)} sdy passes in --help: {passes}")
        return 1
    jobs = []
    for path in args.corner:
        for i, seg in enumerate(segments(path)):
            for p in passes + GENERIC:
                jobs.append((f"{os.path.basename(path)}#{i}", p, seg))
    for path in args.corpus:
        for i, seg in enumerate(segments(path)):
            # Segments that expect diagnostics are valid inputs too: the
            # pipelines must reject them cleanly.
            for p in PIPELINES:
                jobs.append((f"{os.path.relpath(path)}#{i}", p, seg))
    failures = check_deep(args.sdy_opt)
    workers = max(1, min(4, os.cpu_count() or 1))
    with concurrent.futures.ThreadPoolExecutor(workers) as pool:
        for result in pool.map(lambda j: run(args.sdy_opt, *j), jobs):
            if result:
                failures.append(result)
    for f in failures:
        print(f)
    print(f"{len(passes)} sdy passes; {len(jobs) - len(failures)} runs passed, "
          f"{len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
