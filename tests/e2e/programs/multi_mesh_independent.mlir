// Two meshes over the same devices with different axes; each computation
// stays on its own mesh.
// MESH @mesh = xy
// MESH @ring 2: <["r"=2]> ; 4: <["r"=4]> ; 8: <["r"=8]>
// MPI
sdy.mesh @mesh = MESH
sdy.mesh @ring = MESH
func.func @main(%a: tensor<8x8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}, %b: tensor<16x4xi32> {sdy.sharding = #sdy.sharding<@ring, [{"r"}, {}]>}) -> (tensor<8x8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {"x"}]>}, tensor<4xi32> {sdy.sharding = #sdy.sharding<@ring, [{}]>}) {
  %0 = stablehlo.multiply %a, %a : tensor<8x8xi32>
  %z = stablehlo.constant dense<0> : tensor<i32>
  %1 = stablehlo.reduce(%b init: %z) applies stablehlo.add across dimensions = [0] : (tensor<16x4xi32>, tensor<i32>) -> tensor<4xi32>
  return %0, %1 : tensor<8x8xi32>, tensor<4xi32>
}
