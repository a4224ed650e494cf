#!/usr/bin/env python3
"""Runs the examples of docs/*.md so that the documentation cannot rot.

A fenced block is checked when an HTML comment (invisible on rendering)
directly precedes it:

  <!-- sdy-opt: ARGS -->        ```mlir block: `sdy-opt input.mlir ARGS`
                                must succeed.
  <!-- sdy-opt-error: ARGS -->  ```mlir block: must fail (exit code 1).
  <!-- sdy-run: ARGS -->        ```mlir block: `sdy-run input.mlir ARGS`
                                must succeed.
  <!-- c-example -->            ```c block: compiled as C99 against
                                include/ and libsdy_c, then run.
  <!-- python-example -->       ```python block: run with the binding.
  <!-- python-example: numpy --> same, needs numpy (a missing numpy fails:
                                the test command installs it).
  <!-- output -->               the next fenced block is the exact output
                                of the check just above it (stdout, or
                                stderr for a failing sdy-opt), compared
                                after stripping trailing whitespace.
  <!-- stderr -->               the next fenced block is the exact stderr
                                (remarks) of a successful check above.

The input is written to `input.mlir` in a scratch directory, so
diagnostics read `input.mlir:LINE:COL: error: ...`.

It also checks that relative links point to existing files and that the
docs do not point outside the repository.

  check_docs.py --docs DIR --sdy-opt BIN --sdy-run BIN --lib LIBSDY_C
                --include DIR --python-path DIR [--cc CC] [--update]

`--pending-link PAGE` (repeatable) tolerates links to a page that another
change adds, while it is missing. `--update` rewrites the `<!-- output -->` blocks with the actual output
(review the diff before committing).
"""

import argparse
import os
import re
import shlex
import subprocess
import sys
import tempfile

from check_no_external_refs import EXTERNAL_REF

MARKER = re.compile(r"^<!--\s*(sdy-opt-error|sdy-opt|sdy-run|c-example|"
                    r"python-example|output|stderr)\s*(?::\s*(.*?))?\s*-->\s*$")
FENCE = re.compile(r"^(```+)(\w*)\s*$")
LINK = re.compile(r"\]\(([^)\s]+)\)")


class Block:
    def __init__(self, kind, args, lang, start, end, text):
        self.kind, self.args, self.lang = kind, args, lang
        self.start, self.end, self.text = start, end, text  # line indices


def parse_blocks(lines, path, errors):
    """Returns the marked fenced blocks of a file, in order."""
    blocks, pending, i = [], None, 0
    while i < len(lines):
        line = lines[i]
        m = MARKER.match(line)
        if m:
            pending = (m.group(1), m.group(2) or "", i + 1)
            i += 1
            continue
        f = FENCE.match(line)
        if f:
            fence, lang = f.group(1), f.group(2)
            j = i + 1
            while j < len(lines) and lines[j].rstrip() != fence:
                j += 1
            if j == len(lines):
                errors.append(f"{path}:{i + 1}: unterminated code block")
                return blocks
            if pending:
                blocks.append(Block(pending[0], pending[1], lang, i + 1, j,
                                    "".join(lines[i + 1:j])))
            pending = None
            i = j + 1
            continue
        if pending and line.strip():
            errors.append(f"{path}:{pending[2]}: marker not followed by a "
                          "code block")
            pending = None
        i += 1
    return blocks


def normalize(text):
    return "\n".join(l.rstrip() for l in text.strip("\n").splitlines())


def run_check(block, opts, scratch):
    """Runs one check; returns (ok, output, stderr, why)."""
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
    if block.kind in ("sdy-opt", "sdy-opt-error", "sdy-run"):
        if block.lang != "mlir":
            return False, "", "", f"expected ```mlir, got ```{block.lang}"
        with open(os.path.join(scratch, "input.mlir"), "w") as f:
            f.write(block.text)
        tool = opts.sdy_run if block.kind == "sdy-run" else opts.sdy_opt
        cmd = [tool, "input.mlir"] + shlex.split(block.args)
    elif block.kind == "c-example":
        with open(os.path.join(scratch, "example.c"), "w") as f:
            f.write(block.text)
        libdir = os.path.dirname(os.path.abspath(opts.lib))
        compile_cmd = [opts.cc, "-std=c99", "-Wall", "-Werror", "-o",
                       "example", "example.c", "-I", opts.include,
                       opts.lib, f"-Wl,-rpath,{libdir}"]
        p = subprocess.run(compile_cmd, cwd=scratch, capture_output=True,
                           text=True)
        if p.returncode != 0:
            return False, p.stdout + p.stderr, "", "does not compile"
        cmd = ["./example"]
    elif block.kind == "python-example":
        if block.args == "numpy" and subprocess.run(
                [sys.executable, "-c", "import numpy"],
                capture_output=True).returncode != 0:
            return False, "", "", ("numpy is missing: install python3-numpy"
                                   " (the test command does)")
        with open(os.path.join(scratch, "example.py"), "w") as f:
            f.write(block.text)
        env.update(PYTHONPATH=opts.python_path, SDY_C_LIBRARY=opts.lib)
        cmd = [sys.executable, "example.py"]
    else:
        return False, "", "", f"unknown check {block.kind}"
    try:
        p = subprocess.run(cmd, cwd=scratch, capture_output=True, text=True,
                           env=env, timeout=120)
    except subprocess.TimeoutExpired:
        return False, "", "", "timed out"
    if block.kind == "sdy-opt-error":
        if p.returncode == 0:
            return False, p.stdout, "", "was expected to fail but succeeded"
        return True, p.stderr, "", ""
    if p.returncode != 0:
        return False, p.stdout + p.stderr, "", f"exit code {p.returncode}"
    return True, p.stdout, p.stderr, ""


