// Round trip of #sdy.op_sharding_rule in the discardable `sdy.sharding_rule`
// attribute (docs/propagation.md#sharding-rules).
// RUN: sdy-opt %s -split-input-file --allow-unregistered-dialect | FileCheck %s
// RUN: sdy-opt %s -split-input-file --allow-unregistered-dialect | sdy-opt -split-input-file --allow-unregistered-dialect | FileCheck %s

// Elementwise rule.
// CHECK-LABEL: func.func @elementwise
// CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=8, j=8}>
func.func @elementwise(%arg0: tensor<8x8xf32>, %arg1: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = "test.add"(%arg0, %arg1) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j],[i, j])->([i, j]) {i=8, j=8}>} : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// Matmul with a reduction factor.
// CHECK-LABEL: func.func @matmul
// CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, k], [k, j])->([i, j]) {i=8, j=16, k=8} reduction={k}>
func.func @matmul(%arg0: tensor<8x8xf32>, %arg1: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %0 = "test.dot"(%arg0, %arg1) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, k],[k, j])->([i, j]) {i=8, j=16, k=8} reduction={k}>} : (tensor<8x8xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

// Compound dimensions (reshape split and merge).
// CHECK-LABEL: func.func @compound
// CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([ij, k])->([i, j, k]) {i=2, j=4, k=32}>
// CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k])->([ijk]) {i=2, j=4, k=32}>
func.func @compound(%arg0: tensor<8x32xf32>) -> tensor<256xf32> {
  %0 = "test.reshape"(%arg0) {sdy.sharding_rule = #sdy.op_sharding_rule<([ij, k])->([i, j, k]) {i=2, j=4, k=32}>} : (tensor<8x32xf32>) -> tensor<2x4x32xf32>
  %1 = "test.reshape"(%0) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k])->([ijk]) {i=2, j=4, k=32}>} : (tensor<2x4x32xf32>) -> tensor<256xf32>
  return %1 : tensor<256xf32>
}

// -----

// `*`: a dimension mapped to no factor; size-1 factors outside compounds.
// CHECK-LABEL: func.func @empty_dim_mapping
// CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, *])->([i, j]) {i=8, j=1}>
// CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([*, *])->([*])>}
func.func @empty_dim_mapping(%arg0: tensor<8x1xf32>) -> tensor<8x1xf32> {
  %0 = "test.op"(%arg0) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, *])->([i, j]) {i=8, j=1}>} : (tensor<8x1xf32>) -> tensor<8x1xf32>
  %1 = "test.op"(%arg0) {sdy.sharding_rule = #sdy.op_sharding_rule<([*, *])->([*]) {}>} : (tensor<8x1xf32>) -> tensor<4xf32>
  return %0 : tensor<8x1xf32>
}

// -----

// need_replication with a custom rule.
// CHECK-LABEL: func.func @need_replication_custom
// CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=8} need_replication={j}, custom>
func.func @need_replication_custom(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = "test.sort"(%arg0) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=8} need_replication={j}, custom>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// Permutation and blocked_propagation factors; blocked_propagation is
// orthogonal to the kind, so a factor may be both reduction and blocked.
// CHECK-LABEL: func.func @all_kinds
// CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k, l], [m])->([i, j, m]) {i=2, j=4, k=8, l=2, m=6} reduction={k, l} need_replication={m} permutation={j} blocked_propagation={i, k}>
func.func @all_kinds(%arg0: tensor<2x4x8x2xf32>, %arg1: tensor<6xf32>) -> tensor<2x4x6xf32> {
  %0 = "test.op"(%arg0, %arg1) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k, l], [m])->([i, j, m]) {i=2, j=4, k=8, l=2, m=6} reduction={k, l} need_replication={m} permutation={j} blocked_propagation={i, k}>} : (tensor<2x4x8x2xf32>, tensor<6xf32>) -> tensor<2x4x6xf32>
  return %0 : tensor<2x4x6xf32>
}

// -----

