#!/usr/bin/env python3
"""Generates the machine-readable ABI manifest of libsdy_c (abi.json).

The declarations come from clang's JSON AST of the public headers
(include/sdy_c/*.h); struct layouts and macro values come from the compiler
itself (a generated C program printing offsetof/sizeof and the constants);
parameter direction, ownership and nullability follow the rules and header
tags described in docs/abi_manifest.md. With --library, the functions are
checked against the symbols the library exports (both ways) and each one
gets its ELF symbol version.

Usage:
  gen_abi_manifest.py --clang clang-22 --include DIR [--include DIR...]
      --headers-dir include/sdy_c --output abi.json [--library libsdy_c.so]
      [--nm nm] [--version 1.4.0]
"""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

# Headers in manifest order; `group` says which convention they follow.
HEADERS = [
    ("status.h", "sdy"), ("version.h", "sdy"), ("context.h", "sdy"),
    ("mesh.h", "sdy"), ("sharding.h", "sdy"), ("module.h", "sdy"),
    ("pipeline.h", "sdy"), ("backend.h", "sdy"), ("executable.h", "sdy"),
    ("collectives.h", "sdy"),
    ("mlir_interop.h", "mlir"), ("dialect.h", "mlir"),
    ("visualize.h", "sdy"),
]
HEADERS.append(("query.h", "sdy"))

TAG_RE = re.compile(r"\[(nullable|consumed|retained|borrowed|thread-safety):"
                    r"\s*([^\]]*)\]")
THREAD_SAFETY = ("shared", "movable", "confined")


class ManifestError(Exception):
    pass


def walk_in_order(node, state, visit):
    """Visits nodes in the order clang printed them, tracking the file (the
    JSON dump names a file only where it changes)."""
    if "loc" in node:
        track_file(node["loc"], state)
    if "range" in node:
        track_file(node["range"].get("begin", {}), state)
        state["begin_line"] = state.get("line")
        track_file(node["range"].get("end", {}), state)
    visit(node, state)
    for child in node.get("inner", []):
        walk_in_order(child, state, visit)


def track_file(loc, state):
    if not isinstance(loc, dict):
        return
    for key in ("spellingLoc", "expansionLoc", "begin", "end"):
        if key in loc:
            track_file(loc[key], state)
    if "file" in loc:
        state["file"] = loc["file"]
    if "line" in loc:
        state["line"] = loc["line"]


def doc_comment(lines, decl_line):
    """The /* ... */ block ending right above line `decl_line` (1-based),
    without the comment markers; "" when there is none."""
    end = decl_line - 2
    if end < 0 or not lines[end].rstrip().endswith("*/"):
        return ""
    start = end
    while start >= 0 and "/*" not in lines[start]:
        start -= 1
    if start < 0:
        return ""
    text = []
    for line in lines[start:end + 1]:
        line = line.strip()
        line = re.sub(r"^/\*+-*", "", line)
        line = re.sub(r"-*\*+/$", "", line)
        line = re.sub(r"^\*\s?", "", line)
        text.append(line.strip())
    return " ".join(t for t in text if t).strip()


def parse_tags(comment, where):
    tags = {}
    for kind, names in TAG_RE.findall(comment):
        values = [n.strip() for n in names.split(",") if n.strip()]
        if not values:
            raise ManifestError("%s: empty [%s:] tag" % (where, kind))
        tags.setdefault(kind, []).extend(values)
    return tags


def strip_tags(comment):
    return re.sub(r"\s+", " ", TAG_RE.sub("", comment)).strip()


def type_of(node):
    return node["type"]["qualType"]


def is_pointer(ctype):
    return ctype.rstrip().endswith("*")


def pointee(ctype):
    return ctype.rstrip()[:-1].rstrip()


def base_name(ctype):
    """`const sdy_mesh_t *` -> `sdy_mesh_t`."""
    return re.sub(r"\b(const|volatile)\b", "", ctype).replace("*",
                                                              "").strip()


