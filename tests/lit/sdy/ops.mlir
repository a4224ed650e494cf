// Round trip of the sdy annotation and region ops
// (docs/attaching-shardings.md).
// RUN: sdy-opt %s -split-input-file --allow-unregistered-dialect | FileCheck %s
// RUN: sdy-opt %s -split-input-file --allow-unregistered-dialect | sdy-opt -split-input-file --allow-unregistered-dialect | FileCheck %s

sdy.mesh @mesh_xy = <["x"=2, "y"=2]>

// CHECK-LABEL: func.func @sharding_constraint
// CHECK-NEXT: [[SHARDING_CONSTRAINT:%.+]] = sdy.sharding_constraint %arg0 <@mesh_xy, [{"x"}, {?}]> : tensor<8x8xf32>
// CHECK-NEXT: [[SHARDING_CONSTRAINT_1:%.+]] = sdy.sharding_constraint %arg0 <@mesh_xy, [{}, {"y", "x"}p2]> : tensor<8x8xf32>
// CHECK-NEXT: [[SHARDING_CONSTRAINT_2:%.+]] = sdy.sharding_constraint [[SHARDING_CONSTRAINT]] <mesh<["a"=4]>, [{"a":(1)2, ?}, {}]> : tensor<8x8xf32>
// CHECK-NEXT: [[SHARDING_CONSTRAINT_3:%.+]] = sdy.sharding_constraint %arg1 <@mesh_xy, [], replicated={"x", "y"}> : tensor<f32>
// CHECK-NEXT: return [[SHARDING_CONSTRAINT_1]]
func.func @sharding_constraint(%arg0: tensor<8x8xf32>, %arg1: tensor<f32>) -> tensor<8x8xf32> {
  %0 = sdy.sharding_constraint %arg0 <@mesh_xy, [{"x"}, {?}]> : tensor<8x8xf32>
  %1 = sdy.sharding_constraint %arg0 <@mesh_xy, [{}, {"y", "x"}p2], replicated={}> : tensor<8x8xf32>
  %2 = sdy.sharding_constraint %0 <mesh<["a"=4]>, [{"a":(1)2, ?}, {}]> : tensor<8x8xf32>
  %3 = sdy.sharding_constraint %arg1 <@mesh_xy, [], replicated={"x", "y"}> : tensor<f32>
  return %1 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh_xy = <["x"=2, "y"=2]>

// A sharding_constraint with extra attributes and whitespace in the sharding.
// CHECK-LABEL: func.func @sharding_constraint_attr_dict
// CHECK-NEXT: [[SHARDING_CONSTRAINT:%.+]] = sdy.sharding_constraint %arg0 <@mesh_xy, [{"x"}, {}]> {foo = 1 : i64} : tensor<8x8xf32>
func.func @sharding_constraint_attr_dict(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = sdy.sharding_constraint %arg0 < @mesh_xy ,[ {"x"} , { } ] > {foo = 1} : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=4, "y"=2]>

// CHECK-LABEL: func.func @reshard
// CHECK-NEXT: [[RESHARD:%.+]] = sdy.reshard %arg0 <@mesh, [{"x"}, {"y"}]> : tensor<8x8xf32>
// CHECK-NEXT: [[RESHARD_1:%.+]] = sdy.reshard [[RESHARD]] <@mesh, [{"y", "x"}, {}]> : tensor<8x8xf32>
// CHECK-NEXT: [[RESHARD_2:%.+]] = sdy.reshard [[RESHARD_1]] <@mesh, [{?}, {"x":(2)2}], replicated={"y"}> : tensor<8x8xf32>
func.func @reshard(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = sdy.reshard %arg0 <@mesh, [{"x"}, {"y"}]> : tensor<8x8xf32>
  %1 = sdy.reshard %0 <@mesh, [{"y", "x"}, {}]> : tensor<8x8xf32>
  %2 = sdy.reshard %1 <@mesh, [{?}, {"x":(2)2}], replicated={"y"}> : tensor<8x8xf32>
  return %2 : tensor<8x8xf32>
}

// -----

// CHECK-LABEL: func.func @sharding_group
// CHECK-NEXT: sdy.sharding_group %arg0 group_id=0 : tensor<8x2xi64>
// CHECK-NEXT: [[CONSTANT:%.+]] = sdy.constant dense<0> : tensor<8x2xi64>
// CHECK-NEXT: sdy.sharding_group [[CONSTANT]] group_id=0 : tensor<8x2xi64>
// CHECK-NEXT: sdy.sharding_group [[CONSTANT]] group_id=1 : tensor<8x2xi64>
// CHECK-NEXT: sdy.sharding_group %arg1 group_id=12345 : tensor<f32>
func.func @sharding_group(%arg0: tensor<8x2xi64>, %arg1: tensor<f32>) -> tensor<8x2xi64> {
  sdy.sharding_group %arg0 group_id=0 : tensor<8x2xi64>
  %0 = sdy.constant dense<0> : tensor<8x2xi64>
  sdy.sharding_group %0 group_id = 0 : tensor<8x2xi64>
  sdy.sharding_group %0 group_id=1 : tensor<8x2xi64>
  sdy.sharding_group %arg1 group_id=12345 : tensor<f32>
  return %0 : tensor<8x2xi64>
}

// -----

// CHECK-LABEL: func.func @propagation_barrier
// CHECK-NEXT: [[PROPAGATION_BARRIER:%.+]] = sdy.propagation_barrier %arg0 allowed_direction=FORWARD : tensor<8xf32>
// CHECK-NEXT: [[PROPAGATION_BARRIER_1:%.+]] = sdy.propagation_barrier [[PROPAGATION_BARRIER]] allowed_direction=BACKWARD : tensor<8xf32>
// CHECK-NEXT: [[PROPAGATION_BARRIER_2:%.+]] = sdy.propagation_barrier [[PROPAGATION_BARRIER_1]] allowed_direction=NONE : tensor<8xf32>
// CHECK-NEXT: [[PROPAGATION_BARRIER_3:%.+]] = sdy.propagation_barrier %arg1 allowed_direction=NONE : tensor<f32>
func.func @propagation_barrier(%arg0: tensor<8xf32>, %arg1: tensor<f32>) -> tensor<8xf32> {
  %0 = sdy.propagation_barrier %arg0 allowed_direction=FORWARD : tensor<8xf32>
  %1 = sdy.propagation_barrier %0 allowed_direction = BACKWARD : tensor<8xf32>
  %2 = sdy.propagation_barrier %1 allowed_direction=NONE : tensor<8xf32>
  %3 = sdy.propagation_barrier %arg1 allowed_direction=NONE : tensor<f32>
  return %2 : tensor<8xf32>
}

// -----

// CHECK-LABEL: func.func @constant
// CHECK-NEXT: [[CONSTANT:%.+]] = sdy.constant dense<{{\[\[}}0.000000e+00, 1.000000e+00], [2.000000e+00, 3.000000e+00]]> : tensor<2x2xf32>
// CHECK-NEXT: [[CONSTANT_1:%.+]] = sdy.constant dense<1> : tensor<4xi32>
// CHECK-NEXT: [[CONSTANT_2:%.+]] = sdy.constant dense<true> : tensor<i1>
// CHECK-NEXT: [[CONSTANT_3:%.+]] = sdy.constant {foo} dense<0.000000e+00> : tensor<0x3xf32>
// CHECK-NEXT: [[CONSTANT_4:%.+]] = sdy.constant dense<[1, 2, 3]> : tensor<3xi64>
func.func @constant() {
  %0 = sdy.constant dense<[[0.0, 1.0], [2.0, 3.0]]> : tensor<2x2xf32>
  %1 = sdy.constant dense<1> : tensor<4xi32>
  %2 = sdy.constant dense<true> : tensor<i1>
  %3 = sdy.constant {foo} dense<0.0> : tensor<0x3xf32>
  %4 = sdy.constant dense<[1, 2, 3]> : tensor<3xi64>
  return
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2]>

// A constant with a sharding.
// CHECK-LABEL: func.func @constant_with_sharding
// CHECK-NEXT: [[CONSTANT:%.+]] = sdy.constant {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>} dense<1.000000e+00> : tensor<4x4xf32>
func.func @constant_with_sharding() -> tensor<4x4xf32> {
  %0 = sdy.constant {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>} dense<1.0> : tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2]>

// data_flow_edge with and without a sharding; its input is the owner of the
// edge (an op result or a block argument) with no other uses.
// CHECK-LABEL: func.func @data_flow_edge
// CHECK-NEXT: [[WHILE:%.+]]:2 = "test.while"(%arg0, %arg1)
// CHECK-NEXT: [[DATA_FLOW_EDGE:%.+]] = sdy.data_flow_edge [[WHILE]]#0 sharding=<@mesh, [{"x"}, {?}]> : tensor<8x8xf32>
// CHECK-NEXT: [[DATA_FLOW_EDGE_1:%.+]] = sdy.data_flow_edge [[WHILE]]#1 : tensor<8xf32>
// CHECK-NEXT: [[DATA_FLOW_EDGE_2:%.+]] = sdy.data_flow_edge %arg2 sharding=<@mesh, [{}, {"y", ?}p1]> : tensor<8x8xf32>
func.func @data_flow_edge(%arg0: tensor<8x8xf32>, %arg1: tensor<8xf32>, %arg2: tensor<8x8xf32>) -> (tensor<8x8xf32>, tensor<8xf32>, tensor<8x8xf32>) {
  %0:2 = "test.while"(%arg0, %arg1) : (tensor<8x8xf32>, tensor<8xf32>) -> (tensor<8x8xf32>, tensor<8xf32>)
  %1 = sdy.data_flow_edge %0#0 sharding=<@mesh, [{"x"}, {?}]> : tensor<8x8xf32>
  %2 = sdy.data_flow_edge %0#1 : tensor<8xf32>
  %3 = sdy.data_flow_edge %arg2 sharding = <@mesh, [{}, {"y", ?}p1]> : tensor<8x8xf32>
  return %1, %2, %3 : tensor<8x8xf32>, tensor<8xf32>, tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2]>

// data_flow_edge on a block argument of a region op (not defined by an op),
// and on the result of an op that carries an sdy.sharding.
// CHECK-LABEL: func.func @data_flow_edge_block_arg
// CHECK: sdy.data_flow_edge %arg1 sharding=<@mesh, [{"x"}]> : tensor<8xf32>
// CHECK: sdy.data_flow_edge [[V1:%.+]] sharding=<@mesh, [{"x", ?}]> : tensor<8xf32>
func.func @data_flow_edge_block_arg(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  %0 = sdy.named_computation<"body">(%arg0) (%arg1: tensor<8xf32>) {
    %2 = sdy.data_flow_edge %arg1 sharding=<@mesh, [{"x"}]> : tensor<8xf32>
    sdy.return %2 : tensor<8xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  %1 = "test.op"(%0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>} : (tensor<8xf32>) -> tensor<8xf32>
  %3 = sdy.data_flow_edge %1 sharding=<@mesh, [{"x", ?}]> : tensor<8xf32>
  return %3 : tensor<8xf32>
}

// -----

// named_computation without shardings.
// CHECK-LABEL: func.func @named_computation
// CHECK-NEXT: [[NAMED_COMPUTATION:%.+]] = sdy.named_computation<"foo">(%arg0) (%arg1: tensor<16x32xf32>) {
// CHECK-NEXT:   sdy.return %arg1 : tensor<16x32xf32>
// CHECK-NEXT: } : (tensor<16x32xf32>) -> tensor<16x32xf32>
func.func @named_computation(%arg0: tensor<16x32xf32>) -> tensor<16x32xf32> {
  %0 = sdy.named_computation<"foo">(%arg0) (%arg1: tensor<16x32xf32>) {
    sdy.return %arg1 : tensor<16x32xf32>
  } : (tensor<16x32xf32>) -> tensor<16x32xf32>
  return %0 : tensor<16x32xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2]>

// named_computation with in and out shardings, several operands and results.
// CHECK-LABEL: func.func @named_computation_shardings
// CHECK-NEXT: [[NAMED_COMPUTATION:%.+]]:2 = sdy.named_computation<"bar">(%arg0, %arg1) in_shardings=[<@mesh, [{"x"}, {}]>, <@mesh, [{?}]>] out_shardings=[<@mesh, [{}]>, <@mesh, [{"x", ?}, {"y"}]>] (%arg2: tensor<8x8xf32>, %arg3: tensor<8xf32>) {
// CHECK-NEXT:   sdy.return %arg3, %arg2 : tensor<8xf32>, tensor<8x8xf32>
// CHECK-NEXT: } : (tensor<8x8xf32>, tensor<8xf32>) -> (tensor<8xf32>, tensor<8x8xf32>)
func.func @named_computation_shardings(%arg0: tensor<8x8xf32>, %arg1: tensor<8xf32>) -> (tensor<8xf32>, tensor<8x8xf32>) {
  %0:2 = sdy.named_computation<"bar">(%arg0, %arg1) in_shardings=[<@mesh, [{"x"}, {}]>, <@mesh, [{?}]>] out_shardings=[<@mesh, [{}]>, <@mesh, [{"x", ?}, {"y"}]>] (%arg2: tensor<8x8xf32>, %arg3: tensor<8xf32>) {
    sdy.return %arg3, %arg2 : tensor<8xf32>, tensor<8x8xf32>
  } : (tensor<8x8xf32>, tensor<8xf32>) -> (tensor<8xf32>, tensor<8x8xf32>)
  return %0#0, %0#1 : tensor<8xf32>, tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2]>

// Only in_shardings, or only out_shardings.
// CHECK-LABEL: func.func @named_computation_one_side
// CHECK-NEXT: [[NAMED_COMPUTATION:%.+]] = sdy.named_computation<"only_in">(%arg0) in_shardings=[<@mesh, [{"x"}]>] (%arg1: tensor<8xf32>) {
// CHECK: [[NAMED_COMPUTATION_1:%.+]] = sdy.named_computation<"only_out">([[NAMED_COMPUTATION]]) out_shardings=[<@mesh, [{"y"}]>] (%arg1: tensor<8xf32>) {
func.func @named_computation_one_side(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  %0 = sdy.named_computation<"only_in">(%arg0) in_shardings=[<@mesh, [{"x"}]>] (%arg1: tensor<8xf32>) {
    sdy.return %arg1 : tensor<8xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  %1 = sdy.named_computation<"only_out">(%0) out_shardings=[<@mesh, [{"y"}]>] (%arg1: tensor<8xf32>) {
    sdy.return %arg1 : tensor<8xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %1 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2]>

// Empty named_computation, nested named computations, non-tensor operands,
// ops with shardings inside the body.
// CHECK-LABEL: func.func @named_computation_misc
// CHECK-NEXT: sdy.named_computation<"empty">() () {
// CHECK-NEXT:   sdy.return
// CHECK-NEXT: } : () -> ()
// CHECK-NEXT: [[NAMED_COMPUTATION:%.+]]:2 = sdy.named_computation<"outer">(%arg0, %arg1) (%arg2: tensor<8xf32>, %arg3: i32) {
// CHECK-NEXT:   [[NAMED_COMPUTATION_1:%.+]] = sdy.named_computation<"inner with spaces">(%arg2) (%arg4: tensor<8xf32>) {
// CHECK-NEXT:     [[SHARDING_CONSTRAINT:%.+]] = sdy.sharding_constraint %arg4 <@mesh, [{"x"}]> : tensor<8xf32>
// CHECK-NEXT:     sdy.return [[SHARDING_CONSTRAINT]] : tensor<8xf32>
// CHECK-NEXT:   } : (tensor<8xf32>) -> tensor<8xf32>
// CHECK-NEXT:   sdy.return [[NAMED_COMPUTATION_1]], %arg3 : tensor<8xf32>, i32
// CHECK-NEXT: } : (tensor<8xf32>, i32) -> (tensor<8xf32>, i32)
func.func @named_computation_misc(%arg0: tensor<8xf32>, %arg1: i32) -> tensor<8xf32> {
  sdy.named_computation<"empty">() () {
    sdy.return
  } : () -> ()
  %0:2 = sdy.named_computation<"outer">(%arg0, %arg1) (%arg2: tensor<8xf32>, %arg3: i32) {
    %1 = sdy.named_computation<"inner with spaces">(%arg2) (%arg4: tensor<8xf32>) {
      %2 = sdy.sharding_constraint %arg4 <@mesh, [{"x"}]> : tensor<8xf32>
      sdy.return %2 : tensor<8xf32>
    } : (tensor<8xf32>) -> tensor<8xf32>
    sdy.return %1, %arg3 : tensor<8xf32>, i32
  } : (tensor<8xf32>, i32) -> (tensor<8xf32>, i32)
  return %0#0 : tensor<8xf32>
}
