// A sharding group ties two values' shardings, and a named computation is
// inlined by the partitioner (the reference @ref spells the body out).
// MESH @mesh = xy
sdy.mesh @mesh = MESH
func.func @main(%a: tensor<8x8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}, %b: tensor<8x8xi32>) -> (tensor<8x8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
  sdy.sharding_group %a group_id=3 : tensor<8x8xi32>
  sdy.sharding_group %b group_id=3 : tensor<8x8xi32>
  %0 = sdy.named_computation<"body">(%a, %b) (%x: tensor<8x8xi32>, %y: tensor<8x8xi32>) {
    %1 = stablehlo.multiply %x, %y : tensor<8x8xi32>
    %2 = stablehlo.subtract %1, %y : tensor<8x8xi32>
    sdy.return %2 : tensor<8x8xi32>
  } : (tensor<8x8xi32>, tensor<8x8xi32>) -> tensor<8x8xi32>
  return %0 : tensor<8x8xi32>
}
func.func @ref(%a: tensor<8x8xi32>, %b: tensor<8x8xi32>) -> tensor<8x8xi32> {
  %1 = stablehlo.multiply %a, %b : tensor<8x8xi32>
  %2 = stablehlo.subtract %1, %b : tensor<8x8xi32>
  return %2 : tensor<8x8xi32>
}
