// RUN: sdy-opt %s -sdy-print-layout=ascii=true -o %t.mlir | FileCheck %s
// RUN: sdy-opt %s -o %t.before.mlir
// RUN: diff %t.mlir %t.before.mlir
// RUN: sdy-opt %s -sdy-print-layout -o /dev/null | FileCheck %s --check-prefix=BOX
// RUN: sdy-opt %s "-sdy-print-layout=file=%t.txt" -o /dev/null
// RUN: FileCheck %s --check-prefix=BOX < %t.txt
// RUN: sdy-opt %s "-sdy-print-layout=max-tiles=8" -o /dev/null | FileCheck %s --check-prefix=BUDGET

// The IR is unchanged (the diff above); every sharded value gets a grid.

sdy.mesh @mesh = <["x"=2, "y"=4]>

// CHECK-LABEL: @main %arg0: tensor<4x6xf32>
// CHECK-NEXT: tensor 4x6 sharded #sdy.sharding<@mesh, [{"x"}, {"y"}]>
// CHECK-NEXT: mesh #sdy.mesh<["x"=2, "y"=4]>
// CHECK-NEXT: local shape 2x2
// CHECK-NEXT: rows: dimension 0, columns: dimension 1
// CHECK-NEXT: +-------------+-------------+-------------+-------------+
// CHECK-NEXT: | 0           | 1           | 2           | 3           |
// CHECK-NEXT: | [0,2)x[0,2) | [0,2)x[2,4) | [0,2)x[4,6) | [0,2)x[6,6) |
// CHECK-NEXT: |             |             |             | pad 0x2     |
// CHECK-NEXT: +-------------+-------------+-------------+-------------+
// CHECK-NEXT: | 4           | 5           | 6           | 7           |
// CHECK-NEXT: | [2,4)x[0,2) | [2,4)x[2,4) | [2,4)x[4,6) | [2,4)x[6,6) |
// CHECK-NEXT: |             |             |             | pad 0x2     |
// CHECK-NEXT: +-------------+-------------+-------------+-------------+

// CHECK-LABEL: @main %arg1: tensor<6xf32>
// CHECK-NEXT: tensor 6 sharded #sdy.sharding<@mesh, [{"y":(2)2}]>
// CHECK: columns: dimension 0
// CHECK-NEXT: every tile replicated over "x", "y" (2 of 4)
// CHECK-NEXT: +---------+---------+
// CHECK-NEXT: | 0,2,4,6 | 1,3,5,7 |
// CHECK-NEXT: | [0,3)   | [3,6)   |
// CHECK-NEXT: +---------+---------+

// CHECK-LABEL: @main op 0 stablehlo.add result 0: tensor<4x6xf32>
// CHECK-LABEL: @main op 1 sdy.all_gather result 0: tensor<4x6xf32>
// CHECK: every tile replicated over "x"
// CHECK-NEXT: +-------------+-------------+-------------+-------------+
// CHECK-NEXT: | 0,4         | 1,5         | 2,6         | 3,7         |
// CHECK-NEXT: | [0,4)x[0,2) | [0,4)x[2,4) | [0,4)x[4,6) | [0,4)x[6,6) |
// CHECK-NEXT: |             |             |             | pad 0x2     |

// Pictures stop after 8 tiles in all: %arg0 has 8, %arg1 would make 10.
// BUDGET: @main %arg0: tensor<4x6xf32>
// BUDGET: └
// BUDGET-EMPTY:
// BUDGET-NEXT: @main %arg1: tensor<6xf32>
// BUDGET-NEXT: no picture: 8 tiles are drawn already
// BUDGET-EMPTY:
// BUDGET-NEXT: @main op 0 stablehlo.add result 0: tensor<4x6xf32>
// BUDGET-NEXT: no picture: 8 tiles are drawn already

// BOX: ┌─────────────┬─────────────┬─────────────┬─────────────┐
// BOX-NEXT: │ 0           │ 1           │ 2           │ 3           │

func.func @main(%arg0: tensor<4x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>},
                %arg1: tensor<6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y":(2)2}]>}) -> tensor<4x6xf32> {
  %0 = stablehlo.add %arg0, %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>} : tensor<4x6xf32>
  %1 = sdy.all_gather [{"x"}, {}] %0 out_sharding=<@mesh, [{}, {"y"}]> : tensor<4x6xf32>
  return %1 : tensor<4x6xf32>
}
