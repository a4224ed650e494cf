// Round trip of sdy.manual_computation
// (docs/attaching-shardings.md#sdymanual_computation).
// RUN: sdy-opt %s -split-input-file | FileCheck %s
// RUN: sdy-opt %s -split-input-file | sdy-opt -split-input-file | FileCheck %s

sdy.mesh @mesh_name = <["data"=2, "model"=2]>

// The documented example: one manual axis, free axes in open dimensions.
// CHECK-LABEL: func.func @documented_example
// CHECK-NEXT: [[MANUAL_COMPUTATION:%.+]] = sdy.manual_computation(%arg0) in_shardings=[<@mesh_name, [{"data"}, {"model", ?}]>] out_shardings=[<@mesh_name, [{"data"}, {?}]>] manual_axes={"data"} (%arg1: tensor<8x32xf32>) {
// CHECK-NEXT:   sdy.return %arg1 : tensor<8x32xf32>
// CHECK-NEXT: } : (tensor<16x32xf32>) -> tensor<16x32xf32>
func.func @documented_example(%arg0: tensor<16x32xf32>) -> tensor<16x32xf32> {
  %0 = sdy.manual_computation(%arg0)
      in_shardings=[<@mesh_name, [{"data"}, {"model",?}]>]
      out_shardings=[<@mesh_name, [{"data"}, {?}]>]
      manual_axes={"data"}
      (%arg1: tensor<8x32xf32>) {
    sdy.return %arg1 : tensor<8x32xf32>
  } : (tensor<16x32xf32>) -> tensor<16x32xf32>
  return %0 : tensor<16x32xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=4, "c"=2]>

