"""Shared fixtures of the Python binding tests.

Run with SDY_C_LIBRARY pointing at libsdy_c.so and PYTHONPATH at
bindings/python (the ctest `python_binding` sets both); when PYTHONPATH is
not set the package next to this folder is used.
"""

import os
import sys

import pytest

_HERE = os.path.dirname(os.path.abspath(__file__))
_PKG_ROOT = os.path.dirname(_HERE)
if _PKG_ROOT not in sys.path:
    sys.path.insert(0, _PKG_ROOT)

import sdy  # noqa: E402

# Under ctest (SDY_FAIL_ON_SKIP=1) a skipped test or test module is a
# failure: a missing dependency must be installed, not silently skipped.
_FAIL_ON_SKIP = os.environ.get("SDY_FAIL_ON_SKIP") == "1"
_SKIP_NOTE = "skipped, which fails under SDY_FAIL_ON_SKIP=1 (install what it needs): "


@pytest.hookimpl(hookwrapper=True)
def pytest_make_collect_report(collector):
    outcome = yield
    report = outcome.get_result()
    if _FAIL_ON_SKIP and report.skipped:
        report.outcome = "failed"
        report.longrepr = _SKIP_NOTE + str(report.longrepr)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if _FAIL_ON_SKIP and report.skipped:
        report.outcome = "failed"
        report.longrepr = _SKIP_NOTE + str(report.longrepr)

MODULE_TEXT = """\
sdy.mesh @mesh = <["x"=2, "y"=4]>

func.func @main(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>},
                %arg1: tensor<8x16xf32>) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", ?}, {}]>}) {
  %0 = stablehlo.add %arg0, %arg1 : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

func.func @helper(%arg0: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = stablehlo.negate %arg0 : tensor<4xf32>
  return %0, %arg0 : tensor<4xf32>, tensor<4xf32>
}
"""


@pytest.fixture
def ctx():
    with sdy.Context() as context:
        yield context


@pytest.fixture
def mesh_xy(ctx):
    with sdy.Mesh([("x", 2), ("y", 4)], context=ctx) as mesh:
        yield mesh


@pytest.fixture
def module(ctx):
    with sdy.Module.parse(MODULE_TEXT, context=ctx) as m:
        yield m
