// RUN: sdy-opt %s -split-input-file -sdy-apply-sharding-constraints | FileCheck %s

sdy.mesh @mesh = <["a"=2, "b"=2]>

// A fully closed constraint on an unsharded input is copied onto the input.
// CHECK-LABEL: func.func @applied
// CHECK: stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>}
func.func @applied(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = stablehlo.negate %arg0 : tensor<8x8xf32>
  %1 = sdy.sharding_constraint %0 <@mesh, [{"a"}, {}]> : tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2]>

// A function argument gets the sharding as an argument attribute.
// CHECK-LABEL: func.func @argument(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>})
func.func @argument(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = sdy.sharding_constraint %arg0 <@mesh, [{}, {"b"}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2]>

// Not applied: the constraint is open.
// CHECK-LABEL: func.func @open
// CHECK: stablehlo.negate %arg0 : tensor<8x8xf32>
func.func @open(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = stablehlo.negate %arg0 : tensor<8x8xf32>
  %1 = sdy.sharding_constraint %0 <@mesh, [{"a"}, {?}]> : tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2]>

// Not applied: the input already has a sharding.
// CHECK-LABEL: func.func @already_sharded
// CHECK: stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {}]>]>}
func.func @already_sharded(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {}]>]>} : tensor<8x8xf32>
  %1 = sdy.sharding_constraint %0 <@mesh, [{"a"}, {}]> : tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2]>

// Not applied: another constraint wants a different sharding.
// CHECK-LABEL: func.func @two_constraints
// CHECK: stablehlo.negate %arg0 : tensor<8x8xf32>
func.func @two_constraints(%arg0: tensor<8x8xf32>) -> (tensor<8x8xf32>, tensor<8x8xf32>) {
  %0 = stablehlo.negate %arg0 : tensor<8x8xf32>
  %1 = sdy.sharding_constraint %0 <@mesh, [{"a"}, {}]> : tensor<8x8xf32>
  %2 = sdy.sharding_constraint %0 <@mesh, [{"b"}, {}]> : tensor<8x8xf32>
  return %1, %2 : tensor<8x8xf32>, tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2]>

// A data-flow edge target (a while result behind its sdy.data_flow_edge) is
// not re-sharded; its uses take the constraint instead.
// CHECK-LABEL: func.func @data_flow_target
// CHECK:      %[[W:.*]]:2 = stablehlo.while
// CHECK:      %[[E:.*]] = sdy.data_flow_edge %[[W]]#0 : tensor<8x8xf32>
// CHECK:      %[[C:.*]] = sdy.sharding_constraint %[[E]] <@mesh, [{"a"}, {}]>
// CHECK-NEXT: %[[A:.*]] = stablehlo.add %[[C]], %[[C]]
// CHECK-NEXT: return %[[A]], %[[C]]
func.func @data_flow_target(%arg0: tensor<8x8xf32>, %arg1: tensor<i32>) -> (tensor<8x8xf32>, tensor<8x8xf32>) {
  %0:2 = stablehlo.while(%iterArg = %arg0, %iterArg_0 = %arg1) : tensor<8x8xf32>, tensor<i32>
   cond {
    %c = stablehlo.constant dense<4> : tensor<i32>
    %p = stablehlo.compare  LT, %iterArg_0, %c : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    stablehlo.return %iterArg, %iterArg_0 : tensor<8x8xf32>, tensor<i32>
  }
  %e = sdy.data_flow_edge %0#0 : tensor<8x8xf32>
  %1 = sdy.sharding_constraint %e <@mesh, [{"a"}, {}]> : tensor<8x8xf32>
  %2 = stablehlo.add %e, %e : tensor<8x8xf32>
  return %2, %1 : tensor<8x8xf32>, tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2]>

// A chain of constraints: later uses of the chain's input (but not the
// return) use the chain's result.
// CHECK-LABEL: func.func @chain
// CHECK:      %[[C0:.*]] = sdy.sharding_constraint %arg0 <@mesh, [{"a"}, {?}]>
// CHECK-NEXT: %[[C1:.*]] = sdy.sharding_constraint %[[C0]] <@mesh, [{"a"}, {"b", ?}]>
// CHECK-NEXT: %[[N:.*]] = stablehlo.negate %[[C1]]
// CHECK-NEXT: return %[[N]], %arg0
func.func @chain(%arg0: tensor<8x8xf32>) -> (tensor<8x8xf32>, tensor<8x8xf32>) {
  %0 = sdy.sharding_constraint %arg0 <@mesh, [{"a"}, {?}]> : tensor<8x8xf32>
  %1 = sdy.sharding_constraint %0 <@mesh, [{"a"}, {"b", ?}]> : tensor<8x8xf32>
  %2 = stablehlo.negate %arg0 : tensor<8x8xf32>
  return %2, %arg0 : tensor<8x8xf32>, tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2]>