def anchors(path):
    """GitHub-style anchors of the headings of a markdown file."""
    result, fenced = set(), False
    with open(path) as f:
        for line in f:
            if line.startswith("```"):
                fenced = not fenced
            m = None if fenced else re.match(r"#+\s+(.*)", line)
            if m:
                slug = re.sub(r"[^\w\- ]", "", m.group(1).strip().lower())
                result.add(slug.replace(" ", "-"))
    return result


def check_links(path, text, errors, pending):
    for n, line in enumerate(text.splitlines(), 1):
        if EXTERNAL_REF.search(line):
            errors.append(f"{path}:{n}: refers to material users do not have: "
                          f"{line.strip()}")
        for target in LINK.findall(line):
            if re.match(r"[a-z]+:", target):
                continue
            if target.startswith("#"):
                target = os.path.basename(path) + target
            file, _, anchor = target.partition("#")
            full = os.path.normpath(os.path.join(os.path.dirname(path), file))
            if not os.path.exists(full):
                if os.path.abspath(full) in pending:
                    print(f"{path}:{n}: pending link {target} (not written yet)")
                    continue
                errors.append(f"{path}:{n}: broken link {target}")
            elif anchor and full.endswith(".md") and anchor not in anchors(full):
                errors.append(f"{path}:{n}: no heading for #{anchor} in {file}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--docs", required=True)
    ap.add_argument("--sdy-opt", required=True)
    ap.add_argument("--sdy-run", required=True)
    ap.add_argument("--lib", required=True)
    ap.add_argument("--include", required=True)
    ap.add_argument("--python-path", required=True)
    ap.add_argument("--cc", default=os.environ.get("CC", "cc"))
    ap.add_argument("--update", action="store_true")
    ap.add_argument("--pending-link", action="append", default=[],
                    help="a docs page that another change adds: links to it "
                         "are allowed while it is missing")
    opts = ap.parse_args()
    # Checks run in scratch directories.
    for name in ("sdy_opt", "sdy_run", "lib", "include", "python_path"):
        setattr(opts, name, os.path.abspath(getattr(opts, name)))

    errors, checked = [], 0
    files = sorted(os.path.join(d, f) for d, _, fs in os.walk(opts.docs)
                   for f in fs if f.endswith(".md"))
    for path in files:
        with open(path) as f:
            lines = f.readlines()
        check_links(path, "".join(lines), errors,
                    {os.path.abspath(p) for p in opts.pending_link})
        blocks = parse_blocks(lines, path, errors)
        replacements = []
        last = None  # (block, ok, output) of the previous check
        for block in blocks:
            if block.kind in ("output", "stderr"):
                if last is None:
                    errors.append(f"{path}:{block.start}: output block "
                                  "without a check before it")
                    continue
                actual = last[3] if block.kind == "stderr" else last[2]
                if last[1] and normalize(actual) != normalize(block.text):
                    if opts.update:
                        replacements.append((block, actual))
                    else:
                        errors.append(
                            f"{path}:{block.start}: output differs from the "
                            f"{last[0].kind} check at line {last[0].start}; "
                            f"actual {block.kind}:\n{actual}")
                if block.kind == "stderr" or last[0].kind == "sdy-opt-error":
                    last = None
                continue
            with tempfile.TemporaryDirectory() as scratch:
                ok, output, stderr, why = run_check(block, opts, scratch)
            if ok is None:
                print(f"{path}:{block.start}: {why}")
                last = (block, False, "", "")  # its output is not compared
                continue
            checked += 1
            if not ok:
                errors.append(f"{path}:{block.start}: {block.kind} check "
                              f"{why}:\n{output}")
            last = (block, ok, output, stderr)
        for block, output in reversed(replacements):
            body = normalize(output) + "\n"
            lines[block.start:block.end] = [body]
        if replacements:
            with open(path, "w") as f:
                f.writelines(lines)
            print(f"updated {len(replacements)} output block(s) in {path}")

    for e in errors:
        print(e, file=sys.stderr)
    print(f"{len(files)} files, {checked} checked examples, "
          f"{len(errors)} errors")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
