// Errors in the syntax forms taken from Shardy (shardy_syntax.mlir).
// RUN: sdy-opt %s -split-input-file -verify-diagnostics

// A full attribute inside sharding_per_value must be a tensor sharding.
// expected-error @+1 {{expected a tensor sharding, got #sdy<axis_ref_list{"a"}>}}
func.func @per_value_not_a_sharding() attributes {a = #sdy.sharding_per_value<[#sdy<axis_ref_list{"a"}>]>} {
  return
}

// -----

// The bare form still needs the attribute's body.
// expected-error @+1 {{expected '{'}}
func.func @bare_manual_axes_without_body() attributes {a = #sdy<manual_axes>} {
  return
}
