// Round trips of custom_call, partition_id and replica_id.
// RUN: sdy-opt %s -split-input-file | sdy-opt -split-input-file | FileCheck %s
// RUN: sdy-opt %s -split-input-file -mlir-print-op-generic | sdy-opt -split-input-file | FileCheck %s

func.func @custom_call(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.custom_call @foo(%a) {backend_config = ""} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// CHECK-LABEL: func.func @custom_call(
// CHECK-NEXT: [[CUSTOM_CALL:%.+]] = stablehlo.custom_call @foo(%arg0) {backend_config = ""} : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: return [[CUSTOM_CALL]] : tensor<4xf32>
// CHECK-NEXT: }

// -----

func.func @custom_call_sharding(%a: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = stablehlo.custom_call @Sharding(%a) {mhlo.sharding = "{devices=[2,1]<=[2]}"} : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// CHECK-LABEL: func.func @custom_call_sharding(
// CHECK-NEXT: [[CUSTOM_CALL:%.+]] = stablehlo.custom_call @Sharding(%arg0) {mhlo.sharding = "{devices=[2,1]<=[2]}"} : (tensor<8x8xf32>) -> tensor<8x8xf32>
// CHECK-NEXT: return [[CUSTOM_CALL]] : tensor<8x8xf32>
// CHECK-NEXT: }

// -----

func.func @custom_call_full(%a: tensor<2x3xf32>, %b: tensor<i32>) -> (tensor<2x3xf32>, tensor<i32>) {
  %0:2 = stablehlo.custom_call @"my.target"(%a, %b) {api_version = 4 : i32, backend_config = {alpha = 1.000000e+00 : f32}, has_side_effect = true, operand_layouts = [dense<[1, 0]> : tensor<2xindex>, dense<> : tensor<0xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<> : tensor<0xindex>]} : (tensor<2x3xf32>, tensor<i32>) -> (tensor<2x3xf32>, tensor<i32>)
  return %0#0, %0#1 : tensor<2x3xf32>, tensor<i32>
}

// CHECK-LABEL: func.func @custom_call_full(
// CHECK-NEXT: [[CUSTOM_CALL:%.+]]:2 = stablehlo.custom_call @my.target(%arg0, %arg1) {api_version = 4 : i32, backend_config = {alpha = 1.000000e+00 : f32}, has_side_effect = true, operand_layouts = [dense<[1, 0]> : tensor<2xindex>, dense<> : tensor<0xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<> : tensor<0xindex>]} : (tensor<2x3xf32>, tensor<i32>) -> (tensor<2x3xf32>, tensor<i32>)
// CHECK-NEXT: return [[CUSTOM_CALL]]#0, [[CUSTOM_CALL]]#1 : tensor<2x3xf32>, tensor<i32>
// CHECK-NEXT: }

// -----

func.func @custom_call_no_results(%a: tensor<4xf32>) {
  stablehlo.custom_call @log(%a) {api_version = 2 : i32, has_side_effect = true} : (tensor<4xf32>) -> ()
  return
}

// CHECK-LABEL: func.func @custom_call_no_results(
// CHECK-NEXT: stablehlo.custom_call @log(%arg0) {api_version = 2 : i32, has_side_effect = true} : (tensor<4xf32>) -> ()
// CHECK-NEXT: return
// CHECK-NEXT: }

// -----

func.func @custom_call_called_computations(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.custom_call @foo(%a) {called_computations = [@callee]} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
func.func private @callee(%a: tensor<4xf32>) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}

// CHECK-LABEL: func.func @custom_call_called_computations(
// CHECK-NEXT: [[CUSTOM_CALL:%.+]] = stablehlo.custom_call @foo(%arg0) {called_computations = [@callee]} : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: return [[CUSTOM_CALL]] : tensor<4xf32>
// CHECK-LABEL: func.func private @callee(
// CHECK-NEXT: return %arg0 : tensor<4xf32>
// CHECK-NEXT: }

// -----

func.func @ids() -> (tensor<ui32>, tensor<ui32>) {
  %0 = stablehlo.partition_id : tensor<ui32>
  %1 = stablehlo.replica_id : tensor<ui32>
  return %0, %1 : tensor<ui32>, tensor<ui32>
}

// CHECK-LABEL: func.func @ids(
// CHECK-NEXT: [[PARTITION_ID:%.+]] = stablehlo.partition_id : tensor<ui32>
// CHECK-NEXT: [[REPLICA_ID:%.+]] = stablehlo.replica_id : tensor<ui32>
// CHECK-NEXT: return [[PARTITION_ID]], [[REPLICA_ID]] : tensor<ui32>, tensor<ui32>
// CHECK-NEXT: }
