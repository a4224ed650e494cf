#!/usr/bin/env python3
"""Compares sdy-opt's sharding propagation with the real Shardy's, op by op.

usage: run_shardy_diff.py SDY_OPT [--filter RE] [-j N] [-q] [--fixtures DIR]

For every fixtures/NAME.mlir, runs `SDY_OPT -sdy-propagation-pipeline` and
compares the result with fixtures/NAME.shardy.mlir (the real Shardy's output,
written by generate.py):

  * ops: the ops of both outputs, in textual order (nested regions
    included), are aligned by op name; an aligned pair agrees when its
    shardings agree: `sdy.sharding` (per value), the sharding of
    sdy.sharding_constraint / sdy.reshard, the in/out shardings and manual
    axes of sdy.manual_computation, and the text of sdy.mesh. An op present
    on one side only disagrees.
  * arguments and results: the `sdy.sharding` of every function argument
    and result.

The only normalisation is of printing noise: only the sharding attributes
are compared (so attribute order and other attributes do not matter) and
whitespace is collapsed. Open and closed dimensions, explicit replicated
axes and priorities are compared as printed, since they mean different
things.

Fixtures listed in known_differences.txt ("NAME CATEGORY") must disagree,
the others must agree; the exit status is 1 otherwise, so that the list only
shrinks. Needs no JAX.
"""
import argparse
import concurrent.futures
import difflib
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

OP_NAME = re.compile(r'^\s*(?:%[\w#:, %]+ = )?"?([a-z_][\w]*\.[\w.]+)"?')


def balanced(text, start):
    """The text from `start` (an opening bracket) to its closing bracket."""
    pairs = {"<": ">", "[": "]", "{": "}", "(": ")"}
    stack = []
    i = start
    while i < len(text):
        c = text[i]
        if c == '"':
            i = text.index('"', i + 1)
        elif c == "-" and text.startswith("->", i):
            i += 1
        elif c in pairs:
            stack.append(pairs[c])
        elif stack and c == stack[-1]:
            stack.pop()
            if not stack:
                return text[start:i + 1]
        i += 1
    return text[start:]


def split_top(text):
    """Splits `text` at its top-level commas."""
    parts, depth, cur, i = [], 0, [], 0
    while i < len(text):
        c = text[i]
        if c == '"':
            j = text.index('"', i + 1)
            cur.append(text[i:j + 1])
            i = j + 1
            continue
        if c == "-" and text.startswith("->", i):
            cur.append("->")
            i += 2
            continue
        if c in "<[{(":
            depth += 1
        elif c in ">]})":
            depth -= 1
        if c == "," and depth == 0:
            parts.append("".join(cur))
            cur = []
        else:
            cur.append(c)
        i += 1
    if "".join(cur).strip():
        parts.append("".join(cur))
    return parts


def norm(text):
    return re.sub(r"\s+", " ", text).strip() if text is not None else None


def attr(text, key):
    """The value of `key = #...<...>` in `text`, or None."""
    m = re.search(re.escape(key) + r" = (#[\w.]+)<", text)
    if not m:
        return None
    return norm(m.group(1) + balanced(text, m.end() - 1))


def op_shardings(name, text):
    """The sharding-carrying parts of one op's text (header + closing)."""
    out = {}
    s = attr(text, "sdy.sharding")
    if s is not None:
        out["sdy.sharding"] = s
    if name in ("sdy.sharding_constraint", "sdy.reshard"):
        m = re.search(re.escape(name) + r" %[\w#]+ <", text)
        if m:
            out["inline"] = norm(balanced(text, m.end() - 1))
    elif name == "sdy.manual_computation":
        for key in ("in_shardings", "out_shardings"):
            m = re.search(key + r"=\[", text)
            out[key] = norm(balanced(text, m.end() - 1)) if m else None
        m = re.search(r"manual_axes=\{", text)
        out["manual_axes"] = norm(balanced(text, m.end() - 1)) if m else None
    elif name == "sdy.mesh":
        out["mesh"] = norm(text.split("{stablehlo.mesh")[0])
    return out


def func_signature(line):
    """(function name, [arg sharding], [result sharding]) of a func header."""
    m = re.search(r"func\.func (?:\w+ )?@([\w.$-]+)\(", line)
    name = m.group(1)
    args_text = balanced(line, m.end() - 1)[1:-1]
    rest = line[m.end() - 1 + len(args_text) + 2:]
    results = []
    r = re.match(r"\s*->\s*", rest)
    if r:
        rest = rest[r.end():]
        if rest.startswith("("):
            results = split_top(balanced(rest, 0)[1:-1])
        else:
            results = [rest.split(" attributes")[0].rstrip(" {")]
    args = split_top(args_text)
    return (name, [attr(a, "sdy.sharding") for a in args],
            [attr(r, "sdy.sharding") for r in results])


