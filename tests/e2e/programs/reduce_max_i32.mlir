// Integer max over one sharded dimension, min over another; results keep
// the remaining sharding.
// MESH @mesh = xy
sdy.mesh @mesh = MESH
func.func @main(%a: tensor<8x16xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> (tensor<8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}, tensor<16xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}]>}) {
  %lo = stablehlo.constant dense<-2147483648> : tensor<i32>
  %hi = stablehlo.constant dense<2147483647> : tensor<i32>
  %0 = stablehlo.reduce(%a init: %lo) applies stablehlo.maximum across dimensions = [1] : (tensor<8x16xi32>, tensor<i32>) -> tensor<8xi32>
  %1 = stablehlo.reduce(%a init: %hi) applies stablehlo.minimum across dimensions = [0] : (tensor<8x16xi32>, tensor<i32>) -> tensor<16xi32>
  return %0, %1 : tensor<8xi32>, tensor<16xi32>
}
