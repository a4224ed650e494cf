// A module exactly as JAX prints it (`jax.jit(f).lower(...).as_text()`) for a
// small MLP with a softmax cross-entropy loss, a fori_loop and an argmax:
// dot_general, broadcast_in_dim, reduce (compact and region forms), while,
// compare, select, gather, dynamic_slice and friends. It must parse, verify
// and print back unchanged, also through the generic form.
// RUN: sdy-opt %s | sdy-opt | FileCheck %s
// RUN: sdy-opt %s -mlir-print-op-generic | sdy-opt | FileCheck %s

module @jit_mlp attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<16x32xf32>, %arg1: tensor<32xf32>, %arg2: tensor<32x8xf32>, %arg3: tensor<8xf32>, %arg4: tensor<4x16xf32>, %arg5: tensor<4xi32>) -> (tensor<f32> {jax.result_info = "result[0]"}, tensor<f32> {jax.result_info = "result[1]"}, tensor<4xi32> {jax.result_info = "result[2]"}) {
    %0 = stablehlo.dot_general %arg4, %arg0, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x16xf32>, tensor<16x32xf32>) -> tensor<4x32xf32>
    %1 = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<32xf32>) -> tensor<1x32xf32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [0, 1] : (tensor<1x32xf32>) -> tensor<4x32xf32>
    %3 = stablehlo.add %0, %2 : tensor<4x32xf32>
    %4 = call @relu(%3) : (tensor<4x32xf32>) -> tensor<4x32xf32>
    %5 = stablehlo.dot_general %4, %arg2, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x32xf32>, tensor<32x8xf32>) -> tensor<4x8xf32>
    %6 = stablehlo.broadcast_in_dim %arg3, dims = [1] : (tensor<8xf32>) -> tensor<1x8xf32>
    %7 = stablehlo.broadcast_in_dim %6, dims = [0, 1] : (tensor<1x8xf32>) -> tensor<4x8xf32>
    %8 = stablehlo.add %5, %7 : tensor<4x8xf32>
    %9 = call @log_softmax(%8) : (tensor<4x8xf32>) -> tensor<4x8xf32>
    %10 = stablehlo.broadcast_in_dim %arg5, dims = [0] : (tensor<4xi32>) -> tensor<4x1xi32>
    %11 = call @take_along_axis(%9, %10) : (tensor<4x8xf32>, tensor<4x1xi32>) -> tensor<4x1xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %12 = stablehlo.reduce(%11 init: %cst) applies stablehlo.add across dimensions = [0, 1] : (tensor<4x1xf32>, tensor<f32>) -> tensor<f32>
    %cst_0 = stablehlo.constant dense<4.000000e+00> : tensor<f32>
    %13 = stablehlo.divide %12, %cst_0 : tensor<f32>
    %14 = stablehlo.negate %13 : tensor<f32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %15:4 = stablehlo.while(%iterArg = %4, %iterArg_3 = %c_2, %iterArg_4 = %c, %iterArg_5 = %cst_1) : tensor<4x32xf32>, tensor<i32>, tensor<i32>, tensor<f32>
    cond {
      %c_6 = stablehlo.constant dense<4> : tensor<i32>
      %17 = stablehlo.compare LT, %iterArg_3, %c_6, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %17 : tensor<i1>
    } do {
      %17:2 = func.call @closed_call(%iterArg, %iterArg_4, %iterArg_5) : (tensor<4x32xf32>, tensor<i32>, tensor<f32>) -> (tensor<i32>, tensor<f32>)
      %c_6 = stablehlo.constant dense<1> : tensor<i32>
      %18 = stablehlo.add %iterArg_3, %c_6 : tensor<i32>
      stablehlo.return %iterArg, %18, %17#0, %17#1 : tensor<4x32xf32>, tensor<i32>, tensor<i32>, tensor<f32>
    }
    %16 = call @argmax(%8) : (tensor<4x8xf32>) -> tensor<4xi32>
    return %14, %15#3, %16 : tensor<f32>, tensor<f32>, tensor<4xi32>
  }
  func.func private @relu(%arg0: tensor<4x32xf32>) -> tensor<4x32xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x32xf32>
    %1 = stablehlo.maximum %arg0, %0 : tensor<4x32xf32>
    return %1 : tensor<4x32xf32>
  }
  func.func private @log_softmax(%arg0: tensor<4x8xf32>) -> tensor<4x8xf32> {
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.maximum across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
    %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %2 = stablehlo.maximum %1, %0 : tensor<4xf32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [0] : (tensor<4xf32>) -> tensor<4x1xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<4x1xf32>) -> tensor<4x8xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<4x8xf32>
    %6 = stablehlo.exponential %5 : tensor<4x8xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.reduce(%6 init: %cst_1) applies stablehlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0] : (tensor<4xf32>) -> tensor<4x1xf32>
    %9 = stablehlo.log %8 : tensor<4x1xf32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0, 1] : (tensor<4x1xf32>) -> tensor<4x8xf32>
    %11 = stablehlo.subtract %5, %10 : tensor<4x8xf32>
    return %11 : tensor<4x8xf32>
  }
  func.func private @take_along_axis(%arg0: tensor<4x8xf32>, %arg1: tensor<4x1xi32>) -> tensor<4x1xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<4x1xi32>
    %1 = stablehlo.compare LT, %arg1, %0, SIGNED : (tensor<4x1xi32>, tensor<4x1xi32>) -> tensor<4x1xi1>
    %c_0 = stablehlo.constant dense<8> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<4x1xi32>
    %3 = stablehlo.add %arg1, %2 : tensor<4x1xi32>
    %4 = stablehlo.select %1, %3, %arg1 : tensor<4x1xi1>, tensor<4x1xi32>
    %5 = stablehlo.reshape %4 : (tensor<4x1xi32>) -> tensor<4x1x1xi32>
    %c_1 = stablehlo.constant dense<7> : tensor<1xi32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %6 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<4x1x1xi32>
    %7 = stablehlo.compare GE, %5, %6, SIGNED : (tensor<4x1x1xi32>, tensor<4x1x1xi32>) -> tensor<4x1x1xi1>
    %8 = stablehlo.broadcast_in_dim %c_1, dims = [2] : (tensor<1xi32>) -> tensor<1x1x1xi32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0, 1, 2] : (tensor<1x1x1xi32>) -> tensor<4x1x1xi32>
    %10 = stablehlo.compare LE, %5, %9, SIGNED : (tensor<4x1x1xi32>, tensor<4x1x1xi32>) -> tensor<4x1x1xi1>
    %11 = stablehlo.and %7, %10 : tensor<4x1x1xi1>
    %c_3 = stablehlo.constant dense<true> : tensor<i1>
    %12 = stablehlo.reduce(%11 init: %c_3) applies stablehlo.and across dimensions = [2] : (tensor<4x1x1xi1>, tensor<i1>) -> tensor<4x1xi1>
    %13 = "stablehlo.gather"(%arg0, %5) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1>}> : (tensor<4x8xf32>, tensor<4x1x1xi32>) -> tensor<4x1xf32>
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %14 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x1xf32>
    %15 = stablehlo.select %12, %13, %14 : tensor<4x1xi1>, tensor<4x1xf32>
    return %15 : tensor<4x1xf32>
  }
  func.func private @closed_call(%arg0: tensor<4x32xf32>, %arg1: tensor<i32>, %arg2: tensor<f32>) -> (tensor<i32>, tensor<f32>) {
    %c = stablehlo.constant dense<1> : tensor<i32>
    %0 = stablehlo.add %arg1, %c : tensor<i32>
    %cst = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %1 = stablehlo.multiply %arg2, %cst : tensor<f32>
    %2 = stablehlo.convert %arg1 : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %3 = stablehlo.compare LT, %2, %c_0, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_1 = stablehlo.constant dense<4> : tensor<i32>
    %4 = stablehlo.add %2, %c_1 : tensor<i32>
    %5 = stablehlo.select %3, %4, %2 : tensor<i1>, tensor<i32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %6 = stablehlo.compare LT, %c_2, %c_3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_4 = stablehlo.constant dense<0> : tensor<i32>
    %c_5 = stablehlo.constant dense<32> : tensor<i32>
    %7 = stablehlo.add %c_4, %c_5 : tensor<i32>
    %c_6 = stablehlo.constant dense<0> : tensor<i32>
    %8 = stablehlo.select %6, %7, %c_6 : tensor<i1>, tensor<i32>
    %9 = stablehlo.dynamic_slice %arg0, %5, %8, sizes = [1, 32] : (tensor<4x32xf32>, tensor<i32>, tensor<i32>) -> tensor<1x32xf32>
    %10 = stablehlo.reshape %9 : (tensor<1x32xf32>) -> tensor<32xf32>
    %cst_7 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %11 = stablehlo.reduce(%10 init: %cst_7) applies stablehlo.add across dimensions = [0] : (tensor<32xf32>, tensor<f32>) -> tensor<f32>
    %12 = stablehlo.add %1, %11 : tensor<f32>
    return %0, %12 : tensor<i32>, tensor<f32>
  }
  func.func private @argmax(%arg0: tensor<4x8xf32>) -> tensor<4xi32> {
    %0 = stablehlo.iota dim = 1 : tensor<4x8xi32>
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1:2 = stablehlo.reduce(%arg0 init: %cst), (%0 init: %c) across dimensions = [1] : (tensor<4x8xf32>, tensor<4x8xi32>, tensor<f32>, tensor<i32>) -> (tensor<4xf32>, tensor<4xi32>)
     reducer(%arg1: tensor<f32>, %arg3: tensor<f32>) (%arg2: tensor<i32>, %arg4: tensor<i32>)  {
      %2 = stablehlo.compare GT, %arg1, %arg3, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %3 = stablehlo.compare NE, %arg1, %arg1, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %4 = stablehlo.or %2, %3 : tensor<i1>
      %5 = stablehlo.compare EQ, %arg1, %arg3, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %6 = stablehlo.compare LT, %arg2, %arg4, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %7 = stablehlo.and %5, %6 : tensor<i1>
      %8 = stablehlo.or %4, %7 : tensor<i1>
      %9 = stablehlo.select %4, %arg1, %arg3 : tensor<i1>, tensor<f32>
      %10 = stablehlo.select %8, %arg2, %arg4 : tensor<i1>, tensor<i32>
      stablehlo.return %9, %10 : tensor<f32>, tensor<i32>
    }
    return %1#1 : tensor<4xi32>
  }
}

