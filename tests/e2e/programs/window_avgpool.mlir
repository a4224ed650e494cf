// Average pooling with SAME padding (3x3 windows, stride 1, the sum divided
// by the window counts, as JAX lowers it), the batch sharded on x and the
// channels on y.
// MESH @mesh = xy
// TOL: 1e-6
sdy.mesh @mesh = MESH
func.func @main(%a: tensor<4x6x6x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}, {}, {"y"}]>}) -> tensor<4x6x6x4xf32> {
  %z = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %0 = "stablehlo.reduce_window"(%a, %z) <{base_dilations = array<i64: 1, 1, 1, 1>, padding = dense<[[0, 0], [1, 1], [1, 1], [0, 0]]> : tensor<4x2xi64>, window_dilations = array<i64: 1, 1, 1, 1>, window_dimensions = array<i64: 1, 3, 3, 1>, window_strides = array<i64: 1, 1, 1, 1>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x6x6x4xf32>, tensor<f32>) -> tensor<4x6x6x4xf32>
  %one = stablehlo.constant dense<1.000000e+00> : tensor<6x6xf32>
  %1 = "stablehlo.reduce_window"(%one, %z) <{padding = dense<[[1, 1], [1, 1]]> : tensor<2x2xi64>, window_dimensions = array<i64: 3, 3>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<6x6xf32>, tensor<f32>) -> tensor<6x6xf32>
  %2 = stablehlo.broadcast_in_dim %1, dims = [1, 2] : (tensor<6x6xf32>) -> tensor<4x6x6x4xf32>
  %3 = stablehlo.divide %0, %2 : tensor<4x6x6x4xf32>
  return %3 : tensor<4x6x6x4xf32>
}
