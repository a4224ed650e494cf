// stablehlo.case on a replicated index (out-of-range -> last branch) with
// sharded operands used in the branches.
// MESH @mesh = xy
// MPI
sdy.mesh @mesh = MESH
func.func @main(%idx: tensor<i32>, %a: tensor<8x8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}, %b: tensor<8x8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> (tensor<8x8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) {
  %0 = "stablehlo.case"(%idx) ({
    %1 = stablehlo.add %a, %b : tensor<8x8xi32>
    stablehlo.return %1 : tensor<8x8xi32>
  }, {
    %1 = stablehlo.multiply %a, %b : tensor<8x8xi32>
    stablehlo.return %1 : tensor<8x8xi32>
  }, {
    %1 = stablehlo.negate %a : tensor<8x8xi32>
    stablehlo.return %1 : tensor<8x8xi32>
  }) : (tensor<i32>) -> tensor<8x8xi32>
  return %0 : tensor<8x8xi32>
}
