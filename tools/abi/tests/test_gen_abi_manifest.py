"""The ABI manifest generator: the generated manifest of the build, and the
error of each malformed header annotation (on headers written here)."""

import json
import os
import subprocess
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
GEN = os.path.join(os.path.dirname(HERE), "gen_abi_manifest.py")
CLANG = os.environ.get("SDY_ABI_CLANG", "clang-22")


def generate(tmp_path, header_text):
    inc = tmp_path / "include" / "sdy_c"
    inc.mkdir(parents=True)
    (inc / "status.h").write_text(header_text)
    out = tmp_path / "abi.json"
    proc = subprocess.run(
        [sys.executable, GEN, "--clang", CLANG, "--include",
         str(tmp_path / "include"), "--headers-dir", str(inc), "--output",
         str(out)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        universal_newlines=True)
    manifest = json.loads(out.read_text()) if proc.returncode == 0 else None
    return proc, manifest


GOOD = """#include <stdint.h>
/* [thread-safety: shared] */
typedef struct sdy_status sdy_status_t;
/* Doc. [nullable: status] */
void sdy_status_destroy(sdy_status_t *status);
/* Makes one.
 * [nullable: name] */
sdy_status_t *sdy_status_make(const char *name, int32_t code,
                              sdy_status_t **out_status, char **out_text);
"""


def test_rules_and_tags(tmp_path):
    proc, m = generate(tmp_path, GOOD)
    assert proc.returncode == 0, proc.stderr
    make = m["functions"][1]
    assert make["signature"] == (
        "sdy_status_t *sdy_status_make(const char *name, int32_t code, "
        "sdy_status_t **out_status, char **out_text)")
    assert make["doc"] == "Makes one."
    name, code, out_status, out_text = make["params"]
    assert (name["direction"], name["ownership"], name["nullable"]) == \
        ("in", "borrowed", True)
    assert (code["direction"], code["ownership"]) == ("in", "value")
    assert (out_status["direction"], out_status["ownership"],
            out_status["release"]) == ("out", "caller", "sdy_status_destroy")
    assert (out_text["ownership"], out_text["release"]) == \
        ("caller", "sdy_string_destroy")
    assert m["functions"][0]["params"][0]["ownership"] == "consumed"
    assert m["handles"][0]["thread_safety"] == "shared"


@pytest.mark.parametrize("text,message", [
    (GOOD.replace("/* [thread-safety: shared] */\n", ""),
     "handle sdy_status_t needs a [thread-safety: shared|movable|confined] "
     "tag"),
    (GOOD.replace("[nullable: name]", "[nullable: nam]"),
     "sdy_status_make: [nullable: nam] names no parameter"),
    (GOOD.replace("[nullable: name]", "[nullable: code]"),
     "sdy_status_make: [nullable: code] is not a pointer"),
    (GOOD.replace("[nullable: name]", "[borrowed: name]"),
     "sdy_status_make: [borrowed: name] names no out parameter"),
    (GOOD.replace("[nullable: name]", "[nullable: ]"),
     "sdy_status_make: empty [nullable:] tag"),
    (GOOD.replace("void sdy_status_destroy", "void sdy_status_free"),
     "handle sdy_status_t has no *_destroy function"),
    (GOOD + "int sdy_broken(undeclared_t x);\n", "clang"),
])
def test_errors(tmp_path, text, message):
    proc, _ = generate(tmp_path, text)
    assert proc.returncode == 1
    assert message in proc.stderr


def test_exports_are_checked_both_ways():
    sys.path.insert(0, os.path.dirname(HERE))
    import gen_abi_manifest as gen
    manifest = {"functions": [{"name": "sdy_a"}, {"name": "sdy_b"}]}
    with pytest.raises(gen.ManifestError) as e:
        gen.check_exports(manifest, {"sdy_a": "SDY_C_1.0", "sdyX": "SDY_C_1.0",
                                     "mlirFoo": "SDY_C_1.0"})
    assert str(e.value) == ("declared in the headers but not exported: "
                            "sdy_b; exported but declared in no public "
                            "header: sdyX")
    gen.check_exports(manifest, {"sdy_a": "SDY_C_1.0", "sdy_b": "SDY_C_1.1"})
    assert manifest["functions"][1]["symbol_version"] == "SDY_C_1.1"


def test_the_build_manifest():
    path = os.environ.get("SDY_ABI_MANIFEST")
    if not path:
        pytest.skip("SDY_ABI_MANIFEST not set (run through ctest)")
    with open(path) as f:
        m = json.load(f)
    names = {fn["name"] for fn in m["functions"]}
    assert {"sdy_mesh_create", "sdy_executable_run_global",
            "sdyMeshAxisAttrGet"} <= names
    assert all(fn["symbol_version"].startswith("SDY_C_1.")
               for fn in m["functions"])
    tensor = next(r for r in m["records"] if r["name"] == "sdy_tensor")
    assert (tensor["size"], tensor["fields"][-1]["offset"]) == (48, 40)
    handles = {h["name"]: h["thread_safety"] for h in m["handles"]}
    assert handles["sdy_mesh_t"] == "shared"
    assert handles["sdy_module_t"] == "movable"
