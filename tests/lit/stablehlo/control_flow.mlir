// Round trips of while, case, if, optimization_barrier and return.
// RUN: sdy-opt %s -split-input-file | sdy-opt -split-input-file | FileCheck %s
// RUN: sdy-opt %s -split-input-file -mlir-print-op-generic | sdy-opt -split-input-file | FileCheck %s

func.func @while(%a: tensor<i32>, %b: tensor<4xf32>) -> (tensor<i32>, tensor<4xf32>) {
  %0:2 = stablehlo.while(%iterArg = %a, %iterArg_0 = %b) : tensor<i32>, tensor<4xf32>
   cond {
    %c = stablehlo.constant dense<10> : tensor<i32>
    %1 = stablehlo.compare LT, %iterArg, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  } do {
    %c = stablehlo.constant dense<1> : tensor<i32>
    %1 = stablehlo.add %iterArg, %c : tensor<i32>
    %2 = stablehlo.multiply %iterArg_0, %iterArg_0 : tensor<4xf32>
    stablehlo.return %1, %2 : tensor<i32>, tensor<4xf32>
  }
  return %0#0, %0#1 : tensor<i32>, tensor<4xf32>
}

// CHECK-LABEL: func.func @while(
// CHECK-NEXT: [[WHILE:%.+]]:2 = stablehlo.while(%iterArg = %arg0, %iterArg_0 = %arg1) : tensor<i32>, tensor<4xf32>
// CHECK-NEXT: cond {
// CHECK-NEXT: [[C:%.+]] = stablehlo.constant dense<10> : tensor<i32>
// CHECK-NEXT: [[COMPARE:%.+]] = stablehlo.compare LT, %iterArg, [[C]], SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
// CHECK-NEXT: stablehlo.return [[COMPARE]] : tensor<i1>
// CHECK-NEXT: } do {
// CHECK-NEXT: [[C_1:%.+]] = stablehlo.constant dense<1> : tensor<i32>
// CHECK-NEXT: [[ADD:%.+]] = stablehlo.add %iterArg, [[C_1]] : tensor<i32>
// CHECK-NEXT: [[MULTIPLY:%.+]] = stablehlo.multiply %iterArg_0, %iterArg_0 : tensor<4xf32>
// CHECK-NEXT: stablehlo.return [[ADD]], [[MULTIPLY]] : tensor<i32>, tensor<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return [[WHILE]]#0, [[WHILE]]#1 : tensor<i32>, tensor<4xf32>
// CHECK-NEXT: }

// -----

func.func @while_single(%a: tensor<i64>) -> tensor<i64> {
  %0 = stablehlo.while(%x = %a) : tensor<i64>
  cond {
    %1 = stablehlo.compare LT, %x, %x : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  } do {
    stablehlo.return %x : tensor<i64>
  }
  return %0 : tensor<i64>
}

// CHECK-LABEL: func.func @while_single(
// CHECK-NEXT: [[WHILE:%.+]] = stablehlo.while(%iterArg = %arg0) : tensor<i64>
// CHECK-NEXT: cond {
// CHECK-NEXT: [[COMPARE:%.+]] = stablehlo.compare LT, %iterArg, %iterArg : (tensor<i64>, tensor<i64>) -> tensor<i1>
// CHECK-NEXT: stablehlo.return [[COMPARE]] : tensor<i1>
// CHECK-NEXT: } do {
// CHECK-NEXT: stablehlo.return %iterArg : tensor<i64>
// CHECK-NEXT: }
// CHECK-NEXT: return [[WHILE]] : tensor<i64>
// CHECK-NEXT: }

// -----

func.func @while_generic(%a: tensor<i32>) -> tensor<i32> {
  %0 = "stablehlo.while"(%a) ({
  ^bb0(%x: tensor<i32>):
    %1 = stablehlo.compare LT, %x, %x, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  }, {
  ^bb0(%x: tensor<i32>):
    stablehlo.return %x : tensor<i32>
  }) : (tensor<i32>) -> tensor<i32>
  return %0 : tensor<i32>
}

// CHECK-LABEL: func.func @while_generic(
// CHECK-NEXT: [[WHILE:%.+]] = stablehlo.while(%iterArg = %arg0) : tensor<i32>
// CHECK-NEXT: cond {
// CHECK-NEXT: [[COMPARE:%.+]] = stablehlo.compare LT, %iterArg, %iterArg, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
// CHECK-NEXT: stablehlo.return [[COMPARE]] : tensor<i1>
// CHECK-NEXT: } do {
// CHECK-NEXT: stablehlo.return %iterArg : tensor<i32>
// CHECK-NEXT: }
// CHECK-NEXT: return [[WHILE]] : tensor<i32>
// CHECK-NEXT: }

// -----

