// Megatron MLP with indivisible sizes: batch 6 over "data", hidden 10 over
// "model" (padding masked before the row-parallel contraction).
// MESH @mesh = dm
// TOL: 1e-5
sdy.mesh @mesh = MESH
func.func @main(%x: tensor<6x12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>},
                %w1: tensor<12x10xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"model"}]>},
                %w2: tensor<10x12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {}]>}) -> (tensor<6x12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}) {
  %h = stablehlo.dot_general %x, %w1, contracting_dims = [1] x [0] : (tensor<6x12xf32>, tensor<12x10xf32>) -> tensor<6x10xf32>
  %e = stablehlo.exponential %h : tensor<6x10xf32>
  %y = stablehlo.dot_general %e, %w2, contracting_dims = [1] x [0] : (tensor<6x10xf32>, tensor<10x12xf32>) -> tensor<6x12xf32>
  return %y : tensor<6x12xf32>
}
