#!/usr/bin/env python3
"""Feeds sdy-opt deterministic mutations of valid IR and checks it never crashes.

Every mutated input must either parse and verify (exit code 0) or be rejected
with a located diagnostic (exit code 1). A signal, another exit code, or a
rejection without `file:line:col: error:` fails the test.

usage: mutate_inputs.py SDY_OPT SEED_FILE... [--count N] [--seed S]
"""

import argparse
import random
import re
import subprocess
import sys

# Tokens that are likely to hit interesting parser and verifier paths.
TOKENS = ['"x"', '"y"', '"zz"', ':(1)2', ':(2)2', ':(0)4', '?', 'p1', 'p-1',
          '{', '}', '[', ']', '<', '>', ',', '@mesh', '@nope', '=', '0', '-1',
          '9223372036854775807', '*', '->', 'ij', 'z_1', 'device_ids=[0]',
          'replicated={"x"}', 'tensor<0xf32>', 'tensor<f32>', '%arg0', '"']

DIAG = re.compile(r":\d+:\d+: error: ")


def mutate(text, rng):
    chars = list(text)
    for _ in range(rng.randint(1, 4)):
        if not chars:
            break
        pos = rng.randrange(len(chars))
        choice = rng.random()
        if choice < 0.3:
            del chars[pos:pos + rng.randint(1, 8)]
        elif choice < 0.6:
            chars[pos:pos] = list(rng.choice(TOKENS))
        elif choice < 0.8:
            chars[pos] = rng.choice('0123456789{}[]<>(),:?"*=-')
        else:
            other = rng.randrange(len(chars))
            chars[pos], chars[other] = chars[other], chars[pos]
    return "".join(chars)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("sdy_opt")
    parser.add_argument("inputs", nargs="+")
    parser.add_argument("--count", type=int, default=300)
    parser.add_argument("--seed", type=int, default=20261122)
    args = parser.parse_args()

    rng = random.Random(args.seed)
    sources = [open(path).read() for path in args.inputs]
    failures = 0
    for index in range(args.count):
        text = mutate(rng.choice(sources), rng)
        proc = subprocess.run([args.sdy_opt, "-", "--allow-unregistered-dialect"],
                              input=text, capture_output=True, text=True,
                              timeout=60)
        ok = proc.returncode == 0 or (proc.returncode == 1 and
                                      DIAG.search(proc.stderr))
        if not ok:
            failures += 1
            print(f"case {index}: exit code {proc.returncode}\n--- input ---\n"
                  f"{text}\n--- stderr ---\n{proc.stderr[-2000:]}")
    passed = args.count - failures
    print(f"{passed} passed, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
