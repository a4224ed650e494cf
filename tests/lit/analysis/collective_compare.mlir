// -sdy-collective-report='compare=...' ranks the input ("input") and the
// listed versions of the same program by estimated communication time,
// cheapest first; equal times keep the given order. Per device: a.mlir
// permutes 16 x f32 (64 B), b.mlir 1024 x f32 (4096 B) three times (a
// loop), c.mlir and d.mlir move nothing, and unpartitioned.mlir (not yet
// lowered) gathers its 8 local f32 (32 B) from the one other device of "x".
// RUN: rm -rf %t && split-file %s %t
// RUN: sdy-opt %t/a.mlir -sdy-collective-report='compare=%t/b.mlir,%t/c.mlir,%t/d.mlir' -o /dev/null | FileCheck %s
// RUN: sdy-opt %t/a.mlir -sdy-collective-report='compare=%t/b.mlir,%t/c.mlir format=json' -o /dev/null | FileCheck %s --check-prefix=JSON
// RUN: sdy-opt %t/a.mlir -sdy-collective-report='compare=%t/unpartitioned.mlir' -o /dev/null | FileCheck %s --check-prefix=SDY
// RUN: not sdy-opt %t/unpartitioned.mlir -sdy-collective-report='num-devices=8 compare=%t/c.mlir' 2>&1 | FileCheck %s --check-prefix=NOCOUNT
// RUN: not sdy-opt %t/a.mlir -sdy-collective-report='compare=%t/other.mlir' 2>&1 | FileCheck %s --check-prefix=OTHER
// RUN: not sdy-opt %t/a.mlir -sdy-collective-report='compare=%t/missing.mlir' 2>&1 | FileCheck %s --check-prefix=MISSING

// CHECK: sharding comparison: 4 version(s), 4 device(s), backend local, cheapest first
// CHECK-NEXT: #1 {{.*}}c.mlir: estimated 0.00 us, 0 collective(s), max sent 0 B, max received 0 B
// CHECK-NEXT: #2 {{.*}}d.mlir: estimated 0.00 us, 0 collective(s)
// CHECK-NEXT: #3 input: estimated {{.*}}, 1 collective(s), max sent 64 B, max received 64 B
// CHECK-NEXT: #4 {{.*}}b.mlir: estimated {{.*}}, 1 collective(s), max sent 12288 B, max received 12288 B

// JSON: "ranking": [
// JSON: "index": 2,
// JSON: "name": "{{.*}}c.mlir",
// JSON: "report": {
// JSON: "index": 0,
// JSON: "max_sent": 64,
// JSON: "name": "input",
// JSON: "index": 1,
// JSON: "max_sent": 12288,

// SDY: #1 {{.*}}unpartitioned.mlir: estimated {{.*}}, 1 collective(s), max sent 32 B, max received 32 B
// SDY-NEXT: #2 input:
// NOCOUNT: error: sdy-collective-report: version 'input': sdy.all_gather at {{.*}}unpartitioned.mlir:3:8 has no byte count (cannot lower it as the partitioner does: {{.*}}stablehlo.all_gather: device 4 is in no replica group)
// OTHER: error: sdy-collective-report: version '{{.*}}other.mlir' has the public functions @other, version 'input' has @main: only versions of the same program can be compared
// MISSING: error: sdy-collective-report: compare: cannot read a module from '{{.*}}missing.mlir'

//--- a.mlir
sdy.mesh @mesh = <["x"=2, "y"=2]>
func.func @main(%a: tensor<16xf32>) -> tensor<16xf32> {
  %y = "stablehlo.collective_permute"(%a) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 1], [1, 0], [2, 3], [3, 2]]> : tensor<4x2xi64>}> : (tensor<16xf32>) -> tensor<16xf32>
  return %y : tensor<16xf32>
}

//--- b.mlir
sdy.mesh @mesh = <["x"=2, "y"=2]>
func.func @main(%a: tensor<1024xf32>) -> tensor<1024xf32> {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %r:2 = stablehlo.while(%i = %c0, %x = %a) : tensor<i32>, tensor<1024xf32>
  cond {
    %c3 = stablehlo.constant dense<3> : tensor<i32>
    %p = stablehlo.compare LT, %i, %c3 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %one = stablehlo.constant dense<1> : tensor<i32>
    %n = stablehlo.add %i, %one : tensor<i32>
    %y = "stablehlo.collective_permute"(%x) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 1], [1, 0], [2, 3], [3, 2]]> : tensor<4x2xi64>}> : (tensor<1024xf32>) -> tensor<1024xf32>
    stablehlo.return %n, %y : tensor<i32>, tensor<1024xf32>
  }
  return %r#1 : tensor<1024xf32>
}

//--- c.mlir
sdy.mesh @mesh = <["x"=2, "y"=2]>
func.func @main(%a: tensor<16xf32>) -> tensor<16xf32> {
  return %a : tensor<16xf32>
}

//--- d.mlir
sdy.mesh @mesh = <["x"=2, "y"=2]>
func.func @main(%a: tensor<16xf32>) -> tensor<16xf32> {
  %b = stablehlo.add %a, %a : tensor<16xf32>
  return %b : tensor<16xf32>
}

//--- unpartitioned.mlir
sdy.mesh @mesh = <["x"=2, "y"=2]>
func.func @main(%a: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> tensor<16xf32> {
  %b = sdy.all_gather [{"x"}] %a out_sharding=<@mesh, [{}]> : tensor<16xf32>
  return %b : tensor<16xf32>
}

//--- other.mlir
sdy.mesh @mesh = <["x"=2, "y"=2]>
func.func @other(%a: tensor<16xf32>) -> tensor<16xf32> {
  return %a : tensor<16xf32>
}
