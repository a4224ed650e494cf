// Arguments on two meshes (same axes, different device order) combined by
// an elementwise op: one operand is moved to the other's mesh.
// MESH @mesh = xy
// MESH @rev 2: <["x"=2, "y"=1], device_ids=[1, 0]> ; 4: <["x"=2, "y"=2], device_ids=[2, 3, 0, 1]> ; 8: <["x"=2, "y"=4], device_ids=[4, 5, 6, 7, 0, 1, 2, 3]>
// TOL: 1e-5
sdy.mesh @mesh = MESH
sdy.mesh @rev = MESH
func.func @main(%a: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}, %b: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@rev, [{"x"}, {"y"}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) {
  %0 = stablehlo.multiply %a, %b : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}
