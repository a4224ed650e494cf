// Manual over "x", body sharded along the free axis "y" with a user
// sdy.all_gather over "y" (lowered by the partitioner).
// MESH @mesh 4: <["x"=2, "y"=2]> ; 8: <["x"=2, "y"=4]>
// DEVICES: 4,8
sdy.mesh @mesh = MESH
func.func @main(%a: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}, {}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
  %0 = sdy.manual_computation(%a) in_shardings=[<@mesh, [{"x", "y"}, {}]>] out_shardings=[<@mesh, [{"x"}, {}]>] manual_axes={"x"} (%l: tensor<4x16xf32>) {
    %1 = stablehlo.negate %l {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}, {}]>]>} : tensor<4x16xf32>
    %2 = sdy.all_gather [{"y"}, {}] %1 out_sharding=<@mesh, [{}, {}]> : tensor<4x16xf32>
    sdy.return %2 : tensor<4x16xf32>
  } : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}
func.func @ref(%a: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %0 = stablehlo.negate %a : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}
