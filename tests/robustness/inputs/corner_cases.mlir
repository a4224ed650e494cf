// Inputs that once crashed passes or easily could: every pass of sdy-opt runs
// over every segment (pass_sweep.py). Each must give exit 0 or a located
// diagnostic, never a signal.

// The five-line reproducer of the splitter crash: an unused constant.
func.func @main(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  %cst = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = stablehlo.negate %arg0 : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// Dead constant sub-computation and dead scalar broadcast.
sdy.mesh @mesh = <["x"=2, "y"=4]>
func.func @main(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> tensor<8x8xf32> {
  %c = stablehlo.constant dense<1.0> : tensor<f32>
  %i = stablehlo.iota dim = 0 : tensor<8xf32>
  %b = stablehlo.broadcast_in_dim %i, dims = [1] : (tensor<8xf32>) -> tensor<8x8xf32>
  %s = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<f32>) -> tensor<8x8xf32>
  %a = stablehlo.add %b, %s : tensor<8x8xf32>
  %0 = stablehlo.negate %arg0 : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// A dead scalar broadcast of an argument.
func.func @main(%arg0: tensor<f32>, %arg1: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.broadcast_in_dim %arg0, dims = [] : (tensor<f32>) -> tensor<4xf32>
  return %arg1 : tensor<4xf32>
}

// -----

// Dead ops of every kind, results unused.
sdy.mesh @mesh = <["x"=2]>
func.func @main(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  %0 = stablehlo.add %arg0, %arg0 : tensor<8xf32>
  %1 = sdy.sharding_constraint %arg0 <@mesh, [{"x"}]> : tensor<8xf32>
  %2 = sdy.reshard %arg0 <@mesh, [{}]> : tensor<8xf32>
  %3 = stablehlo.reshape %arg0 : (tensor<8xf32>) -> tensor<2x4xf32>
  %4 = sdy.constant dense<2.0> : tensor<8xf32>
  return %arg0 : tensor<8xf32>
}

// -----

// An empty function, a declaration and no @main.
func.func @empty() {
  return
}
func.func private @declared(tensor<4xf32>) -> tensor<4xf32>

// -----

// An empty module.
module {
}

// -----

// Unused block arguments, also with shardings.
sdy.mesh @mesh = <["x"=2]>
func.func @unused_args(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}, %arg1: tensor<8xf32>, %arg2: tensor<i32>) -> tensor<8xf32> {
  return %arg1 : tensor<8xf32>
}

// -----

// Nested regions with dead values inside: while, case, manual_computation.
sdy.mesh @mesh = <["x"=2]>
func.func @main(%arg0: tensor<8xf32>, %arg1: tensor<i32>) -> tensor<8xf32> {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %0:2 = stablehlo.while(%iter = %c0, %x = %arg0) : tensor<i32>, tensor<8xf32>
   cond {
    %dead = stablehlo.constant dense<7> : tensor<i32>
    %c = stablehlo.constant dense<3> : tensor<i32>
    %p = stablehlo.compare LT, %iter, %c : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %dead = stablehlo.constant dense<1.0> : tensor<f32>
    %one = stablehlo.constant dense<1> : tensor<i32>
    %n = stablehlo.add %iter, %one : tensor<i32>
    %y = stablehlo.add %x, %x : tensor<8xf32>
    stablehlo.return %n, %y : tensor<i32>, tensor<8xf32>
  }
  %1 = "stablehlo.case"(%arg1) ({
    %dead = stablehlo.constant dense<0.0> : tensor<f32>
    stablehlo.return %0#1 : tensor<8xf32>
  }, {
    %n = stablehlo.negate %0#1 : tensor<8xf32>
    stablehlo.return %n : tensor<8xf32>
  }) : (tensor<i32>) -> tensor<8xf32>
  %2 = sdy.manual_computation(%1) in_shardings=[<@mesh, [{"x"}]>] out_shardings=[<@mesh, [{"x"}]>] manual_axes={"x"} (%x: tensor<4xf32>) {
    %dead = stablehlo.constant dense<0.0> : tensor<f32>
    %b = stablehlo.broadcast_in_dim %dead, dims = [] : (tensor<f32>) -> tensor<4xf32>
    sdy.return %x : tensor<4xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %2 : tensor<8xf32>
}

// -----

// A named computation with a dead value and an unused argument.
sdy.mesh @mesh = <["x"=2]>
func.func @main(%arg0: tensor<8xf32>, %arg1: tensor<8xf32>) -> tensor<8xf32> {
  %0 = sdy.named_computation<"f">(%arg0, %arg1) (%a: tensor<8xf32>, %b: tensor<8xf32>) {
    %dead = stablehlo.constant dense<0.0> : tensor<8xf32>
    sdy.return %a : tensor<8xf32>
  } : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// A call to a function with dead values (import-func-calls).
func.func private @callee(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  %dead = stablehlo.constant dense<0.0> : tensor<f32>
  return %arg0 : tensor<8xf32>
}
func.func @main(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  %0 = func.call @callee(%arg0) : (tensor<8xf32>) -> tensor<8xf32>
  %1 = func.call @callee(%arg0) : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// A sharding group on a dead constant, and dead values with no results used
// in a function with several results.
sdy.mesh @mesh = <["x"=2]>
func.func @main(%arg0: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %c = stablehlo.constant dense<1.0> : tensor<8xf32>
  sdy.sharding_group %c group_id=0 : tensor<8xf32>
  sdy.sharding_group %arg0 group_id=0 : tensor<8xf32>
  return %arg0, %arg0 : tensor<8xf32>, tensor<8xf32>
}

// -----

// Zero-sized and scalar tensors.
sdy.mesh @mesh = <["x"=2]>
func.func @main(%arg0: tensor<0x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}, %arg1: tensor<f32>) -> (tensor<0x4xf32>, tensor<f32>) {
  %c = stablehlo.constant dense<0.0> : tensor<0x4xf32>
  %0 = stablehlo.add %arg0, %c : tensor<0x4xf32>
  return %0, %arg1 : tensor<0x4xf32>, tensor<f32>
}
