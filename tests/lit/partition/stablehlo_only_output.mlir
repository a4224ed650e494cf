// RUN: sdy-opt %s -sdy-partition-pipeline 2>/dev/null | FileCheck %s
// RUN: sdy-opt %s -sdy-partition-pipeline=drop-sharding-and-mesh=true 2>/dev/null | FileCheck %s --check-prefix=DROP

// What the runtime executes after partitioning is StableHLO and func only:
// every sdy op of the input (constraints, reshards, groups, named and
// manual computations, sdy constants, data-flow edges, collectives) is
// lowered or inlined. Meshes and sdy attributes stay as documentation
// unless dropped.

// CHECK: sdy.mesh @mesh
// CHECK-NOT: {{(= |^ *)"?sdy\.[a-z_]+}}
// CHECK-LABEL: func.func @main(
// CHECK-NOT: {{(= |^ *)"?sdy\.[a-z_]+}}
// CHECK: stablehlo.while
// CHECK-NOT: {{(= |^ *)"?sdy\.[a-z_]+}}

// DROP-NOT: sdy
// DROP: func.func @main(
// DROP-NOT: sdy

sdy.mesh @mesh = <["x"=2, "y"=2]>

func.func @main(%a: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>},
                %b: tensor<8x8xf32>) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
  sdy.sharding_group %a group_id=3 : tensor<8x8xf32>
  sdy.sharding_group %b group_id=3 : tensor<8x8xf32>
  %c = sdy.constant dense<1.0> : tensor<8x8xf32>
  %0 = sdy.sharding_constraint %a <@mesh, [{}, {"x"}]> : tensor<8x8xf32>
  %1 = sdy.reshard %0 <@mesh, [{"y"}, {}]> : tensor<8x8xf32>
  %2 = sdy.named_computation<"body">(%1, %b) (%x: tensor<8x8xf32>, %y: tensor<8x8xf32>) {
    %3 = stablehlo.multiply %x, %y : tensor<8x8xf32>
    sdy.return %3 : tensor<8x8xf32>
  } : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
  %4 = sdy.manual_computation(%2) in_shardings=[<@mesh, [{"x"}, {}]>] out_shardings=[<@mesh, [{"x"}, {}]>] manual_axes={"x"} (%m: tensor<4x8xf32>) {
    %5 = stablehlo.negate %m : tensor<4x8xf32>
    sdy.return %5 : tensor<4x8xf32>
  } : (tensor<8x8xf32>) -> tensor<8x8xf32>
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %r:2 = stablehlo.while(%i = %zero, %v = %4) : tensor<i32>, tensor<8x8xf32>
    cond {
      %n = stablehlo.constant dense<3> : tensor<i32>
      %p = stablehlo.compare LT, %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
    } do {
      %one = stablehlo.constant dense<1> : tensor<i32>
      %j = stablehlo.add %i, %one : tensor<i32>
      %w = stablehlo.add %v, %c : tensor<8x8xf32>
      stablehlo.return %j, %w : tensor<i32>, tensor<8x8xf32>
    }
  return %r#1 : tensor<8x8xf32>
}