def classify_param(fn, param, handles, destroyers, tags, where):
    """Direction, ownership and nullability of one parameter."""
    name, ctype = param["name"], param["type"]
    info = {"name": name, "type": ctype}
    consumed = name in tags.get("consumed", [])
    if not is_pointer(ctype):
        info["direction"] = "in"
        info["ownership"] = "consumed" if consumed else "value"
    elif name.startswith("out_"):
        info["direction"] = "out"
        target = pointee(ctype)
        if is_pointer(target) and base_name(target) in handles:
            info["ownership"] = "caller"
            info["release"] = destroyers[base_name(target)]
        elif is_pointer(target) and base_name(target) == "char":
            if target.startswith("const"):
                info["ownership"] = "borrowed"
            else:
                info["ownership"] = "caller"
                info["release"] = "sdy_string_destroy"
        else:
            info["ownership"] = "value"
    else:
        const = ctype.lstrip().startswith("const")
        info["direction"] = "in" if const else "inout"
        if consumed or (fn["name"].endswith("_destroy") and
                        fn["params"].index(param) == 0):
            info["ownership"] = "consumed"
        elif name in tags.get("retained", []):
            info["ownership"] = "retained"
        else:
            info["ownership"] = "borrowed"
    if name in tags.get("borrowed", []):
        if info["direction"] != "out":
            raise ManifestError("%s: [borrowed: %s] names no out parameter" %
                                (where, name))
        info["ownership"] = "borrowed"
        info.pop("release", None)
    info["nullable"] = name in tags.get("nullable", [])
    if info["nullable"] and not is_pointer(ctype):
        raise ManifestError("%s: [nullable: %s] is not a pointer" %
                            (where, name))
    return info


def classify_return(fn, handles):
    ctype = fn["return"]
    if ctype == "void":
        return {"type": ctype, "ownership": "none"}
    if ctype == "sdy_status_t *":
        return {"type": ctype, "ownership": "caller",
                "release": "sdy_status_destroy", "nullable": True,
                "meaning": "NULL on success"}
    if is_pointer(ctype):
        return {"type": ctype, "ownership": "borrowed", "nullable": False}
    return {"type": ctype, "ownership": "value"}


def collect(ast, headers_dir):
    """Functions, records, enums and handle typedefs declared in the public
    headers, with the file and line of each."""
    headers_dir = os.path.realpath(headers_dir)
    found = {"functions": [], "records": [], "enums": [], "typedefs": [],
             "all_typedefs": {}, "all_records": {}}

    def visit(node, state):
        path = state.get("file")
        kind = node.get("kind")
        if kind == "TypedefDecl":
            found["all_typedefs"][node["name"]] = node
        elif kind == "RecordDecl" and node.get("completeDefinition"):
            found["all_records"][node["id"]] = node
        if not path or os.path.dirname(os.path.realpath(path)) != headers_dir:
            return
        kind = node.get("kind")
        where = (os.path.basename(path), state.get("begin_line"))
        if kind == "FunctionDecl":
            found["functions"].append((node, where))
        elif kind == "RecordDecl" and node.get("completeDefinition"):
            found["records"].append((node, where))
        elif kind == "EnumDecl":
            found["enums"].append((node, where))
        elif kind == "TypedefDecl":
            found["typedefs"].append((node, where))

    state = {}
    for node in ast.get("inner", []):
        walk_in_order(node, state, visit)
    return found


def declarator(ctype, name):
    return ctype + name if ctype.endswith("*") else ctype + " " + name


def foreign_records(found, functions):
    """Structs passed by value from other headers (MLIR's C API handles such
    as MlirAttribute), named by their typedef."""
    used = {base_name(t) for fn in functions
            for t in [fn["returns"]["type"]] +
            [p["type"] for p in fn["params"]]}
    out = []
    for name in sorted(used):
        node = found["all_typedefs"].get(name)
        if node is None or node in [n for n, _ in found["typedefs"]]:
            continue
        decl = node.get("inner", [{}])[0].get("decl", {})
        rec = found["all_records"].get(decl.get("id"))
        if rec is None or not rec.get("name"):
            continue
        out.append((rec, ("mlir-c", None)))
    return out


def run(cmd, **kwargs):
    proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          universal_newlines=True, **kwargs)
    if proc.returncode != 0:
        raise ManifestError("%s failed:\n%s" % (" ".join(cmd), proc.stderr))
    return proc.stdout


def umbrella(headers_dir):
    return "".join('#include "sdy_c/%s"\n' % h for h, _ in HEADERS
                   if os.path.exists(os.path.join(headers_dir, h)))


