// Contraction over an indivisible sharded dimension (6 over up to 4).
// MESH @mesh = xy
// TOL: 1e-5
sdy.mesh @mesh = MESH
func.func @main(%a: tensor<5x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}, %b: tensor<6x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {}]>}) -> (tensor<5x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<5x6xf32>, tensor<6x3xf32>) -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}
