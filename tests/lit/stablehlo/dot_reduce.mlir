// Round trips of dot, dot_general and reduce, in the pretty and the generic
// form.
// RUN: sdy-opt %s -split-input-file | sdy-opt -split-input-file | FileCheck %s
// RUN: sdy-opt %s -split-input-file -mlir-print-op-generic | sdy-opt -split-input-file | FileCheck %s

func.func @dot(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>, %v: tensor<3xf32>) -> (tensor<2x4xf32>, tensor<2xf32>, tensor<f32>, tensor<4xf32>) {
  %0 = stablehlo.dot %a, %b : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  %1 = stablehlo.dot %a, %v, precision = [DEFAULT, HIGHEST] : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2xf32>
  %2 = stablehlo.dot %v, %v : (tensor<3xf32>, tensor<3xf32>) -> tensor<f32>
  %3 = stablehlo.dot %v, %b, precision = [HIGH, HIGH] : (tensor<3xf32>, tensor<3x4xf32>) -> tensor<4xf32>
  return %0, %1, %2, %3 : tensor<2x4xf32>, tensor<2xf32>, tensor<f32>, tensor<4xf32>
}

// CHECK-LABEL: func.func @dot(
// CHECK-NEXT: [[DOT:%.+]] = stablehlo.dot %arg0, %arg1 : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
// CHECK-NEXT: [[DOT_1:%.+]] = stablehlo.dot %arg0, %arg2, precision = [DEFAULT, HIGHEST] : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2xf32>
// CHECK-NEXT: [[DOT_2:%.+]] = stablehlo.dot %arg2, %arg2 : (tensor<3xf32>, tensor<3xf32>) -> tensor<f32>
// CHECK-NEXT: [[DOT_3:%.+]] = stablehlo.dot %arg2, %arg1, precision = [HIGH, HIGH] : (tensor<3xf32>, tensor<3x4xf32>) -> tensor<4xf32>
// CHECK-NEXT: return [[DOT]], [[DOT_1]], [[DOT_2]], [[DOT_3]] : tensor<2x4xf32>, tensor<2xf32>, tensor<f32>, tensor<4xf32>
// CHECK-NEXT: }

// -----

