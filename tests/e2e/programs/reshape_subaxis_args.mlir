// User shardings with explicit sub-axes: "x":(1)2 and "x":(2)2 on two
// dimensions that a reshape merges back into one sharded along "x".
// MESH @mesh 4: <["x"=4]> ; 8: <["x"=4, "y"=2]>
// DEVICES: 4,8
sdy.mesh @mesh = MESH
func.func @main(%a: tensor<4x8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x":(1)2}, {"x":(2)2}]>}) -> (tensor<32xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) {
  %0 = stablehlo.reshape %a : (tensor<4x8xi32>) -> tensor<32xi32>
  %1 = stablehlo.add %0, %0 : tensor<32xi32>
  return %1 : tensor<32xi32>
}
