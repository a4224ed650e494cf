// Max pooling 3x3 with SAME padding, stride 1 and stride 2, of an NHWC
// batch sharded on H over x and on W over y: both windowed dimensions stay
// sharded and each device receives one halo row (and column) from its
// neighbours by collective_permute; the corners come through the second
// exchange. The global edges read the padding (-inf).
// MESH @mesh = xy
sdy.mesh @mesh = MESH
func.func @main(%a: tensor<2x16x16x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}, {"y"}, {}]>}) -> (tensor<2x16x16x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}, {"y"}, {}]>}, tensor<2x8x8x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}, {"y"}, {}]>}) {
  %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %0 = "stablehlo.reduce_window"(%a, %cst) <{padding = dense<[[0, 0], [1, 1], [1, 1], [0, 0]]> : tensor<4x2xi64>, window_dimensions = array<i64: 1, 3, 3, 1>, window_strides = array<i64: 1, 1, 1, 1>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %m = stablehlo.maximum %x, %y : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) : (tensor<2x16x16x3xf32>, tensor<f32>) -> tensor<2x16x16x3xf32>
  %1 = "stablehlo.reduce_window"(%a, %cst) <{padding = dense<[[0, 0], [0, 1], [0, 1], [0, 0]]> : tensor<4x2xi64>, window_dimensions = array<i64: 1, 3, 3, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %m = stablehlo.maximum %x, %y : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) : (tensor<2x16x16x3xf32>, tensor<f32>) -> tensor<2x8x8x3xf32>
  return %0, %1 : tensor<2x16x16x3xf32>, tensor<2x8x8x3xf32>
}