def parse(text):
    """(ops, signature values) of a printed module.

    ops: [(op name, {part: sharding})] in textual order; an op whose regions
    span several lines gets the attributes printed after its regions too.
    values: [(label, sharding)] for every function argument and result.
    """
    ops, values, stack = [], [], []
    for line in text.splitlines():
        stripped = line.strip()
        if not stripped or stripped.startswith("^") or stripped.startswith("//"):
            continue
        if stripped.startswith("}"):
            # Closes a region: either between two regions of the same op
            # ("} do {", "}, {") or the end of the op with its trailing
            # attributes and types.
            if stripped.endswith("{"):
                continue
            if stack:
                index = stack.pop()
                if index is not None:
                    name, parts, header = ops[index]
                    full = header + " " + stripped
                    ops[index] = (name, op_shardings(name, full), full)
            continue
        m = OP_NAME.match(line)
        opens = stripped.endswith("{") or stripped.endswith("({")
        if not m:
            # Region labels such as "cond {" or "reducer(...) {".
            if opens:
                stack.append(None)
            continue
        name = m.group(1)
        if name == "func.func":
            fname, args, results = func_signature(stripped)
            values += [(f"@{fname} arg {i}", s) for i, s in enumerate(args)]
            values += [(f"@{fname} result {i}", s)
                       for i, s in enumerate(results)]
            stack.append(None)
            continue
        if name in ("builtin.module",):
            stack.append(None)
            continue
        ops.append((name, op_shardings(name, stripped), stripped))
        if opens:
            stack.append(len(ops) - 1)
    if text.lstrip().startswith("module"):
        pass
    return [(n, p) for n, p, _ in ops], values


