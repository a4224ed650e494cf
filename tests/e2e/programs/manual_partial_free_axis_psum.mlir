// Manual computation over "x" only, with "y" free: the argument arrives
// sharded along "y" on rows, propagation carries "y" through the body (as
// the real Shardy does), and the user all_reduce over "x" runs on the
// "y"-local rows (all_reduce is elementwise along free dimensions).
// MESH @mesh = xy
// MPI
sdy.mesh @mesh = MESH
func.func @main(%a: tensor<8x16xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {"x"}]>}) -> (tensor<8x16xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {"x"}]>}) {
  %0 = sdy.manual_computation(%a) in_shardings=[<@mesh, [{?}, {"x", ?}]>] out_shardings=[<@mesh, [{?}, {"x", ?}]>] manual_axes={"x"} (%l: tensor<8x8xi32>) {
    %d = stablehlo.add %l, %l : tensor<8x8xi32>
    %r = "stablehlo.all_reduce"(%d) <{channel_handle = #stablehlo.channel_handle<handle = 102, type = 1>, replica_groups = GROUPS(x), use_global_device_ids}> ({
    ^bb0(%p: tensor<i32>, %q: tensor<i32>):
      %t = stablehlo.add %p, %q : tensor<i32>
      stablehlo.return %t : tensor<i32>
    }) : (tensor<8x8xi32>) -> tensor<8x8xi32>
    sdy.return %r : tensor<8x8xi32>
  } : (tensor<8x16xi32>) -> tensor<8x16xi32>
  return %0 : tensor<8x16xi32>
}
func.func @ref(%a: tensor<8x16xi32>) -> tensor<8x16xi32> {
  %l = stablehlo.slice %a [0:8, 0:8] : (tensor<8x16xi32>) -> tensor<8x8xi32>
  %h = stablehlo.slice %a [0:8, 8:16] : (tensor<8x16xi32>) -> tensor<8x8xi32>
  %s = stablehlo.add %l, %h : tensor<8x8xi32>
  %d = stablehlo.add %s, %s : tensor<8x8xi32>
  %c = stablehlo.concatenate %d, %d, dim = 1 : (tensor<8x8xi32>, tensor<8x8xi32>) -> tensor<8x16xi32>
  return %c : tensor<8x16xi32>
}
