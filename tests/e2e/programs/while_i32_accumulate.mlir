// A while loop carrying a sharded integer accumulator and a replicated
// counter; the trip count comes from an argument.
// MESH @mesh = xy
sdy.mesh @mesh = MESH
func.func @main(%a: tensor<8x16xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}, %n: tensor<i32>) -> (tensor<8x16xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}, tensor<i32>) {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %zero = stablehlo.constant dense<0> : tensor<8x16xi32>
  %0:3 = stablehlo.while(%i = %c0, %acc = %zero, %x = %a) : tensor<i32>, tensor<8x16xi32>, tensor<8x16xi32>
  cond {
    %1 = stablehlo.compare LT, %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  } do {
    %c1 = stablehlo.constant dense<1> : tensor<i32>
    %1 = stablehlo.add %i, %c1 : tensor<i32>
    %2 = stablehlo.add %acc, %x : tensor<8x16xi32>
    %3 = stablehlo.multiply %x, %x : tensor<8x16xi32>
    %4 = stablehlo.subtract %3, %x : tensor<8x16xi32>
    stablehlo.return %1, %2, %4 : tensor<i32>, tensor<8x16xi32>, tensor<8x16xi32>
  }
  return %0#1, %0#0 : tensor<8x16xi32>, tensor<i32>
}
