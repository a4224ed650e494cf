// Round trips of the shape ops, in the pretty and the generic form.
// RUN: sdy-opt %s -split-input-file | sdy-opt -split-input-file | FileCheck %s
// RUN: sdy-opt %s -split-input-file -mlir-print-op-generic | sdy-opt -split-input-file | FileCheck %s

func.func @broadcast_in_dim(%a: tensor<4xf32>, %s: tensor<f32>) -> (tensor<4x8xf32>, tensor<2x4xf32>, tensor<3x1x4xf32>) {
  %0 = stablehlo.broadcast_in_dim %a, dims = [0] : (tensor<4xf32>) -> tensor<4x8xf32>
  %1 = stablehlo.broadcast_in_dim %s, dims = [] : (tensor<f32>) -> tensor<2x4xf32>
  %2 = stablehlo.broadcast_in_dim %a, dims = [2] : (tensor<4xf32>) -> tensor<3x1x4xf32>
  return %0, %1, %2 : tensor<4x8xf32>, tensor<2x4xf32>, tensor<3x1x4xf32>
}

// CHECK-LABEL: func.func @broadcast_in_dim(
// CHECK-NEXT: [[BROADCAST_IN_DIM:%.+]] = stablehlo.broadcast_in_dim %arg0, dims = [0] : (tensor<4xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: [[BROADCAST_IN_DIM_1:%.+]] = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<2x4xf32>
// CHECK-NEXT: [[BROADCAST_IN_DIM_2:%.+]] = stablehlo.broadcast_in_dim %arg0, dims = [2] : (tensor<4xf32>) -> tensor<3x1x4xf32>
// CHECK-NEXT: return [[BROADCAST_IN_DIM]], [[BROADCAST_IN_DIM_1]], [[BROADCAST_IN_DIM_2]] : tensor<4x8xf32>, tensor<2x4xf32>, tensor<3x1x4xf32>
// CHECK-NEXT: }

// -----

func.func @broadcast_in_dim_size_one(%a: tensor<1x3xi32>) -> tensor<3x5x3xi32> {
  %0 = stablehlo.broadcast_in_dim %a, dims = [1, 2] : (tensor<1x3xi32>) -> tensor<3x5x3xi32>
  return %0 : tensor<3x5x3xi32>
}

// CHECK-LABEL: func.func @broadcast_in_dim_size_one(
// CHECK-NEXT: [[BROADCAST_IN_DIM:%.+]] = stablehlo.broadcast_in_dim %arg0, dims = [1, 2] : (tensor<1x3xi32>) -> tensor<3x5x3xi32>
// CHECK-NEXT: return [[BROADCAST_IN_DIM]] : tensor<3x5x3xi32>
// CHECK-NEXT: }

// -----

func.func @reshape(%a: tensor<6xf32>) -> (tensor<2x3xf32>, tensor<6x1xf32>) {
  %0 = stablehlo.reshape %a : (tensor<6xf32>) -> tensor<2x3xf32>
  %1 = stablehlo.reshape %0 : (tensor<2x3xf32>) -> tensor<6x1xf32>
  return %0, %1 : tensor<2x3xf32>, tensor<6x1xf32>
}

// CHECK-LABEL: func.func @reshape(
// CHECK-NEXT: [[RESHAPE:%.+]] = stablehlo.reshape %arg0 : (tensor<6xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: [[RESHAPE_1:%.+]] = stablehlo.reshape [[RESHAPE]] : (tensor<2x3xf32>) -> tensor<6x1xf32>
// CHECK-NEXT: return [[RESHAPE]], [[RESHAPE_1]] : tensor<2x3xf32>, tensor<6x1xf32>
// CHECK-NEXT: }

// -----

func.func @reshape_scalar(%a: tensor<1x1xi8>) -> tensor<i8> {
  %0 = stablehlo.reshape %a : (tensor<1x1xi8>) -> tensor<i8>
  return %0 : tensor<i8>
}

// CHECK-LABEL: func.func @reshape_scalar(
// CHECK-NEXT: [[RESHAPE:%.+]] = stablehlo.reshape %arg0 : (tensor<1x1xi8>) -> tensor<i8>
// CHECK-NEXT: return [[RESHAPE]] : tensor<i8>
// CHECK-NEXT: }

