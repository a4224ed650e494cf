#!/bin/sh
# `pip install bindings/python` into a fresh virtual environment (with the
# system's site packages, for Debian's numpy), then uses the installed
# package from outside the source tree.
#   check_install.sh PYTHON SOURCE_DIR WORK_DIR LIBSDY_C
set -eu
python=$1 src=$2 work=$3 lib=$4
rm -rf "$work"
mkdir -p "$work"
# setuptools builds in the source folder: build from a copy.
cp -r "$src/pyproject.toml" "$src/README.md" "$src/sdy" "$work/"
mkdir "$work/src" && mv "$work/pyproject.toml" "$work/README.md" \
  "$work/sdy" "$work/src/"
"$python" -m venv --system-site-packages "$work/venv"
"$work/venv/bin/python" -m pip install -q --no-build-isolation \
  --disable-pip-version-check "$work/src"
cd "$work"
rm -rf "$work/src"
SDY_C_LIBRARY=$lib "$work/venv/bin/python" - <<'PY'
import os, sys
import numpy
import sdy
assert sdy.__file__.startswith(sys.prefix), sdy.__file__
assert os.path.isfile(os.path.join(os.path.dirname(sdy.__file__), "py.typed"))
m = sdy.Module.parse("""
sdy.mesh @mesh = <["x"=2]>
func.func @main(%a: tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> tensor<4xf32> {
  %0 = stablehlo.add %a, %a : tensor<4xf32>
  return %0 : tensor<4xf32>
}""")
(y,) = m.partition().compile().run(numpy.arange(4, dtype=numpy.float32))
assert y.tolist() == [0.0, 2.0, 4.0, 6.0], y
print("installed sdy", sdy.__version__, "runs with", sdy.library_path)
PY
