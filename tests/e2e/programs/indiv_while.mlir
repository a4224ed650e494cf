// A while loop carrying an indivisible sharded tensor (5x3 over x, y) and
// reducing it every iteration.
// MESH @mesh = xy
sdy.mesh @mesh = MESH
func.func @main(%a: tensor<5x3xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {"x"}]>}) -> (tensor<5x3xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {"x"}]>}, tensor<3xi32>) {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %z3 = stablehlo.constant dense<0> : tensor<3xi32>
  %0:3 = stablehlo.while(%i = %c0, %x = %a, %s = %z3) : tensor<i32>, tensor<5x3xi32>, tensor<3xi32>
  cond {
    %c3 = stablehlo.constant dense<3> : tensor<i32>
    %1 = stablehlo.compare LT, %i, %c3 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  } do {
    %c1 = stablehlo.constant dense<1> : tensor<i32>
    %1 = stablehlo.add %i, %c1 : tensor<i32>
    %z = stablehlo.constant dense<0> : tensor<i32>
    %2 = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [0] : (tensor<5x3xi32>, tensor<i32>) -> tensor<3xi32>
    %3 = stablehlo.add %s, %2 : tensor<3xi32>
    %4 = stablehlo.multiply %x, %x : tensor<5x3xi32>
    %5 = stablehlo.subtract %4, %x : tensor<5x3xi32>
    stablehlo.return %1, %5, %3 : tensor<i32>, tensor<5x3xi32>, tensor<3xi32>
  }
  return %0#1, %0#2 : tensor<5x3xi32>, tensor<3xi32>
}