func.func @dot_general(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>) -> tensor<2x3x5xf32> {
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// CHECK-LABEL: func.func @dot_general(
// CHECK-NEXT: [[DOT_GENERAL:%.+]] = stablehlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
// CHECK-NEXT: return [[DOT_GENERAL]] : tensor<2x3x5xf32>
// CHECK-NEXT: }

// -----

func.func @dot_general_matmul(%a: tensor<4x4xf32>, %b: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<4x4xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// CHECK-LABEL: func.func @dot_general_matmul(
// CHECK-NEXT: [[DOT_GENERAL:%.+]] = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<4x4xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: return [[DOT_GENERAL]] : tensor<4x8xf32>
// CHECK-NEXT: }

// -----

func.func @dot_general_transposed_operands(%a: tensor<8x2x16xbf16>, %b: tensor<32x16x2xbf16>) -> tensor<2x8x32xf32> {
  %0 = stablehlo.dot_general %a, %b, batching_dims = [1] x [2], contracting_dims = [2] x [1] : (tensor<8x2x16xbf16>, tensor<32x16x2xbf16>) -> tensor<2x8x32xf32>
  return %0 : tensor<2x8x32xf32>
}

// CHECK-LABEL: func.func @dot_general_transposed_operands(
// CHECK-NEXT: [[DOT_GENERAL:%.+]] = stablehlo.dot_general %arg0, %arg1, batching_dims = [1] x [2], contracting_dims = [2] x [1] : (tensor<8x2x16xbf16>, tensor<32x16x2xbf16>) -> tensor<2x8x32xf32>
// CHECK-NEXT: return [[DOT_GENERAL]] : tensor<2x8x32xf32>
// CHECK-NEXT: }

// -----

func.func @dot_general_outer_product(%a: tensor<3xf32>, %b: tensor<4xf32>) -> tensor<3x4xf32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [] x [] : (tensor<3xf32>, tensor<4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// CHECK-LABEL: func.func @dot_general_outer_product(
// CHECK-NEXT: [[DOT_GENERAL:%.+]] = stablehlo.dot_general %arg0, %arg1, contracting_dims = [] x [] : (tensor<3xf32>, tensor<4xf32>) -> tensor<3x4xf32>
// CHECK-NEXT: return [[DOT_GENERAL]] : tensor<3x4xf32>
// CHECK-NEXT: }

// -----

func.func @dot_general_algorithm(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT], algorithm = <lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 3, allow_imprecise_accumulation = false> : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// CHECK-LABEL: func.func @dot_general_algorithm(
// CHECK-NEXT: [[DOT_GENERAL:%.+]] = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT], algorithm = <lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 3, allow_imprecise_accumulation = false> : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
// CHECK-NEXT: return [[DOT_GENERAL]] : tensor<4x4xf32>
// CHECK-NEXT: }

// -----

func.func @dot_general_algorithm_only(%a: tensor<4x4xbf16>, %b: tensor<4x4xbf16>) -> tensor<4x4xf32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0], algorithm = <lhs_precision_type = bf16, rhs_precision_type = bf16, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false> : (tensor<4x4xbf16>, tensor<4x4xbf16>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// CHECK-LABEL: func.func @dot_general_algorithm_only(
// CHECK-NEXT: [[DOT_GENERAL:%.+]] = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], algorithm = <lhs_precision_type = bf16, rhs_precision_type = bf16, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false> : (tensor<4x4xbf16>, tensor<4x4xbf16>) -> tensor<4x4xf32>
// CHECK-NEXT: return [[DOT_GENERAL]] : tensor<4x4xf32>
// CHECK-NEXT: }

// -----

func.func @reduce_compact(%a: tensor<4x8xf32>, %z: tensor<f32>) -> (tensor<4xf32>, tensor<f32>) {
  %0 = stablehlo.reduce(%a init: %z) applies stablehlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  %1 = stablehlo.reduce(%a init: %z) applies stablehlo.maximum across dimensions = [0, 1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<f32>
  return %0, %1 : tensor<4xf32>, tensor<f32>
}

// CHECK-LABEL: func.func @reduce_compact(
// CHECK-NEXT: [[REDUCE:%.+]] = stablehlo.reduce(%arg0 init: %arg1) applies stablehlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
// CHECK-NEXT: [[REDUCE_1:%.+]] = stablehlo.reduce(%arg0 init: %arg1) applies stablehlo.maximum across dimensions = [0, 1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<f32>
// CHECK-NEXT: return [[REDUCE]], [[REDUCE_1]] : tensor<4xf32>, tensor<f32>
// CHECK-NEXT: }

// -----

func.func @reduce_compact_int(%a: tensor<4x8xi1>, %t: tensor<i1>, %b: tensor<3xi64>, %o: tensor<i64>) -> (tensor<8xi1>, tensor<i64>) {
  %0 = stablehlo.reduce(%a init: %t) applies stablehlo.and across dimensions = [0] : (tensor<4x8xi1>, tensor<i1>) -> tensor<8xi1>
  %1 = stablehlo.reduce(%b init: %o) applies stablehlo.multiply across dimensions = [0] : (tensor<3xi64>, tensor<i64>) -> tensor<i64>
  return %0, %1 : tensor<8xi1>, tensor<i64>
}

// CHECK-LABEL: func.func @reduce_compact_int(
// CHECK-NEXT: [[REDUCE:%.+]] = stablehlo.reduce(%arg0 init: %arg1) applies stablehlo.and across dimensions = [0] : (tensor<4x8xi1>, tensor<i1>) -> tensor<8xi1>
// CHECK-NEXT: [[REDUCE_1:%.+]] = stablehlo.reduce(%arg2 init: %arg3) applies stablehlo.multiply across dimensions = [0] : (tensor<3xi64>, tensor<i64>) -> tensor<i64>
// CHECK-NEXT: return [[REDUCE]], [[REDUCE_1]] : tensor<8xi1>, tensor<i64>
// CHECK-NEXT: }

// -----

func.func @reduce_region(%a: tensor<4x8xf32>, %z: tensor<f32>) -> tensor<4xf32> {
  %0 = stablehlo.reduce(%a init: %z) across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
   reducer(%x: tensor<f32>, %y: tensor<f32>)  {
    %1 = stablehlo.add %y, %x : tensor<f32>
    stablehlo.return %1 : tensor<f32>
  }
  return %0 : tensor<4xf32>
}

// CHECK-LABEL: func.func @reduce_region(
// CHECK-NEXT: [[REDUCE:%.+]] = stablehlo.reduce(%arg0 init: %arg1) across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
// CHECK-NEXT: reducer(%arg2: tensor<f32>, %arg3: tensor<f32>)  {
// CHECK-NEXT: [[ADD:%.+]] = stablehlo.add %arg3, %arg2 : tensor<f32>
// CHECK-NEXT: stablehlo.return [[ADD]] : tensor<f32>
// CHECK-NEXT: }
// CHECK-NEXT: return [[REDUCE]] : tensor<4xf32>
// CHECK-NEXT: }

// -----

func.func @reduce_variadic(%a: tensor<4x4xf32>, %i: tensor<4x4xi32>, %z: tensor<f32>, %c: tensor<i32>) -> (tensor<4xf32>, tensor<4xi32>) {
  %0:2 = stablehlo.reduce(%a init: %z), (%i init: %c) across dimensions = [1] : (tensor<4x4xf32>, tensor<4x4xi32>, tensor<f32>, tensor<i32>) -> (tensor<4xf32>, tensor<4xi32>)
   reducer(%x: tensor<f32>, %y: tensor<f32>) (%xi: tensor<i32>, %yi: tensor<i32>)  {
    %1 = stablehlo.compare GT, %x, %y, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %2 = stablehlo.select %1, %x, %y : tensor<i1>, tensor<f32>
    %3 = stablehlo.select %1, %xi, %yi : tensor<i1>, tensor<i32>
    stablehlo.return %2, %3 : tensor<f32>, tensor<i32>
  }
  return %0#0, %0#1 : tensor<4xf32>, tensor<4xi32>
}

// CHECK-LABEL: func.func @reduce_variadic(
// CHECK-NEXT: [[REDUCE:%.+]]:2 = stablehlo.reduce(%arg0 init: %arg2), (%arg1 init: %arg3) across dimensions = [1] : (tensor<4x4xf32>, tensor<4x4xi32>, tensor<f32>, tensor<i32>) -> (tensor<4xf32>, tensor<4xi32>)
// CHECK-NEXT: reducer(%arg4: tensor<f32>, %arg6: tensor<f32>) (%arg5: tensor<i32>, %arg7: tensor<i32>)  {
// CHECK-NEXT: [[COMPARE:%.+]] = stablehlo.compare GT, %arg4, %arg6, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
// CHECK-NEXT: [[SELECT:%.+]] = stablehlo.select [[COMPARE]], %arg4, %arg6 : tensor<i1>, tensor<f32>
// CHECK-NEXT: [[SELECT_1:%.+]] = stablehlo.select [[COMPARE]], %arg5, %arg7 : tensor<i1>, tensor<i32>
// CHECK-NEXT: stablehlo.return [[SELECT]], [[SELECT_1]] : tensor<f32>, tensor<i32>
// CHECK-NEXT: }
// CHECK-NEXT: return [[REDUCE]]#0, [[REDUCE]]#1 : tensor<4xf32>, tensor<4xi32>
// CHECK-NEXT: }

// -----

func.func @reduce_not_compact_non_commutative(%a: tensor<4xf32>, %z: tensor<f32>) -> tensor<f32> {
  %0 = stablehlo.reduce(%a init: %z) across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
   reducer(%x: tensor<f32>, %y: tensor<f32>)  {
    %1 = stablehlo.subtract %x, %y : tensor<f32>
    stablehlo.return %1 : tensor<f32>
  }
  return %0 : tensor<f32>
}

// CHECK-LABEL: func.func @reduce_not_compact_non_commutative(
// CHECK-NEXT: [[REDUCE:%.+]] = stablehlo.reduce(%arg0 init: %arg1) across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
// CHECK-NEXT: reducer(%arg2: tensor<f32>, %arg3: tensor<f32>)  {
// CHECK-NEXT: [[SUBTRACT:%.+]] = stablehlo.subtract %arg2, %arg3 : tensor<f32>
// CHECK-NEXT: stablehlo.return [[SUBTRACT]] : tensor<f32>
// CHECK-NEXT: }
// CHECK-NEXT: return [[REDUCE]] : tensor<f32>
// CHECK-NEXT: }
