#!/usr/bin/env python3
"""Fails when a file of the project refers to a document outside it.

The design notes the project was written from (a specification with "§N"
sections, numbered "seed" documents, a "shared" directory beside the
checkout) are not shipped: a comment or page pointing there leaves readers
with a dangling reference. Point to docs/ or to the defining source file
instead.

  check_no_external_refs.py [--root DIR] [FILE...]

Without FILEs it scans the files git tracks under DIR (every file under DIR
when it is not a git checkout), skipping binary files and fuzz inputs
(tests/fuzz/corpus/: data named by the hash of its contents). It prints
`FILE:LINE: refers to a document outside the project (MATCH): TEXT` for
each reference and exits with 1 if there is any.
"""

import argparse
import os
import re
import subprocess
import sys

EXTERNAL_REF = re.compile(
    r"\.\./shared\b"
    r"|\bshared/(?:SPEC|seeds?\b|ARCHITECTURE)"
    r"|\b(?:SPEC|ARCHITECTURE)\.md\b"
    r"|\bSPEC\s*§|§\s*\d"
    # "seed" and three digits, with a space, an underscore or nothing between
    # them, but not a `--seed` option.
    r"|(?<![-\w])(?i:seeds?)[ _]?\d{3}(?!\d)")

# Fuzz inputs are data, named by the SHA-1 of their contents.
SKIPPED_DIRS = ("tests/fuzz/corpus/",)


def find_external_refs(text):
    """Yields (line number, match, line) for each reference in `text`."""
    for n, line in enumerate(text.splitlines(), 1):
        m = EXTERNAL_REF.search(line)
        if m:
            yield n, m.group(0), line.strip()


def project_files(root):
    try:
        out = subprocess.run(["git", "-C", root, "ls-files", "-z"],
                             capture_output=True, check=True).stdout
        return [f for f in out.decode().split("\0") if f]
    except (OSError, subprocess.CalledProcessError):
        files = []
        for d, dirs, fs in os.walk(root):
            dirs[:] = [x for x in dirs
                       if x != ".git" and not x.startswith("build")]
            files += [os.path.relpath(os.path.join(d, f), root) for f in fs]
        return sorted(files)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--root", default=".")
    ap.add_argument("files", nargs="*")
    opts = ap.parse_args()
    files = opts.files or project_files(opts.root)
    errors, scanned = 0, 0
    for rel in files:
        if rel.replace(os.sep, "/").startswith(SKIPPED_DIRS):
            continue
        path = os.path.join(opts.root, rel)
        if not os.path.isfile(path):
            continue  # deleted but still in the index, or a submodule
        with open(path, "rb") as f:
            data = f.read()
        if b"\0" in data:
            continue
        scanned += 1
        for n, match, line in find_external_refs(
                data.decode("utf-8", errors="replace")):
            print(f"{rel}:{n}: refers to a document outside the project "
                  f"({match}): {line}", file=sys.stderr)
            errors += 1
    print(f"{scanned} files scanned, {errors} references outside the project")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