// All axes manual, several operands and results, a manual axis explicitly
// replicated, a scalar operand, the manual axes before a free axis in a dim.
// CHECK-LABEL: func.func @several_values
// CHECK-NEXT: [[MANUAL_COMPUTATION:%.+]]:2 = sdy.manual_computation(%arg0, %arg1, %arg2) in_shardings=[<@mesh, [{"a", "b"}, {"c"}]>, <@mesh, [{"b", "c"}], replicated={"a"}>, <@mesh, [], replicated={"a", "b", "c"}>] out_shardings=[<@mesh, [{"a"}, {"b", "c"}]>, <@mesh, [{}], replicated={"a", "b", "c"}>] manual_axes={"a", "b", "c"} (%arg3: tensor<2x8xf32>, %arg4: tensor<2xf32>, %arg5: tensor<f32>) {
// CHECK:      sdy.return [[V1:%.+]], [[V2:%.+]] : tensor<8x2xf32>, tensor<16xf32>
// CHECK-NEXT: } : (tensor<16x16xf32>, tensor<16xf32>, tensor<f32>) -> (tensor<16x16xf32>, tensor<16xf32>)
func.func @several_values(%arg0: tensor<16x16xf32>, %arg1: tensor<16xf32>, %arg2: tensor<f32>) -> (tensor<16x16xf32>, tensor<16xf32>) {
  %0:2 = sdy.manual_computation(%arg0, %arg1, %arg2)
      in_shardings=[<@mesh, [{"a", "b"}, {"c"}]>, <@mesh, [{"b", "c"}], replicated={"a"}>, <@mesh, [], replicated={"a", "b", "c"}>]
      out_shardings=[<@mesh, [{"a"}, {"b", "c"}]>, <@mesh, [{}], replicated={"a", "b", "c"}>]
      manual_axes={"a", "b", "c"}
      (%arg3: tensor<2x8xf32>, %arg4: tensor<2xf32>, %arg5: tensor<f32>) {
    %1 = sdy.constant dense<0.0> : tensor<8x2xf32>
    %2 = sdy.constant dense<0.0> : tensor<16xf32>
    sdy.return %1, %2 : tensor<8x2xf32>, tensor<16xf32>
  } : (tensor<16x16xf32>, tensor<16xf32>, tensor<f32>) -> (tensor<16x16xf32>, tensor<16xf32>)
  return %0#0, %0#1 : tensor<16x16xf32>, tensor<16xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2]>

// Manual axes come before free axes; the free axis may shard values inside
// the body; priorities and open dimensions are kept.
// CHECK-LABEL: func.func @manual_then_free
// CHECK-NEXT: [[MANUAL_COMPUTATION:%.+]] = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a", "b"}p1, {?}]>] out_shardings=[<@mesh, [{"a", ?}, {"b"}]>] manual_axes={"a"} (%arg1: tensor<4x8xf32>) {
// CHECK-NEXT:   [[SHARDING_CONSTRAINT:%.+]] = sdy.sharding_constraint %arg1 <@mesh, [{"b"}, {?}]> : tensor<4x8xf32>
// CHECK-NEXT:   sdy.return [[SHARDING_CONSTRAINT]] : tensor<4x8xf32>
// CHECK-NEXT: } : (tensor<8x8xf32>) -> tensor<8x8xf32>
func.func @manual_then_free(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a", "b"}p1, {?}]>] out_shardings=[<@mesh, [{"a", ?}, {"b"}]>] manual_axes={"a"} (%arg1: tensor<4x8xf32>) {
    %1 = sdy.sharding_constraint %arg1 <@mesh, [{"b"}, {?}]> : tensor<4x8xf32>
    sdy.return %1 : tensor<4x8xf32>
  } : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>

// Nested manual computations with disjoint manual axes.
// CHECK-LABEL: func.func @nested
// CHECK-NEXT: [[MANUAL_COMPUTATION:%.+]] = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a"}, {"b", ?}]>] out_shardings=[<@mesh, [{"a"}, {"b", ?}]>] manual_axes={"a"} (%arg1: tensor<4x8xf32>) {
// CHECK-NEXT:   [[MANUAL_COMPUTATION_1:%.+]] = sdy.manual_computation(%arg1) in_shardings=[<@mesh, [{}, {"b"}], replicated={"c"}>] out_shardings=[<@mesh, [{"c"}, {"b"}]>] manual_axes={"b", "c"} (%arg2: tensor<4x4xf32>) {
// CHECK-NEXT:     [[CONSTANT:%.+]] = sdy.constant dense<0.000000e+00> : tensor<2x4xf32>
// CHECK-NEXT:     sdy.return [[CONSTANT]] : tensor<2x4xf32>
// CHECK-NEXT:   } : (tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT:   sdy.return [[MANUAL_COMPUTATION_1]] : tensor<4x8xf32>
// CHECK-NEXT: } : (tensor<8x8xf32>) -> tensor<8x8xf32>
func.func @nested(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a"}, {"b", ?}]>] out_shardings=[<@mesh, [{"a"}, {"b", ?}]>] manual_axes={"a"} (%arg1: tensor<4x8xf32>) {
    %1 = sdy.manual_computation(%arg1) in_shardings=[<@mesh, [{}, {"b"}], replicated={"c"}>] out_shardings=[<@mesh, [{"c"}, {"b"}]>] manual_axes={"b", "c"} (%arg2: tensor<4x4xf32>) {
      %2 = sdy.constant dense<0.0> : tensor<2x4xf32>
      sdy.return %2 : tensor<2x4xf32>
    } : (tensor<4x8xf32>) -> tensor<4x8xf32>
    sdy.return %1 : tensor<4x8xf32>
  } : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2]>

// No manual axes (all axes free): local types equal global types.
// CHECK-LABEL: func.func @no_manual_axes
// CHECK-NEXT: [[MANUAL_COMPUTATION:%.+]] = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a"}, {?}]>] out_shardings=[<@mesh, [{?}, {"b"}]>] manual_axes={} (%arg1: tensor<8x8xf32>) {
func.func @no_manual_axes(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a"}, {?}]>] out_shardings=[<@mesh, [{?}, {"b"}]>] manual_axes={} (%arg1: tensor<8x8xf32>) {
    sdy.return %arg1 : tensor<8x8xf32>
  } : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// A manual computation with no operands and no results.
// CHECK-LABEL: func.func @empty
// CHECK-NEXT: sdy.manual_computation() in_shardings=[] out_shardings=[] manual_axes={} () {
// CHECK-NEXT:   sdy.return
// CHECK-NEXT: } : () -> ()
func.func @empty() {
  sdy.manual_computation() in_shardings=[] out_shardings=[] manual_axes={} () {
    sdy.return
  } : () -> ()
  return
}

