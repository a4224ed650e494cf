// RUN: sdy-opt %s -sdy-import-func-calls=keep-public-callees=true | FileCheck %s
// RUN: sdy-opt %s -sdy-import-func-calls | FileCheck %s --check-prefix=SHARDY

// sdy's own option keeps public callees (the partition pipeline keeps every
// public function); private ones go either way. Without it, as in Shardy,
// public callees go too.
// CHECK-LABEL: module
// CHECK-NOT: func.func private @private_callee
// CHECK: func.func @public_callee
// CHECK: func.func @caller
// CHECK: sdy.named_computation<"public_callee">
// CHECK: sdy.named_computation<"private_callee">
// SHARDY-LABEL: module
// SHARDY-NOT: func.func {{.*}}callee
// SHARDY: func.func @caller
// SHARDY-NOT: func.func
func.func @public_callee(%x: tensor<8xf32>) -> tensor<8xf32> {
  return %x : tensor<8xf32>
}
func.func private @private_callee(%x: tensor<8xf32>) -> tensor<8xf32> {
  return %x : tensor<8xf32>
}
func.func @caller(%x: tensor<8xf32>) -> tensor<8xf32> {
  %0 = func.call @public_callee(%x) : (tensor<8xf32>) -> tensor<8xf32>
  %1 = func.call @private_callee(%0) : (tensor<8xf32>) -> tensor<8xf32>
  return %1 : tensor<8xf32>
}
