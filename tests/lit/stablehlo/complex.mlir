// Round trips of real, imag, complex, fft, and the element types.
// RUN: sdy-opt %s -split-input-file | sdy-opt -split-input-file | FileCheck %s
// RUN: sdy-opt %s -split-input-file -mlir-print-op-generic | sdy-opt -split-input-file | FileCheck %s

func.func @parts(%a: tensor<4xcomplex<f32>>, %f: tensor<4xf32>) -> tensor<4xcomplex<f32>> {
  %0 = stablehlo.real %a : (tensor<4xcomplex<f32>>) -> tensor<4xf32>
  %1 = stablehlo.imag %a : (tensor<4xcomplex<f32>>) -> tensor<4xf32>
  %2 = stablehlo.real %f : tensor<4xf32>
  %3 = stablehlo.complex %0, %1 : tensor<4xcomplex<f32>>
  %4 = stablehlo.abs %a : (tensor<4xcomplex<f32>>) -> tensor<4xf32>
  return %3 : tensor<4xcomplex<f32>>
}

// CHECK-LABEL: func.func @parts(
// CHECK-NEXT: [[RE:%.+]] = stablehlo.real %arg0 : (tensor<4xcomplex<f32>>) -> tensor<4xf32>
// CHECK-NEXT: [[IM:%.+]] = stablehlo.imag %arg0 : (tensor<4xcomplex<f32>>) -> tensor<4xf32>
// CHECK-NEXT: stablehlo.real %arg1 : tensor<4xf32>
// CHECK-NEXT: stablehlo.complex [[RE]], [[IM]] : tensor<4xcomplex<f32>>
// CHECK-NEXT: stablehlo.abs %arg0 : (tensor<4xcomplex<f32>>) -> tensor<4xf32>

// -----

func.func @arith(%a: tensor<2xcomplex<f64>>) -> tensor<2xi1> {
  %0 = stablehlo.multiply %a, %a : tensor<2xcomplex<f64>>
  %1 = stablehlo.divide %0, %a : tensor<2xcomplex<f64>>
  %2 = stablehlo.exponential %1 : tensor<2xcomplex<f64>>
  %3 = stablehlo.compare EQ, %2, %a : (tensor<2xcomplex<f64>>, tensor<2xcomplex<f64>>) -> tensor<2xi1>
  return %3 : tensor<2xi1>
}

// CHECK-LABEL: func.func @arith(
// CHECK-NEXT: stablehlo.multiply %arg0, %arg0 : tensor<2xcomplex<f64>>
// CHECK-NEXT: stablehlo.divide
// CHECK-NEXT: stablehlo.exponential
// CHECK-NEXT: stablehlo.compare  EQ

// -----

func.func @fft(%a: tensor<3x8xcomplex<f32>>, %r: tensor<3x8xf32>) -> tensor<3x8xf32> {
  %0 = stablehlo.fft %a, type = FFT, length = [8] : (tensor<3x8xcomplex<f32>>) -> tensor<3x8xcomplex<f32>>
  %1 = stablehlo.fft %0, type = IFFT, length = [3, 8] : (tensor<3x8xcomplex<f32>>) -> tensor<3x8xcomplex<f32>>
  %2 = stablehlo.fft %r, type = RFFT, length = [8] : (tensor<3x8xf32>) -> tensor<3x5xcomplex<f32>>
  %3 = stablehlo.fft %2, type = IRFFT, length = [8] : (tensor<3x5xcomplex<f32>>) -> tensor<3x8xf32>
  return %3 : tensor<3x8xf32>
}

// CHECK-LABEL: func.func @fft(
// CHECK-NEXT: stablehlo.fft %arg0, type = FFT, length = [8] : (tensor<3x8xcomplex<f32>>) -> tensor<3x8xcomplex<f32>>
// CHECK-NEXT: stablehlo.fft %{{.+}}, type = IFFT, length = [3, 8] : (tensor<3x8xcomplex<f32>>) -> tensor<3x8xcomplex<f32>>
// CHECK-NEXT: stablehlo.fft %arg1, type = RFFT, length = [8] : (tensor<3x8xf32>) -> tensor<3x5xcomplex<f32>>
// CHECK-NEXT: stablehlo.fft %{{.+}}, type = IRFFT, length = [8] : (tensor<3x5xcomplex<f32>>) -> tensor<3x8xf32>

// -----

func.func @types(%a: tensor<2xui16>, %b: tensor<2xi4>, %c: tensor<2xui2>, %d: tensor<2xf8E4M3FN>, %e: tensor<2xf8E5M2>, %f: tensor<2xf4E2M1FN>, %g: tensor<2xf6E3M2FN>, %h: tensor<2xf8E8M0FNU>) -> tensor<2xf32> {
  %0 = stablehlo.convert %d : (tensor<2xf8E4M3FN>) -> tensor<2xf32>
  %1 = stablehlo.add %b, %b : tensor<2xi4>
  %2 = stablehlo.constant dense<[1, -2]> : tensor<2xi4>
  %3 = stablehlo.constant dense<[1.5, -2.0]> : tensor<2xf8E4M3FN>
  %4 = stablehlo.constant dense<[(1.0, 2.0), (3.0, -4.0)]> : tensor<2xcomplex<f32>>
  return %0 : tensor<2xf32>
}

// CHECK-LABEL: func.func @types(
// CHECK-SAME: tensor<2xui16>, %{{.+}}: tensor<2xi4>, %{{.+}}: tensor<2xui2>, %{{.+}}: tensor<2xf8E4M3FN>, %{{.+}}: tensor<2xf8E5M2>, %{{.+}}: tensor<2xf4E2M1FN>, %{{.+}}: tensor<2xf6E3M2FN>, %{{.+}}: tensor<2xf8E8M0FNU>
// CHECK-NEXT: stablehlo.convert %arg3 : (tensor<2xf8E4M3FN>) -> tensor<2xf32>
// CHECK-NEXT: stablehlo.add %arg1, %arg1 : tensor<2xi4>
// CHECK-NEXT: stablehlo.constant dense<[1, -2]> : tensor<2xi4>
// CHECK-NEXT: stablehlo.constant dense<[1.500000e+00, -2.000000e+00]> : tensor<2xf8E4M3FN>
// CHECK-NEXT: stablehlo.constant dense<[(1.000000e+00,2.000000e+00), (3.000000e+00,-4.000000e+00)]> : tensor<2xcomplex<f32>>

// -----

func.func @hex_i1() -> tensor<4xi1> {
  %0 = stablehlo.constant dense<"0x01000100"> : tensor<4xi1>
  return %0 : tensor<4xi1>
}

// CHECK-LABEL: func.func @hex_i1(
// CHECK-NEXT: stablehlo.constant dense<[true, false, true, false]> : tensor<4xi1>
