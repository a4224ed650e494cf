// Malformed `sdy.propagation_edges`: the real Shardy's (JAX 0.10.2) checks
// and messages, where it has them.
// RUN: sdy-opt %s -split-input-file -verify-diagnostics

sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @operand_out_of_range(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'stablehlo.negate' op expected a value ref to have an operand index in range [0, 1), got: 3}}
  %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>, sdy.propagation_edges = #sdy.propagation_edges<[{step-0 = [{"a" = operand-3 -> [result-0]}]}]>} : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @result_out_of_range(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'stablehlo.negate' op expected a value ref to have a result index in range [0, 1), got: 2}}
  %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>, sdy.propagation_edges = #sdy.propagation_edges<[{step-0 = [{"a" = operand-0 -> [result-2]}]}]>} : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @no_sharding(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'stablehlo.negate' op expected propagation edges attr to reference a sharding.}}
  %0 = stablehlo.negate %arg0 {sdy.propagation_edges = #sdy.propagation_edges<[{step-0 = [{"a" = operand-0 -> [result-0]}]}]>} : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @unknown_axis(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'stablehlo.negate' op expected axis ref to be in one of the meshes}}
  %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>, sdy.propagation_edges = #sdy.propagation_edges<[{step-0 = [{"z" = operand-0 -> [result-0]}]}]>} : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @source_is_target(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{propagation edges have a source that is the same as a target}}
  %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>, sdy.propagation_edges = #sdy.propagation_edges<[{step-0 = [{"a" = operand-0 -> [result-0, operand-0]}]}]>} : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @duplicate_step(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{propagation edges have duplicate step index: 0}}
  %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>, sdy.propagation_edges = #sdy.propagation_edges<[{step-0 = [{"a" = operand-0 -> [result-0]}]}, {step-0 = [{"b" = operand-0 -> [result-0]}]}]>} : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @no_target(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{propagation edges need at least one target}}
  %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>, sdy.propagation_edges = #sdy.propagation_edges<[{step-0 = [{"a" = operand-0 -> []}]}]>} : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @no_axes(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{a propagation step needs at least one axis}}
  %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>, sdy.propagation_edges = #sdy.propagation_edges<[{step-0 = []}]>} : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @bad_value_ref(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{expected 'operand-N' or 'result-N', got 'input'}}
  %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>, sdy.propagation_edges = #sdy.propagation_edges<[{step-0 = [{"a" = input-0 -> [result-0]}]}]>} : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @missing_dash(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{expected '-' and an index after 'operand'}}
  %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>, sdy.propagation_edges = #sdy.propagation_edges<[{step-0 = [{"a" = operand 1 -> [result-0]}]}]>} : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @not_edges(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'stablehlo.negate' op attribute 'sdy.propagation_edges' must be a #sdy.propagation_edges, got 1 : i64}}
  %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>, sdy.propagation_edges = 1} : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @index_overflow(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{expected '-' and an index after 'operand'}}
  %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>, sdy.propagation_edges = #sdy.propagation_edges<[{step-0 = [{"a" = operand-9223372036854775808 -> [result-0]}]}]>} : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @step_without_dash(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{expected 'step-N'}}
  %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>, sdy.propagation_edges = #sdy.propagation_edges<[{step 0 = [{"a" = operand-0 -> [result-0]}]}]>} : tensor<8xf32>
  return %0 : tensor<8xf32>
}