// -----

func.func @transpose(%a: tensor<2x3xf32>, %b: tensor<2x3x4xbf16>) -> (tensor<3x2xf32>, tensor<4x2x3xbf16>) {
  %0 = stablehlo.transpose %a, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %1 = stablehlo.transpose %b, dims = [2, 0, 1] : (tensor<2x3x4xbf16>) -> tensor<4x2x3xbf16>
  return %0, %1 : tensor<3x2xf32>, tensor<4x2x3xbf16>
}

// CHECK-LABEL: func.func @transpose(
// CHECK-NEXT: [[TRANSPOSE:%.+]] = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
// CHECK-NEXT: [[TRANSPOSE_1:%.+]] = stablehlo.transpose %arg1, dims = [2, 0, 1] : (tensor<2x3x4xbf16>) -> tensor<4x2x3xbf16>
// CHECK-NEXT: return [[TRANSPOSE]], [[TRANSPOSE_1]] : tensor<3x2xf32>, tensor<4x2x3xbf16>
// CHECK-NEXT: }

// -----

func.func @concatenate(%a: tensor<2x3xf32>, %b: tensor<4x3xf32>, %c: tensor<2x5xf32>) -> (tensor<6x3xf32>, tensor<2x8xf32>, tensor<2x3xf32>) {
  %0 = stablehlo.concatenate %a, %b, dim = 0 : (tensor<2x3xf32>, tensor<4x3xf32>) -> tensor<6x3xf32>
  %1 = stablehlo.concatenate %a, %c, dim = 1 : (tensor<2x3xf32>, tensor<2x5xf32>) -> tensor<2x8xf32>
  %2 = stablehlo.concatenate %a, dim = 0 : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0, %1, %2 : tensor<6x3xf32>, tensor<2x8xf32>, tensor<2x3xf32>
}

// CHECK-LABEL: func.func @concatenate(
// CHECK-NEXT: [[CONCATENATE:%.+]] = stablehlo.concatenate %arg0, %arg1, dim = 0 : (tensor<2x3xf32>, tensor<4x3xf32>) -> tensor<6x3xf32>
// CHECK-NEXT: [[CONCATENATE_1:%.+]] = stablehlo.concatenate %arg0, %arg2, dim = 1 : (tensor<2x3xf32>, tensor<2x5xf32>) -> tensor<2x8xf32>
// CHECK-NEXT: [[CONCATENATE_2:%.+]] = stablehlo.concatenate %arg0, dim = 0 : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: return [[CONCATENATE]], [[CONCATENATE_1]], [[CONCATENATE_2]] : tensor<6x3xf32>, tensor<2x8xf32>, tensor<2x3xf32>
// CHECK-NEXT: }

// -----

func.func @slice(%a: tensor<8x8xf32>) -> (tensor<4x4xf32>, tensor<1x3xf32>, tensor<0x8xf32>) {
  %0 = stablehlo.slice %a [0:4, 0:8:2] : (tensor<8x8xf32>) -> tensor<4x4xf32>
  %1 = stablehlo.slice %a [7:8, 1:8:3] : (tensor<8x8xf32>) -> tensor<1x3xf32>
  %2 = stablehlo.slice %a [3:3, 0:8] : (tensor<8x8xf32>) -> tensor<0x8xf32>
  return %0, %1, %2 : tensor<4x4xf32>, tensor<1x3xf32>, tensor<0x8xf32>
}

// CHECK-LABEL: func.func @slice(
// CHECK-NEXT: [[SLICE:%.+]] = stablehlo.slice %arg0 [0:4, 0:8:2] : (tensor<8x8xf32>) -> tensor<4x4xf32>
// CHECK-NEXT: [[SLICE_1:%.+]] = stablehlo.slice %arg0 [7:8, 1:8:3] : (tensor<8x8xf32>) -> tensor<1x3xf32>
// CHECK-NEXT: [[SLICE_2:%.+]] = stablehlo.slice %arg0 [3:3, 0:8] : (tensor<8x8xf32>) -> tensor<0x8xf32>
// CHECK-NEXT: return [[SLICE]], [[SLICE_1]], [[SLICE_2]] : tensor<4x4xf32>, tensor<1x3xf32>, tensor<0x8xf32>
// CHECK-NEXT: }

