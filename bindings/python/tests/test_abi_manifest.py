"""Every function of the ABI manifest (share/sdy_c/abi.json) is bound, with
its number of parameters, and the ctypes structs and constants match the
layouts and values the compiler gave the manifest.

The manifest is SDY_ABI_MANIFEST (the ctest sets it), else the one next to
the loaded library's build tree or install prefix.
"""

import ctypes
import json
import os

import pytest

import sdy
from sdy import _lib, _mlir_c, _status


def _manifest_path():
    env = os.environ.get("SDY_ABI_MANIFEST")
    if env:
        return env
    d = os.path.dirname(os.path.realpath(sdy.library_path))
    for up in ("..", os.path.join("..", ".."), os.path.join("..", "..", "..")):
        path = os.path.join(d, up, "share", "sdy_c", "abi.json")
        if os.path.isfile(path):
            return os.path.normpath(path)
    return None


@pytest.fixture(scope="module")
def manifest():
    path = _manifest_path()
    if path is None:
        pytest.skip("no abi.json found (set SDY_ABI_MANIFEST)")
    with open(path) as f:
        return json.load(f)


def _bound():
    tables = (_lib._PROTOTYPES, _lib._OPTIONAL_PROTOTYPES,
              _mlir_c.DIALECT_PROTOTYPES)
    bound = {}
    for table in tables:
        for name, proto in table.items():
            assert name not in bound, "%s is declared twice" % name
            bound[name] = proto
    return bound


def test_every_function_is_bound(manifest):
    bound = _bound()
    missing = [fn["name"] for fn in manifest["functions"]
               if fn["name"] not in bound]
    assert not missing, "not bound by the Python binding: " + ", ".join(
        missing)
    wrong = ["%s: %d parameters, the binding declares %d" %
             (fn["name"], len(fn["params"]), len(bound[fn["name"]][1]))
             for fn in manifest["functions"]
             if len(fn["params"]) != len(bound[fn["name"]][1])]
    assert not wrong, "; ".join(wrong)
    stale = sorted(set(bound) - {fn["name"] for fn in manifest["functions"]})
    assert not stale, "bound but not in the manifest: " + ", ".join(stale)


def test_every_bound_function_resolves(manifest):
    for fn in manifest["functions"]:
        assert getattr(_lib.lib, fn["name"]) is not None


_STRUCTS = {
    "sdy_axis_ref": _lib.AxisRefStruct,
    "sdy_dim_sharding": _lib.DimShardingStruct,
    "sdy_dtype": _lib.DtypeStruct,
    "sdy_device": _lib.DeviceStruct,
    "sdy_tensor": _lib.TensorStruct,
    "sdy_run_options": _lib.RunOptionsStruct,
    "MlirAttribute": _mlir_c.MlirAttributeStruct,
    "MlirContext": _mlir_c.MlirContextStruct,
    "MlirModule": _mlir_c.MlirModuleStruct,
    "MlirDialectHandle": _mlir_c.MlirDialectHandleStruct,
    "MlirStringRef": _mlir_c.MlirStringRefStruct,
}


def test_struct_layouts(manifest):
    records = {r["name"]: r for r in manifest["records"]}
    for name, struct in _STRUCTS.items():
        rec = records[name]
        assert ctypes.sizeof(struct) == rec["size"], name
        fields = [(f["name"], f["offset"]) for f in rec["fields"]]
        assert [(f[0], getattr(struct, f[0]).offset)
                for f in struct._fields_] == fields, name


def test_status_codes(manifest):
    codes = {v["name"]: v["value"] for e in manifest["enums"]
             for v in e["values"] if v["name"].startswith("SDY_")}
    for name, value in codes.items():
        short = name[len("SDY_"):]
        if short in ("OK", "INVALID_ARGUMENT", "PARSE_ERROR",
                     "VERIFICATION_ERROR", "FAILED_PRECONDITION",
                     "UNIMPLEMENTED", "INTERNAL", "DEADLINE_EXCEEDED",
                     "UNAVAILABLE", "RESOURCE_EXHAUSTED", "CANCELLED"):
            assert getattr(_status, short) == value, name
    constants = {c["name"]: c["value"] for c in manifest["constants"]}
    # The binding accepts libraries from the minor version it was written
    # for: same major, not newer than the headers.
    assert _lib.HEADER_VERSION // 10000 == constants["SDY_C_API_VERSION_MAJOR"]
    assert _lib.HEADER_VERSION <= constants["SDY_C_API_VERSION"]
