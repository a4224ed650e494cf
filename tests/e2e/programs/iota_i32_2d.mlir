// Iotas along both sharded dimensions and a dense constant: every device
// must see its own slice of them.
// MESH @mesh = xy
sdy.mesh @mesh = MESH
func.func @main(%a: tensor<8x8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> (tensor<8x8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) {
  %i = stablehlo.iota dim = 0 : tensor<8x8xi32>
  %j = stablehlo.iota dim = 1 : tensor<8x8xi32>
  %c = stablehlo.constant dense<[1, 2, 3, 4, 5, 6, 7, 8]> : tensor<8xi32>
  %cb = stablehlo.broadcast_in_dim %c, dims = [1] : (tensor<8xi32>) -> tensor<8x8xi32>
  %k = stablehlo.constant dense<10> : tensor<8x8xi32>
  %0 = stablehlo.multiply %i, %k : tensor<8x8xi32>
  %1 = stablehlo.add %0, %j : tensor<8x8xi32>
  %2 = stablehlo.multiply %1, %cb : tensor<8x8xi32>
  %3 = stablehlo.add %2, %a : tensor<8x8xi32>
  return %3 : tensor<8x8xi32>
}
