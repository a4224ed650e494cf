// RUN: sdy-opt %s -split-input-file -sdy-manual-axes-cleanup -verify-diagnostics | FileCheck %s

// A manual axis that a sharding does not mention becomes explicitly
// replicated, in mesh order.
// CHECK-LABEL: func.func @unmentioned
// CHECK: sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"b"}, {}], replicated={"a", "c"}>] out_shardings=[<@mesh, [{"a", "b"}, {}], replicated={"c"}>] manual_axes={"a", "b", "c"}
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @unmentioned(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"b"}, {}]>] out_shardings=[<@mesh, [{"a", "b"}, {}]>] manual_axes={"a", "b", "c"} (%x: tensor<4x8xf32>) {
    %1 = stablehlo.concatenate %x, %x, dim = 0 : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<8x8xf32>
    %2 = stablehlo.slice %1 [0:2, 0:8] : (tensor<8x8xf32>) -> tensor<2x8xf32>
    sdy.return %2 : tensor<2x8xf32>
  } : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// Nothing to add: the op is unchanged.
// CHECK-LABEL: func.func @complete
// CHECK: in_shardings=[<@mesh, [{"a"}, {}]>] out_shardings=[<@mesh, [{"a"}, {}]>] manual_axes={"a"}
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @complete(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a"}, {}]>] out_shardings=[<@mesh, [{"a"}, {}]>] manual_axes={"a"} (%x: tensor<4x8xf32>) {
    sdy.return %x : tensor<4x8xf32>
  } : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// No inputs or outputs but a body: there is no mesh to read the axes in.
sdy.mesh @mesh = <["a"=2]>
func.func @no_io() {
  // expected-error @+1 {{has no inputs or outputs but a non-empty body}}
  sdy.manual_computation() in_shardings=[] out_shardings=[] manual_axes={} () {
    %c = stablehlo.constant dense<1.0> : tensor<f32>
    sdy.return
  } : () -> ()
  return
}
