// MESH @mesh = dm
// A reshape whose merged dimension's major factor is not fully sharded:
// "model" on the minor factor must not tile the merged dimension.
sdy.mesh @mesh = MESH
func.func @main(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {"model"}]>}) -> (tensor<16x8xf32>, tensor<128xf32>) {
  %0 = stablehlo.reshape %arg0 : (tensor<8x16xf32>) -> tensor<16x8xf32>
  %1 = stablehlo.reshape %arg0 : (tensor<8x16xf32>) -> tensor<128xf32>
  return %0, %1 : tensor<16x8xf32>, tensor<128xf32>
}
