// A mesh with a non-trivial device order (device_ids): shards go to the
// devices the mesh names, collectives use those device ids.
// MESH @mesh 2: <["x"=2], device_ids=[1, 0]> ; 4: <["x"=2, "y"=2], device_ids=[3, 1, 2, 0]> ; 8: <["x"=2, "y"=4], device_ids=[7, 6, 5, 4, 0, 1, 2, 3]>
// TOL: 1e-5
// MPI
sdy.mesh @mesh = MESH
func.func @main(%a: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, %b: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}, tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}) {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>
  %1 = stablehlo.negate %a : tensor<8x16xf32>
  return %0, %1 : tensor<8x8xf32>, tensor<8x16xf32>
}
