// Verifier and parser errors of custom_call, partition_id and replica_id.
// RUN: sdy-opt %s -split-input-file -verify-diagnostics

func.func @main(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'stablehlo.custom_call' op operand_layouts has 2 layout(s) but there are 1 operands}}
  %0 = stablehlo.custom_call @foo(%a) {operand_layouts = [dense<[1, 0]> : tensor<2xindex>, dense<[1, 0]> : tensor<2xindex>], result_layouts = [dense<[1, 0]> : tensor<2xindex>]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @main(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'stablehlo.custom_call' op operand_layouts #0 [1, 1] is not a permutation of [0, 2)}}
  %0 = stablehlo.custom_call @foo(%a) {operand_layouts = [dense<[1, 1]> : tensor<2xindex>], result_layouts = [dense<[1, 0]> : tensor<2xindex>]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @main(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'stablehlo.custom_call' op operand_layouts and result_layouts must be given together}}
  %0 = stablehlo.custom_call @foo(%a) {operand_layouts = [dense<[1, 0]> : tensor<2xindex>]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @main(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'stablehlo.custom_call' op backend_config for api_version API_VERSION_TYPED_FFI must be a dictionary}}
  %0 = stablehlo.custom_call @foo(%a) {api_version = 4 : i32, backend_config = "x"} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @main(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'stablehlo.custom_call' op backend_config for api_version API_VERSION_ORIGINAL must be a string}}
  %0 = stablehlo.custom_call @foo(%a) {backend_config = {x = 1 : i32}} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @main(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{custom op 'stablehlo.custom_call' 'stablehlo.custom_call' op attribute 'api_version' failed to satisfy constraint: Custom call API version}}
  %0 = stablehlo.custom_call @foo(%a) {api_version = 9 : i32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @main(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{'stablehlo.custom_call' op output_operand_alias operand_index 1 is out of range [0, 1)}}
  %0 = stablehlo.custom_call @foo(%a) {output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 1, operand_tuple_indices = []>]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @main(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{custom op 'stablehlo.custom_call' expected valid '@'-identifier for symbol name}}
  %0 = stablehlo.custom_call "foo"(%a) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @main() {
  // expected-error @+1 {{'stablehlo.partition_id' op result #0 must be 0D tensor of 32-bit unsigned integer values, but got 'tensor<i32>'}}
  %0 = stablehlo.partition_id : tensor<i32>
  return
}

// -----

func.func @main() {
  // expected-error @+1 {{'stablehlo.replica_id' op result #0 must be 0D tensor of 32-bit unsigned integer values, but got 'tensor<1xui32>'}}
  %0 = "stablehlo.replica_id"() : () -> tensor<1xui32>
  return
}
