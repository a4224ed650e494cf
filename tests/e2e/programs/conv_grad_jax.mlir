// The gradient of a strided 2-D convolution as JAX lowers it (the input
// gradient is a convolution with lhs dilation, the weight gradient one with
// rhs dilation and the batch as the contracted dimension): batch over "x",
// output features over "y", so the weight gradient is all-reduced.
// MESH @mesh = xy
// TOL: 1e-4
sdy.mesh @mesh = MESH
func.func @main(%arg0: tensor<2x8x8x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}, {}, {}]>}, %arg1: tensor<3x3x3x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}, {"y"}]>}) -> (tensor<2x8x8x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}, {}, {}]>}, tensor<3x3x3x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}, {"y"}]>}) {
  %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 2], pad = [[0, 1], [0, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<2x8x8x3xf32>, tensor<3x3x3x4xf32>) -> tensor<2x4x4x4xf32>
  %cst = stablehlo.constant dense<2.000000e+00> : tensor<f32>
  %1 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x4x4x4xf32>
  %2 = stablehlo.multiply %1, %0 : tensor<2x4x4x4xf32>
  %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
  %3 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<2x4x4x4xf32>
  %4 = stablehlo.multiply %3, %2 : tensor<2x4x4x4xf32>
  %5 = stablehlo.convolution(%arg0, %4) dim_numbers = [f, 0, 1, b]x[i, 0, 1, o]->[0, 1, b, f], window = {stride = [1, 1], pad = [[0, 1], [0, 1]], lhs_dilate = [1, 1], rhs_dilate = [2, 2], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<2x8x8x3xf32>, tensor<2x4x4x4xf32>) -> tensor<3x3x3x4xf32>
  %6 = stablehlo.reverse %arg1, dims = [0, 1] : tensor<3x3x3x4xf32>
  %7 = stablehlo.convolution(%4, %6) dim_numbers = [b, 0, 1, f]x[0, 1, o, i]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[2, 1], [2, 1]], lhs_dilate = [2, 2], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<2x4x4x4xf32>, tensor<3x3x3x4xf32>) -> tensor<2x8x8x3xf32>
  return %7, %5 : tensor<2x8x8x3xf32>, tensor<3x3x3x4xf32>
}
