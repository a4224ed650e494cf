// Transpose of a 2-d sharded tensor added to a differently sharded operand.
// MESH @mesh = xy
// MPI
sdy.mesh @mesh = MESH
func.func @main(%a: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}, %b: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {"x"}]>}) {
  %t = stablehlo.transpose %a, dims = [1, 0] : (tensor<8x16xf32>) -> tensor<16x8xf32>
  %0 = stablehlo.add %t, %b : tensor<16x8xf32>
  return %0 : tensor<16x8xf32>
}
