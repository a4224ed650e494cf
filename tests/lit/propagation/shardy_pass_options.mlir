// Shardy's options of the propagation passes (expectations from the real
// Shardy, JAX 0.10.2).
// RUN: sdy-opt %s -pass-pipeline='builtin.module(sdy-user-priority-propagate)' | FileCheck %s --check-prefix=OPPRIO
// RUN: sdy-opt %s -pass-pipeline='builtin.module(sdy-user-priority-propagate{run-op-priority-propagation=false})' | FileCheck %s --check-prefix=NOOPPRIO
// RUN: sdy-opt %s -pass-pipeline='builtin.module(sdy-op-priority-propagate{run-op-priority-propagation=false})' | FileCheck %s --check-prefix=NOOPPRIO
// RUN: sdy-opt %s -pass-pipeline='builtin.module(sdy-user-priority-propagate{conservative-propagation=false debug-propagation-edge-sharding=false debug-sharding-origins=false keep-sharding-rules=true module-dump-directory= propagation-strategy=aggressive run-op-priority-propagation=true})' | FileCheck %s --check-prefix=OPPRIO
// RUN: rm -rf %t && sdy-opt %s -pass-pipeline='builtin.module(sdy-basic-propagate{module-dump-directory=%t/dumps})' > /dev/null
// RUN: FileCheck %s --check-prefix=BEFORE < %t/dumps/sdy_module_before_propagation.mlir
// RUN: FileCheck %s --check-prefix=AFTER < %t/dumps/sdy_module_after_propagation.mlir
// RUN: not sdy-opt %s -pass-pipeline='builtin.module(sdy-aggressive-propagate{debug-propagation-edge-sharding=true})' 2>&1 | FileCheck %s --check-prefix=EDGES
// RUN: touch %t/file && not sdy-opt %s -pass-pipeline='builtin.module(sdy-user-priority-propagate{module-dump-directory=%t/file/dumps})' 2>&1 | FileCheck %s --check-prefix=NODIR

sdy.mesh @mesh = <["x"=2, "y"=4]>

// With the op-priority rounds, the elementwise %0 waits for the round that
// admits multi-use operands and takes the constraint's sharding first;
// without them it takes the argument's at once.
// OPPRIO: %0 = stablehlo.minimum %arg0, %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", ?}, {?}, {"y", ?}]>]>
// NOOPPRIO: %0 = stablehlo.minimum %arg0, %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", ?}, {"y", ?}, {?}]>]>
// BEFORE: %0 = stablehlo.minimum %arg0, %arg0 : tensor<32x32x32xf32>
// AFTER: %0 = stablehlo.minimum %arg0, %arg0 {sdy.sharding
// EDGES: error: sdy-aggressive-propagate: debug-propagation-edge-sharding=true is not supported (sdy does not record sdy.propagation_edges); debug-sharding-origins=true records where each axis came from
// NODIR: error: module-dump-directory: cannot create '{{.*}}file/dumps'
func.func @main(%arg0: tensor<32x32x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y", ?}, {?}]>}) -> (tensor<32x32x32xf32>, tensor<32x32x32xf32>) {
  %0 = stablehlo.minimum %arg0, %arg0 : tensor<32x32x32xf32>
  %1 = sdy.sharding_constraint %0 <@mesh, [{?}, {?}, {"y", ?}]> : tensor<32x32x32xf32>
  %2 = stablehlo.sqrt %arg0 : tensor<32x32x32xf32>
  return %1, %2 : tensor<32x32x32xf32>, tensor<32x32x32xf32>
}
