// The reference is the unpartitioned module itself, sdy.sharding_group and
// sdy.named_computation included: sdy-run on 1 device must treat them as
// no-op / inlined call (as it does sdy.sharding_constraint).
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
