"""Run options (timeouts, cancellation) and the status codes of ABI 1.1."""

import threading
import time

import pytest

import sdy
from sdy import _lib, _status

np = pytest.importorskip("numpy")

# Device 0 enters an all_reduce that device 1 never joins.
NEVER_JOINS = """\
module attributes {mhlo.num_partitions = 2 : i64} {
func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {
  %pid = stablehlo.partition_id : tensor<ui32>
  %zero = stablehlo.constant dense<0> : tensor<ui32>
  %p = stablehlo.compare EQ, %pid, %zero : (tensor<ui32>, tensor<ui32>) -> tensor<i1>
  %r = "stablehlo.if"(%p) ({
    %s = "stablehlo.all_reduce"(%a) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> ({
    ^bb0(%x: tensor<f32>, %y: tensor<f32>):
      %t = stablehlo.add %x, %y : tensor<f32>
      stablehlo.return %t : tensor<f32>
    }) : (tensor<4xf32>) -> tensor<4xf32>
    stablehlo.return %s : tensor<4xf32>
  }, {
    stablehlo.return %a : tensor<4xf32>
  }) : (tensor<i1>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
}
"""

# A loop that never ends in a test.
LONG_LOOP = """\
func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {
  %c0 = stablehlo.constant dense<0> : tensor<i64>
  %n = stablehlo.constant dense<1099511627776> : tensor<i64>
  %w:2 = stablehlo.while(%i = %c0, %x = %a) : tensor<i64>, tensor<4xf32>
   cond {
    %lt = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  } do {
    %c1 = stablehlo.constant dense<1> : tensor<i64>
    %j = stablehlo.add %i, %c1 : tensor<i64>
    stablehlo.return %j, %x : tensor<i64>, tensor<4xf32>
  }
  return %w#1 : tensor<4xf32>
}
"""

HUGE = """\
func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {
  %c = stablehlo.constant dense<1.0> : tensor<f32>
  %big = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<f32>) -> tensor<1000000x1000000x1000xf32>
  return %a : tensor<4xf32>
}
"""

ANNOTATED = """\
sdy.mesh @mesh = <["x"=2]>
func.func @main(%a: tensor<5x2xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>})
    -> (tensor<5x2xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
  %0 = stablehlo.negate %a : tensor<5x2xi32>
  return %0 : tensor<5x2xi32>
}
"""


def test_new_status_codes():
    names = {code: _lib.lib.sdy_status_code_name(code).decode()
             for code in range(7, 11)}
    assert names == {7: "SDY_DEADLINE_EXCEEDED", 8: "SDY_UNAVAILABLE",
                     9: "SDY_RESOURCE_EXHAUSTED", 10: "SDY_CANCELLED"}
    for code, cls in ((7, sdy.DeadlineExceededError),
                      (8, sdy.UnavailableError),
                      (9, sdy.ResourceExhaustedError),
                      (10, sdy.CancelledError)):
        assert _status._BY_CODE[code] is cls
        assert issubclass(cls, sdy.SdyError)
        err = cls("boom", code)
        assert str(err) == "%s: boom" % names[code]
    assert sdy.library_version() >= 10100


def test_cancel_flag():
    flag = sdy.CancelFlag()
    assert not flag.is_set()
    assert repr(flag) == "<sdy.CancelFlag clear>"
    flag.set()
    assert flag.is_set()
    assert repr(flag) == "<sdy.CancelFlag set>"
    flag.clear()
    assert not flag.is_set()


def test_options_are_validated(ctx):
    exe = sdy.Module.parse(NEVER_JOINS, context=ctx).compile()
    x = np.zeros(4, dtype=np.float32)
    with pytest.raises(sdy.InvalidArgumentError,
                       match="options->timeout_ms is -1: use 0 for no limit"):
        exe.run_local([[x], [x]], timeout_ms=-1)
    with pytest.raises(sdy.InvalidArgumentError,
                       match="options->collective_timeout_ms is -3"):
        exe.run(x, collective_timeout_ms=-3)
    with pytest.raises(TypeError, match="cancel must be an sdy.CancelFlag"):
        exe.run(x, cancel=True)
    with pytest.raises(TypeError, match="timeout_ms must be an integer"):
        exe.run(x, timeout_ms=1.5)
    with pytest.raises(OverflowError, match="does not fit in int64"):
        exe.run(x, timeout_ms=1 << 70)


def test_collective_timeout(ctx):
    exe = sdy.Module.parse(NEVER_JOINS, context=ctx).compile()
    x = np.ones(4, dtype=np.float32)
    t0 = time.monotonic()
    with pytest.raises(sdy.DeadlineExceededError,
                       match="collective timeout of 100 ms exceeded"):
        exe.run_local([[x], [x]], collective_timeout_ms=100)
    assert time.monotonic() - t0 < 5
    with pytest.raises(sdy.DeadlineExceededError,
                       match="run timeout of 100 ms exceeded in a collective"):
        exe.run_local([[x], [x]], timeout_ms=100, collective_timeout_ms=0)


def test_run_timeout_and_cancel(ctx):
    exe = sdy.Module.parse(LONG_LOOP, context=ctx).compile()
    x = np.ones(4, dtype=np.float32)
    t0 = time.monotonic()
    with pytest.raises(sdy.DeadlineExceededError,
                       match="device 0: .*run timeout of 100 ms exceeded"):
        exe.run(x, timeout_ms=100)
    assert 0.09 < time.monotonic() - t0 < 5
    flag = sdy.CancelFlag()
    timer = threading.Timer(0.1, flag.set)
    timer.start()
    try:
        with pytest.raises(sdy.CancelledError, match="the run was cancelled"):
            exe.run(x, cancel=flag)
    finally:
        timer.cancel()
    assert flag.is_set()
    # Unset flags and generous limits change nothing.
    quick = sdy.Module.parse(
        "func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {\n"
        "  %0 = stablehlo.negate %a : tensor<4xf32>\n"
        "  return %0 : tensor<4xf32>\n"
        "}\n", context=ctx).compile()
    flag.clear()
    (y,) = quick.run(x, timeout_ms=60000, cancel=flag)
    np.testing.assert_array_equal(y, -x)


def test_resource_exhausted(ctx):
    exe = sdy.Module.parse(HUGE, context=ctx).compile()
    with pytest.raises(sdy.ResourceExhaustedError,
                       match="tensor<1000000x1000000x1000xf32> needs "
                             "4000000000000000 bytes"):
        exe.run(np.zeros(4, dtype=np.float32))


def test_global_shape_is_exact(ctx):
    module = sdy.Module.parse(ANNOTATED, context=ctx)
    with pytest.raises(sdy.FailedPreconditionError,
                       match="the module is not partitioned"):
        module.compile()
    module.partition()
    exe = module.compile()
    assert exe.global_shape(0) == ((5, 2), True)
    assert exe.global_shape(0, result=True) == ((5, 2), True)
    a = np.arange(10, dtype=np.int32).reshape(5, 2)
    (b,) = exe.run(a)  # the result's exact global shape by default
    assert b.shape == (5, 2)
    np.testing.assert_array_equal(b, -a)
    with pytest.raises(sdy.InvalidArgumentError,
                       match="global shape \\[6, 2\\] does not match the "
                             "program's global type 5x2xi32"):
        exe.run(np.zeros((6, 2), dtype=np.int32), result_shapes=[(5, 2)])
