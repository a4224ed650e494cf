// Windows along 14 rows sharded over x, which split unevenly on 4 and 8
// devices (4 and 2 rows per shard, the last rows padding): the padding rows
// are masked to the op's padding value before the halo exchange, so a max
// pool (SAME, -inf), a stride-3 VALID sum (14 -> 4 results) and a VALID
// convolution (14 -> 12) read what the unsharded op reads. A 9-row centred
// window needs 4 rows from each side: more than one 2-row shard on 8
// devices, taken from the two shards on each side. A low padding of 20
// reaches beyond every shard: those rows are padding on every device.
// 64 features keep the shards large enough for the exchange to be
// modelled cheaper than a gather.
// MESH @mesh = x
// TOL: 1e-5
sdy.mesh @mesh = MESH
func.func @main(%a: tensor<2x14x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}, {}]>}, %w: tensor<3x64x2xf32>) -> (tensor<2x14x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}, {}]>}, tensor<2x4x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}, {}]>}, tensor<2x12x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}, {}]>}, tensor<2x14x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}, {}]>}, tensor<2x31x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}, {}]>}) {
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = "stablehlo.reduce_window"(%a, %ninf) <{padding = dense<[[0, 0], [1, 1], [0, 0]]> : tensor<3x2xi64>, window_dimensions = array<i64: 1, 3, 1>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %m = stablehlo.maximum %x, %y : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) : (tensor<2x14x64xf32>, tensor<f32>) -> tensor<2x14x64xf32>
  %1 = "stablehlo.reduce_window"(%a, %zero) <{window_dimensions = array<i64: 1, 4, 1>, window_strides = array<i64: 1, 3, 1>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<2x14x64xf32>, tensor<f32>) -> tensor<2x4x64xf32>
  %2 = stablehlo.convolution(%a, %w) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x14x64xf32>, tensor<3x64x2xf32>) -> tensor<2x12x2xf32>
  %3 = "stablehlo.reduce_window"(%a, %ninf) <{padding = dense<[[0, 0], [4, 4], [0, 0]]> : tensor<3x2xi64>, window_dimensions = array<i64: 1, 9, 1>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %m = stablehlo.maximum %x, %y : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) : (tensor<2x14x64xf32>, tensor<f32>) -> tensor<2x14x64xf32>
  %4 = "stablehlo.reduce_window"(%a, %zero) <{padding = dense<[[0, 0], [20, 0], [0, 0]]> : tensor<3x2xi64>, window_dimensions = array<i64: 1, 4, 1>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<2x14x64xf32>, tensor<f32>) -> tensor<2x31x64xf32>
  return %0, %1, %2, %3, %4 : tensor<2x14x64xf32>, tensor<2x4x64xf32>, tensor<2x12x2xf32>, tensor<2x14x64xf32>, tensor<2x31x64xf32>
}