def probe_layouts(clang, includes, headers_dir, records, macros):
    """Compiles and runs a C program that prints sizeof/alignof/offsetof of
    every record and the value of every integer macro."""
    lines = [umbrella(headers_dir), "#include <stddef.h>",
             "#include <stdio.h>", "int main(void) {"]
    for rec in records:
        n, t = rec["name"], "struct " + rec["name"]
        lines.append('  printf("R %s %%zu %%zu\\n", sizeof(%s), _Alignof(%s));'
                     % (n, t, t))
        for f in rec["fields"]:
            lines.append('  printf("F %s.%s %%zu %%zu\\n", offsetof(%s, %s), '
                         'sizeof(((%s *)0)->%s));' %
                         (n, f["name"], t, f["name"], t, f["name"]))
    for name in macros:
        lines.append('  printf("M %s %%lld 0\\n", (long long)(%s));' %
                     (name, name))
    lines += ["  return 0;", "}", ""]
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "probe.c")
        exe = os.path.join(tmp, "probe")
        with open(src, "w") as f:
            f.write("\n".join(lines))
        run([clang, "-std=c11", "-w", "-o", exe, src] +
            ["-I" + i for i in includes])
        out = run([exe])
    layout = {}
    for line in out.splitlines():
        kind, key, a, b = line.split(" ")
        layout[(kind, key)] = (int(a), int(b))
    return layout


def macro_defs(clang, includes, headers_dir):
    """The SDY_* object-like macros of the headers: integers and strings."""
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "macros.c")
        with open(src, "w") as f:
            f.write(umbrella(headers_dir))
        out = run([clang, "-E", "-dM", "-x", "c", src] +
                  ["-I" + i for i in includes])
    ints, strings = [], {}
    for line in out.splitlines():
        m = re.match(r"#define (SDY_[A-Z0-9_]+) (.*)$", line)
        if not m or m.group(1).endswith("_H"):
            continue
        name, value = m.groups()
        if re.match(r'^"[^"]*"$', value.strip()):
            strings[name] = value.strip()[1:-1]
        else:
            ints.append(name)
    return sorted(ints), strings


def exported_symbols(nm, library):
    out = run([nm, "-D", "--defined-only", library])
    symbols = {}
    for line in out.split("\n"):
        parts = line.split()
        if len(parts) < 3 or parts[1] not in ("T", "t", "W"):
            continue
        sym = parts[2]
        m = re.match(r"^([^@]+)(@@?)(.*)$", sym)
        name, default, version = (m.groups() if m else (sym, "@@", ""))
        if default == "@@" or name not in symbols:
            symbols[name] = version
    return symbols


def is_abi_symbol(name):
    """Exported names that must be declared by a public header (the mlir*
    functions come from MLIR's own C API headers)."""
    return name.startswith("sdy_") or re.match(r"^sdy[A-Z]", name)


