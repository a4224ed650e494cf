// Which elementwise ops take quantized tensors: real, imag, fft, convert and
// the chlo ops take none; ops computing on per-tensor quantized values
// refuse per-axis ones; operands and results may differ only in scales and
// zero points.
// RUN: sdy-opt %s -split-input-file -verify-diagnostics

func.func @main(%a: tensor<2x!quant.uniform<i8:f32, 1.0>>) {
  // expected-error @+1 {{'stablehlo.real' op operand #0 must be statically shaped tensor of floating-point or complex type with 32-bit float or 64-bit float elements values}}
  %0 = stablehlo.real %a : (tensor<2x!quant.uniform<i8:f32, 1.0>>) -> tensor<2xf32>
  return
}

// -----

func.func @main(%a: tensor<2x!quant.uniform<i8:f32, 1.0>>) {
  // expected-error @+1 {{'stablehlo.imag' op operand #0 must be statically shaped tensor of floating-point or complex type with 32-bit float or 64-bit float elements values}}
  %0 = stablehlo.imag %a : (tensor<2x!quant.uniform<i8:f32, 1.0>>) -> tensor<2xf32>
  return
}

// -----

func.func @main(%a: tensor<4x!quant.uniform<i8:f32, 1.0>>) {
  // expected-error @+1 {{'stablehlo.fft' op operand #0 must be statically shaped tensor of floating-point or complex type with 32-bit float or 64-bit float elements values}}
  %0 = stablehlo.fft %a, type = RFFT, length = [4] : (tensor<4x!quant.uniform<i8:f32, 1.0>>) -> tensor<3xcomplex<f32>>
  return
}

// -----

// Quantizing and dequantizing are uniform_quantize and uniform_dequantize.
func.func @main(%a: tensor<2x!quant.uniform<i8:f32, 1.0>>) {
  // expected-error @+1 {{'stablehlo.convert' op operand #0 must be statically shaped tensor of pred (AKA boolean or 1-bit integer) or integer or floating-point or complex type with 32-bit float or 64-bit float elements values}}
  %0 = stablehlo.convert %a : (tensor<2x!quant.uniform<i8:f32, 1.0>>) -> tensor<2xf32>
  return
}

// -----

