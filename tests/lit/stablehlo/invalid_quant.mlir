// Verifier errors of quantized types, uniform_quantize, uniform_dequantize
// and quantized constants.
// RUN: sdy-opt %s -split-input-file -verify-diagnostics

func.func @main(%a: tensor<2xf16>) {
  // expected-error @+1 {{'stablehlo.uniform_quantize' op expects the result to express 'f16', got 'f32'}}
  %0 = stablehlo.uniform_quantize %a : (tensor<2xf16>) -> tensor<2x!quant.uniform<i8:f32, 1.0>>
  return
}

// -----

func.func @main(%a: tensor<2x!quant.uniform<i8:f16, 1.0>>) {
  // expected-error @+1 {{'stablehlo.uniform_quantize' op expects the result to express 'f16', got 'f32'}}
  %0 = stablehlo.uniform_quantize %a : (tensor<2x!quant.uniform<i8:f16, 1.0>>) -> tensor<2x!quant.uniform<i8:f32, 1.0>>
  return
}

// -----

func.func @main(%a: tensor<2xf32>) {
  // expected-error @+1 {{'stablehlo.uniform_quantize' op result #0 must be statically shaped tensor of per-tensor integer quantized or per-axis integer quantized values}}
  %0 = stablehlo.uniform_quantize %a : (tensor<2xf32>) -> tensor<2xi8>
  return
}

// -----

func.func @main(%a: tensor<2xi8>) {
  // expected-error @+1 {{'stablehlo.uniform_quantize' op operand #0 must be statically shaped tensor of}}
  %0 = stablehlo.uniform_quantize %a : (tensor<2xi8>) -> tensor<2x!quant.uniform<i8:f32, 1.0>>
  return
}

// -----

func.func @main(%a: tensor<2xf32>) {
  // expected-error @+1 {{'stablehlo.uniform_quantize' op all non-scalar operands/results must have the same shape and base type}}
  %0 = stablehlo.uniform_quantize %a : (tensor<2xf32>) -> tensor<3x!quant.uniform<i8:f32, 1.0>>
  return
}

// -----

func.func @main(%a: tensor<2xf32>) {
  // expected-error @+1 {{'stablehlo.uniform_quantize' op result quantized dimension 1 is out of range [0, 1)}}
  %0 = stablehlo.uniform_quantize %a : (tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f32:1, {1.0, 2.0}>>
  return
}

// -----

func.func @main(%a: tensor<3xf32>) {
  // expected-error @+1 {{'stablehlo.uniform_quantize' op result has 2 scales but its quantized dimension 0 has size 3}}
  %0 = stablehlo.uniform_quantize %a : (tensor<3xf32>) -> tensor<3x!quant.uniform<i8:f32:0, {1.0, 2.0}>>
  return
}

// -----

func.func @main(%a: tensor<3x!quant.uniform<i8:f32:0, {1.0, 2.0}>>) {
  // expected-error @+2 {{'stablehlo.uniform_dequantize' op operand has 2 scales but its quantized dimension 0 has size 3}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = stablehlo.uniform_dequantize %a : (tensor<3x!quant.uniform<i8:f32:0, {1.0, 2.0}>>) -> tensor<3xf32>
  return
}

// -----

func.func @main(%a: tensor<2xf32>) {
  // expected-error @+1 {{'stablehlo.uniform_dequantize' op operand #0 must be statically shaped tensor of per-tensor integer quantized or per-axis integer quantized values}}
  %0 = stablehlo.uniform_dequantize %a : (tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @main(%a: tensor<2x!quant.uniform<i8:f32, 1.0>>) {
  // expected-error @+2 {{'stablehlo.uniform_dequantize' op inferred type(s) 'tensor<2xf32>' are incompatible with return type(s) of operation 'tensor<2xf16>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = stablehlo.uniform_dequantize %a : (tensor<2x!quant.uniform<i8:f32, 1.0>>) -> tensor<2xf16>
  return
}

// -----

// Storage wider than 32 bits is not a quantized type.
func.func @main(%a: tensor<2xf32>) {
  // expected-error @+1 {{illegal storage type size: 64}}
  %0 = stablehlo.uniform_quantize %a : (tensor<2xf32>) -> tensor<2x!quant.uniform<i64:f32, 1.0>>
  return
}

// -----

// A quantized constant holds values of its storage type.
func.func @main() {
  // expected-error @+2 {{'stablehlo.constant' op inferred type(s) 'tensor<2xi16>' are incompatible with return type(s) of operation}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = stablehlo.constant() {value = dense<[1, 2]> : tensor<2xi16>} : () -> tensor<2x!quant.uniform<i8:f32, 1.0>>
  return
}

// -----

func.func @main() {
  // expected-error @+2 {{'stablehlo.constant' op inferred type(s) 'tensor<3xi8>' are incompatible with return type(s) of operation}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = stablehlo.constant() {value = dense<[1, 2, 3]> : tensor<3xi8>} : () -> tensor<2x!quant.uniform<i8:f32, 1.0>>
  return
}

// -----

// Ops that only take integers or floats reject quantized tensors.
func.func @main(%a: tensor<2x!quant.uniform<i8:f32, 1.0>>) {
  // expected-error @+1 {{'stablehlo.is_finite' op operand #0 must be statically shaped tensor of floating-point values}}
  %0 = stablehlo.is_finite %a : (tensor<2x!quant.uniform<i8:f32, 1.0>>) -> tensor<2xi1>
  return
}

// -----

func.func @main(%a: tensor<2x!quant.uniform<i8:f32, 1.0>>) {
  // expected-error @+1 {{'stablehlo.and' op operand #0 must be statically shaped tensor of}}
  %0 = stablehlo.and %a, %a : tensor<2x!quant.uniform<i8:f32, 1.0>>
  return
}

// -----

// A transpose moves a per-axis quantized dimension with its dimension.
func.func @main(%a: tensor<2x3x!quant.uniform<i8:f32:0, {1.0, 2.0}>>) {
  // expected-error @+2 {{'stablehlo.transpose' op inferred type(s) 'tensor<3x2x!quant.uniform<i8:f32:1, {1.000000e+00,2.000000e+00}>>' are incompatible with return type(s) of operation}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = stablehlo.transpose %a, dims = [1, 0] : (tensor<2x3x!quant.uniform<i8:f32:0, {1.0, 2.0}>>) -> tensor<3x2x!quant.uniform<i8:f32:0, {1.0, 2.0}>>
  return
}

// -----

// Other data movement keeps the scales and zero points.
func.func @main(%a: tensor<2x3x!quant.uniform<i8:f32:0, {1.0, 2.0}>>) {
  // expected-error @+1 {{'stablehlo.reshape' op operand element type '!quant.uniform<i8:f32:0, {1.000000e+00,2.000000e+00}>' does not match result element type '!quant.uniform<i8:f32:0, {1.000000e+00,3.000000e+00}>'}}
  %0 = stablehlo.reshape %a : (tensor<2x3x!quant.uniform<i8:f32:0, {1.0, 2.0}>>) -> tensor<2x3x!quant.uniform<i8:f32:0, {1.0, 3.0}>>
  return
}
