"""Library loading, versions and the status-to-exception mapping."""

import ctypes
import os
import re
import subprocess
import sys

import pytest

import sdy
from sdy import _lib, _status


# The library is loaded on first use, not at import.
_USE = "import sdy; sdy.library_version()"


def test_library_path_and_version():
    assert os.path.exists(sdy.library_path)
    assert sdy.library_version() // 10000 == 1
    major, minor, patch = sdy.library_version_string().split(".")
    assert int(major) * 10000 + int(minor) * 100 + int(patch) == \
        sdy.library_version()
    assert _lib.lib.sdy_version_is_compatible(sdy.HEADER_VERSION) == 1
    # A header of another major version is not compatible.
    assert _lib.lib.sdy_version_is_compatible(2 * 10000) == 0


def test_env_var_pointing_nowhere_is_a_clear_error(tmp_path):
    env = dict(os.environ)
    env["SDY_C_LIBRARY"] = str(tmp_path / "no" / "libsdy_c.so")
    env["PYTHONPATH"] = os.path.dirname(os.path.dirname(sdy.__file__))
    proc = subprocess.run([sys.executable, "-c", _USE], env=env,
                          capture_output=True, text=True)
    assert proc.returncode != 0
    assert "LibraryNotFoundError" in proc.stderr
    assert "SDY_C_LIBRARY" in proc.stderr
    assert "no such file" in proc.stderr


def test_env_var_pointing_at_a_non_library(tmp_path):
    bogus = tmp_path / "libsdy_c.so"
    bogus.write_text("not a library")
    env = dict(os.environ)
    env["SDY_C_LIBRARY"] = str(bogus)
    env["PYTHONPATH"] = os.path.dirname(os.path.dirname(sdy.__file__))
    proc = subprocess.run([sys.executable, "-c", _USE], env=env,
                          capture_output=True, text=True)
    assert proc.returncode != 0
    assert "cannot load libsdy_c" in proc.stderr


def test_status_code_names():
    names = {code: _lib.lib.sdy_status_code_name(code).decode()
             for code in range(7)}
    assert names == {0: "SDY_OK", 1: "SDY_INVALID_ARGUMENT",
                     2: "SDY_PARSE_ERROR", 3: "SDY_VERIFICATION_ERROR",
                     4: "SDY_FAILED_PRECONDITION", 5: "SDY_UNIMPLEMENTED",
                     6: "SDY_INTERNAL"}
    assert _lib.lib.sdy_status_code_name(99) == b"SDY_UNKNOWN"


def test_null_status_is_ok():
    assert _lib.lib.sdy_status_code(None) == 0
    assert _lib.lib.sdy_status_message(None) == b""
    _lib.lib.sdy_status_destroy(None)   # no-op
    _lib.lib.sdy_string_destroy(None)   # no-op
    _status.check(None)                 # no exception


def test_exception_hierarchy_and_attributes(ctx):
    for cls in (sdy.InvalidArgumentError, sdy.ParseError,
                sdy.VerificationError, sdy.FailedPreconditionError,
                sdy.UnimplementedError, sdy.InternalError):
        assert issubclass(cls, sdy.SdyError)
    assert issubclass(sdy.ClosedError, sdy.InvalidArgumentError)
    with pytest.raises(sdy.ParseError) as info:
        sdy.Mesh.parse("<[\"x\"=", context=ctx)
    err = info.value
    assert err.code == 2
    assert err.code_name == "SDY_PARSE_ERROR"
    assert "sdy_mesh_parse" in err.message
    assert str(err).startswith("SDY_PARSE_ERROR: ")
    assert err.message in str(err)


def test_raw_foreign_handle_gives_invalid_argument():
    # The binding never passes a foreign handle, but the C library must
    # detect one without crashing; check() maps it to InvalidArgumentError.
    bogus = ctypes.c_void_p(0x1000)
    n = ctypes.c_size_t()
    with pytest.raises(sdy.InvalidArgumentError, match="not a live"):
        _status.check(_lib.lib.sdy_mesh_num_axes(bogus, ctypes.byref(n)))
    with pytest.raises(sdy.InvalidArgumentError, match="is NULL"):
        _status.check(_lib.lib.sdy_mesh_num_axes(None, ctypes.byref(n)))


def test_unknown_code_maps_to_internal():
    err = _status._BY_CODE.get(1234, sdy.InternalError)("boom", 1234)
    assert isinstance(err, sdy.InternalError)
    assert err.code_name == "SDY_UNKNOWN"


def test_struct_layout_matches_header():
    assert ctypes.sizeof(_lib.AxisRefStruct) == 24
    assert ctypes.sizeof(_lib.DimShardingStruct) == 32


def test_every_function_has_a_prototype():
    for name in _lib._PROTOTYPES:
        fn = getattr(_lib.lib, name)
        assert fn.argtypes is not None, name


_INCLUDE = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                        os.pardir, os.pardir, os.pardir, "include", "sdy_c")


