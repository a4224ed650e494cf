// Elementwise ops on indivisible dimensions (6x7 on up to 2x4 devices):
// padded shards, padding zero in the result.
// MESH @mesh = xy
// MPI
sdy.mesh @mesh = MESH
func.func @main(%a: tensor<6x7xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}, %b: tensor<6x7xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> (tensor<6x7xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) {
  %0 = stablehlo.exponential %a : tensor<6x7xf32>
  %1 = stablehlo.add %0, %b : tensor<6x7xf32>
  return %1 : tensor<6x7xf32>
}
