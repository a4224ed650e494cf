// Errors of stablehlo.composite, with upstream's messages.
// RUN: sdy-opt %s -split-input-file -verify-diagnostics

func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'g' does not reference a valid function}}
  %0 = stablehlo.composite "my.op" %a {decomposition = @g} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{has 1 operand(s), but decomposition has 2}}
  %0 = stablehlo.composite "my.op" %a {decomposition = @f} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
func.func private @f(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}

// -----

func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{operand at index 0 has type 'tensor<4xf32>', but decomposition has type 'tensor<4xi32>'}}
  %0 = stablehlo.composite "my.op" %a {decomposition = @f} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
func.func private @f(%a: tensor<4xi32>) -> tensor<4xf32> {
  %0 = stablehlo.convert %a : (tensor<4xi32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{result at index 0 has type 'tensor<4xf32>', but decomposition has type 'tensor<4xi32>'}}
  %0 = stablehlo.composite "my.op" %a {decomposition = @f} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
func.func private @f(%a: tensor<4xf32>) -> tensor<4xi32> {
  %0 = stablehlo.convert %a : (tensor<4xf32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{has 1 result(s), but decomposition has 2}}
  %0 = stablehlo.composite "my.op" %a {decomposition = @f} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
func.func private @f(%a: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  return %a, %a : tensor<4xf32>, tensor<4xf32>
}

// -----

func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{requires attribute 'decomposition'}}
  %0 = stablehlo.composite "my.op" %a {} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
