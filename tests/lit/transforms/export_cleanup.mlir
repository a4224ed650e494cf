// RUN: sdy-opt %s -split-input-file -sdy-remove-sharding-groups | FileCheck %s --check-prefix=GROUPS
// RUN: sdy-opt %s -split-input-file -sdy-sharding-constraint-to-reshard | FileCheck %s --check-prefix=RESHARD
// RUN: sdy-opt %s -split-input-file -sdy-close-shardings | FileCheck %s --check-prefix=CLOSE
// RUN: sdy-opt %s -split-input-file -sdy-drop-sharding-rules | FileCheck %s --check-prefix=RULES

sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>

// GROUPS-LABEL: func.func @f
// GROUPS-NOT:   sdy.sharding_group
// RESHARD-LABEL: func.func @f
// RESHARD:      %[[R:.*]] = sdy.reshard %arg0 <@mesh, [{"a", ?}, {}]> : tensor<8x8xf32>
// RESHARD-NEXT: stablehlo.add %[[R]], %[[R]]
// CLOSE-LABEL:  func.func @f(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}p1, {"b"}]>})
// CLOSE:        sdy.sharding_constraint %arg0 <@mesh, [{"a"}, {}]>
// CLOSE:        #sdy.sharding_per_value<[<@mesh, [{}, {"c"}]>]>
// RULES-LABEL:  func.func @f
// RULES-NOT:    sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])
func.func @f(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}p1, {"b"}], replicated={"c"}>}) -> tensor<8x8xf32> {
  sdy.sharding_group %arg0 group_id=0 : tensor<8x8xf32>
  %0 = sdy.sharding_constraint %arg0 <@mesh, [{"a", ?}, {}]> : tensor<8x8xf32>
  %1 = stablehlo.add %0, %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"c", ?}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=8, j=8}>} : tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}

// -----

// A custom rule is the user's: it stays.
// RULES-LABEL: func.func @custom
// RULES: sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i]) {i=8}, custom>
// GROUPS-LABEL: func.func @custom
// RESHARD-LABEL: func.func @custom
// CLOSE-LABEL: func.func @custom
func.func @custom(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  %0 = stablehlo.custom_call @foo(%arg0) {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i]) {i=8}, custom>} : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// Closing keeps priorities (as the real Shardy does) except on a dimension
// left empty: a closed empty dimension cannot have one (Shardy's own output
// fails verification there).
sdy.mesh @mesh = <["x"=2, "y"=2]>

// CLOSE-LABEL: func.func @priorities(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}p1]>})
// CLOSE: stablehlo.tanh %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"y"}p2]>]>}
func.func @priorities(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}p1, {"x", ?}p1]>}) -> tensor<8x8xf32> {
  %0 = stablehlo.tanh %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"y", ?}p2]>]>} : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}