// -----

func.func @pad(%a: tensor<4xf32>, %z: tensor<f32>, %b: tensor<2x3xi32>, %y: tensor<i32>) -> (tensor<7xf32>, tensor<4x4xi32>) {
  %0 = stablehlo.pad %a, %z, low = [1], high = [2], interior = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<7xf32>
  %1 = stablehlo.pad %b, %y, low = [0, -1], high = [1, 0], interior = [1, 1] : (tensor<2x3xi32>, tensor<i32>) -> tensor<4x4xi32>
  return %0, %1 : tensor<7xf32>, tensor<4x4xi32>
}

// CHECK-LABEL: func.func @pad(
// CHECK-NEXT: [[PAD:%.+]] = stablehlo.pad %arg0, %arg1, low = [1], high = [2], interior = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<7xf32>
// CHECK-NEXT: [[PAD_1:%.+]] = stablehlo.pad %arg2, %arg3, low = [0, -1], high = [1, 0], interior = [1, 1] : (tensor<2x3xi32>, tensor<i32>) -> tensor<4x4xi32>
// CHECK-NEXT: return [[PAD]], [[PAD_1]] : tensor<7xf32>, tensor<4x4xi32>
// CHECK-NEXT: }

// -----

func.func @reverse(%a: tensor<4xf32>, %b: tensor<2x3xui8>) -> (tensor<4xf32>, tensor<2x3xui8>) {
  %0 = stablehlo.reverse %a, dims = [0] : tensor<4xf32>
  %1 = stablehlo.reverse %b, dims = [1, 0] : tensor<2x3xui8>
  return %0, %1 : tensor<4xf32>, tensor<2x3xui8>
}

// CHECK-LABEL: func.func @reverse(
// CHECK-NEXT: [[REVERSE:%.+]] = stablehlo.reverse %arg0, dims = [0] : tensor<4xf32>
// CHECK-NEXT: [[REVERSE_1:%.+]] = stablehlo.reverse %arg1, dims = [1, 0] : tensor<2x3xui8>
// CHECK-NEXT: return [[REVERSE]], [[REVERSE_1]] : tensor<4xf32>, tensor<2x3xui8>
// CHECK-NEXT: }

// -----

func.func @iota() -> (tensor<16xi32>, tensor<2x3xf32>, tensor<4x2xui32>) {
  %0 = stablehlo.iota dim = 0 : tensor<16xi32>
  %1 = stablehlo.iota dim = 1 : tensor<2x3xf32>
  %2 = stablehlo.iota dim = 0 : tensor<4x2xui32>
  return %0, %1, %2 : tensor<16xi32>, tensor<2x3xf32>, tensor<4x2xui32>
}

// CHECK-LABEL: func.func @iota(
// CHECK-NEXT: [[IOTA:%.+]] = stablehlo.iota dim = 0 : tensor<16xi32>
// CHECK-NEXT: [[IOTA_1:%.+]] = stablehlo.iota dim = 1 : tensor<2x3xf32>
// CHECK-NEXT: [[IOTA_2:%.+]] = stablehlo.iota dim = 0 : tensor<4x2xui32>
// CHECK-NEXT: return [[IOTA]], [[IOTA_1]], [[IOTA_2]] : tensor<16xi32>, tensor<2x3xf32>, tensor<4x2xui32>
// CHECK-NEXT: }

// -----

func.func @constant() -> (tensor<4xf32>, tensor<2x2xi32>, tensor<i1>, tensor<3xbf16>, tensor<ui64>, tensor<0xf32>) {
  %0 = stablehlo.constant dense<1.0> : tensor<4xf32>
  %1 = stablehlo.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
  %2 = stablehlo.constant dense<true> : tensor<i1>
  %3 = stablehlo.constant dense<[1.5, -2.0, 0.0]> : tensor<3xbf16>
  %4 = stablehlo.constant dense<18446744073709551615> : tensor<ui64>
  %5 = stablehlo.constant dense<> : tensor<0xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<4xf32>, tensor<2x2xi32>, tensor<i1>, tensor<3xbf16>, tensor<ui64>, tensor<0xf32>
}

