// chlo ops inside a manual computation (shard_map over "x"): each shard
// runs erf and top_k on its local rows; "y" stays free.
// MESH @mesh = xy
sdy.mesh @mesh = MESH
func.func @main(%a: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, tensor<8x4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
  %0:2 = sdy.manual_computation(%a) in_shardings=[<@mesh, [{"x"}, {}]>] out_shardings=[<@mesh, [{"x"}, {}]>, <@mesh, [{"x"}, {}]>] manual_axes={"x"} (%l: tensor<4x16xf32>) {
    %e = chlo.erf %l : tensor<4x16xf32> -> tensor<4x16xf32>
    %v, %i = chlo.top_k(%e, k = 4) : tensor<4x16xf32> -> (tensor<4x4xf32>, tensor<4x4xi32>)
    sdy.return %v, %i : tensor<4x4xf32>, tensor<4x4xi32>
  } : (tensor<8x16xf32>) -> (tensor<8x4xf32>, tensor<8x4xi32>)
  return %0#0, %0#1 : tensor<8x4xf32>, tensor<8x4xi32>
}
func.func @ref(%a: tensor<8x16xf32>) -> (tensor<8x4xf32>, tensor<8x4xi32>) {
  %e = chlo.erf %a : tensor<8x16xf32> -> tensor<8x16xf32>
  %v, %i = chlo.top_k(%e, k = 4) : tensor<8x16xf32> -> (tensor<8x4xf32>, tensor<8x4xi32>)
  return %v, %i : tensor<8x4xf32>, tensor<8x4xi32>
}
