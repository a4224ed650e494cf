// A while loop with a reduction inside the body: each iteration subtracts
// the row sums (over a sharded dimension) from the carried tensor.
// MESH @mesh = x
sdy.mesh @mesh = MESH
func.func @main(%a: tensor<4x16xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}) -> (tensor<4x16xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}) {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %0:2 = stablehlo.while(%i = %c0, %x = %a) : tensor<i32>, tensor<4x16xi32>
  cond {
    %c2 = stablehlo.constant dense<2> : tensor<i32>
    %1 = stablehlo.compare LT, %i, %c2 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  } do {
    %c1 = stablehlo.constant dense<1> : tensor<i32>
    %1 = stablehlo.add %i, %c1 : tensor<i32>
    %z = stablehlo.constant dense<0> : tensor<i32>
    %2 = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [1] : (tensor<4x16xi32>, tensor<i32>) -> tensor<4xi32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [0] : (tensor<4xi32>) -> tensor<4x16xi32>
    %4 = stablehlo.subtract %x, %3 : tensor<4x16xi32>
    stablehlo.return %1, %4 : tensor<i32>, tensor<4x16xi32>
  }
  return %0#1 : tensor<4x16xi32>
}
