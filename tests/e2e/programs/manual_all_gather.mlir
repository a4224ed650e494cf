// Manual computation over "x" with a user all_gather along "x" inside, the
// output replicated over "x"; the computation around it is sharded on "y".
// MESH @mesh = xy
sdy.mesh @mesh = MESH
func.func @main(%a: tensor<8x16xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> (tensor<8x16xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}) {
  %0 = sdy.manual_computation(%a) in_shardings=[<@mesh, [{"x"}, {}]>] out_shardings=[<@mesh, [{}, {}]>] manual_axes={"x"} (%l: tensor<4x16xi32>) {
    %d = stablehlo.add %l, %l : tensor<4x16xi32>
    %g = "stablehlo.all_gather"(%d) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 101, type = 1>, replica_groups = GROUPS(x), use_global_device_ids}> : (tensor<4x16xi32>) -> tensor<8x16xi32>
    sdy.return %g : tensor<8x16xi32>
  } : (tensor<8x16xi32>) -> tensor<8x16xi32>
  %1 = stablehlo.multiply %0, %a : tensor<8x16xi32>
  return %1 : tensor<8x16xi32>
}
func.func @ref(%a: tensor<8x16xi32>) -> tensor<8x16xi32> {
  %d = stablehlo.add %a, %a : tensor<8x16xi32>
  %1 = stablehlo.multiply %d, %a : tensor<8x16xi32>
  return %1 : tensor<8x16xi32>
}
