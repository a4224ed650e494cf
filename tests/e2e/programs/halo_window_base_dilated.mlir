// reduce_windows over rows dilated by a base dilation b, along a dimension
// sharded over x; each stays sharded. The local op keeps the dilation and
// one low padding for all shards; where a result shard's extent (rows x
// stride) is not a multiple of b its windows start on an input row on some
// shards and on a hole on others, so every shard computes a result more
// and keeps its own from a per-device offset:
//   2-row sum, b = 2, 16 -> 30 results: 15, 8, 4 per shard on 2, 4, 8
//     devices (offset results on 2);
//   centred 3-row max (padding 1), b = 2, 16 -> 31: 16, 8, 4;
//   3-row stride-2 sum, b = 2, 16 -> 15: extents 16, 8, 4;
//   2-row sum, b = 3, 16 -> 45: 23, 12, 6 (offset on 2);
//   3-row sum, b = 2, 15 -> 27: 14, 7, 4 (offset on 4);
//   1-row sum, b = 3, 16 -> 46 (a pass-through factor): 23 rows per
//     shard on 2 devices do not line up with 24 dilated input rows (a
//     halo and offset results), 12 and 6 on 4 and 8 do (local).
// MESH @mesh = x
// TOL: 1e-5
sdy.mesh @mesh = MESH
func.func @main(%a: tensor<16x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, %b: tensor<15x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<30x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, tensor<31x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, tensor<15x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, tensor<45x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, tensor<27x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, tensor<46x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %0 = "stablehlo.reduce_window"(%a, %zero) <{window_dimensions = array<i64: 2, 1>, base_dilations = array<i64: 2, 1>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<16x64xf32>, tensor<f32>) -> tensor<30x64xf32>
  %1 = "stablehlo.reduce_window"(%a, %ninf) <{padding = dense<[[1, 1], [0, 0]]> : tensor<2x2xi64>, window_dimensions = array<i64: 3, 1>, base_dilations = array<i64: 2, 1>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %m = stablehlo.maximum %x, %y : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) : (tensor<16x64xf32>, tensor<f32>) -> tensor<31x64xf32>
  %2 = "stablehlo.reduce_window"(%a, %zero) <{window_dimensions = array<i64: 3, 1>, window_strides = array<i64: 2, 1>, base_dilations = array<i64: 2, 1>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<16x64xf32>, tensor<f32>) -> tensor<15x64xf32>
  %3 = "stablehlo.reduce_window"(%a, %zero) <{window_dimensions = array<i64: 2, 1>, base_dilations = array<i64: 3, 1>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<16x64xf32>, tensor<f32>) -> tensor<45x64xf32>
  %4 = "stablehlo.reduce_window"(%b, %zero) <{window_dimensions = array<i64: 3, 1>, base_dilations = array<i64: 2, 1>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<15x64xf32>, tensor<f32>) -> tensor<27x64xf32>
  %5 = "stablehlo.reduce_window"(%a, %zero) <{window_dimensions = array<i64: 1, 1>, base_dilations = array<i64: 3, 1>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<16x64xf32>, tensor<f32>) -> tensor<46x64xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<30x64xf32>, tensor<31x64xf32>, tensor<15x64xf32>, tensor<45x64xf32>, tensor<27x64xf32>, tensor<46x64xf32>
}
