"""Running programs: Backend, Executable, Module.partition/compile."""

import os

import pytest

import sdy

np = pytest.importorskip("numpy")

# A global program: row-parallel matmul over a 2-device mesh.
ANNOTATED_MATMUL = """\
sdy.mesh @mesh = <["x"=2]>
func.func @main(%a: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>},
                %b: tensor<8x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>})
    -> (tensor<4x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x3xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}
"""

# The same program partitioned by hand (local types, all_reduce).
PARTITIONED_MATMUL = """\
sdy.mesh @mesh = <["x"=2]>
func.func @main(%a: tensor<4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>},
                %b: tensor<4x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>})
    -> (tensor<4x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>},
        tensor<4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}) {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<4x4xf32>, tensor<4x3xf32>) -> tensor<4x3xf32>
  %1 = "stablehlo.all_reduce"(%0) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x3xf32>) -> tensor<4x3xf32>
  return %1, %a : tensor<4x3xf32>, tensor<4x4xf32>
}
"""

# Elementwise over 4 devices with a dimension of 10 split into shards of 3,
# partitioned by hand: without collectives, mhlo.num_partitions says so
# (an annotated module without it is refused as unpartitioned).
INDIVISIBLE = """\
module attributes {mhlo.num_partitions = 4 : i64} {
sdy.mesh @mesh = <["x"=4]>
func.func @main(%a: tensor<3xi64> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>},
                %b: tensor<3xi64> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>})
    -> (tensor<3xi64> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) {
  %0 = stablehlo.multiply %a, %b : tensor<3xi64>
  return %0 : tensor<3xi64>
}
}
"""


def _inputs():
    a = (np.arange(32, dtype=np.float32).reshape(4, 8) * 7 % 11) - 5
    b = (np.arange(24, dtype=np.float32).reshape(8, 3) * 5 % 9) - 4
    return a.astype(np.float32), b.astype(np.float32)


def test_backend_local():
    with sdy.Backend.local(3) as backend:
        assert backend.device_count == 3
        assert backend.local_devices == [0, 1, 2]
        assert "devices=3" in repr(backend)
    assert backend.closed
    assert repr(backend) == "<sdy.Backend closed>"
    with pytest.raises(sdy.ClosedError):
        backend.device_count
    with pytest.raises(sdy.InvalidArgumentError,
                       match="num_devices must be in \\[1, 4096\\], got 0"):
        sdy.Backend.local(0)
    with pytest.raises(sdy.InvalidArgumentError,
                       match="num_devices must be in \\[1, 4096\\], "
                             "got 99999999999"):
        sdy.Backend.local(99999999999)
    with pytest.raises(TypeError):
        sdy.Backend.local("2")
    with pytest.raises(TypeError):
        sdy.Backend()


def test_backend_load_errors(tmp_path):
    with pytest.raises(sdy.InvalidArgumentError,
                       match="cannot load backend plugin"):
        sdy.Backend.load(str(tmp_path / "libnothing.so"))
    with pytest.raises(sdy.InvalidArgumentError,
                       match="lacks symbol sdy_backend_create"):
        sdy.Backend.load("libm.so.6")


def test_compile_and_queries(ctx):
    module = sdy.Module.parse(PARTITIONED_MATMUL, context=ctx)
    with module.compile() as exe:
        assert exe.num_devices == 2
        assert exe.num_args == 2
        assert exe.num_results == 2
        assert exe.arg_types == [((4, 4), "f32"), ((4, 3), "f32")]
        assert exe.result_types == [((4, 3), "f32"), ((4, 4), "f32")]
        assert exe.num_shards(0) == (1, 2)
        assert exe.num_shards(1) == (2, 1)
        assert exe.num_shards(1, result=True) == (1, 2)
        assert "devices=2" in repr(exe)
    assert repr(exe) == "<sdy.Executable closed>"
    with pytest.raises(sdy.InvalidArgumentError,
                       match="the module has no function @nope"):
        module.compile(function="nope")
    with pytest.raises(TypeError):
        sdy.Executable("not a module")