// Factor kinds in any order print in the canonical order; empty lists and
// factor sizes given out of order are canonicalized.
// CHECK-LABEL: func.func @kinds_canonical_order
// CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([j]) {i=4, j=2} reduction={i} permutation={j} blocked_propagation={j}, custom>
// CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, k], [k, j])->([i, j]) {i=8, j=16, k=8} reduction={k}>
func.func @kinds_canonical_order(%arg0: tensor<4x2xf32>, %arg1: tensor<8x8xf32>, %arg2: tensor<8x16xf32>) {
  %0 = "test.op"(%arg0) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([j]) {j=2, i=4} blocked_propagation={j} permutation={j} need_replication={} reduction={i}, custom>} : (tensor<4x2xf32>) -> tensor<2xf32>
  %1 = "test.dot"(%arg1, %arg2) {sdy.sharding_rule = #sdy.op_sharding_rule< ( [ i , k ] , [ k , j ] ) -> ( [ i , j ] ) { k = 8 , j = 16 , i = 8 } reduction = { k } >} : (tensor<8x8xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
  return
}

// -----

// Factor names beyond z: z_1, z_2, ... (20 factors), also inside compounds.
// CHECK-LABEL: func.func @many_factors
// CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k, l, m, n, o, p, q, r], [s, t, u, v, w, x, y, z, z_1, z_2])->([ij, z_1z_2]) {i=2, j=2, k=1, l=1, m=1, n=1, o=1, p=1, q=1, r=1, s=1, t=1, u=1, v=1, w=1, x=1, y=1, z=1, z_1=2, z_2=3} reduction={k, z} need_replication={z_2}>
func.func @many_factors(%arg0: tensor<2x2x1x1x1x1x1x1x1x1xf32>, %arg1: tensor<1x1x1x1x1x1x1x1x2x3xf32>) -> tensor<4x6xf32> {
  %0 = "test.op"(%arg0, %arg1) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k, l, m, n, o, p, q, r], [s, t, u, v, w, x, y, z, z_1, z_2])->([ij, z_1z_2]) {i=2, j=2, k=1, l=1, m=1, n=1, o=1, p=1, q=1, r=1, s=1, t=1, u=1, v=1, w=1, x=1, y=1, z=1, z_1=2, z_2=3} reduction={k, z} need_replication={z_2}>} : (tensor<2x2x1x1x1x1x1x1x1x1xf32>, tensor<1x1x1x1x1x1x1x1x2x3xf32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}

// -----

// Scalars map to `[]`; rules with no operands or with no results.
// CHECK-LABEL: func.func @scalars_and_no_operands
// CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([], [i])->([i]) {i=4}>
// CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<()->([i, j]) {i=4, j=2}>
// CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i])->() {i=4}>
func.func @scalars_and_no_operands(%arg0: tensor<f32>, %arg1: tensor<4xf32>) {
  %0 = "test.op"(%arg0, %arg1) {sdy.sharding_rule = #sdy.op_sharding_rule<([], [i])->([i]) {i=4}>} : (tensor<f32>, tensor<4xf32>) -> tensor<4xf32>
  %1 = "test.iota"() {sdy.sharding_rule = #sdy.op_sharding_rule<()->([i, j]) {i=4, j=2}>} : () -> tensor<4x2xf32>
  "test.sink"(%arg1) {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->() {i=4}>} : (tensor<4xf32>) -> ()
  return
}

// -----

// A factor of size 0 (an empty dimension).
// CHECK-LABEL: func.func @odd_sizes
// CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=0, j=8}>
func.func @odd_sizes(%arg0: tensor<0x8xf32>) -> tensor<0x8xf32> {
  %0 = "test.op"(%arg0) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=0, j=8}>} : (tensor<0x8xf32>) -> tensor<0x8xf32>
  return %0 : tensor<0x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=4]>

// A rule and a sharding on the same op.
// CHECK-LABEL: func.func @rule_and_sharding
// CHECK: "test.dot"(%arg0, %arg1)
// CHECK-SAME: sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>
// CHECK-SAME: sdy.sharding_rule = #sdy.op_sharding_rule<([i, k], [k, j])->([i, j]) {i=8, j=16, k=8} reduction={k}>
func.func @rule_and_sharding(%arg0: tensor<8x8xf32>, %arg1: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %0 = "test.dot"(%arg0, %arg1) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, k],[k, j])->([i, j]) {i=8, j=16, k=8} reduction={k}>} : (tensor<8x8xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}
