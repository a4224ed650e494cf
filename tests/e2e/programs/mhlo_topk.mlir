// mhlo.topk (JAX's top_k for XLA) has no sharding rule, as in Shardy: it
// runs whole on every device, its sharded operand gathered first, and its
// results are resharded to what the user asked for.
// MESH @mesh = yx
sdy.mesh @mesh = MESH
func.func @main(%a: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {"x"}]>}, %b: tensor<4x2x16xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}, {}]>}) -> (tensor<8x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {}]>}, tensor<8x3xi32>, tensor<4x2x5xi32>, tensor<4x2x5xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}, {}]>}) {
  %v, %i = mhlo.topk(%a, k = 3) : tensor<8x16xf32> -> (tensor<8x3xf32>, tensor<8x3xi32>)
  %v2, %i2 = mhlo.topk(%b, k = 5, largest = false) : tensor<4x2x16xi32> -> (tensor<4x2x5xi32>, tensor<4x2x5xi32>)
  return %v, %i, %v2, %i2 : tensor<8x3xf32>, tensor<8x3xi32>, tensor<4x2x5xi32>, tensor<4x2x5xi32>
}