def compare(name, ours_text, theirs_text):
    """Counts and disagreement lines for one fixture."""
    ours_ops, ours_vals = parse(ours_text)
    their_ops, their_vals = parse(theirs_text)
    diffs = []
    events = []  # (kind, op name or label), in the real Shardy's order
    agree_ops = 0
    sharded_total = 0
    sharded_agree = 0
    matcher = difflib.SequenceMatcher(
        None, [n for n, _ in their_ops], [n for n, _ in ours_ops],
        autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            for (n, theirs), (_, ours) in zip(their_ops[i1:i2],
                                              ours_ops[j1:j2]):
                carries = bool(theirs) or bool(ours)
                sharded_total += carries
                if theirs == ours:
                    agree_ops += 1
                    sharded_agree += carries
                else:
                    events.append(("op", n))
                    diffs.append(f"  op #{i1} {n}: shardy {fmt(theirs)}\n"
                                 f"  {' ' * len(f'op #{i1} {n}')}  sdy    "
                                 f"{fmt(ours)}")
                i1 += 1
        else:
            for k in range(i1, i2):
                sharded_total += 1
                events.append(("only_shardy", their_ops[k][0]))
                diffs.append(f"  op #{k} {their_ops[k][0]}: only in shardy "
                             f"{fmt(their_ops[k][1])}")
            for k in range(j1, j2):
                events.append(("only_sdy", ours_ops[k][0]))
                diffs.append(f"  {ours_ops[k][0]}: only in sdy "
                             f"{fmt(ours_ops[k][1])}")
    agree_vals = 0
    value_diffs = []
    theirs_map = dict(their_vals)
    ours_map = dict(ours_vals)
    for label, theirs in their_vals:
        ours = ours_map.get(label, "<missing>")
        if ours == theirs:
            agree_vals += 1
        else:
            events.append(("value", label))
            value_diffs.append((theirs, ours))
            diffs.append(f"  {label}: shardy {theirs}\n"
                         f"  {' ' * len(label)}  sdy    {ours}")
    for label, ours in ours_vals:
        if label not in theirs_map:
            diffs.append(f"  {label}: only in sdy {ours}")
    return {
        "ops": len(their_ops), "agree_ops": agree_ops,
        "sharded": sharded_total, "agree_sharded": sharded_agree,
        "vals": len(their_vals), "agree_vals": agree_vals, "diffs": diffs,
        "events": events, "values": value_diffs,
    }


# Op families for the cause of a disagreement, most specific first: a
# difference spreads to the ops around it, so a fixture is put in the first
# family that has an op whose sharding differs.
FAMILIES = [
    ("permutation-factors", {"slice", "pad", "concatenate", "dynamic_slice",
                             "dynamic_update_slice", "reduce_window",
                             "select_and_scatter", "reverse"}),
    ("reshape", {"reshape"}),
    ("gather-scatter", {"gather", "scatter"}),
    ("manual-computation", {"manual_computation"}),
    ("control-flow", {"while", "case", "if"}),
    ("dot-conv", {"dot_general", "dot", "convolution"}),
    ("explicit-reshards", {"reshard"}),
]


def categorize(events, values):
    """A cause category for a disagreeing fixture (see README.md)."""
    if not events:
        return None
    if events[0][0] == "fail":
        return "sdy-opt-rejects"
    differing = {name.split(".", 1)[1] for kind, name in events
                 if kind in ("op", "only_shardy") and name != "sdy.constant"}
    for family, ops in FAMILIES:
        if differing & ops:
            return family
    if differing:
        return "elementwise-broadcast-reduce"
    if any(k == "value" for k, _ in events):
        # Sub-axes the real Shardy drops from function inputs and outputs.
        for theirs, ours in values:
            if ours and ":(" in ours and (not theirs or ":(" not in theirs):
                return "io-sub-axes"
        return "func-args-results"
    return "structure-cse"


def fmt(parts):
    if not parts:
        return "(none)"
    return "; ".join(f"{k}={v}" if k != "sdy.sharding" else v
                     for k, v in sorted(parts.items()))


def run_one(sdy_opt, fixtures, name):
    with open(os.path.join(fixtures, name + ".shardy.mlir")) as fh:
        theirs = fh.read()
    proc = subprocess.run(
        [sdy_opt, os.path.join(fixtures, name + ".mlir"),
         "-sdy-propagation-pipeline"],
        capture_output=True, text=True, timeout=300)
    if proc.returncode != 0:
        result = compare(name, "", theirs)
        result["values"] = []
        result["events"] = [("fail", proc.stderr.strip().splitlines()[0]
                             if proc.stderr.strip() else "")]
        result["diffs"] = ["  sdy-opt failed: " +
                           proc.stderr.strip()[:2000]] + result["diffs"][:3]
        return result
    return compare(name, proc.stdout, theirs)


KNOWN_HEADER = """\
# Fixtures whose propagation by sdy-opt disagrees with the real Shardy's,
# one per line: NAME CATEGORY (categories: README.md). run_shardy_diff.py
# fails when a listed fixture agrees (remove it) or an unlisted one
# disagrees. `run_shardy_diff.py SDY_OPT --write-known` rewrites this file.
"""


def read_known(path):
    known = {}
    with open(path) as fh:
        for line in fh:
            line = line.split("#")[0].strip()
            if line:
                name, _, cause = line.partition(" ")
                known[name] = cause.strip()
    return known


def pct(a, b):
    return f"{a}/{b} ({100.0 * a / b:.2f}%)" if b else "0/0"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("sdy_opt")
    parser.add_argument("--fixtures", default=os.path.join(HERE, "fixtures"))
    parser.add_argument("--known",
                        default=os.path.join(HERE, "known_differences.txt"))
    parser.add_argument("--filter", default="")
    parser.add_argument("-j", type=int, default=2)
    parser.add_argument("--write-known", action="store_true",
                        help="rewrite known_differences.txt with the "
                             "disagreeing fixtures and their categories")
    parser.add_argument("-q", action="store_true",
                        help="do not print the disagreements of listed "
                             "fixtures")
    args = parser.parse_args()

    names = sorted(f[:-len(".mlir")] for f in os.listdir(args.fixtures)
                   if f.endswith(".mlir") and not f.endswith(".shardy.mlir")
                   and re.search(args.filter, f))
    known = read_known(args.known)
    with concurrent.futures.ThreadPoolExecutor(args.j) as pool:
        results = list(pool.map(
            lambda n: run_one(args.sdy_opt, args.fixtures, n), names))

    totals = dict.fromkeys(["ops", "agree_ops", "sharded", "agree_sharded",
                            "vals", "agree_vals"], 0)
    full = 0
    errors = []
    for name, r in zip(names, results):
        for k in totals:
            totals[k] += r[k]
        agrees = not r["diffs"]
        full += agrees
        if not agrees and (name not in known or not args.q):
            tag = f" (known: {known[name]})" if name in known else ""
            print(f"{name}: disagrees{tag}")
            print("\n".join(r["diffs"]))
        if agrees and name in known:
            errors.append(f"{name} now agrees: remove it from "
                          "known_differences.txt")
        elif not agrees and name not in known:
            errors.append(f"{name} disagrees and is not in "
                          "known_differences.txt")
    if not args.filter:
        for name in sorted(set(known) - set(names)):
            errors.append(f"{name} is listed but has no fixture")

    cats = {}
    for name, r in zip(names, results):
        cat = categorize(r["events"], r["values"])
        if cat:
            cats.setdefault(cat, []).append(name)
    if args.write_known:
        with open(args.known, "w") as fh:
            fh.write(KNOWN_HEADER)
            for name, r in zip(names, results):
                cat = categorize(r["events"], r["values"])
                if cat:
                    fh.write(f"{name} {cat}\n")
        errors = []
    print()
    print("disagreements by cause (most specific differing op family):")
    for cat, members in sorted(cats.items(), key=lambda c: -len(c[1])):
        print(f"  {cat:30} {len(members)}")
    print(f"ops agreeing:              {pct(totals['agree_ops'], totals['ops'])}")
    print(f"  ops carrying a sharding: "
          f"{pct(totals['agree_sharded'], totals['sharded'])}")
    print(f"args+results agreeing:     "
          f"{pct(totals['agree_vals'], totals['vals'])}")
    print(f"programs fully agreeing:   {pct(full, len(names))}")
    # Guard against a vacuous run (a parser that finds no shardings).
    if totals["sharded"] < len(names) or totals["vals"] < len(names):
        errors.append("too few shardings compared: the comparison is vacuous")
    for e in errors:
        print("ERROR: " + e)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
