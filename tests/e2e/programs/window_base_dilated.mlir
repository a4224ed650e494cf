// Size-1 windows with base dilation along a dimension sharded on x: the
// dimension is a pass-through factor (as in Shardy), so it stays sharded.
// Dilation 2 of 8 rows gives 15: each shard dilates its own rows locally.
// Dilation 3 gives 22, whose 2-way shards (11 rows) do not line up with the
// dilated input shards (12 rows): the dimension is gathered first; 4 and 8
// ways line up again. The init value 5 marks the holes.
// MESH @mesh = x
sdy.mesh @mesh = MESH
func.func @main(%a: tensor<8x3xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<15x3xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, tensor<22x3xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
  %init = stablehlo.constant dense<5> : tensor<i32>
  %0 = "stablehlo.reduce_window"(%a, %init) <{window_dimensions = array<i64: 1, 1>, base_dilations = array<i64: 2, 1>}> ({
  ^bb0(%x: tensor<i32>, %y: tensor<i32>):
    %s = stablehlo.add %x, %y : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) : (tensor<8x3xi32>, tensor<i32>) -> tensor<15x3xi32>
  %1 = "stablehlo.reduce_window"(%a, %init) <{window_dimensions = array<i64: 1, 1>, window_dilations = array<i64: 2, 1>, base_dilations = array<i64: 3, 1>}> ({
  ^bb0(%x: tensor<i32>, %y: tensor<i32>):
    %m = stablehlo.maximum %x, %y : tensor<i32>
    stablehlo.return %m : tensor<i32>
  }) : (tensor<8x3xi32>, tensor<i32>) -> tensor<22x3xi32>
  return %0, %1 : tensor<15x3xi32>, tensor<22x3xi32>
}
