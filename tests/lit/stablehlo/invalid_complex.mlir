// Verifier errors of real, imag, complex, abs and fft.
// RUN: sdy-opt %s -split-input-file -verify-diagnostics

func.func @main(%a: tensor<4xcomplex<f32>>) {
  // expected-error @+1 {{'stablehlo.real' op result element type must be 'f32', got 'f64'}}
  %0 = stablehlo.real %a : (tensor<4xcomplex<f32>>) -> tensor<4xf64>
  return
}

// -----

func.func @main(%a: tensor<4xcomplex<f64>>) {
  // expected-error @+1 {{'stablehlo.imag' op result element type must be 'f64', got 'f32'}}
  %0 = stablehlo.imag %a : (tensor<4xcomplex<f64>>) -> tensor<4xf32>
  return
}

// -----

func.func @main(%a: tensor<4xcomplex<f32>>) {
  // expected-error @+1 {{'stablehlo.abs' op result element type must be 'f32', got 'f64'}}
  %0 = stablehlo.abs %a : (tensor<4xcomplex<f32>>) -> tensor<4xf64>
  return
}

// -----

func.func @main(%a: tensor<4xf32>) {
  // expected-error @+1 {{'stablehlo.complex' op result element type must be 'complex<f32>', got 'complex<f64>'}}
  %0 = stablehlo.complex %a, %a : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xcomplex<f64>>
  return
}

// -----

func.func @main(%a: tensor<4xf32>) {
  // expected-error @+1 {{expected a tensor of complex type, got 'tensor<4xf32>'}}
  %0 = stablehlo.complex %a, %a : tensor<4xf32>
  return
}

// -----

func.func @main(%a: tensor<4xcomplex<f32>>) {
  // expected-error @+1 {{'stablehlo.fft' op fft_length must have 1 to 3 elements, got 4}}
  %0 = stablehlo.fft %a, type = FFT, length = [1, 1, 1, 4] : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  return
}

// -----

func.func @main(%a: tensor<4xcomplex<f32>>) {
  // expected-error @+1 {{'stablehlo.fft' op fft_length must have 1 to 3 elements, got 0}}
  %0 = stablehlo.fft %a, type = FFT, length = [] : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  return
}

// -----

func.func @main(%a: tensor<4xcomplex<f32>>) {
  // expected-error @+1 {{'stablehlo.fft' op fft_length must be non-negative, got [-4]}}
  %0 = stablehlo.fft %a, type = FFT, length = [-4] : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  return
}

// -----

func.func @main(%a: tensor<4xcomplex<f32>>) {
  // expected-error @+1 {{'stablehlo.fft' op operand rank 1 must be at least size(fft_length) 2}}
  %0 = stablehlo.fft %a, type = FFT, length = [2, 4] : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  return
}

// -----

func.func @main(%a: tensor<4xcomplex<f32>>) {
  // expected-error @+1 {{'stablehlo.fft' op operand and result ranks must be equal}}
  %0 = stablehlo.fft %a, type = FFT, length = [4] : (tensor<4xcomplex<f32>>) -> tensor<1x4xcomplex<f32>>
  return
}

// -----

func.func @main(%a: tensor<4xf32>) {
  // expected-error @+1 {{'stablehlo.fft' op operand of FFT must be complex, got 'f32'}}
  %0 = stablehlo.fft %a, type = FFT, length = [4] : (tensor<4xf32>) -> tensor<4xcomplex<f32>>
  return
}

// -----

func.func @main(%a: tensor<4xcomplex<f32>>) {
  // expected-error @+1 {{'stablehlo.fft' op operand of RFFT must be f32 or f64, got 'complex<f32>'}}
  %0 = stablehlo.fft %a, type = RFFT, length = [4] : (tensor<4xcomplex<f32>>) -> tensor<3xcomplex<f32>>
  return
}

// -----

func.func @main(%a: tensor<3xcomplex<f32>>) {
  // expected-error @+1 {{'stablehlo.fft' op result of IRFFT must be f32 or f64, got 'complex<f32>'}}
  %0 = stablehlo.fft %a, type = IRFFT, length = [4] : (tensor<3xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  return
}

// -----

func.func @main(%a: tensor<4xcomplex<f32>>) {
  // expected-error @+1 {{'stablehlo.fft' op operand and result must have the same precision}}
  %0 = stablehlo.fft %a, type = FFT, length = [4] : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f64>>
  return
}

// -----

func.func @main(%a: tensor<2x4xcomplex<f32>>) {
  // expected-error @+1 {{'stablehlo.fft' op dimension 0 of the operand and result must be equal}}
  %0 = stablehlo.fft %a, type = FFT, length = [4] : (tensor<2x4xcomplex<f32>>) -> tensor<3x4xcomplex<f32>>
  return
}

// -----

func.func @main(%a: tensor<4xcomplex<f32>>) {
  // expected-error @+1 {{'stablehlo.fft' op the trailing dimensions of the operand must be [8], got [4]}}
  %0 = stablehlo.fft %a, type = FFT, length = [8] : (tensor<4xcomplex<f32>>) -> tensor<8xcomplex<f32>>
  return
}

// -----

func.func @main(%a: tensor<8xf32>) {
  // expected-error @+1 {{'stablehlo.fft' op the trailing dimensions of the result must be [5], got [8]}}
  %0 = stablehlo.fft %a, type = RFFT, length = [8] : (tensor<8xf32>) -> tensor<8xcomplex<f32>>
  return
}

// -----

func.func @main(%a: tensor<4xcomplex<f32>>) {
  // expected-error @+1 {{unknown fft type 'DCT'}}
  %0 = stablehlo.fft %a, type = DCT, length = [4] : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  return
}

// -----

func.func @main(%a: tensor<4xcomplex<f32>>) {
  // expected-error @+1 {{'stablehlo.bitcast_convert' op cannot bitcast between complex and non-complex element types ('complex<f32>' to 'f64')}}
  %0 = stablehlo.bitcast_convert %a : (tensor<4xcomplex<f32>>) -> tensor<4xf64>
  return
}

// -----

func.func @main(%a: tensor<4xcomplex<i32>>) {
  // expected-error @+1 {{'stablehlo.add' op operand #0 must be statically shaped tensor of pred, integer, floating-point or complex values, but got 'tensor<4xcomplex<i32>>'}}
  %0 = stablehlo.add %a, %a : tensor<4xcomplex<i32>>
  return
}
