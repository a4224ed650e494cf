#!/usr/bin/env python3
"""Prints the declaration lines that bind functions of the ABI manifest in
the Rust and Go bindings, so that binding a new function is pasting one
line (the bindings' manifest tests name any function that is missing).

  binding_lines.py --manifest build/share/sdy_c/abi.json --lang rust NAME...
  binding_lines.py --manifest ... --lang go-shim NAME...   (bindings/go/sdy/shims.h)
  binding_lines.py --manifest ... --lang go-name NAME...   (functions.go)

Without NAME, every function of the manifest.
"""

import argparse
import json
import re
import sys

_RUST_BASE = {
    "void": "c_void", "char": "c_char", "int32_t": "i32", "uint32_t": "u32",
    "int64_t": "i64", "uint64_t": "u64", "size_t": "usize",
    "intptr_t": "isize", "_Bool": "bool", "uint8_t": "u8",
    "uint16_t": "u16", "int": "c_int",
}


def _rust_name(base):
    """`sdy_mesh_t` -> `Mesh`, `sdy_backend_table_t` -> `BackendTable`,
    MLIR types keep their name."""
    if base in _RUST_BASE:
        return _RUST_BASE[base]
    if base.startswith("sdy_"):
        words = re.sub(r"_t$", "", base[len("sdy_"):]).split("_")
        return "".join(w.capitalize() for w in words)
    return base


def rust_type(ctype):
    """A C type of the manifest as a Rust FFI type."""
    if ctype == "void":
        return "()"
    parts = ctype.split("*")
    base = parts[0].strip()
    const = base.startswith("const ")
    out = _rust_name(base.replace("const ", "").strip())
    for qual in parts[1:]:
        out = ("*const " if const else "*mut ") + out
        const = "const" in qual
    return out


def rust_line(fn):
    params = ", ".join("%s: %s" % (_rust_ident(p["name"]),
                                   rust_type(p["type"]))
                       for p in fn["params"])
    ret = rust_type(fn["returns"]["type"])
    return "    fn %s(%s)%s;" % (fn["name"], params,
                                 "" if ret == "()" else " -> " + ret)


def _rust_ident(name):
    return {"type": "type_", "fn": "fn_", "ref": "ref_"}.get(name, name)


def go_shim(fn):
    """A C function calling `fn` through a function pointer (cgo cannot
    call C function pointers itself)."""
    params = [(p["type"], p["name"]) for p in fn["params"]]
    decl = ", ".join(["void *f"] + [_c_decl(t, n) for t, n in params])
    ret = fn["returns"]["type"]
    cast = "(%s (*)(%s))f" % (ret, ", ".join(t for t, _ in params) or "void")
    call = "(%s)(%s)" % (cast, ", ".join(n for _, n in params))
    return "static inline %s(%s) { %s%s; }" % (
        _c_decl(ret, "call_" + fn["name"]), decl,
        "" if ret == "void" else "return ", call)


def _c_decl(ctype, name):
    return ctype + name if ctype.endswith("*") else ctype + " " + name


def main(argv):
    parser = argparse.ArgumentParser()
    parser.add_argument("--manifest", required=True)
    parser.add_argument("--lang", required=True,
                        choices=("rust", "go-shim", "go-name"))
    parser.add_argument("names", nargs="*")
    args = parser.parse_args(argv)
    with open(args.manifest) as f:
        functions = json.load(f)["functions"]
    by_name = {fn["name"]: fn for fn in functions}
    unknown = [n for n in args.names if n not in by_name]
    if unknown:
        sys.stderr.write("binding_lines: not in the manifest: %s\n" %
                         ", ".join(unknown))
        return 1
    chosen = [by_name[n] for n in args.names] if args.names else functions
    for fn in chosen:
        if args.lang == "rust":
            print(rust_line(fn))
        elif args.lang == "go-shim":
            print(go_shim(fn))
        else:
            print('\t"%s",' % fn["name"])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
