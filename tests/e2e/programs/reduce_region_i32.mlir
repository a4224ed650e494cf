// A reduce with a written-out region (sum) over the sharded dimension of a
// rank-3 tensor, then a broadcast back (softmax-like normalization shape).
// MESH @mesh = xy
sdy.mesh @mesh = MESH
func.func @main(%a: tensor<4x8x8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}, {}]>}) -> (tensor<4x8x8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}, {}]>}) {
  %z = stablehlo.constant dense<0> : tensor<i32>
  %0 = stablehlo.reduce(%a init: %z) across dimensions = [1] : (tensor<4x8x8xi32>, tensor<i32>) -> tensor<4x8xi32>
   reducer(%x: tensor<i32>, %y: tensor<i32>) {
    %s = stablehlo.add %x, %y : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }
  %1 = stablehlo.broadcast_in_dim %0, dims = [0, 2] : (tensor<4x8xi32>) -> tensor<4x8x8xi32>
  %2 = stablehlo.subtract %a, %1 : tensor<4x8x8xi32>
  return %2 : tensor<4x8x8xi32>
}
