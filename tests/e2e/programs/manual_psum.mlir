// Manual computation over "x" (size 2) with a user all_reduce (psum) over
// "x": per-shard column sums, summed across shards. "y" stays free.
// MESH @mesh = xy
// MPI
sdy.mesh @mesh = MESH
func.func @main(%a: tensor<8x16xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<16xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}) {
  %0 = sdy.manual_computation(%a) in_shardings=[<@mesh, [{"x"}, {}]>] out_shardings=[<@mesh, [{}]>] manual_axes={"x"} (%l: tensor<4x16xi32>) {
    %z = stablehlo.constant dense<0> : tensor<i32>
    %s = stablehlo.reduce(%l init: %z) applies stablehlo.add across dimensions = [0] : (tensor<4x16xi32>, tensor<i32>) -> tensor<16xi32>
    %r = "stablehlo.all_reduce"(%s) <{channel_handle = #stablehlo.channel_handle<handle = 101, type = 1>, replica_groups = GROUPS(x), use_global_device_ids}> ({
    ^bb0(%p: tensor<i32>, %q: tensor<i32>):
      %t = stablehlo.add %p, %q : tensor<i32>
      stablehlo.return %t : tensor<i32>
    }) : (tensor<16xi32>) -> tensor<16xi32>
    sdy.return %r : tensor<16xi32>
  } : (tensor<8x16xi32>) -> tensor<16xi32>
  return %0 : tensor<16xi32>
}
func.func @ref(%a: tensor<8x16xi32>) -> tensor<16xi32> {
  %z = stablehlo.constant dense<0> : tensor<i32>
  %s = stablehlo.reduce(%a init: %z) applies stablehlo.add across dimensions = [0] : (tensor<8x16xi32>, tensor<i32>) -> tensor<16xi32>
  return %s : tensor<16xi32>
}
