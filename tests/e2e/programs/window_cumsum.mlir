// cumsum as JAX lowers it (a reduce_window over the whole dimension with
// padding), f32 along a dimension sharded on y and i32 along an unsharded
// one.
// MESH @mesh = xy
// TOL: 1e-6
sdy.mesh @mesh = MESH
func.func @main(%a: tensor<8x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}, %b: tensor<8x16xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<8x32xf32>, tensor<8x16xi32>) {
  %z = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %0 = "stablehlo.reduce_window"(%a, %z) <{base_dilations = array<i64: 1, 1>, padding = dense<[[0, 0], [31, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 1, 1>, window_dimensions = array<i64: 1, 32>, window_strides = array<i64: 1, 1>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<8x32xf32>, tensor<f32>) -> tensor<8x32xf32>
  %zi = stablehlo.constant dense<0> : tensor<i32>
  %1 = "stablehlo.reduce_window"(%b, %zi) <{padding = dense<[[0, 0], [15, 0]]> : tensor<2x2xi64>, window_dimensions = array<i64: 1, 16>}> ({
  ^bb0(%x: tensor<i32>, %y: tensor<i32>):
    %s = stablehlo.add %x, %y : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) : (tensor<8x16xi32>, tensor<i32>) -> tensor<8x16xi32>
  return %0, %1 : tensor<8x32xf32>, tensor<8x16xi32>
}
