// sort and argsort as JAX lowers them (the comparator canonicalizes -0 and
// NaN, then compares in total order): a sort along a dimension sharded on y
// (it needs replication) and an argsort along an unsharded one.
// MESH @mesh = xy
sdy.mesh @mesh = MESH
func.func @main(%a: tensor<8x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}, %b: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<8x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}, tensor<8x16xi32>) {
  %0 = "stablehlo.sort"(%a) <{dimension = 1 : i64, is_stable = true}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %zero = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %nan = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %xz = stablehlo.compare EQ, %x, %zero, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %x1 = stablehlo.select %xz, %zero, %x : tensor<i1>, tensor<f32>
    %xn = stablehlo.compare NE, %x, %x, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %x2 = stablehlo.select %xn, %nan, %x1 : tensor<i1>, tensor<f32>
    %yz = stablehlo.compare EQ, %y, %zero, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %y1 = stablehlo.select %yz, %zero, %y : tensor<i1>, tensor<f32>
    %yn = stablehlo.compare NE, %y, %y, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %y2 = stablehlo.select %yn, %nan, %y1 : tensor<i1>, tensor<f32>
    %c = stablehlo.compare LT, %x2, %y2, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }) : (tensor<8x32xf32>) -> tensor<8x32xf32>
  %i = stablehlo.iota dim = 1 : tensor<8x16xi32>
  %1:2 = "stablehlo.sort"(%b, %i) <{dimension = 1 : i64, is_stable = true}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>, %u: tensor<i32>, %v: tensor<i32>):
    %c = stablehlo.compare GT, %x, %y, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }) : (tensor<8x16xf32>, tensor<8x16xi32>) -> (tensor<8x16xf32>, tensor<8x16xi32>)
  return %0, %1#1 : tensor<8x32xf32>, tensor<8x16xi32>
}
