// reverse along an indivisible sharded dimension (7): the padding sits at
// the end of the last shard, so a reversed shard must not pick it up.
// MESH @mesh = x
sdy.mesh @mesh = MESH
func.func @main(%a: tensor<7x4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<7x4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
  %0 = stablehlo.reverse %a, dims = [0] : tensor<7x4xi32>
  %1 = stablehlo.add %0, %a : tensor<7x4xi32>
  return %1 : tensor<7x4xi32>
}
