// Errors of #stablehlo.result_accuracy, with upstream's messages.
// RUN: sdy-opt %s -split-input-file -verify-diagnostics

func.func @main(%a: tensor<4xf32>) {
  // expected-error @+1 {{Negative tolerance}}
  %0 = stablehlo.exponential %a {result_accuracy = #stablehlo.result_accuracy<atol = -1.0, mode = #stablehlo.result_accuracy_mode<TOLERANCE>>} : tensor<4xf32>
  return
}

// -----

func.func @main(%a: tensor<4xf32>) {
  // expected-error @+1 {{Negative tolerance}}
  %0 = stablehlo.exponential %a {result_accuracy = #stablehlo.result_accuracy<ulps = -1, mode = #stablehlo.result_accuracy_mode<TOLERANCE>>} : tensor<4xf32>
  return
}

// -----

func.func @main(%a: tensor<4xf32>) {
  // expected-error @+1 {{Invalid tolerances for ResultAccuracyAttr with mode DEFAULT, must be all zero.}}
  %0 = stablehlo.log %a {result_accuracy = #stablehlo.result_accuracy<atol = 1.0, mode = #stablehlo.result_accuracy_mode<DEFAULT>>} : tensor<4xf32>
  return
}

// -----

func.func @main(%a: tensor<4xf32>) {
  // expected-error @+1 {{expected ','}}
  %0 = stablehlo.tanh %a {result_accuracy = #stablehlo.result_accuracy<ulps = 3>} : tensor<4xf32>
  return
}

// -----

func.func @main(%a: tensor<4xf32>) {
  // expected-error @+1 {{'stablehlo.sine' op attribute 'result_accuracy' failed to satisfy constraint}}
  %0 = "stablehlo.sine"(%a) {result_accuracy = 1 : i32} : (tensor<4xf32>) -> tensor<4xf32>
  return
}