def build_manifest(args):
    headers_dir = args.headers_dir
    includes = args.include
    src = umbrella(headers_dir)
    ast_text = run([args.clang, "-x", "c", "-std=c99", "-fsyntax-only",
                    "-Xclang", "-ast-dump=json", "-"] +
                   ["-I" + i for i in includes], input=src)
    found = collect(json.loads(ast_text), headers_dir)
    group_of = dict(HEADERS)
    header_lines = {}

    def lines_of(header):
        if header not in header_lines:
            with open(os.path.join(headers_dir, header)) as f:
                header_lines[header] = f.read().split("\n")
        return header_lines[header]

    # Opaque handles: `typedef struct sdy_x sdy_x_t;` with no definition.
    defined = {n.get("name") for n, _ in found["records"]}
    handles = {}
    for node, (header, line) in found["typedefs"]:
        m = re.match(r"^struct (sdy_\w+)$", type_of(node))
        if m and m.group(1) not in defined:
            comment = doc_comment(lines_of(header), line)
            tags = parse_tags(comment, node["name"])
            safety = tags.get("thread-safety", [None])[0]
            if safety not in THREAD_SAFETY:
                raise ManifestError(
                    "%s: handle %s needs a [thread-safety: %s] tag" %
                    (header, node["name"], "|".join(THREAD_SAFETY)))
            handles[node["name"]] = {"name": node["name"], "header": header,
                                     "thread_safety": safety,
                                     "doc": strip_tags(comment)}

    functions = []
    for node, (header, line) in found["functions"]:
        params = [{"name": p.get("name", ""), "type": type_of(p)}
                  for p in node.get("inner", [])
                  if p.get("kind") == "ParmVarDecl"]
        ret = re.match(r"^(.*?)\s*\(", type_of(node)).group(1).strip()
        comment = doc_comment(lines_of(header), line)
        functions.append({"name": node["name"], "header": header,
                          "group": group_of.get(header, "sdy"),
                          "return": ret, "params": params,
                          "signature": "%s(%s)" % (
                              declarator(ret, node["name"]),
                              ", ".join(declarator(p["type"], p["name"])
                                        for p in params) or "void"),
                          "doc": comment})
    destroyers = {}
    for fn in functions:
        if fn["name"].endswith("_destroy") and len(fn["params"]) == 1:
            destroyers[base_name(fn["params"][0]["type"])] = fn["name"]
    for handle in handles.values():
        handle["release"] = destroyers.get(handle["name"])
        if handle["release"] is None:
            raise ManifestError("handle %s has no *_destroy function" %
                                handle["name"])
    for fn in functions:
        tags = parse_tags(fn["doc"], fn["name"])
        names = {p["name"] for p in fn["params"]}
        for kind, values in tags.items():
            for v in values:
                if v not in names:
                    raise ManifestError("%s: [%s: %s] names no parameter" %
                                        (fn["name"], kind, v))
        fn["params"] = [classify_param(fn, p, handles, destroyers, tags,
                                       fn["name"]) for p in fn["params"]]
        fn["returns"] = classify_return(fn, handles)
        fn["doc"] = strip_tags(fn["doc"])
        del fn["return"]

    records = []
    for node, (header, _) in found["records"] + foreign_records(
            found, functions):
        name = node.get("name")
        if not name:
            continue
        records.append({"name": name, "header": header,
                        "fields": [{"name": f["name"], "type": type_of(f)}
                                   for f in node.get("inner", [])
                                   if f.get("kind") == "FieldDecl"]})
    # Prefer the typedef name when one exists (`sdy_dtype_t`).
    for node in found["all_typedefs"].values():
        for rec in records:
            if type_of(node) == "struct " + rec["name"]:
                rec["typedef"] = node["name"]

    int_macros, string_macros = macro_defs(args.clang, includes, headers_dir)
    layout = probe_layouts(args.clang, includes, headers_dir, records,
                           int_macros)
    for rec in records:
        rec["size"], rec["align"] = layout[("R", rec["name"])]
        for f in rec["fields"]:
            f["offset"], f["size"] = layout[("F", rec["name"] + "." +
                                             f["name"])]

    enums = []
    for node, (header, line) in found["enums"]:
        values = []
        for c in node.get("inner", []):
            if c.get("kind") != "EnumConstantDecl":
                continue
            value = None
            for sub in c.get("inner", []):
                if "value" in sub:
                    value = int(sub["value"])
            values.append({"name": c["name"],
                           "value": value if value is not None else
                           (values[-1]["value"] + 1 if values else 0)})
        enums.append({"name": node.get("name") or None, "header": header,
                      "values": values})

    constants = [{"name": n, "value": layout[("M", n)][0]}
                 for n in int_macros]
    constants += [{"name": n, "value": v}
                  for n, v in sorted(string_macros.items())]

    manifest = {
        "manifest_version": 1,
        "library": "libsdy_c.so.1",
        "abi_version": args.version,
        "conventions": "docs/abi_manifest.md",
        "handles": sorted(handles.values(), key=lambda h: h["name"]),
        "functions": functions,
        "records": records,
        "enums": enums,
        "constants": constants,
    }
    if args.library:
        check_exports(manifest, exported_symbols(args.nm, args.library))
    return manifest


def check_exports(manifest, symbols):
    declared = {fn["name"] for fn in manifest["functions"]}
    missing = sorted(declared - set(symbols))
    undeclared = sorted(s for s in symbols
                        if is_abi_symbol(s) and s not in declared)
    problems = []
    if missing:
        problems.append("declared in the headers but not exported: " +
                        ", ".join(missing))
    if undeclared:
        problems.append("exported but declared in no public header: " +
                        ", ".join(undeclared))
    if problems:
        raise ManifestError("; ".join(problems))
    for fn in manifest["functions"]:
        fn["symbol_version"] = symbols[fn["name"]]


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--clang", required=True)
    parser.add_argument("--include", action="append", default=[])
    parser.add_argument("--headers-dir", required=True)
    parser.add_argument("--output", required=True)
    parser.add_argument("--library")
    parser.add_argument("--nm", default="nm")
    parser.add_argument("--version", default="")
    args = parser.parse_args(argv)
    try:
        manifest = build_manifest(args)
    except ManifestError as e:
        sys.stderr.write("gen_abi_manifest: error: %s\n" % e)
        return 1
    tmp = args.output + ".tmp"
    with open(tmp, "w") as f:
        json.dump(manifest, f, indent=1, sort_keys=False)
        f.write("\n")
    os.replace(tmp, args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