func.func @main(%a: tensor<2xf32>) {
  // expected-error @+1 {{'stablehlo.convert' op result #0 must be statically shaped tensor of pred (AKA boolean or 1-bit integer) or integer or floating-point or complex type with 32-bit float or 64-bit float elements values}}
  %0 = stablehlo.convert %a : (tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f32, 1.0>>
  return
}

// -----

func.func @main(%a: tensor<2x!quant.uniform<i8:f32, 1.0>>) {
  // expected-error @+1 {{'chlo.acos' op operand #0 must be statically shaped tensor of floating-point or complex type with 32-bit float or 64-bit float elements values}}
  %0 = chlo.acos %a : tensor<2x!quant.uniform<i8:f32, 1.0>> -> tensor<2x!quant.uniform<i8:f32, 1.0>>
  return
}

// -----

func.func @main(%a: tensor<2x!quant.uniform<i8:f32:0, {1.0, 2.0}>>) {
  // expected-error @+1 {{'stablehlo.multiply' op operand #0 must be statically shaped tensor of pred, integer, floating-point, complex or per-tensor integer quantized values}}
  %0 = stablehlo.multiply %a, %a : tensor<2x!quant.uniform<i8:f32:0, {1.0, 2.0}>>
  return
}

// -----

func.func @main(%a: tensor<2x!quant.uniform<i8:f32:0, {1.0, 2.0}>>) {
  // expected-error @+1 {{'stablehlo.maximum' op operand #0 must be statically shaped tensor of pred, integer, floating-point, complex or per-tensor integer quantized values}}
  %0 = stablehlo.maximum %a, %a : tensor<2x!quant.uniform<i8:f32:0, {1.0, 2.0}>>
  return
}

// -----

func.func @main(%a: tensor<2x!quant.uniform<i8:f32:0, {1.0, 2.0}>>) {
  // expected-error @+1 {{'stablehlo.minimum' op operand #0 must be statically shaped tensor of pred, integer, floating-point, complex or per-tensor integer quantized values}}
  %0 = stablehlo.minimum %a, %a : tensor<2x!quant.uniform<i8:f32:0, {1.0, 2.0}>>
  return
}

// -----

func.func @main(%a: tensor<2x!quant.uniform<i8:f32:0, {1.0, 2.0}>>) {
  // expected-error @+1 {{'stablehlo.compare' op operand #0 must be statically shaped tensor of pred, integer, floating-point, complex or per-tensor integer quantized values}}
  %0 = stablehlo.compare LT, %a, %a : (tensor<2x!quant.uniform<i8:f32:0, {1.0, 2.0}>>, tensor<2x!quant.uniform<i8:f32:0, {1.0, 2.0}>>) -> tensor<2xi1>
  return
}

// -----

func.func @main(%a: tensor<2x!quant.uniform<i8:f32:0, {1.0, 2.0}>>) {
  // expected-error @+1 {{'stablehlo.clamp' op operand #0 must be statically shaped tensor of pred, integer, floating-point, complex or per-tensor integer quantized values}}
  %0 = stablehlo.clamp %a, %a, %a : tensor<2x!quant.uniform<i8:f32:0, {1.0, 2.0}>>
  return
}

// -----

func.func @main(%a: tensor<2x!quant.uniform<i8:f32:0, {1.0, 2.0}>>) {
  // expected-error @+1 {{'stablehlo.ceil' op operand #0 must be statically shaped tensor of floating-point values}}
  %0 = stablehlo.ceil %a : tensor<2x!quant.uniform<i8:f32:0, {1.0, 2.0}>>
  return
}

// -----

func.func @main(%a: tensor<2x!quant.uniform<i8:f32:0, {1.0, 2.0}>>) {
  // expected-error @+1 {{'stablehlo.exponential' op operand #0 must be statically shaped tensor of floating-point or complex type with 32-bit float or 64-bit float elements values}}
  %0 = stablehlo.exponential %a : tensor<2x!quant.uniform<i8:f32:0, {1.0, 2.0}>>
  return
}

// -----

// Scales and zero points may differ; storage and expressed types may not.
func.func @main(%a: tensor<2x!quant.uniform<i8:f32, 1.0>>, %b: tensor<2x!quant.uniform<i16:f32, 1.0>>) {
  // expected-error @+1 {{'stablehlo.multiply' op requires operands and results of one type up to quantization scales and zero points, got 'tensor<2x!quant.uniform<i8:f32, 1.000000e+00>>' and 'tensor<2x!quant.uniform<i16:f32, 1.000000e+00>>'}}
  %0 = stablehlo.multiply %a, %b : (tensor<2x!quant.uniform<i8:f32, 1.0>>, tensor<2x!quant.uniform<i16:f32, 1.0>>) -> tensor<2x!quant.uniform<i8:f32, 1.0>>
  return
}

// -----

func.func @main(%a: tensor<2x!quant.uniform<i8:f32, 1.0>>) {
  // expected-error @+1 {{'stablehlo.floor' op requires operands and results of one type up to quantization scales and zero points, got 'tensor<2x!quant.uniform<i8:f32, 1.000000e+00>>' and 'tensor<2x!quant.uniform<i8<-127:127>:f32, 1.000000e+00>>'}}
  %0 = stablehlo.floor %a : (tensor<2x!quant.uniform<i8:f32, 1.0>>) -> tensor<2x!quant.uniform<i8<-127:127>:f32, 1.0>>
  return
}

// -----

func.func @main(%a: tensor<2x!quant.uniform<i8:f32, 1.0>>) {
  // expected-error @+1 {{'stablehlo.negate' op requires operands and results of one type up to quantization scales and zero points, got 'tensor<2x!quant.uniform<i8:f32, 1.000000e+00>>' and 'tensor<2x!quant.uniform<i8:f16, 1.000000e+00>>'}}
  %0 = stablehlo.negate %a : (tensor<2x!quant.uniform<i8:f32, 1.0>>) -> tensor<2x!quant.uniform<i8:f16, 1.0>>
  return
}

// -----

// A quantized operand does not mix with a float one.
func.func @main(%a: tensor<2x!quant.uniform<i8:f32, 1.0>>, %b: tensor<2xf32>) {
  // expected-error @+1 {{'stablehlo.subtract' op requires operands and results of one type up to quantization scales and zero points, got 'tensor<2x!quant.uniform<i8:f32, 1.000000e+00>>' and 'tensor<2xf32>'}}
  %0 = stablehlo.subtract %a, %b : (tensor<2x!quant.uniform<i8:f32, 1.0>>, tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f32, 1.0>>
  return
}

// -----

func.func @main(%a: tensor<2xf32>) {
  // expected-error @+1 {{'stablehlo.divide' op requires the same type for all operands and results}}
  %0 = stablehlo.divide %a, %a : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf16>
  return
}

// -----

func.func @main(%a: tensor<2x!quant.uniform<i8:f32, 1.0>>) {
  // expected-error @+1 {{'stablehlo.divide' op all non-scalar operands/results must have the same shape and base type}}
  %0 = stablehlo.divide %a, %a : (tensor<2x!quant.uniform<i8:f32, 1.0>>, tensor<2x!quant.uniform<i8:f32, 1.0>>) -> tensor<3x!quant.uniform<i8:f32, 1.0>>
  return
}

// -----

func.func @main(%a: tensor<2x!quant.uniform<i8:f32, 1.0>>, %b: tensor<2xf32>) {
  // expected-error @+1 {{'stablehlo.add' op expects all operands and the result to be quantized when one is, got 'tensor<2xf32>'}}
  %0 = stablehlo.add %a, %b : (tensor<2x!quant.uniform<i8:f32, 1.0>>, tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f32, 1.0>>
  return
}

// -----

func.func @main(%a: tensor<2x!quant.uniform<i8:f32, 1.0>>, %b: tensor<2x!quant.uniform<ui8:f32, 1.0>>) {
  // expected-error @+1 {{'stablehlo.add' op expects one storage and expressed type for all quantized operands and the result, got 'tensor<2x!quant.uniform<i8:f32, 1.000000e+00>>' and 'tensor<2x!quant.uniform<u8:f32, 1.000000e+00>>'}}
  %0 = stablehlo.add %a, %b : (tensor<2x!quant.uniform<i8:f32, 1.0>>, tensor<2x!quant.uniform<ui8:f32, 1.0>>) -> tensor<2x!quant.uniform<i8:f32, 1.0>>
  return
}

// -----

func.func @main(%a: tensor<2x2x!quant.uniform<i8:f32:0, {1.0, 2.0}>>) {
  // expected-error @+1 {{'stablehlo.add' op expects a per-axis quantized operand to be quantized along the result's dimension, got 'tensor<2x2x!quant.uniform<i8:f32:0, {1.000000e+00,2.000000e+00}>>' and 'tensor<2x2x!quant.uniform<i8:f32:1, {1.000000e+00,2.000000e+00}>>'}}
  %0 = stablehlo.add %a, %a : (tensor<2x2x!quant.uniform<i8:f32:0, {1.0, 2.0}>>, tensor<2x2x!quant.uniform<i8:f32:0, {1.0, 2.0}>>) -> tensor<2x2x!quant.uniform<i8:f32:1, {1.0, 2.0}>>
  return
}

// -----

func.func @main(%a: tensor<2x!quant.uniform<i8:f32:0, {1.0, 2.0}>>) {
  // expected-error @+1 {{'stablehlo.add' op expects a per-axis quantized operand to be quantized along the result's dimension, got 'tensor<2x!quant.uniform<i8:f32:0, {1.000000e+00,2.000000e+00}>>' and 'tensor<2x!quant.uniform<i8:f32, 1.000000e+00>>'}}
  %0 = stablehlo.add %a, %a : (tensor<2x!quant.uniform<i8:f32:0, {1.0, 2.0}>>, tensor<2x!quant.uniform<i8:f32:0, {1.0, 2.0}>>) -> tensor<2x!quant.uniform<i8:f32, 1.0>>
  return
}
