// batch_norm_inference is pointwise (batch and feature dims sharded);
// batch_norm_training and batch_norm_grad reduce over the batch and have no
// rule, so they run on gathered operands.
// MESH @mesh = xy
// TOL: 1e-4
sdy.mesh @mesh = MESH
func.func @main(%x: tensor<8x4x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}, {}]>}, %scale: tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}]>}, %offset: tensor<4xf32>, %g: tensor<8x4x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}, {}]>}) -> (tensor<8x4x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}, {}]>}, tensor<8x4x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}, {}]>}, tensor<4xf32>, tensor<8x4x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}, {}]>}, tensor<4xf32>) {
  %o:3 = "stablehlo.batch_norm_training"(%x, %scale, %offset) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<8x4x3xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<8x4x3xf32>, tensor<4xf32>, tensor<4xf32>)
  %inf = "stablehlo.batch_norm_inference"(%x, %scale, %offset, %o#1, %o#2) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<8x4x3xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<8x4x3xf32>
  %gr:3 = "stablehlo.batch_norm_grad"(%x, %scale, %o#1, %o#2, %g) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<8x4x3xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<8x4x3xf32>) -> (tensor<8x4x3xf32>, tensor<4xf32>, tensor<4xf32>)
  return %inf, %o#0, %o#2, %gr#0, %gr#1 : tensor<8x4x3xf32>, tensor<8x4x3xf32>, tensor<4xf32>, tensor<8x4x3xf32>, tensor<4xf32>
}
