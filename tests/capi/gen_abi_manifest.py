#!/usr/bin/env python3
"""Generates abi_manifest.txt: every function exported by libsdy_c.so with its
C signature and its libffi type description.

    gen_abi_manifest.py LIBSDY_C_SO SDY_INCLUDE_DIR MLIR_INCLUDE_DIR > abi_manifest.txt

The declarations come from the public headers (sdy_c/*.h and the mlir-c/
headers whose functions the library exports), parsed by clang's JSON AST
dump. Each line is tab-separated:

    name <TAB> ffi return type <TAB> ffi argument types (space-separated) <TAB> C signature

ffi types: v (void), i8 u8 i16 u16 i32 u32 i64 u64 f32 f64 p (any pointer),
and {t1,t2,...} for a struct passed by value.

The manifest is checked in; test_abi_ffi fails when an exported symbol is
missing from it. Regenerate after adding functions (ninja sdy_c_abi_manifest).
"""
import json
import re
import subprocess
import sys

lib, sdy_include, mlir_include = sys.argv[1:4]
clang = sys.argv[4] if len(sys.argv) > 4 else "clang-22"

exported = set()
for line in subprocess.run(["nm", "-D", "--defined-only", lib], check=True,
                           capture_output=True, text=True).stdout.splitlines():
    parts = line.split()
    if len(parts) == 3 and parts[1] in "TW":
        exported.add(parts[2].split("@")[0])

headers = ["sdy_c/sdy_c.h", "sdy_c/mlir_interop.h", "sdy_c/dialect.h",
           "mlir-c/IR.h", "mlir-c/Support.h", "mlir-c/AffineExpr.h",
           "mlir-c/AffineMap.h", "mlir-c/BuiltinAttributes.h",
           "mlir-c/BuiltinTypes.h", "mlir-c/Diagnostics.h",
           "mlir-c/IntegerSet.h", "mlir-c/Pass.h", "mlir-c/Dialect/Func.h"]
source = "".join(f'#include "{h}"\n' for h in headers)
ast = json.loads(subprocess.run(
    [clang, "-x", "c", "-std=c11", "-fsyntax-only", "-Xclang", "-ast-dump=json",
     "-I", sdy_include, "-I", mlir_include, "-"],
    input=source, check=True, capture_output=True, text=True).stdout)

records = {}   # struct name -> list of field qualTypes
typedefs = {}  # typedef name -> underlying qualType
enums = set()
functions = {}

def walk(node):
    kind = node.get("kind")
    if kind == "RecordDecl" and node.get("completeDefinition") and "name" in node:
        records[node["name"]] = [f["type"].get("desugaredQualType", f["type"]["qualType"])
                                 for f in node.get("inner", []) if f.get("kind") == "FieldDecl"]
    elif kind == "TypedefDecl":
        t = node["type"]
        typedefs[node["name"]] = t.get("desugaredQualType", t["qualType"])
    elif kind == "EnumDecl" and "name" in node:
        enums.add(node["name"])
    elif kind == "FunctionDecl" and node.get("name") in exported:
        functions.setdefault(node["name"], node)
    for child in node.get("inner", []):
        walk(child)

walk(ast)

SCALARS = {
    "void": "v", "_Bool": "u8", "bool": "u8", "char": "i8", "signed char": "i8",
    "unsigned char": "u8", "short": "i16", "unsigned short": "u16",
    "int": "i32", "unsigned int": "u32", "long": "i64", "unsigned long": "u64",
    "long long": "i64", "unsigned long long": "u64", "float": "f32",
    "double": "f64", "int8_t": "i8", "uint8_t": "u8", "int16_t": "i16",
    "uint16_t": "u16", "int32_t": "i32", "uint32_t": "u32", "int64_t": "i64",
    "uint64_t": "u64", "size_t": "u64", "intptr_t": "i64", "uintptr_t": "u64",
}

def ffi_type(qual):
    t = re.sub(r"\b(const|volatile)\b", "", qual).strip()
    t = re.sub(r"\s+", " ", t)
    if "*" in t or "(" in t or "[" in t:
        return "p"
    if t in SCALARS:
        return SCALARS[t]
    if t.startswith("enum ") or t in enums:
        return "i32"
    if t.startswith("struct "):
        name = t[len("struct "):]
        if name not in records:
            raise SystemExit(f"unknown struct {name}")
        return "{" + ",".join(ffi_type(f) for f in records[name]) + "}"
    if t in typedefs:
        return ffi_type(typedefs[t])
    raise SystemExit(f"unknown type {qual!r}")

missing = sorted(exported - set(functions))
if missing:
    raise SystemExit("exported but not declared in the public headers: " +
                     ", ".join(missing))

for name in sorted(functions):
    node = functions[name]
    ftype = node["type"]["qualType"]          # e.g. "sdy_status_t *(sdy_mesh_t *)"
    ret = ftype[:ftype.index("(")].strip()
    params = [p for p in node.get("inner", []) if p.get("kind") == "ParmVarDecl"]
    args = [ffi_type(p["type"].get("desugaredQualType", p["type"]["qualType"]))
            for p in params]
    sig_params = ", ".join(f'{p["type"]["qualType"]} {p.get("name", "")}'.strip()
                           for p in params) or "void"
    signature = f"{ret} {name}({sig_params})".replace("* ", "*").replace(" *", " *")
    print("\t".join([name, ffi_type(ret), " ".join(args) or "-", signature]))
