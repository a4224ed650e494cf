// device_ids on a 2-d mesh with a resharding between the axes (all_to_all
// and all_gather over permuted device groups); integer data movement.
// MESH @mesh 2: <["x"=1, "y"=2], device_ids=[1, 0]> ; 4: <["x"=2, "y"=2], device_ids=[2, 0, 3, 1]> ; 8: <["x"=2, "y"=4], device_ids=[6, 4, 2, 0, 7, 5, 3, 1]>
sdy.mesh @mesh = MESH
func.func @main(%a: tensor<8x16xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> (tensor<8x16xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {}]>}) {
  %0 = stablehlo.add %a, %a : tensor<8x16xi32>
  return %0 : tensor<8x16xi32>
}