// CHECK-LABEL: func.func @constant(
// CHECK-NEXT: [[CST:%.+]] = stablehlo.constant dense<1.000000e+00> : tensor<4xf32>
// CHECK-NEXT: [[C:%.+]] = stablehlo.constant dense<{{\[\[}}1, 2], [3, 4]]> : tensor<2x2xi32>
// CHECK-NEXT: [[C_1:%.+]] = stablehlo.constant dense<true> : tensor<i1>
// CHECK-NEXT: [[CST_1:%.+]] = stablehlo.constant dense<[1.500000e+00, -2.000000e+00, 0.000000e+00]> : tensor<3xbf16>
// CHECK-NEXT: [[C_2:%.+]] = stablehlo.constant dense<18446744073709551615> : tensor<ui64>
// CHECK-NEXT: [[CST_2:%.+]] = stablehlo.constant dense<> : tensor<0xf32>
// CHECK-NEXT: return [[CST]], [[C]], [[C_1]], [[CST_1]], [[C_2]], [[CST_2]] : tensor<4xf32>, tensor<2x2xi32>, tensor<i1>, tensor<3xbf16>, tensor<ui64>, tensor<0xf32>
// CHECK-NEXT: }

// -----

func.func @constant_special_floats() -> tensor<3xf32> {
  %0 = stablehlo.constant dense<[0xFF800000, 0x7F800000, 0x7FC00000]> : tensor<3xf32>
  return %0 : tensor<3xf32>
}

// CHECK-LABEL: func.func @constant_special_floats(
// CHECK-NEXT: [[CST:%.+]] = stablehlo.constant dense<[0xFF800000, 0x7F800000, 0x7FC00000]> : tensor<3xf32>
// CHECK-NEXT: return [[CST]] : tensor<3xf32>
// CHECK-NEXT: }

// -----

func.func @dynamic_slice(%a: tensor<8xf32>, %i: tensor<i32>, %b: tensor<4x4xf32>, %j: tensor<i64>, %k: tensor<i64>) -> (tensor<2xf32>, tensor<2x4xf32>) {
  %0 = stablehlo.dynamic_slice %a, %i, sizes = [2] : (tensor<8xf32>, tensor<i32>) -> tensor<2xf32>
  %1 = stablehlo.dynamic_slice %b, %j, %k, sizes = [2, 4] : (tensor<4x4xf32>, tensor<i64>, tensor<i64>) -> tensor<2x4xf32>
  return %0, %1 : tensor<2xf32>, tensor<2x4xf32>
}

// CHECK-LABEL: func.func @dynamic_slice(
// CHECK-NEXT: [[DYNAMIC_SLICE:%.+]] = stablehlo.dynamic_slice %arg0, %arg1, sizes = [2] : (tensor<8xf32>, tensor<i32>) -> tensor<2xf32>
// CHECK-NEXT: [[DYNAMIC_SLICE_1:%.+]] = stablehlo.dynamic_slice %arg2, %arg3, %arg4, sizes = [2, 4] : (tensor<4x4xf32>, tensor<i64>, tensor<i64>) -> tensor<2x4xf32>
// CHECK-NEXT: return [[DYNAMIC_SLICE]], [[DYNAMIC_SLICE_1]] : tensor<2xf32>, tensor<2x4xf32>
// CHECK-NEXT: }

// -----

func.func @dynamic_update_slice(%a: tensor<4x4xf32>, %u: tensor<2x2xf32>, %i: tensor<i32>, %j: tensor<i32>) -> tensor<4x4xf32> {
  %0 = stablehlo.dynamic_update_slice %a, %u, %i, %j : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<i32>, tensor<i32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// CHECK-LABEL: func.func @dynamic_update_slice(
// CHECK-NEXT: [[DYNAMIC_UPDATE_SLICE:%.+]] = stablehlo.dynamic_update_slice %arg0, %arg1, %arg2, %arg3 : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<i32>, tensor<i32>) -> tensor<4x4xf32>
// CHECK-NEXT: return [[DYNAMIC_UPDATE_SLICE]] : tensor<4x4xf32>
// CHECK-NEXT: }