def test_run_partitioned_matches_unpartitioned(ctx):
    a, b = _inputs()
    expected = a @ b
    glob = sdy.Module.parse(ANNOTATED_MATMUL, context=ctx)
    with sdy.Module.parse("""\
func.func @main(%a: tensor<4x8xf32>, %b: tensor<8x3xf32>) -> tensor<4x3xf32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x3xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}""", context=ctx).compile() as single:
        assert single.num_devices == 1
        (reference,) = single.run(a, b)
    np.testing.assert_array_equal(reference, expected)

    hand = sdy.Module.parse(PARTITIONED_MATMUL, context=ctx).compile()
    c, gathered = hand.run(a, b)
    np.testing.assert_array_equal(c, reference)
    np.testing.assert_array_equal(gathered, a)
    # Non-contiguous inputs (a transposed view) are passed with strides.
    c2, _ = hand.run(a, np.asfortranarray(b))
    np.testing.assert_array_equal(c2, reference)
    c3, _ = hand.run(a, b.T.copy().T)
    np.testing.assert_array_equal(c3, reference)

    # Module.partition(...).compile(backend).run(...)
    with sdy.Backend.local(2) as backend:
        exe = glob.partition().compile(backend)
        assert "stablehlo.all_reduce" in str(glob)
        assert exe.num_devices == 2
        (c4,) = exe.run(a, b)
        np.testing.assert_allclose(c4, expected, rtol=1e-6)
        np.testing.assert_array_equal(c4, reference)
        exe.close()


def test_run_local(ctx):
    a, b = _inputs()
    exe = sdy.Module.parse(PARTITIONED_MATMUL, context=ctx).compile()
    per_device = [[a[:, :4], b[:4]], [a[:, 4:], b[4:]]]
    out = exe.run_local(per_device)
    assert len(out) == 2
    for d in range(2):
        np.testing.assert_array_equal(out[d][0], a @ b)
        np.testing.assert_array_equal(out[d][1], per_device[d][0])
    with pytest.raises(ValueError, match="backend drives 2 local devices"):
        exe.run_local(per_device[:1])
    with pytest.raises(TypeError, match="device 1: the program takes 2"):
        exe.run_local([per_device[0], per_device[1][:1]])


def test_indivisible_shapes(ctx):
    exe = sdy.Module.parse(INDIVISIBLE, context=ctx).compile()
    assert exe.num_devices == 4
    a = np.arange(10, dtype=np.int64)
    b = np.arange(10, dtype=np.int64) + 3
    # Partitioned by hand: the padded global shape, not exact.
    assert exe.global_shape(0) == ((12,), False)
    assert exe.global_shape(0, result=True) == ((12,), False)
    # The padded global shape by default: 4 shards of 3.
    (padded,) = exe.run(np.arange(12, dtype=np.int64),
                        np.ones(12, dtype=np.int64))
    np.testing.assert_array_equal(padded, np.arange(12))
    # A global size of 10: the last shard is short (and padded on device).
    (c,) = exe.run(a, b, result_shapes=[(10,)])
    np.testing.assert_array_equal(c, a * b)
    with pytest.raises(sdy.InvalidArgumentError,
                       match="dimension 0 of size 8 is split into 4 shards "
                             "of 2, not 3"):
        exe.run(a[:8], b[:8], result_shapes=[(10,)])
    with pytest.raises(ValueError, match="result_shapes has 2 entries"):
        exe.run(a, b, result_shapes=[None, None])


def test_run_errors(ctx):
    a, b = _inputs()
    exe = sdy.Module.parse(PARTITIONED_MATMUL, context=ctx).compile()
    with pytest.raises(TypeError, match="takes 2 arguments, got 1"):
        exe.run(a)
    with pytest.raises(TypeError, match="argument 1 has dtype float64, the "
                                        "program expects float32"):
        exe.run(a, b.astype(np.float64))
    with pytest.raises(sdy.InvalidArgumentError,
                       match="global argument 1: global shape \\[6, 3\\] "
                             "does not fit"):
        exe.run(a, b[:6])
    # A backend of another size.
    with sdy.Backend.local(3) as three:
        with pytest.raises(sdy.InvalidArgumentError,
                           match="the program runs on 2 devices, the backend "
                                 "'local' has 3"):
            exe.run(a, b, backend=three)
    # Lists are converted to the argument's dtype.
    c, _ = exe.run(a.tolist(), b.tolist())
    np.testing.assert_array_equal(c, a @ b)
    exe.close()
    with pytest.raises(sdy.ClosedError):
        exe.run(a, b)


