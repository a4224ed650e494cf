// stablehlo.if on a predicate computed from a sharded reduction.
// MESH @mesh = xy
sdy.mesh @mesh = MESH
func.func @main(%a: tensor<8x8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> (tensor<8x8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) {
  %z = stablehlo.constant dense<0> : tensor<i32>
  %s = stablehlo.reduce(%a init: %z) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x8xi32>, tensor<i32>) -> tensor<i32>
  %p = stablehlo.compare GT, %s, %z : (tensor<i32>, tensor<i32>) -> tensor<i1>
  %0 = "stablehlo.if"(%p) ({
    %1 = stablehlo.negate %a : tensor<8x8xi32>
    stablehlo.return %1 : tensor<8x8xi32>
  }, {
    %1 = stablehlo.add %a, %a : tensor<8x8xi32>
    stablehlo.return %1 : tensor<8x8xi32>
  }) : (tensor<i1>) -> tensor<8x8xi32>
  return %0 : tensor<8x8xi32>
}
