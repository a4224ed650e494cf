// Max over an indivisible dimension of all-negative integers: the padding
// must be masked with the reduction's init value, not zero.
// MESH @mesh = x
sdy.mesh @mesh = MESH
func.func @main(%a: tensor<4x7xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}) -> (tensor<4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}) {
  %c = stablehlo.constant dense<20> : tensor<4x7xi32>
  %s = stablehlo.subtract %a, %c : tensor<4x7xi32>
  %n = sdy.sharding_constraint %s <@mesh, [{}, {"x"}]> : tensor<4x7xi32>
  %init = stablehlo.constant dense<-1000> : tensor<i32>
  %0 = stablehlo.reduce(%n init: %init) applies stablehlo.maximum across dimensions = [1] : (tensor<4x7xi32>, tensor<i32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}
