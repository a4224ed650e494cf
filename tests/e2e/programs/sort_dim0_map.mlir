// A sort along dimension 0 sharded on x (given from the back), and a map
// over replicated operands (map_sharded.mlir has sharded ones).
// MESH @mesh = xy
sdy.mesh @mesh = MESH
func.func @main(%a: tensor<16x8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}, %b: tensor<8x8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) -> (tensor<16x8xi32>, tensor<8x8xi32>) {
  %0 = "stablehlo.sort"(%a) <{dimension = -2 : i64}> ({
  ^bb0(%x: tensor<i32>, %y: tensor<i32>):
    %c = stablehlo.compare LT, %x, %y, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }) : (tensor<16x8xi32>) -> tensor<16x8xi32>
  %1 = "stablehlo.map"(%b, %b) <{dimensions = array<i64: 0, 1>}> ({
  ^bb0(%x: tensor<i32>, %y: tensor<i32>):
    %m = stablehlo.multiply %x, %y : tensor<i32>
    %s = stablehlo.subtract %m, %x : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) : (tensor<8x8xi32>, tensor<8x8xi32>) -> tensor<8x8xi32>
  return %0, %1 : tensor<16x8xi32>, tensor<8x8xi32>
}
