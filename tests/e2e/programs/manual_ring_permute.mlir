// Manual computation over "x" with a user collective_permute (ring shift by
// one along "x"): with two shards along "x" the row halves swap.
// MESH @mesh = xy
sdy.mesh @mesh = MESH
func.func @main(%a: tensor<8x8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<8x8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
  %0 = sdy.manual_computation(%a) in_shardings=[<@mesh, [{"x"}, {}]>] out_shardings=[<@mesh, [{"x"}, {}]>] manual_axes={"x"} (%l: tensor<4x8xi32>) {
    %n = stablehlo.negate %l : tensor<4x8xi32>
    %p = "stablehlo.collective_permute"(%n) <{channel_handle = #stablehlo.channel_handle<handle = 101, type = 1>, source_target_pairs = PAIRS(x)}> : (tensor<4x8xi32>) -> tensor<4x8xi32>
    sdy.return %p : tensor<4x8xi32>
  } : (tensor<8x8xi32>) -> tensor<8x8xi32>
  return %0 : tensor<8x8xi32>
}
func.func @ref(%a: tensor<8x8xi32>) -> tensor<8x8xi32> {
  %n = stablehlo.negate %a : tensor<8x8xi32>
  %lo = stablehlo.slice %n [0:4, 0:8] : (tensor<8x8xi32>) -> tensor<4x8xi32>
  %hi = stablehlo.slice %n [4:8, 0:8] : (tensor<8x8xi32>) -> tensor<4x8xi32>
  %r = stablehlo.concatenate %hi, %lo, dim = 0 : (tensor<4x8xi32>, tensor<4x8xi32>) -> tensor<8x8xi32>
  return %r : tensor<8x8xi32>
}
