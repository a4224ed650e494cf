// Two meshes over the same devices; an add combines a tensor sharded on
// one mesh with a tensor sharded on the other.
// MESH @mesh = xy
// MESH @ring 2: <["r"=2]> ; 4: <["r"=4]> ; 8: <["r"=8]>
sdy.mesh @mesh = MESH
sdy.mesh @ring = MESH
func.func @main(%a: tensor<16x8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}, %b: tensor<16x8xi32> {sdy.sharding = #sdy.sharding<@ring, [{"r"}, {}]>}) -> (tensor<16x8xi32> {sdy.sharding = #sdy.sharding<@ring, [{"r"}, {}]>}) {
  %0 = stablehlo.add %a, %b : tensor<16x8xi32>
  return %0 : tensor<16x8xi32>
}
