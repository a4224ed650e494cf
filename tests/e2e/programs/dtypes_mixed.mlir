// Other element types through sharded elementwise ops and a reshard:
// i64, f64, ui32 and i1.
// MESH @mesh = xy
sdy.mesh @mesh = MESH
func.func @main(%a: tensor<8x8xi64> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}, %b: tensor<8x8xf64> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {}]>}, %c: tensor<8x8xui32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}, %p: tensor<8x8xi1> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<8x8xi64> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}, tensor<8x8xf64> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}, tensor<8x8xui32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {}]>}, tensor<8x8xi1> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}) {
  %0 = stablehlo.multiply %a, %a : tensor<8x8xi64>
  %1 = stablehlo.convert %a : (tensor<8x8xi64>) -> tensor<8x8xf64>
  %2 = stablehlo.add %1, %b : tensor<8x8xf64>
  %3 = stablehlo.select %p, %2, %b : tensor<8x8xi1>, tensor<8x8xf64>
  %4 = stablehlo.add %c, %c : tensor<8x8xui32>
  %5 = stablehlo.not %p : tensor<8x8xi1>
  return %0, %3, %4, %5 : tensor<8x8xi64>, tensor<8x8xf64>, tensor<8x8xui32>, tensor<8x8xi1>
}