// A single constraint is no chain: later uses keep the input (as in Shardy).
// CHECK-LABEL: func.func @single_constraint_no_chain
// CHECK:      %[[N:.*]] = stablehlo.negate %arg0 : tensor<8x8xf32>
// CHECK-NEXT: %[[C:.*]] = sdy.sharding_constraint %[[N]] <@mesh, [{"a"}, {?}]>
// CHECK-NEXT: stablehlo.add %[[N]], %[[N]]
func.func @single_constraint_no_chain(%arg0: tensor<8x8xf32>) -> (tensor<8x8xf32>, tensor<8x8xf32>) {
  %0 = stablehlo.negate %arg0 : tensor<8x8xf32>
  %1 = sdy.sharding_constraint %0 <@mesh, [{"a"}, {?}]> : tensor<8x8xf32>
  %2 = stablehlo.add %0, %0 : tensor<8x8xf32>
  return %1, %2 : tensor<8x8xf32>, tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2]>

// A chain on an input the user sharded rewires nothing (as in Shardy).
// CHECK-LABEL: func.func @chain_on_sharded_input
// CHECK:      sdy.sharding_constraint %arg0 <@mesh, [{"a", ?}, {?}]>
// CHECK-NEXT: sdy.sharding_constraint
// CHECK-NEXT: stablehlo.add %arg0, %arg0
func.func @chain_on_sharded_input(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {?}]>}) -> (tensor<8x8xf32>, tensor<8x8xf32>) {
  %0 = sdy.sharding_constraint %arg0 <@mesh, [{"a", ?}, {?}]> : tensor<8x8xf32>
  %1 = sdy.sharding_constraint %0 <@mesh, [{"b", ?}, {?}]> : tensor<8x8xf32>
  %2 = stablehlo.add %arg0, %arg0 : tensor<8x8xf32>
  return %1, %2 : tensor<8x8xf32>, tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2]>

// A chain whose input gets its sharding from the first (closed) constraint
// in this pass still rewires: the input was unsharded before.
// CHECK-LABEL: func.func @chain_after_apply
// CHECK:      %[[N:.*]] = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", "a"}, {}]>]>}
// CHECK-NEXT: %[[C0:.*]] = sdy.sharding_constraint %[[N]] <@mesh, [{"b", "a"}, {}]>
// CHECK-NEXT: %[[C1:.*]] = sdy.sharding_constraint %[[C0]] <@mesh, [{"b"}, {}]>
// CHECK-NEXT: stablehlo.add %[[C1]], %[[C1]]
func.func @chain_after_apply(%arg0: tensor<8x8xf32>) -> (tensor<8x8xf32>, tensor<8x8xf32>) {
  %0 = stablehlo.negate %arg0 : tensor<8x8xf32>
  %1 = sdy.sharding_constraint %0 <@mesh, [{"b", "a"}, {}]> : tensor<8x8xf32>
  %2 = sdy.sharding_constraint %1 <@mesh, [{"b"}, {}]> : tensor<8x8xf32>
  %3 = stablehlo.add %0, %0 : tensor<8x8xf32>
  return %2, %3 : tensor<8x8xf32>, tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2]>

// Without its sdy.data_flow_edge, the while result itself takes the sharding.
// CHECK-LABEL: func.func @while_result_without_edge
// CHECK:      stablehlo.while{{.*}} attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>, <@mesh, []>]>}
// CHECK:      %[[C:.*]] = sdy.sharding_constraint %[[W:.*]]#0 <@mesh, [{"a"}, {}]>
// CHECK-NEXT: stablehlo.add %[[W]]#0, %[[W]]#0
func.func @while_result_without_edge(%arg0: tensor<8x8xf32>, %arg1: tensor<i32>) -> (tensor<8x8xf32>, tensor<8x8xf32>) {
  %0:2 = stablehlo.while(%iterArg = %arg0, %iterArg_0 = %arg1) : tensor<8x8xf32>, tensor<i32>
   cond {
    %c = stablehlo.constant dense<4> : tensor<i32>
    %p = stablehlo.compare  LT, %iterArg_0, %c : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    stablehlo.return %iterArg, %iterArg_0 : tensor<8x8xf32>, tensor<i32>
  }
  %1 = sdy.sharding_constraint %0#0 <@mesh, [{"a"}, {}]> : tensor<8x8xf32>
  %2 = stablehlo.add %0#0, %0#0 : tensor<8x8xf32>
  return %2, %1 : tensor<8x8xf32>, tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2]>

