// Variadic reduce (argmax: value and index) over a sharded dimension.
// MESH @mesh = x
sdy.mesh @mesh = MESH
func.func @main(%a: tensor<4x16xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}) -> (tensor<4xi32>, tensor<4xi32>) {
  %i = stablehlo.iota dim = 1 : tensor<4x16xi32>
  %lo = stablehlo.constant dense<-2147483648> : tensor<i32>
  %z = stablehlo.constant dense<0> : tensor<i32>
  %0:2 = stablehlo.reduce(%a init: %lo), (%i init: %z) across dimensions = [1] : (tensor<4x16xi32>, tensor<4x16xi32>, tensor<i32>, tensor<i32>) -> (tensor<4xi32>, tensor<4xi32>)
   reducer(%v1: tensor<i32>, %v2: tensor<i32>) (%i1: tensor<i32>, %i2: tensor<i32>) {
    %gt = stablehlo.compare GT, %v1, %v2 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %eq = stablehlo.compare EQ, %v1, %v2 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %lt = stablehlo.compare LT, %i1, %i2 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %tie = stablehlo.and %eq, %lt : tensor<i1>
    %first = stablehlo.or %gt, %tie : tensor<i1>
    %v = stablehlo.select %first, %v1, %v2 : tensor<i1>, tensor<i32>
    %k = stablehlo.select %first, %i1, %i2 : tensor<i1>, tensor<i32>
    stablehlo.return %v, %k : tensor<i32>, tensor<i32>
  }
  return %0#0, %0#1 : tensor<4xi32>, tensor<4xi32>
}