@pytest.mark.skipif(not os.path.isdir(_INCLUDE),
                    reason="not run from a source checkout")
def test_prototypes_cover_every_header_function():
    declared = set()
    for header in os.listdir(_INCLUDE):
        # dialect.h: MLIR-style API, not the sdy_* ABI; backend.h: the table
        # a device vendor implements, not functions the binding calls.
        if header in ("dialect.h", "backend.h"):
            continue
        with open(os.path.join(_INCLUDE, header)) as f:
            text = f.read()
        declared |= set(re.findall(r"\b(sdy_[a-z0-9_]+)\s*\(", text))
    known = set(_lib._PROTOTYPES) | set(_lib._OPTIONAL_PROTOTYPES)
    assert declared - known == set()


def test_lookup_order(monkeypatch):
    monkeypatch.setenv("SDY_C_LIBRARY", "/some/where/libsdy_c.so.1")
    assert _lib._candidates() == (["/some/where/libsdy_c.so.1"], True)
    monkeypatch.delenv("SDY_C_LIBRARY")
    paths, explicit = _lib._candidates()
    assert not explicit
    package_dir = os.path.dirname(os.path.abspath(_lib.__file__))
    assert paths[0] == os.path.join(package_dir, "libsdy_c.so.1")
    assert paths[1] == os.path.join(package_dir, "libsdy_c.so")
    repo = os.path.dirname(os.path.dirname(os.path.dirname(package_dir)))
    built = [p for p in paths[3:]
             if p.startswith(os.path.join(repo, "build"))]
    assert all(os.path.isfile(p) for p in built)
    mtimes = [os.path.getmtime(p) for p in built]
    assert mtimes == sorted(mtimes, reverse=True)  # newest first


def test_public_names():
    for name in sdy.__all__:
        assert hasattr(sdy, name), name


def test_exceptions_pickle(ctx):
    import pickle
    with pytest.raises(sdy.ParseError) as info:
        sdy.Mesh.parse("<[", context=ctx)
    again = pickle.loads(pickle.dumps(info.value))
    assert type(again) is sdy.ParseError
    assert again.code == 2 and again.message == info.value.message
    closed = pickle.loads(pickle.dumps(sdy.ClosedError("Mesh is closed")))
    assert closed.code == 1 and closed.message == "Mesh is closed"


def _run_python(code, env):
    return subprocess.run([sys.executable, "-c", code], env=env,
                          capture_output=True, text=True)


def test_import_does_not_load_and_load_library_takes_a_path(tmp_path):
    env = dict(os.environ)
    env["SDY_C_LIBRARY"] = str(tmp_path / "missing.so")  # must not be used
    env["PYTHONPATH"] = os.path.dirname(os.path.dirname(sdy.__file__))
    proc = _run_python(
        "import sdy\n"
        "path = sdy.load_library(%r)\n"
        "assert path == sdy.library_path, (path, sdy.library_path)\n"
        "print(sdy.library_version_string())\n" % sdy.library_path, env)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == sdy.library_version_string()


def test_load_library_after_use_with_another_path_is_refused(tmp_path):
    sdy.library_version()
    assert sdy.load_library(sdy.library_path) == sdy.library_path
    with pytest.raises(sdy.LibraryNotFoundError) as e:
        sdy.load_library(str(tmp_path / "other.so"))
    assert "already loaded from %s" % sdy.library_path in str(e.value)
    assert "must come before the first use of sdy" in str(e.value)


def test_load_library_with_a_missing_path(tmp_path):
    env = dict(os.environ)
    env["PYTHONPATH"] = os.path.dirname(os.path.dirname(sdy.__file__))
    proc = _run_python("import sdy; sdy.load_library(%r)" %
                       str(tmp_path / "nope.so"), env)
    assert proc.returncode != 0
    assert "pass its path to sdy.load_library()" in proc.stderr
    assert "nope.so: no such file" in proc.stderr


def test_pkg_config_and_prefix_are_searched(tmp_path, monkeypatch):
    libdir = tmp_path / "prefix" / "lib"
    libdir.mkdir(parents=True)
    os.symlink(sdy.library_path, str(libdir / "libsdy_c.so.1"))
    fake = tmp_path / "bin"
    fake.mkdir()
    script = fake / "pkg-config"
    script.write_text("#!/bin/sh\necho %s\n" % libdir)
    script.chmod(0o755)
    monkeypatch.setenv("PATH", "%s%s%s" % (fake, os.pathsep,
                                            os.environ.get("PATH", "")))
    found = _lib._installed_candidates()
    assert found[0] == str(libdir / "libsdy_c.so.1")
    monkeypatch.setattr(sys, "prefix", str(tmp_path / "prefix"))
    monkeypatch.setenv("PATH", "")  # no pkg-config: the prefix still is
    assert str(libdir / "libsdy_c.so.1") in _lib._installed_candidates()