// CHECK: module @jit_mlp attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
// CHECK-LABEL: func.func public @main(
// CHECK-NEXT: [[DOT_GENERAL:%.+]] = stablehlo.dot_general %arg4, %arg0, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x16xf32>, tensor<16x32xf32>) -> tensor<4x32xf32>
// CHECK-NEXT: [[BROADCAST_IN_DIM:%.+]] = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<32xf32>) -> tensor<1x32xf32>
// CHECK-NEXT: [[BROADCAST_IN_DIM_1:%.+]] = stablehlo.broadcast_in_dim [[BROADCAST_IN_DIM]], dims = [0, 1] : (tensor<1x32xf32>) -> tensor<4x32xf32>
// CHECK-NEXT: [[ADD:%.+]] = stablehlo.add [[DOT_GENERAL]], [[BROADCAST_IN_DIM_1]] : tensor<4x32xf32>
// CHECK-NEXT: [[CALL:%.+]] = call @relu([[ADD]]) : (tensor<4x32xf32>) -> tensor<4x32xf32>
// CHECK-NEXT: [[DOT_GENERAL_1:%.+]] = stablehlo.dot_general [[CALL]], %arg2, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x32xf32>, tensor<32x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: [[BROADCAST_IN_DIM_2:%.+]] = stablehlo.broadcast_in_dim %arg3, dims = [1] : (tensor<8xf32>) -> tensor<1x8xf32>
// CHECK-NEXT: [[BROADCAST_IN_DIM_3:%.+]] = stablehlo.broadcast_in_dim [[BROADCAST_IN_DIM_2]], dims = [0, 1] : (tensor<1x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: [[ADD_1:%.+]] = stablehlo.add [[DOT_GENERAL_1]], [[BROADCAST_IN_DIM_3]] : tensor<4x8xf32>
// CHECK-NEXT: [[CALL_1:%.+]] = call @log_softmax([[ADD_1]]) : (tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: [[BROADCAST_IN_DIM_4:%.+]] = stablehlo.broadcast_in_dim %arg5, dims = [0] : (tensor<4xi32>) -> tensor<4x1xi32>
// CHECK-NEXT: [[CALL_2:%.+]] = call @take_along_axis([[CALL_1]], [[BROADCAST_IN_DIM_4]]) : (tensor<4x8xf32>, tensor<4x1xi32>) -> tensor<4x1xf32>
// CHECK-NEXT: [[CST:%.+]] = stablehlo.constant dense<0.000000e+00> : tensor<f32>
// CHECK-NEXT: [[REDUCE:%.+]] = stablehlo.reduce([[CALL_2]] init: [[CST]]) applies stablehlo.add across dimensions = [0, 1] : (tensor<4x1xf32>, tensor<f32>) -> tensor<f32>
// CHECK-NEXT: [[CST_1:%.+]] = stablehlo.constant dense<4.000000e+00> : tensor<f32>
// CHECK-NEXT: [[DIVIDE:%.+]] = stablehlo.divide [[REDUCE]], [[CST_1]] : tensor<f32>
// CHECK-NEXT: [[NEGATE:%.+]] = stablehlo.negate [[DIVIDE]] : tensor<f32>
// CHECK-NEXT: [[C:%.+]] = stablehlo.constant dense<0> : tensor<i32>
// CHECK-NEXT: [[CST_2:%.+]] = stablehlo.constant dense<0.000000e+00> : tensor<f32>
// CHECK-NEXT: [[C_1:%.+]] = stablehlo.constant dense<0> : tensor<i32>
// CHECK-NEXT: [[WHILE:%.+]]:4 = stablehlo.while(%iterArg = [[CALL]], %iterArg_3 = [[C_1]], %iterArg_4 = [[C]], %iterArg_5 = [[CST_2]]) : tensor<4x32xf32>, tensor<i32>, tensor<i32>, tensor<f32>
// CHECK-NEXT: cond {
// CHECK-NEXT: [[C_2:%.+]] = stablehlo.constant dense<4> : tensor<i32>
// CHECK-NEXT: [[COMPARE:%.+]] = stablehlo.compare LT, %iterArg_3, [[C_2]], SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
// CHECK-NEXT: stablehlo.return [[COMPARE]] : tensor<i1>
// CHECK-NEXT: } do {
// CHECK-NEXT: [[CALL_3:%.+]]:2 = func.call @closed_call(%iterArg, %iterArg_4, %iterArg_5) : (tensor<4x32xf32>, tensor<i32>, tensor<f32>) -> (tensor<i32>, tensor<f32>)
// CHECK-NEXT: [[C_3:%.+]] = stablehlo.constant dense<1> : tensor<i32>
// CHECK-NEXT: [[ADD_2:%.+]] = stablehlo.add %iterArg_3, [[C_3]] : tensor<i32>
// CHECK-NEXT: stablehlo.return %iterArg, [[ADD_2]], [[CALL_3]]#0, [[CALL_3]]#1 : tensor<4x32xf32>, tensor<i32>, tensor<i32>, tensor<f32>
// CHECK-NEXT: }
// CHECK-NEXT: [[CALL_4:%.+]] = call @argmax([[ADD_1]]) : (tensor<4x8xf32>) -> tensor<4xi32>
// CHECK-NEXT: return [[NEGATE]], [[WHILE]]#3, [[CALL_4]] : tensor<f32>, tensor<f32>, tensor<4xi32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func private @relu(
// CHECK-NEXT: [[CST:%.+]] = stablehlo.constant dense<0.000000e+00> : tensor<f32>
// CHECK-NEXT: [[BROADCAST_IN_DIM:%.+]] = stablehlo.broadcast_in_dim [[CST]], dims = [] : (tensor<f32>) -> tensor<4x32xf32>
// CHECK-NEXT: [[MAXIMUM:%.+]] = stablehlo.maximum %arg0, [[BROADCAST_IN_DIM]] : tensor<4x32xf32>
// CHECK-NEXT: return [[MAXIMUM]] : tensor<4x32xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func private @log_softmax(
// CHECK-NEXT: [[CST:%.+]] = stablehlo.constant dense<0xFF800000> : tensor<f32>
// CHECK-NEXT: [[REDUCE:%.+]] = stablehlo.reduce(%arg0 init: [[CST]]) applies stablehlo.maximum across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
// CHECK-NEXT: [[CST_1:%.+]] = stablehlo.constant dense<0xFF800000> : tensor<f32>
// CHECK-NEXT: [[BROADCAST_IN_DIM:%.+]] = stablehlo.broadcast_in_dim [[CST_1]], dims = [] : (tensor<f32>) -> tensor<4xf32>
// CHECK-NEXT: [[MAXIMUM:%.+]] = stablehlo.maximum [[BROADCAST_IN_DIM]], [[REDUCE]] : tensor<4xf32>
// CHECK-NEXT: [[BROADCAST_IN_DIM_1:%.+]] = stablehlo.broadcast_in_dim [[MAXIMUM]], dims = [0] : (tensor<4xf32>) -> tensor<4x1xf32>
// CHECK-NEXT: [[BROADCAST_IN_DIM_2:%.+]] = stablehlo.broadcast_in_dim [[BROADCAST_IN_DIM_1]], dims = [0, 1] : (tensor<4x1xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: [[SUBTRACT:%.+]] = stablehlo.subtract %arg0, [[BROADCAST_IN_DIM_2]] : tensor<4x8xf32>
// CHECK-NEXT: [[EXPONENTIAL:%.+]] = stablehlo.exponential [[SUBTRACT]] : tensor<4x8xf32>
// CHECK-NEXT: [[CST_2:%.+]] = stablehlo.constant dense<0.000000e+00> : tensor<f32>
// CHECK-NEXT: [[REDUCE_1:%.+]] = stablehlo.reduce([[EXPONENTIAL]] init: [[CST_2]]) applies stablehlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
// CHECK-NEXT: [[BROADCAST_IN_DIM_3:%.+]] = stablehlo.broadcast_in_dim [[REDUCE_1]], dims = [0] : (tensor<4xf32>) -> tensor<4x1xf32>
// CHECK-NEXT: [[LOG:%.+]] = stablehlo.log [[BROADCAST_IN_DIM_3]] : tensor<4x1xf32>
// CHECK-NEXT: [[BROADCAST_IN_DIM_4:%.+]] = stablehlo.broadcast_in_dim [[LOG]], dims = [0, 1] : (tensor<4x1xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: [[SUBTRACT_1:%.+]] = stablehlo.subtract [[SUBTRACT]], [[BROADCAST_IN_DIM_4]] : tensor<4x8xf32>
// CHECK-NEXT: return [[SUBTRACT_1]] : tensor<4x8xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func private @take_along_axis(
// CHECK-NEXT: [[C:%.+]] = stablehlo.constant dense<0> : tensor<i32>
// CHECK-NEXT: [[BROADCAST_IN_DIM:%.+]] = stablehlo.broadcast_in_dim [[C]], dims = [] : (tensor<i32>) -> tensor<4x1xi32>
// CHECK-NEXT: [[COMPARE:%.+]] = stablehlo.compare LT, %arg1, [[BROADCAST_IN_DIM]], SIGNED : (tensor<4x1xi32>, tensor<4x1xi32>) -> tensor<4x1xi1>
// CHECK-NEXT: [[C_1:%.+]] = stablehlo.constant dense<8> : tensor<i32>
// CHECK-NEXT: [[BROADCAST_IN_DIM_1:%.+]] = stablehlo.broadcast_in_dim [[C_1]], dims = [] : (tensor<i32>) -> tensor<4x1xi32>
// CHECK-NEXT: [[ADD:%.+]] = stablehlo.add %arg1, [[BROADCAST_IN_DIM_1]] : tensor<4x1xi32>
// CHECK-NEXT: [[SELECT:%.+]] = stablehlo.select [[COMPARE]], [[ADD]], %arg1 : tensor<4x1xi1>, tensor<4x1xi32>
// CHECK-NEXT: [[RESHAPE:%.+]] = stablehlo.reshape [[SELECT]] : (tensor<4x1xi32>) -> tensor<4x1x1xi32>
// CHECK-NEXT: [[C_2:%.+]] = stablehlo.constant dense<7> : tensor<1xi32>
// CHECK-NEXT: [[C_3:%.+]] = stablehlo.constant dense<0> : tensor<i32>
// CHECK-NEXT: [[BROADCAST_IN_DIM_2:%.+]] = stablehlo.broadcast_in_dim [[C_3]], dims = [] : (tensor<i32>) -> tensor<4x1x1xi32>
// CHECK-NEXT: [[COMPARE_1:%.+]] = stablehlo.compare GE, [[RESHAPE]], [[BROADCAST_IN_DIM_2]], SIGNED : (tensor<4x1x1xi32>, tensor<4x1x1xi32>) -> tensor<4x1x1xi1>
// CHECK-NEXT: [[BROADCAST_IN_DIM_3:%.+]] = stablehlo.broadcast_in_dim [[C_2]], dims = [2] : (tensor<1xi32>) -> tensor<1x1x1xi32>
// CHECK-NEXT: [[BROADCAST_IN_DIM_4:%.+]] = stablehlo.broadcast_in_dim [[BROADCAST_IN_DIM_3]], dims = [0, 1, 2] : (tensor<1x1x1xi32>) -> tensor<4x1x1xi32>
// CHECK-NEXT: [[COMPARE_2:%.+]] = stablehlo.compare LE, [[RESHAPE]], [[BROADCAST_IN_DIM_4]], SIGNED : (tensor<4x1x1xi32>, tensor<4x1x1xi32>) -> tensor<4x1x1xi1>
// CHECK-NEXT: [[AND:%.+]] = stablehlo.and [[COMPARE_1]], [[COMPARE_2]] : tensor<4x1x1xi1>
// CHECK-NEXT: [[C_4:%.+]] = stablehlo.constant dense<true> : tensor<i1>
// CHECK-NEXT: [[REDUCE:%.+]] = stablehlo.reduce([[AND]] init: [[C_4]]) applies stablehlo.and across dimensions = [2] : (tensor<4x1x1xi1>, tensor<i1>) -> tensor<4x1xi1>
// CHECK-NEXT: [[GATHER:%.+]] = "stablehlo.gather"(%arg0, [[RESHAPE]]) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1>}> : (tensor<4x8xf32>, tensor<4x1x1xi32>) -> tensor<4x1xf32>
// CHECK-NEXT: [[CST:%.+]] = stablehlo.constant dense<0x7FC00000> : tensor<f32>
// CHECK-NEXT: [[BROADCAST_IN_DIM_5:%.+]] = stablehlo.broadcast_in_dim [[CST]], dims = [] : (tensor<f32>) -> tensor<4x1xf32>
// CHECK-NEXT: [[SELECT_1:%.+]] = stablehlo.select [[REDUCE]], [[GATHER]], [[BROADCAST_IN_DIM_5]] : tensor<4x1xi1>, tensor<4x1xf32>
// CHECK-NEXT: return [[SELECT_1]] : tensor<4x1xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func private @closed_call(
// CHECK-NEXT: [[C:%.+]] = stablehlo.constant dense<1> : tensor<i32>
// CHECK-NEXT: [[ADD:%.+]] = stablehlo.add %arg1, [[C]] : tensor<i32>
// CHECK-NEXT: [[CST:%.+]] = stablehlo.constant dense<5.000000e-01> : tensor<f32>
// CHECK-NEXT: [[MULTIPLY:%.+]] = stablehlo.multiply %arg2, [[CST]] : tensor<f32>
// CHECK-NEXT: [[CONVERT:%.+]] = stablehlo.convert %arg1 : tensor<i32>
// CHECK-NEXT: [[C_1:%.+]] = stablehlo.constant dense<0> : tensor<i32>
// CHECK-NEXT: [[COMPARE:%.+]] = stablehlo.compare LT, [[CONVERT]], [[C_1]], SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
// CHECK-NEXT: [[C_2:%.+]] = stablehlo.constant dense<4> : tensor<i32>
// CHECK-NEXT: [[ADD_1:%.+]] = stablehlo.add [[CONVERT]], [[C_2]] : tensor<i32>
// CHECK-NEXT: [[SELECT:%.+]] = stablehlo.select [[COMPARE]], [[ADD_1]], [[CONVERT]] : tensor<i1>, tensor<i32>
// CHECK-NEXT: [[C_3:%.+]] = stablehlo.constant dense<0> : tensor<i32>
// CHECK-NEXT: [[C_4:%.+]] = stablehlo.constant dense<0> : tensor<i32>
// CHECK-NEXT: [[COMPARE_1:%.+]] = stablehlo.compare LT, [[C_3]], [[C_4]], SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
// CHECK-NEXT: [[C_5:%.+]] = stablehlo.constant dense<0> : tensor<i32>
// CHECK-NEXT: [[C_6:%.+]] = stablehlo.constant dense<32> : tensor<i32>
// CHECK-NEXT: [[ADD_2:%.+]] = stablehlo.add [[C_5]], [[C_6]] : tensor<i32>
// CHECK-NEXT: [[C_7:%.+]] = stablehlo.constant dense<0> : tensor<i32>
// CHECK-NEXT: [[SELECT_1:%.+]] = stablehlo.select [[COMPARE_1]], [[ADD_2]], [[C_7]] : tensor<i1>, tensor<i32>
// CHECK-NEXT: [[DYNAMIC_SLICE:%.+]] = stablehlo.dynamic_slice %arg0, [[SELECT]], [[SELECT_1]], sizes = [1, 32] : (tensor<4x32xf32>, tensor<i32>, tensor<i32>) -> tensor<1x32xf32>
// CHECK-NEXT: [[RESHAPE:%.+]] = stablehlo.reshape [[DYNAMIC_SLICE]] : (tensor<1x32xf32>) -> tensor<32xf32>
// CHECK-NEXT: [[CST_1:%.+]] = stablehlo.constant dense<0.000000e+00> : tensor<f32>
// CHECK-NEXT: [[REDUCE:%.+]] = stablehlo.reduce([[RESHAPE]] init: [[CST_1]]) applies stablehlo.add across dimensions = [0] : (tensor<32xf32>, tensor<f32>) -> tensor<f32>
// CHECK-NEXT: [[ADD_3:%.+]] = stablehlo.add [[MULTIPLY]], [[REDUCE]] : tensor<f32>
// CHECK-NEXT: return [[ADD]], [[ADD_3]] : tensor<i32>, tensor<f32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func private @argmax(
// CHECK-NEXT: [[IOTA:%.+]] = stablehlo.iota dim = 1 : tensor<4x8xi32>
// CHECK-NEXT: [[CST:%.+]] = stablehlo.constant dense<0xFF800000> : tensor<f32>
// CHECK-NEXT: [[C:%.+]] = stablehlo.constant dense<0> : tensor<i32>
// CHECK-NEXT: [[REDUCE:%.+]]:2 = stablehlo.reduce(%arg0 init: [[CST]]), ([[IOTA]] init: [[C]]) across dimensions = [1] : (tensor<4x8xf32>, tensor<4x8xi32>, tensor<f32>, tensor<i32>) -> (tensor<4xf32>, tensor<4xi32>)
// CHECK-NEXT: reducer(%arg1: tensor<f32>, %arg3: tensor<f32>) (%arg2: tensor<i32>, %arg4: tensor<i32>)  {
// CHECK-NEXT: [[COMPARE:%.+]] = stablehlo.compare GT, %arg1, %arg3, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
// CHECK-NEXT: [[COMPARE_1:%.+]] = stablehlo.compare NE, %arg1, %arg1, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
// CHECK-NEXT: [[OR:%.+]] = stablehlo.or [[COMPARE]], [[COMPARE_1]] : tensor<i1>
// CHECK-NEXT: [[COMPARE_2:%.+]] = stablehlo.compare EQ, %arg1, %arg3, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
// CHECK-NEXT: [[COMPARE_3:%.+]] = stablehlo.compare LT, %arg2, %arg4, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
// CHECK-NEXT: [[AND:%.+]] = stablehlo.and [[COMPARE_2]], [[COMPARE_3]] : tensor<i1>
// CHECK-NEXT: [[OR_1:%.+]] = stablehlo.or [[OR]], [[AND]] : tensor<i1>
// CHECK-NEXT: [[SELECT:%.+]] = stablehlo.select [[OR]], %arg1, %arg3 : tensor<i1>, tensor<f32>
// CHECK-NEXT: [[SELECT_1:%.+]] = stablehlo.select [[OR_1]], %arg2, %arg4 : tensor<i1>, tensor<i32>
// CHECK-NEXT: stablehlo.return [[SELECT]], [[SELECT_1]] : tensor<f32>, tensor<i32>
// CHECK-NEXT: }
// CHECK-NEXT: return [[REDUCE]]#1 : tensor<4xi32>
// CHECK-NEXT: }
// CHECK-NEXT: }