// -----

// An inlined mesh in every sharding.
// CHECK-LABEL: func.func @inlined_mesh
// CHECK-NEXT: [[MANUAL_COMPUTATION:%.+]] = sdy.manual_computation(%arg0) in_shardings=[<mesh<["x"=4]>, [{"x"}]>] out_shardings=[<mesh<["x"=4]>, [{"x"}]>] manual_axes={"x"} (%arg1: tensor<2xf32>) {
func.func @inlined_mesh(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<mesh<["x"=4]>, [{"x"}]>] out_shardings=[<mesh<["x"=4]>, [{"x"}]>] manual_axes={"x"} (%arg1: tensor<2xf32>) {
    sdy.return %arg1 : tensor<2xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["x"=4, "y"=2]>

// A manual axis may be left unmentioned by a sharding (-sdy-manual-axes-cleanup
// adds it as replicated); that value is then not divided along it.
// CHECK-LABEL: func.func @manual_axis_unmentioned
// CHECK-NEXT: [[MANUAL_COMPUTATION:%.+]] = sdy.manual_computation(%arg0, %arg1) in_shardings=[<@mesh, [{"x"}, {}]>, <@mesh, [{?}, {"y"}]>] out_shardings=[<@mesh, [{}, {}]>] manual_axes={"x", "y"} (%arg2: tensor<4x8xf32>, %arg3: tensor<16x4xf32>) {
// CHECK-NEXT:   [[CONSTANT:%.+]] = sdy.constant dense<0.000000e+00> : tensor<16x8xf32>
// CHECK-NEXT:   sdy.return [[CONSTANT]] : tensor<16x8xf32>
// CHECK-NEXT: } : (tensor<16x8xf32>, tensor<16x8xf32>) -> tensor<16x8xf32>
func.func @manual_axis_unmentioned(%arg0: tensor<16x8xf32>, %arg1: tensor<16x8xf32>) -> tensor<16x8xf32> {
  %0 = sdy.manual_computation(%arg0, %arg1) in_shardings=[<@mesh, [{"x"}, {}]>, <@mesh, [{?}, {"y"}]>] out_shardings=[<@mesh, [{}, {}]>] manual_axes={"x", "y"} (%arg2: tensor<4x8xf32>, %arg3: tensor<16x4xf32>) {
    %1 = sdy.constant dense<0.0> : tensor<16x8xf32>
    sdy.return %1 : tensor<16x8xf32>
  } : (tensor<16x8xf32>, tensor<16x8xf32>) -> tensor<16x8xf32>
  return %0 : tensor<16x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2]>

// Collectives on the manual axes inside the body, and an extra attribute.
// CHECK-LABEL: func.func @collectives_in_body
// CHECK: sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x"}, {}]>] out_shardings=[<@mesh, [{"x"}, {}]>] manual_axes={"x"} (%arg1: tensor<4x8xf32>) {
// CHECK-NEXT: [[ALL_SLICE:%.+]] = sdy.all_slice [{}, {"y"}] %arg1 out_sharding=<@mesh, [{}, {"y"}]> : tensor<4x8xf32>
// CHECK-NEXT: [[ALL_GATHER:%.+]] = sdy.all_gather [{}, {"y"}] [[ALL_SLICE]] out_sharding=<@mesh, [{}, {}]> : tensor<4x8xf32>
// CHECK-NEXT: sdy.return [[ALL_GATHER]] : tensor<4x8xf32>
// CHECK-NEXT: } {foo = "bar"} : (tensor<8x8xf32>) -> tensor<8x8xf32>
func.func @collectives_in_body(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x"}, {}]>] out_shardings=[<@mesh, [{"x"}, {}]>] manual_axes={"x"} (%arg1: tensor<4x8xf32>) {
    %1 = sdy.all_slice [{}, {"y"}] %arg1 out_sharding=<@mesh, [{}, {"y"}]> : tensor<4x8xf32>
    %2 = sdy.all_gather [{}, {"y"}] %1 out_sharding=<@mesh, [{}, {}]> : tensor<4x8xf32>
    sdy.return %2 : tensor<4x8xf32>
  } {foo = "bar"} : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}
