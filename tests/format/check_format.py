#!/usr/bin/env python3
"""Checks that C and C++ files follow the tree's .clang-format.

  check_format.py --clang-format BIN --root DIR [FILE...]

Without FILEs it checks every C/C++ file that git tracks under DIR (or, in
a tree that is not a git checkout, every such file under DIR's source
folders). Prints `FILE:LINE: not formatted (run: clang-format-22 -i FILE)`
for each file that differs and exits 1; exits 0 when all are formatted.
"""

import argparse
import os
import subprocess
import sys

SUFFIXES = (".c", ".h", ".cpp", ".hpp", ".cc")
FOLDERS = ("include", "src", "tests", "bench", "examples", "bindings")


def tracked_files(root):
    try:
        out = subprocess.run(["git", "ls-files", "-z"], cwd=root, check=True,
                             capture_output=True).stdout.decode()
        names = [n for n in out.split("\0") if n]
    except (OSError, subprocess.CalledProcessError):
        names = []
        for folder in FOLDERS:
            for dirpath, _, files in os.walk(os.path.join(root, folder)):
                for f in files:
                    names.append(os.path.relpath(os.path.join(dirpath, f), root))
    # The negative test's input is badly formatted on purpose.
    return sorted(n for n in names if n.endswith(SUFFIXES)
                  and not n.startswith("tests/format/inputs/"))


def first_difference(original, formatted):
    a, b = original.splitlines(), formatted.splitlines()
    for i, (x, y) in enumerate(zip(a, b)):
        if x != y:
            return i + 1
    return min(len(a), len(b)) + 1


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--clang-format", required=True)
    parser.add_argument("--root", required=True)
    parser.add_argument("files", nargs="*")
    args = parser.parse_args()
    files = args.files or tracked_files(args.root)
    if not files:
        print("error: no C/C++ files found under " + args.root)
        return 1
    bad = 0
    for name in files:
        path = os.path.join(args.root, name)
        with open(path, encoding="utf-8", errors="surrogateescape") as f:
            original = f.read()
        result = subprocess.run(
            [args.clang_format, "--style=file", "--assume-filename=" + path],
            input=original.encode("utf-8", "surrogateescape"),
            capture_output=True, cwd=args.root)
        if result.returncode != 0:
            print("%s: clang-format failed: %s" %
                  (name, result.stderr.decode().strip()))
            bad += 1
            continue
        formatted = result.stdout.decode("utf-8", "surrogateescape")
        if formatted != original:
            print("%s:%d: not formatted (run: clang-format-22 -i %s)" %
                  (name, first_difference(original, formatted), name))
            bad += 1
    if bad:
        print("%d of %d files not formatted" % (bad, len(files)))
        return 1
    print("%d files formatted" % len(files))
    return 0


if __name__ == "__main__":
    sys.exit(main())
