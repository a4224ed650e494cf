// A hand-written Megatron MLP: manual over "model", the row-parallel
// matmul's partial sums added by a user all_reduce over "model"; the batch
// stays sharded on the free axis "data" outside.
// MESH @mesh 2: <["data"=1, "model"=2]> ; 4: <["data"=2, "model"=2]> ; 8: <["data"=4, "model"=2]>
// TOL: 1e-5
sdy.mesh @mesh = MESH
func.func @main(%x: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}, %w1: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"model"}]>}, %w2: tensor<32x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}) {
  %0 = sdy.manual_computation(%x, %w1, %w2) in_shardings=[<@mesh, [{}, {}]>, <@mesh, [{}, {"model"}]>, <@mesh, [{"model"}, {}]>] out_shardings=[<@mesh, [{}, {}]>] manual_axes={"model"} (%lx: tensor<8x16xf32>, %lw1: tensor<16x16xf32>, %lw2: tensor<16x16xf32>) {
    %h = stablehlo.dot_general %lx, %lw1, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x16xf32>) -> tensor<8x16xf32>
    %t = stablehlo.tanh %h : tensor<8x16xf32>
    %y = stablehlo.dot_general %t, %lw2, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x16xf32>) -> tensor<8x16xf32>
    %r = "stablehlo.all_reduce"(%y) <{channel_handle = #stablehlo.channel_handle<handle = 101, type = 1>, replica_groups = GROUPS(model), use_global_device_ids}> ({
    ^bb0(%p: tensor<f32>, %q: tensor<f32>):
      %s = stablehlo.add %p, %q : tensor<f32>
      stablehlo.return %s : tensor<f32>
    }) : (tensor<8x16xf32>) -> tensor<8x16xf32>
    sdy.return %r : tensor<8x16xf32>
  } : (tensor<8x16xf32>, tensor<16x32xf32>, tensor<32x16xf32>) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}
func.func @ref(%x: tensor<8x16xf32>, %w1: tensor<16x32xf32>, %w2: tensor<32x16xf32>) -> tensor<8x16xf32> {
  %h = stablehlo.dot_general %x, %w1, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x32xf32>) -> tensor<8x32xf32>
  %t = stablehlo.tanh %h : tensor<8x32xf32>
  %y = stablehlo.dot_general %t, %w2, contracting_dims = [1] x [0] : (tensor<8x32xf32>, tensor<32x16xf32>) -> tensor<8x16xf32>
  return %y : tensor<8x16xf32>
}