func.func @case(%i: tensor<i32>, %a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "stablehlo.case"(%i) ({
    stablehlo.return %a : tensor<4xf32>
  }, {
    %1 = stablehlo.negate %a : tensor<4xf32>
    stablehlo.return %1 : tensor<4xf32>
  }) : (tensor<i32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// CHECK-LABEL: func.func @case(
// CHECK-NEXT: [[CASE:%.+]] = "stablehlo.case"(%arg0) ({
// CHECK-NEXT: stablehlo.return %arg1 : tensor<4xf32>
// CHECK-NEXT: }, {
// CHECK-NEXT: [[NEGATE:%.+]] = stablehlo.negate %arg1 : tensor<4xf32>
// CHECK-NEXT: stablehlo.return [[NEGATE]] : tensor<4xf32>
// CHECK-NEXT: }) : (tensor<i32>) -> tensor<4xf32>
// CHECK-NEXT: return [[CASE]] : tensor<4xf32>
// CHECK-NEXT: }

// -----

func.func @case_unquoted(%i: tensor<i32>, %a: tensor<4xf32>) -> (tensor<4xf32>, tensor<i32>) {
  %0:2 = stablehlo.case(%i) ({
    stablehlo.return %a, %i : tensor<4xf32>, tensor<i32>
  }) : (tensor<i32>) -> (tensor<4xf32>, tensor<i32>)
  return %0#0, %0#1 : tensor<4xf32>, tensor<i32>
}

// CHECK-LABEL: func.func @case_unquoted(
// CHECK-NEXT: [[CASE:%.+]]:2 = "stablehlo.case"(%arg0) ({
// CHECK-NEXT: stablehlo.return %arg1, %arg0 : tensor<4xf32>, tensor<i32>
// CHECK-NEXT: }) : (tensor<i32>) -> (tensor<4xf32>, tensor<i32>)
// CHECK-NEXT: return [[CASE]]#0, [[CASE]]#1 : tensor<4xf32>, tensor<i32>
// CHECK-NEXT: }

// -----

func.func @if(%p: tensor<i1>, %a: tensor<f32>, %b: tensor<f32>) -> tensor<f32> {
  %0 = "stablehlo.if"(%p) ({
    stablehlo.return %a : tensor<f32>
  }, {
    %1 = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %1 : tensor<f32>
  }) : (tensor<i1>) -> tensor<f32>
  return %0 : tensor<f32>
}

// CHECK-LABEL: func.func @if(
// CHECK-NEXT: [[IF:%.+]] = "stablehlo.if"(%arg0) ({
// CHECK-NEXT: stablehlo.return %arg1 : tensor<f32>
// CHECK-NEXT: }, {
// CHECK-NEXT: [[ADD:%.+]] = stablehlo.add %arg1, %arg2 : tensor<f32>
// CHECK-NEXT: stablehlo.return [[ADD]] : tensor<f32>
// CHECK-NEXT: }) : (tensor<i1>) -> tensor<f32>
// CHECK-NEXT: return [[IF]] : tensor<f32>
// CHECK-NEXT: }

// -----

func.func @if_no_results(%p: tensor<i1>) {
  "stablehlo.if"(%p) ({
    stablehlo.return
  }, {
    stablehlo.return
  }) : (tensor<i1>) -> ()
  return
}

// CHECK-LABEL: func.func @if_no_results(
// CHECK-NEXT: "stablehlo.if"(%arg0) ({
// CHECK-NEXT: stablehlo.return
// CHECK-NEXT: }, {
// CHECK-NEXT: stablehlo.return
// CHECK-NEXT: }) : (tensor<i1>) -> ()
// CHECK-NEXT: return
// CHECK-NEXT: }

// -----

func.func @optimization_barrier(%a: tensor<4xf32>, %b: tensor<i32>) -> (tensor<4xf32>, tensor<i32>) {
  %0:2 = stablehlo.optimization_barrier %a, %b : tensor<4xf32>, tensor<i32>
  return %0#0, %0#1 : tensor<4xf32>, tensor<i32>
}

// CHECK-LABEL: func.func @optimization_barrier(
// CHECK-NEXT: [[OPTIMIZATION_BARRIER:%.+]]:2 = stablehlo.optimization_barrier %arg0, %arg1 : tensor<4xf32>, tensor<i32>
// CHECK-NEXT: return [[OPTIMIZATION_BARRIER]]#0, [[OPTIMIZATION_BARRIER]]#1 : tensor<4xf32>, tensor<i32>
// CHECK-NEXT: }

// -----

func.func @optimization_barrier_empty() {
  stablehlo.optimization_barrier()
  return
}

// CHECK-LABEL: func.func @optimization_barrier_empty(
// CHECK-NEXT: stablehlo.optimization_barrier()
// CHECK-NEXT: return
// CHECK-NEXT: }
