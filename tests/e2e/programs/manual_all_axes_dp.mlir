// Fully manual data parallelism over all axes: each device multiplies its
// rows by the replicated weight, sums them, and a user all_reduce over all
// devices adds the partial sums.
// MESH @mesh = xy
// SET rows 2: 8 ; 4: 4 ; 8: 2
// TOL: 1e-5
sdy.mesh @mesh = MESH
func.func @main(%x: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}, {}]>}, %w: tensor<8x4xf32>) -> (tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}) {
  %0 = sdy.manual_computation(%x, %w) in_shardings=[<@mesh, [{"x", "y"}, {}]>, <@mesh, [{}, {}]>] out_shardings=[<@mesh, [{}]>] manual_axes={"x", "y"} (%lx: tensor<${rows}x8xf32>, %lw: tensor<8x4xf32>) {
    %h = stablehlo.dot_general %lx, %lw, contracting_dims = [1] x [0] : (tensor<${rows}x8xf32>, tensor<8x4xf32>) -> tensor<${rows}x4xf32>
    %z = stablehlo.constant dense<0.0> : tensor<f32>
    %s = stablehlo.reduce(%h init: %z) applies stablehlo.add across dimensions = [0] : (tensor<${rows}x4xf32>, tensor<f32>) -> tensor<4xf32>
    %r = "stablehlo.all_reduce"(%s) <{channel_handle = #stablehlo.channel_handle<handle = 101, type = 1>, replica_groups = GROUPS(x, y), use_global_device_ids}> ({
    ^bb0(%p: tensor<f32>, %q: tensor<f32>):
      %t = stablehlo.add %p, %q : tensor<f32>
      stablehlo.return %t : tensor<f32>
    }) : (tensor<4xf32>) -> tensor<4xf32>
    sdy.return %r : tensor<4xf32>
  } : (tensor<16x8xf32>, tensor<8x4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
func.func @ref(%x: tensor<16x8xf32>, %w: tensor<8x4xf32>) -> tensor<4xf32> {
  %h = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<16x8xf32>, tensor<8x4xf32>) -> tensor<16x4xf32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %s = stablehlo.reduce(%h init: %z) applies stablehlo.add across dimensions = [0] : (tensor<16x4xf32>, tensor<f32>) -> tensor<4xf32>
  return %s : tensor<4xf32>
}
