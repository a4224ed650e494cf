// slice and pad on an indivisible sharded dimension (9 -> 5 -> 11).
// MESH @mesh = xy
sdy.mesh @mesh = MESH
func.func @main(%a: tensor<9x6xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}, {}]>}) -> (tensor<11x6xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}, {}]>}) {
  %0 = stablehlo.slice %a [2:7, 0:6] : (tensor<9x6xi32>) -> tensor<5x6xi32>
  %pv = stablehlo.constant dense<9> : tensor<i32>
  %1 = stablehlo.pad %0, %pv, low = [1, 0], high = [1, 0], interior = [1, 0] : (tensor<5x6xi32>, tensor<i32>) -> tensor<11x6xi32>
  return %1 : tensor<11x6xi32>
}
