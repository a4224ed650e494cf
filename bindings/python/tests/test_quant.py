"""Quantized tensors cross the binding as their storage type."""

import pytest

import sdy

np = pytest.importorskip("numpy")

QUANT = """\
func.func @main(%a: tensor<4x!quant.uniform<i8:f32, 5.0e-01:1>>)
    -> (tensor<4xf32>, tensor<4x!quant.uniform<i8:f32, 5.0e-01:1>>) {
  %0 = stablehlo.uniform_dequantize %a : (tensor<4x!quant.uniform<i8:f32, 5.0e-01:1>>) -> tensor<4xf32>
  %1 = stablehlo.add %a, %a : tensor<4x!quant.uniform<i8:f32, 5.0e-01:1>>
  return %0, %1 : tensor<4xf32>, tensor<4x!quant.uniform<i8:f32, 5.0e-01:1>>
}
"""


def test_quantized_storage_types(ctx):
    module = sdy.Module.parse(QUANT, context=ctx)
    with module.compile() as exe:
        assert exe.arg_types == [((4,), "i8")]
        assert exe.result_types == [((4,), "f32"), ((4,), "i8")]
        # (storage - 1) * 0.5, and twice that stored back.
        deq, total = exe.run(np.array([1, 3, 5, -7], dtype=np.int8))
        assert deq.tolist() == [0.0, 1.0, 2.0, -4.0]
        assert total.dtype == np.int8
        assert total.tolist() == [1, 5, 9, -15]
