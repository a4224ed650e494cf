// Integer elementwise chain (add, mul, sub, min/max, bitwise, compare/select).
// MESH @mesh = x
// MPI
sdy.mesh @mesh = MESH
func.func @main(%a: tensor<16x8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>},
                %b: tensor<16x8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<16x8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
  %0 = stablehlo.add %a, %b : tensor<16x8xi32>
  %1 = stablehlo.multiply %0, %b : tensor<16x8xi32>
  %2 = stablehlo.subtract %1, %a : tensor<16x8xi32>
  %3 = stablehlo.xor %2, %b : tensor<16x8xi32>
  %4 = stablehlo.and %3, %0 : tensor<16x8xi32>
  %5 = stablehlo.compare GT, %4, %a : (tensor<16x8xi32>, tensor<16x8xi32>) -> tensor<16x8xi1>
  %6 = stablehlo.select %5, %4, %2 : tensor<16x8xi1>, tensor<16x8xi32>
  %7 = stablehlo.maximum %6, %b : tensor<16x8xi32>
  return %7 : tensor<16x8xi32>
}
