// The generic form spells attributes as upstream StableHLO does
// (`#stablehlo<comparison_direction LT>`, `#stablehlo.dot<...>`,
// `array<i64: ...>`, ...), and the pretty forms parse from it.
// RUN: sdy-opt %s -split-input-file -mlir-print-op-generic | FileCheck %s
// RUN: sdy-opt %s -split-input-file -mlir-print-op-generic | sdy-opt -split-input-file -mlir-print-op-generic | FileCheck %s

func.func @compare(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xi1> {
  %0 = stablehlo.compare LT, %a, %b, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// CHECK: [[COMPARE:%.+]] = "stablehlo.compare"(%arg{{[0-9]+}}, %arg{{[0-9]+}}) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>

// -----

func.func @dot_general(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>) -> tensor<2x3x5xf32> {
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, HIGH] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// CHECK: [[DOT_GENERAL:%.+]] = "stablehlo.dot_general"(%arg{{[0-9]+}}, %arg{{[0-9]+}}) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision HIGH>]}> : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>

// -----

func.func @shape_attrs(%a: tensor<8x8xf32>, %z: tensor<f32>) -> (tensor<4x4xf32>, tensor<8x8xf32>, tensor<9x8xf32>, tensor<2x8x8xf32>, tensor<8x8xf32>) {
  %0 = stablehlo.slice %a [0:4, 0:8:2] : (tensor<8x8xf32>) -> tensor<4x4xf32>
  %1 = stablehlo.transpose %a, dims = [1, 0] : (tensor<8x8xf32>) -> tensor<8x8xf32>
  %2 = stablehlo.pad %a, %z, low = [1, 0], high = [0, 0], interior = [0, 0] : (tensor<8x8xf32>, tensor<f32>) -> tensor<9x8xf32>
  %3 = stablehlo.broadcast_in_dim %a, dims = [1, 2] : (tensor<8x8xf32>) -> tensor<2x8x8xf32>
  %4 = stablehlo.reverse %a, dims = [0] : tensor<8x8xf32>
  return %0, %1, %2, %3, %4 : tensor<4x4xf32>, tensor<8x8xf32>, tensor<9x8xf32>, tensor<2x8x8xf32>, tensor<8x8xf32>
}

// CHECK: [[SLICE:%.+]] = "stablehlo.slice"(%arg{{[0-9]+}}) <{limit_indices = array<i64: 4, 8>, start_indices = array<i64: 0, 0>, strides = array<i64: 1, 2>}> : (tensor<8x8xf32>) -> tensor<4x4xf32>
// CHECK: [[TRANSPOSE:%.+]] = "stablehlo.transpose"(%arg{{[0-9]+}}) <{permutation = array<i64: 1, 0>}> : (tensor<8x8xf32>) -> tensor<8x8xf32>
// CHECK: [[PAD:%.+]] = "stablehlo.pad"(%arg{{[0-9]+}}, %arg{{[0-9]+}}) <{edge_padding_high = array<i64: 0, 0>, edge_padding_low = array<i64: 1, 0>, interior_padding = array<i64: 0, 0>}> : (tensor<8x8xf32>, tensor<f32>) -> tensor<9x8xf32>
// CHECK: [[BROADCAST_IN_DIM:%.+]] = "stablehlo.broadcast_in_dim"(%arg{{[0-9]+}}) <{broadcast_dimensions = array<i64: 1, 2>}> : (tensor<8x8xf32>) -> tensor<2x8x8xf32>
// CHECK: [[REVERSE:%.+]] = "stablehlo.reverse"(%arg{{[0-9]+}}) <{dimensions = array<i64: 0>}> : (tensor<8x8xf32>) -> tensor<8x8xf32>

// -----

func.func @reduce_and_while(%a: tensor<4x8xf32>, %z: tensor<f32>, %i: tensor<i32>) -> (tensor<4xf32>, tensor<i32>) {
  %0 = stablehlo.reduce(%a init: %z) applies stablehlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  %1 = stablehlo.while(%x = %i) : tensor<i32>
  cond {
    %2 = stablehlo.compare LT, %x, %x, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %2 : tensor<i1>
  } do {
    stablehlo.return %x : tensor<i32>
  }
  return %0, %1 : tensor<4xf32>, tensor<i32>
}

// CHECK: [[REDUCE:%.+]] = "stablehlo.reduce"(%arg{{[0-9]+}}, %arg{{[0-9]+}}) <{dimensions = array<i64: 1>}> ({
// CHECK: [[ADD:%.+]] = "stablehlo.add"(%arg{{[0-9]+}}, %arg{{[0-9]+}}) : (tensor<f32>, tensor<f32>) -> tensor<f32>
// CHECK: "stablehlo.return"([[ADD]]) : (tensor<f32>) -> ()
// CHECK: [[WHILE:%.+]] = "stablehlo.while"(%arg{{[0-9]+}}) ({
// CHECK: [[COMPARE:%.+]] = "stablehlo.compare"(%arg{{[0-9]+}}, %arg{{[0-9]+}}) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<i32>, tensor<i32>) -> tensor<i1>
// CHECK: "stablehlo.return"([[COMPARE]]) : (tensor<i1>) -> ()
// CHECK: "stablehlo.return"(%arg{{[0-9]+}}) : (tensor<i32>) -> ()

// -----

func.func @misc(%a: tensor<4xf32>) -> (tensor<4xf32>, tensor<16xi32>, tensor<ui32>) {
  %0 = stablehlo.custom_call @foo(%a) {backend_config = ""} : (tensor<4xf32>) -> tensor<4xf32>
  %1 = stablehlo.iota dim = 0 : tensor<16xi32>
  %2 = stablehlo.partition_id : tensor<ui32>
  return %0, %1, %2 : tensor<4xf32>, tensor<16xi32>, tensor<ui32>
}

// CHECK: [[CUSTOM_CALL:%.+]] = "stablehlo.custom_call"(%arg{{[0-9]+}}) <{backend_config = "", call_target_name = "foo"}> : (tensor<4xf32>) -> tensor<4xf32>
// CHECK: [[IOTA:%.+]] = "stablehlo.iota"() <{iota_dimension = 0 : i64}> : () -> tensor<16xi32>
// CHECK: [[PARTITION_ID:%.+]] = "stablehlo.partition_id"() : () -> tensor<ui32>
