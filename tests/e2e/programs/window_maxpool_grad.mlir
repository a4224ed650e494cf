// The gradient of max pooling (select_and_scatter, as JAX lowers it) with
// the batch sharded on x and the pooled H dimension on y.
// MESH @mesh = xy
sdy.mesh @mesh = MESH
func.func @main(%a: tensor<4x2x8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}, {"y"}, {}]>}, %g: tensor<4x2x4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}, {"y"}, {}]>}) -> (tensor<4x2x8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}, {"y"}, {}]>}) {
  %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %0 = "stablehlo.select_and_scatter"(%a, %g, %cst) <{padding = dense<0> : tensor<4x2xi64>, window_dimensions = array<i64: 1, 1, 2, 2>, window_strides = array<i64: 1, 1, 2, 2>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %c = stablehlo.compare GE, %x, %y, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x2x8x8xf32>, tensor<4x2x4x4xf32>, tensor<f32>) -> tensor<4x2x8x8xf32>
  return %0 : tensor<4x2x8x8xf32>
}
