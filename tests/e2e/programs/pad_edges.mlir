// Pad with low, high and interior padding on a sharded dimension.
// MESH @mesh = x
sdy.mesh @mesh = MESH
func.func @main(%a: tensor<8x4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<24x6xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
  %pv = stablehlo.constant dense<-3> : tensor<i32>
  %0 = stablehlo.pad %a, %pv, low = [2, 1], high = [7, 1], interior = [1, 0] : (tensor<8x4xi32>, tensor<i32>) -> tensor<24x6xi32>
  return %0 : tensor<24x6xi32>
}