def test_dtypes(ctx):
    text = """\
func.func @main(%a: tensor<3xi1>, %b: tensor<3xui8>, %c: tensor<3xf16>,
                %d: tensor<2xbf16>) -> (tensor<3xi1>, tensor<3xui8>, tensor<3xf16>, tensor<2xbf16>) {
  %0 = stablehlo.not %a : tensor<3xi1>
  %1 = stablehlo.add %b, %b : tensor<3xui8>
  %2 = stablehlo.negate %c : tensor<3xf16>
  %3 = stablehlo.negate %d : tensor<2xbf16>
  return %0, %1, %2, %3 : tensor<3xi1>, tensor<3xui8>, tensor<3xf16>, tensor<2xbf16>
}"""
    exe = sdy.Module.parse(text, context=ctx).compile()
    assert [t for _, t in exe.arg_types] == ["i1", "ui8", "f16", "bf16"]
    bf16_one = np.array([0x3F80, 0x4000], dtype=np.uint16)  # 1.0, 2.0
    r = exe.run(np.array([True, False, True]),
                np.array([1, 2, 200], dtype=np.uint8),
                np.array([1.5, -2, 0], dtype=np.float16), bf16_one)
    np.testing.assert_array_equal(r[0], [False, True, False])
    np.testing.assert_array_equal(r[1], [2, 4, 144])
    np.testing.assert_array_equal(r[2], np.array([-1.5, 2, -0.0],
                                                 dtype=np.float16))
    np.testing.assert_array_equal(r[3], [0xBF80, 0xC000])


@pytest.mark.skipif(not os.environ.get("SDY_TEST_BACKEND_PLUGIN"),
                    reason="SDY_TEST_BACKEND_PLUGIN not set")
def test_backend_load_plugin(ctx):
    path = os.environ["SDY_TEST_BACKEND_PLUGIN"]
    with sdy.Backend.load(path, "devices=1") as backend:
        assert backend.device_count == 1
        exe = sdy.Module.parse("""\
func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.negate %a : tensor<4xf32>
  return %0 : tensor<4xf32>
}""", context=ctx).compile(backend)
        (r,) = exe.run(np.arange(4, dtype=np.float32))
        np.testing.assert_array_equal(r, -np.arange(4, dtype=np.float32))
    with pytest.raises(sdy.FailedPreconditionError,
                       match="test plugin asked to fail"):
        sdy.Backend.load(path, "fail")


def test_complex_and_narrow_types(ctx):
    # complex64 in and out; an f8 result comes back as ml_dtypes' type or
    # as its raw bytes.
    exe = sdy.Module.parse("""\
func.func @main(%a: tensor<2xcomplex<f32>>, %b: tensor<2xf32>)
    -> (tensor<2xcomplex<f32>>, tensor<2xf32>, tensor<2xf8E4M3FN>) {
  %0 = stablehlo.multiply %a, %a : tensor<2xcomplex<f32>>
  %1 = stablehlo.abs %a : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
  %2 = stablehlo.convert %b : (tensor<2xf32>) -> tensor<2xf8E4M3FN>
  return %0, %1, %2 : tensor<2xcomplex<f32>>, tensor<2xf32>, tensor<2xf8E4M3FN>
}""", context=ctx).compile()
    a = np.array([1 + 2j, 3 - 4j], dtype=np.complex64)
    sq, mod, f8 = exe.run(a, np.array([1.0, -2.0], dtype=np.float32))
    assert sq.dtype == np.complex64
    np.testing.assert_allclose(sq, [-3 + 4j, -7 - 24j])
    np.testing.assert_allclose(mod, [np.sqrt(5.0), 5.0], rtol=1e-6)
    assert f8.view(np.uint8).tolist() == [0x38, 0xc0]
