// a split by rows over "x" and columns over "y", b by rows over "y": one
// all_reduce over "y" (groups {0,1} and {2,3}) on 4 devices.
sdy.mesh @mesh = <["x"=2, "y"=2]>
func.func @main(%a: tensor<6x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>},
                %b: tensor<4x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {}]>}) -> tensor<6x2xf32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<6x4xf32>, tensor<4x2xf32>) -> tensor<6x2xf32>
  return %0 : tensor<6x2xf32>
}
