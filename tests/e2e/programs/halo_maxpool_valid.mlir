// Max pooling 3x3 with VALID padding, stride 1 and stride 2, of an NHWC
// batch sharded on H over x. Stride 1 (16 rows -> 14) on 2 devices takes the
// halo path with a different window offset per device (a dynamic_slice of
// the extended shard); on 4 and 8 devices, and for stride 2 (16 -> 7), the
// result does not split evenly and the H dimension is gathered instead.
// MESH @mesh = x
sdy.mesh @mesh = MESH
func.func @main(%a: tensor<2x16x8x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}, {}, {}]>}) -> (tensor<2x14x6x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}, {}, {}]>}, tensor<2x7x3x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}, {}, {}]>}) {
  %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %0 = "stablehlo.reduce_window"(%a, %cst) <{window_dimensions = array<i64: 1, 3, 3, 1>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %m = stablehlo.maximum %x, %y : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) : (tensor<2x16x8x2xf32>, tensor<f32>) -> tensor<2x14x6x2xf32>
  %1 = "stablehlo.reduce_window"(%a, %cst) <{window_dimensions = array<i64: 1, 3, 3, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %m = stablehlo.maximum %x, %y : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) : (tensor<2x16x8x2xf32>, tensor<f32>) -> tensor<2x7x3x2xf32>
  return %0, %1 : tensor<2x14x6x2xf32>, tensor<2x7x3x2xf32>
}
