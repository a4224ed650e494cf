// Iota, constants and broadcasts feeding sharded elementwise ops.
// MESH @mesh = yx
sdy.mesh @mesh = MESH
func.func @main(%a: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {"x"}]>}, %v: tensor<8xf32>) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {"x"}]>}) {
  %i = stablehlo.iota dim = 0 : tensor<8x8xf32>
  %b = stablehlo.broadcast_in_dim %v, dims = [1] : (tensor<8xf32>) -> tensor<8x8xf32>
  %c = stablehlo.constant dense<[[1.0], [2.0], [3.0], [4.0], [5.0], [6.0], [7.0], [8.0]]> : tensor<8x1xf32>
  %cb = stablehlo.broadcast_in_dim %c, dims = [0, 1] : (tensor<8x1xf32>) -> tensor<8x8xf32>
  %0 = stablehlo.add %i, %b : tensor<8x8xf32>
  %1 = stablehlo.multiply %0, %a : tensor<8x8xf32>
  %2 = stablehlo.add %1, %cb : tensor<8x8xf32>
  return %2 : tensor<8x8xf32>
}