// A manual computation's closed in_sharding dictates its unsharded operand's
// sharding, like a constraint; an open one does not.
// CHECK-LABEL: func.func @manual_computation_operand
// CHECK-SAME:  (%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}
// CHECK:      stablehlo.abs %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>}
// CHECK:      stablehlo.negate %arg1 : tensor<8x8xf32>
func.func @manual_computation_operand(%arg0: tensor<8x8xf32>, %arg1: tensor<8x8xf32>) -> (tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>) {
  %0 = stablehlo.abs %arg1 : tensor<8x8xf32>
  %1 = sdy.manual_computation(%0) in_shardings=[<@mesh, [{"a"}, {}]>] out_shardings=[<@mesh, [{"a"}, {}]>] manual_axes={"a"} (%l: tensor<4x8xf32>) {
    sdy.return %l : tensor<4x8xf32>
  } : (tensor<8x8xf32>) -> tensor<8x8xf32>
  %2 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"b"}, {}]>] out_shardings=[<@mesh, [{"b"}, {}]>] manual_axes={"b"} (%l: tensor<4x8xf32>) {
    sdy.return %l : tensor<4x8xf32>
  } : (tensor<8x8xf32>) -> tensor<8x8xf32>
  %3 = stablehlo.negate %arg1 : tensor<8x8xf32>
  %4 = sdy.manual_computation(%3) in_shardings=[<@mesh, [{"a", ?}, {}]>] out_shardings=[<@mesh, [{"a"}, {}]>] manual_axes={"a"} (%l: tensor<4x8xf32>) {
    sdy.return %l : tensor<4x8xf32>
  } : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return %1, %2, %4 : tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2]>

// A manual computation on a data-flow edge target gets a new constraint that
// every use of the target takes.
// CHECK-LABEL: func.func @manual_computation_on_data_flow_target
// CHECK:      %[[E:.*]] = sdy.data_flow_edge %{{.*}}#0 : tensor<8x8xf32>
// CHECK-NEXT: %[[C:.*]] = sdy.sharding_constraint %[[E]] <@mesh, [{"a"}, {}]>
// CHECK-NEXT: sdy.manual_computation(%[[C]])
// CHECK:      stablehlo.add %[[C]], %[[C]]
func.func @manual_computation_on_data_flow_target(%arg0: tensor<8x8xf32>, %arg1: tensor<i32>) -> (tensor<8x8xf32>, tensor<8x8xf32>) {
  %0:2 = stablehlo.while(%iterArg = %arg0, %iterArg_0 = %arg1) : tensor<8x8xf32>, tensor<i32>
   cond {
    %c = stablehlo.constant dense<4> : tensor<i32>
    %p = stablehlo.compare  LT, %iterArg_0, %c : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    stablehlo.return %iterArg, %iterArg_0 : tensor<8x8xf32>, tensor<i32>
  }
  %e = sdy.data_flow_edge %0#0 : tensor<8x8xf32>
  %1 = sdy.manual_computation(%e) in_shardings=[<@mesh, [{"a"}, {}]>] out_shardings=[<@mesh, [{"a"}, {}]>] manual_axes={"a"} (%l: tensor<4x8xf32>) {
    sdy.return %l : tensor<4x8xf32>
  } : (tensor<8x8xf32>) -> tensor<8x8xf32>
  %2 = stablehlo.add %e, %e : tensor<8x8xf32>
  return %1, %2 : tensor<8x8xf32>, tensor<8x8xf32>
}

// -----

// Shardy's debug options are accepted as false (as its pipeline strings
// spell them) and refused as true.
// RUN: sdy-opt %s -split-input-file -pass-pipeline='builtin.module(sdy-apply-sharding-constraints{debug-propagation-edge-sharding=false debug-sharding-origins=false})' | FileCheck %s --check-prefix=OPTS
// RUN: not sdy-opt %s -split-input-file -pass-pipeline='builtin.module(sdy-apply-sharding-constraints{debug-sharding-origins=true})' 2>&1 | FileCheck %s --check-prefix=NOORIGINS
// OPTS-LABEL: func.func @debug_options
// NOORIGINS: error: sdy-apply-sharding-constraints: debug-propagation-edge-sharding and debug-sharding-origins are not supported; leave them false
sdy.mesh @mesh_opts = <["a"=2]>
func.func @debug_options(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  %0 = sdy.sharding_constraint %arg0 <@mesh_opts, [{"a"}]> : tensor<8xf32>
  return %0 : tensor<8xf32>
}
