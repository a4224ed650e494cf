// Type conversions, compare and select; two results with different shardings.
// MESH @mesh = xy
sdy.mesh @mesh = MESH
func.func @main(%a: tensor<8x8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>},
                %b: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}, tensor<8x8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {}]>}) {
  %0 = stablehlo.convert %a : (tensor<8x8xi32>) -> tensor<8x8xf32>
  %1 = stablehlo.multiply %0, %b : tensor<8x8xf32>
  %z = stablehlo.constant dense<0.0> : tensor<8x8xf32>
  %2 = stablehlo.compare GE, %1, %z : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xi1>
  %3 = stablehlo.select %2, %1, %b : tensor<8x8xi1>, tensor<8x8xf32>
  %4 = stablehlo.convert %3 : (tensor<8x8xf32>) -> tensor<8x8xi32>
  %5 = stablehlo.add %4, %a : tensor<8x8xi32>
  return %3, %5 : tensor<8x8xf32>, tensor<8x8xi32>
}
