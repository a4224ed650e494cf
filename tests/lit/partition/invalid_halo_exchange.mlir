// RUN: sdy-opt %s -split-input-file -sdy-convert-global-to-local -verify-diagnostics

// A stride-2 window of one row over rows dilated by 2, shifted by a low
// padding of 1, reads only holes and padding: split 4 ways, no shard's
// window reads an input row, so there is no input to extend. Lowered as it
// is (the partitioner gathers it before the op), it is refused.
sdy.mesh @mesh = <["x"=4]>

func.func @no_input_rows(%arg0: tensor<1x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<1x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
  %cst = stablehlo.constant dense<0.0> : tensor<f32>
  // expected-error @+1 {{is sharded along windowed dimension 0 in a way halo exchange does not handle (an empty dimension, or windows that read no input row); it must be gathered first}}
  %0 = "stablehlo.reduce_window"(%arg0, %cst) <{padding = dense<[[1, 0], [0, 0]]> : tensor<2x2xi64>, window_dimensions = array<i64: 1, 1>, window_strides = array<i64: 2, 1>, base_dilations = array<i64: 2, 1>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} : (tensor<1x2xf32>, tensor<f32>) -> tensor<1x2xf32>
  return %0 : tensor<1x2xf32>
}
